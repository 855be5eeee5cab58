import type { DbValue } from '@server/db/types';
import { calendarsOf, contextsOf, foreignContexts, merged, startOf, type EventDeps, type EventRecord, type Updates } from './records';
import { matchOccurrences, MAX_OCCURRENCES, occurrenceStarts } from './recurrence';
import {
  durationOfFields,
  eventGuard,
  finish,
  newEventId,
  ruleOf,
  stamp,
  timesFor,
  unique,
  type EventChange,
  type Planning,
  type SaveEventPlan,
  type SaveEventResult,
} from './save-plan';

/** Planning the save of a plain event: kept plain, or becoming a recurrence (see save.ts). */

// ─── A plain event ───────────────────────────────────────────────────────────────────────────

export function planPlainEvent(
  deps: EventDeps,
  input: Planning,
  ctx: { stored: EventRecord | null; fields: Record<string, DbValue>; calendars: string[] },
): SaveEventPlan {
  const { community, eventId } = input;
  const { stored, calendars } = ctx;
  const item = stamp(merged(stored, { ...ctx.fields, recurrenceId: null }), input, stored === null);
  item.contexts = contextsOf(community, calendars, foreignContexts(stored, community));
  const before = stored ? calendarsOf(stored, community) : [];
  const updates: Updates = {};
  for (const calendar of calendars) updates[deps.paths.calendarEvent(community, calendar, eventId)] = item;
  for (const calendar of before) if (!calendars.includes(calendar)) updates[deps.paths.calendarEvent(community, calendar, eventId)] = null;
  return finish(deps, input, updates, eventGuard(deps, input, eventId, stored), {
    changes: [{ eventId, before: stored, after: item }],
    recurrenceId: null,
    eventId,
    calendars: unique([...calendars, ...before]),
  });
}

// ─── A plain event becomes a recurrence ──────────────────────────────────────────────────────

export function planNewRecurrence(
  deps: EventDeps,
  input: Planning,
  ctx: { stored: EventRecord | null; fields: Record<string, DbValue>; calendars: string[] },
): SaveEventResult {
  const { community, eventId, timeZone } = input;
  const { stored, calendars } = ctx;
  const template = stamp(merged(stored, ctx.fields), input, stored === null);
  const firstStart = startOf(template);
  const duration = durationOfFields(template, null);
  const rule = ruleOf(input, firstStart);
  const starts = occurrenceStarts(firstStart, rule, timeZone);
  if (starts.length === 0) return { ok: false, reason: 'no-occurrences' };
  if (starts.length > MAX_OCCURRENCES) return { ok: false, reason: 'too-many' };

  const recurrenceId = deps.db.ref(deps.paths.calendarRecurrences(community, input.calendarId)).push().key!;
  const contexts = contextsOf(community, calendars, foreignContexts(stored, community));
  template.recurrenceId = recurrenceId;
  template.contexts = contexts;
  // The edited event is the occurrence of the day it now starts on (when the rule has that day).
  const match = matchOccurrences([{ eventId, startDate: firstStart }], starts, timeZone);
  const occurrences = [
    ...match.updated.map((one) => ({ eventId: one.eventId, startDate: one.startDate })),
    ...match.created.map((startDate) => ({ eventId: newEventId(deps, community, input.calendarId), startDate })),
  ].sort((a, b) => a.startDate - b.startDate);

  const updates: Updates = {};
  const changes: EventChange[] = [];
  const eventKeys: Record<string, DbValue> = {};
  for (const occurrence of occurrences) {
    const item: EventRecord = { ...template, ...timesFor(occurrence.startDate, duration, template.allDay === true ? timeZone : null) };
    eventKeys[occurrence.eventId] = occurrence.startDate;
    for (const calendar of calendars) updates[deps.paths.calendarEvent(community, calendar, occurrence.eventId)] = item;
    changes.push({ eventId: occurrence.eventId, before: occurrence.eventId === eventId ? stored : null, after: item });
  }
  const before = stored ? calendarsOf(stored, community) : [];
  const kept = occurrences.some((occurrence) => occurrence.eventId === eventId);
  for (const calendar of before) {
    if (!kept || !calendars.includes(calendar)) updates[deps.paths.calendarEvent(community, calendar, eventId)] = null;
  }
  if (stored && !kept) changes.push({ eventId, before: stored, after: null });

  const recurrence: EventRecord = {
    recurrence: rule.recurrence,
    validDays: rule.validDays,
    recurrenceEndDate: rule.recurrenceEndDate,
    eventKeys,
    sections: contextsOf(community, calendars),
    originalItem: { ...template, ...timesFor(occurrences[0]!.startDate, duration) },
  };
  for (const calendar of calendars) updates[deps.paths.calendarRecurrence(community, calendar, recurrenceId)] = recurrence;
  return finish(deps, input, updates, eventGuard(deps, input, eventId, stored), {
    changes,
    recurrenceId,
    eventId: kept ? eventId : occurrences[0]!.eventId,
    calendars: unique([...calendars, ...before]),
  });
}
