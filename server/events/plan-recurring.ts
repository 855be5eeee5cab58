import type { DbValue } from '@server/db/types';
import { TIME_FIELDS } from './item';
import {
  calendarsOf,
  contextsOf,
  foreignContexts,
  isObject,
  merged,
  readEvents,
  recurrenceVersion,
  startOf,
  type EventDeps,
  type EventRecord,
  type Updates,
} from './records';
import { matchOccurrences, MAX_OCCURRENCES, occurrenceStarts } from './recurrence';
import {
  durationOfFields,
  eventKeysOf,
  eventGuard,
  finish,
  newEventId,
  overrideOf,
  ruleOf,
  stamp,
  timesFor,
  unique,
  withoutTimes,
  type EventChange,
  type Planning,
  type SaveEventPlan,
  type SaveEventResult,
} from './save-plan';

/** Planning the save of an occurrence of a recurrence: Edit Event or Edit Recurrence (see save.ts). */

// ─── Edit Event: one occurrence ──────────────────────────────────────────────────────────────

export function planOccurrenceEdit(
  deps: EventDeps,
  input: Planning,
  ctx: { stored: EventRecord; record: EventRecord; recurrenceId: string; fields: Record<string, DbValue>; calendars: string[] },
): SaveEventPlan {
  const { community, eventId } = input;
  const { stored, record, recurrenceId, calendars } = ctx;
  const item = stamp(merged(stored, ctx.fields), input, false);
  item.recurrenceId = recurrenceId;
  item.contexts = contextsOf(community, calendars, foreignContexts(stored, community));
  const before = calendarsOf(stored, community);
  const updates: Updates = {};
  for (const calendar of calendars) updates[deps.paths.calendarEvent(community, calendar, eventId)] = item;
  for (const calendar of before) if (!calendars.includes(calendar)) updates[deps.paths.calendarEvent(community, calendar, eventId)] = null;

  const original = isObject(record.originalItem) ? record.originalItem : {};
  const storedOverride = isObject(record.editedEvents) && isObject(record.editedEvents[eventId]) ? record.editedEvents[eventId] : {};
  const compared = unique([...Object.keys(ctx.fields), ...Object.keys(storedOverride)]).filter(
    (field) => !(TIME_FIELDS as readonly string[]).includes(field),
  );
  const override = overrideOf(item, original, compared);
  // Times are an override only when this occurrence was moved off the rule's time.
  const movedBefore = Object.keys(storedOverride).some((field) => (TIME_FIELDS as readonly string[]).includes(field));
  if (movedBefore || item.startDate !== stored.startDate || item.endDate !== stored.endDate || item.allDay !== stored.allDay) {
    for (const field of TIME_FIELDS) if (item[field] !== undefined) override[field] = item[field]!;
  }
  const sections = unique([...calendarsOf(record, community, 'sections'), input.calendarId]);
  for (const calendar of sections) {
    const base = deps.paths.calendarRecurrence(community, calendar, recurrenceId);
    updates[`${base}/eventKeys/${eventId}`] = item.startDate ?? null;
    updates[`${base}/editedEvents/${eventId}`] = Object.keys(override).length > 0 ? override : null;
  }
  return finish(deps, input, updates, eventGuard(deps, input, eventId, stored), {
    changes: [{ eventId, before: stored, after: item }],
    recurrenceId,
    eventId,
    calendars: unique([...calendars, ...before]),
  });
}

// ─── Edit Recurrence: all future occurrences ─────────────────────────────────────────────────

/** Occurrences by id, from the first of the recurrence's calendars that has each (an occurrence may have left the editor's calendar). */
async function readOccurrences(
  deps: EventDeps,
  community: string,
  calendars: readonly string[],
  eventIds: readonly string[],
): Promise<Map<string, EventRecord>> {
  const found = new Map<string, EventRecord>();
  let missing = [...eventIds];
  for (const calendar of calendars) {
    if (missing.length === 0) break;
    const read = await readEvents(deps, community, calendar, missing);
    for (const [id, event] of read) found.set(id, event);
    missing = missing.filter((id) => !read.has(id));
  }
  return found;
}

export async function planRecurrenceEdit(
  deps: EventDeps,
  input: Planning,
  ctx: { stored: EventRecord; record: EventRecord; recurrenceId: string; fields: Record<string, DbValue>; calendars: string[] },
): Promise<SaveEventResult> {
  const { community, eventId, timeZone, now } = input;
  const { stored, record, recurrenceId, calendars } = ctx;
  const listed = eventKeysOf(record);
  if (!listed.some((occurrence) => occurrence.eventId === eventId)) listed.push({ eventId, startDate: startOf(stored) });
  const future = listed.filter((occurrence) => occurrence.startDate > now || occurrence.eventId === eventId);
  const past = listed.filter((occurrence) => !future.includes(occurrence));
  const recordSections = unique([input.calendarId, ...calendarsOf(record, community, 'sections')]);
  const futureEvents = await readOccurrences(
    deps,
    community,
    recordSections,
    future.map((occurrence) => occurrence.eventId),
  );
  futureEvents.set(eventId, stored);
  const pastEvents = await readOccurrences(
    deps,
    community,
    recordSections,
    past.map((occurrence) => occurrence.eventId),
  );
  const pastCalendars = unique([...pastEvents.values()].flatMap((event) => calendarsOf(event, community)));
  const updates: Updates = {};
  const changes: EventChange[] = [];
  const removeEverywhere = (id: string, event: EventRecord) => {
    for (const calendar of unique([input.calendarId, ...calendarsOf(event, community)]))
      updates[deps.paths.calendarEvent(community, calendar, id)] = null;
    changes.push({ eventId: id, before: event, after: null });
  };
  const recordPath = deps.paths.calendarRecurrence(community, input.calendarId, recurrenceId);
  const guard = { path: recordPath, base: { kind: 'recurrence' as const, version: recurrenceVersion(record) } };

  if (input.recurrence === 'none') {
    // The edited occurrence becomes a plain event; the other future ones and the record go.
    const item = stamp(merged(stored, { ...ctx.fields, recurrenceId: null }), input, false);
    item.contexts = contextsOf(community, calendars, foreignContexts(stored, community));
    for (const [id, event] of futureEvents) if (id !== eventId) removeEverywhere(id, event);
    for (const calendar of calendarsOf(stored, community)) updates[deps.paths.calendarEvent(community, calendar, eventId)] = null;
    for (const calendar of calendars) updates[deps.paths.calendarEvent(community, calendar, eventId)] = item;
    changes.push({ eventId, before: stored, after: item });
    for (const [id, event] of pastEvents)
      for (const calendar of calendarsOf(event, community))
        updates[`${deps.paths.calendarEvent(community, calendar, id)}/recurrenceId`] = null;
    for (const calendar of recordSections) updates[deps.paths.calendarRecurrence(community, calendar, recurrenceId)] = null;
    const touched = unique([
      ...calendars,
      ...recordSections,
      ...pastCalendars,
      ...[...futureEvents.values()].flatMap((event) => calendarsOf(event, community)),
    ]);
    return finish(deps, input, updates, guard, { changes, recurrenceId: null, eventId, calendars: touched });
  }

  const original = isObject(record.originalItem) ? (record.originalItem as EventRecord) : stored;
  const template = stamp(merged(original, ctx.fields), input, false);
  template.recurrenceId = recurrenceId;
  template.contexts = contextsOf(community, calendars, foreignContexts(stored, community));
  const firstStart = startOf(template);
  const duration = durationOfFields(template, null);
  const rule = ruleOf(input, firstStart);
  const starts = occurrenceStarts(firstStart, rule, timeZone);
  if (starts.length > MAX_OCCURRENCES) return { ok: false, reason: 'too-many' };
  if (starts.length === 0 && past.length === 0) return { ok: false, reason: 'no-occurrences' };
  const match = matchOccurrences(
    [...futureEvents.entries()].map(([id, event]) => ({ eventId: id, startDate: startOf(event) })),
    starts,
    timeZone,
  );
  const edited = isObject(record.editedEvents) ? { ...(record.editedEvents as Record<string, DbValue>) } : {};
  const eventKeys: Record<string, DbValue> = Object.fromEntries(past.map((occurrence) => [occurrence.eventId, occurrence.startDate]));

  for (const one of match.updated) {
    const current = futureEvents.get(one.eventId)!;
    const item: EventRecord = {
      ...current,
      ...template,
      ...withoutTimes(edited[one.eventId]),
      ...timesFor(one.startDate, duration, template.allDay === true ? timeZone : null),
    };
    if (current.creator !== undefined) item.creator = current.creator;
    if (edited[one.eventId] !== undefined) {
      const kept = withoutTimes(edited[one.eventId]);
      if (Object.keys(kept).length > 0) edited[one.eventId] = kept;
      else delete edited[one.eventId];
    }
    for (const calendar of calendarsOf(current, community))
      if (!calendars.includes(calendar)) updates[deps.paths.calendarEvent(community, calendar, one.eventId)] = null;
    for (const calendar of calendars) updates[deps.paths.calendarEvent(community, calendar, one.eventId)] = item;
    eventKeys[one.eventId] = one.startDate;
    changes.push({ eventId: one.eventId, before: current, after: item });
  }
  for (const startDate of match.created) {
    const id = newEventId(deps, community, input.calendarId);
    const item: EventRecord = { ...template, ...timesFor(startDate, duration, template.allDay === true ? timeZone : null) };
    for (const calendar of calendars) updates[deps.paths.calendarEvent(community, calendar, id)] = item;
    eventKeys[id] = startDate;
    changes.push({ eventId: id, before: null, after: item });
  }
  for (const id of match.deleted) {
    removeEverywhere(id, futureEvents.get(id)!);
    delete edited[id];
  }

  const sections = unique([...calendars, ...pastCalendars]);
  const firstNew = Math.min(...starts, Number.POSITIVE_INFINITY);
  const next: EventRecord = {
    ...record,
    recurrence: rule.recurrence,
    validDays: rule.validDays,
    recurrenceEndDate: rule.recurrenceEndDate,
    eventKeys,
    editedEvents: edited,
    sections: contextsOf(community, sections),
    originalItem: { ...template, ...timesFor(Number.isFinite(firstNew) ? firstNew : firstStart, duration) },
  };
  if (Object.keys(eventKeys).length === 0) {
    for (const calendar of recordSections) updates[deps.paths.calendarRecurrence(community, calendar, recurrenceId)] = null;
  } else {
    for (const calendar of sections) updates[deps.paths.calendarRecurrence(community, calendar, recurrenceId)] = next;
    for (const calendar of recordSections)
      if (!sections.includes(calendar)) updates[deps.paths.calendarRecurrence(community, calendar, recurrenceId)] = null;
  }
  const shown = match.updated.find((one) => one.eventId === eventId)?.eventId ?? changes.find((change) => change.after)?.eventId ?? eventId;
  const touched = unique([...sections, ...recordSections, ...[...futureEvents.values()].flatMap((event) => calendarsOf(event, community))]);
  return finish(deps, input, updates, guard, { changes, recurrenceId, eventId: shown, calendars: touched });
}
