import type { DbValue } from '@server/db/types';
import { allDayTimes, endOfZonedDay } from '~/lib/event-times';
import type { EditScope, RecurrenceKind } from '~/schemas/event';
import { TIME_FIELDS, unlockedFields } from './item';
import {
  calendarIds,
  calendarsOf,
  compactUpdates,
  contextsOf,
  eventVersion,
  foreignContexts,
  icsUpdates,
  isArchived,
  isObject,
  merged,
  readEvent,
  readEvents,
  readRecurrence,
  recurrenceVersion,
  startOf,
  type EventDeps,
  type EventRecord,
  type Updates,
} from './records';
import { matchOccurrences, MAX_OCCURRENCES, occurrenceStarts, weeklyValidDays, type RecurrenceRule } from './recurrence';

/**
 * Saving an event (spec 02 §3 event and recurrence info, §4 recurring event editing, §7 "Multi-
 * path updates across calendars for events/{id} and recurrenceInfo/{recurrenceId} (with
 * sections)"), planned then committed as the business editor does (decision 008):
 *
 * - `planEventSave` reads what is stored and returns every write of the save, or why there is
 *   none (conflict, gone, archived …). It writes nothing.
 * - `commitEventSave` writes everything in ONE multi-path update guarded by the one node the
 *   edit hangs on (the event, or the recurrence record for Edit Recurrence), which must still be
 *   what the plan was made from (RealtimeDb `guardedUpdate`): the event in every calendar of its
 *   `contexts`, its removal from calendars no longer chosen, the occurrences of a recurrence and
 *   `recurrenceInfo/{recurrenceId}` beside the events of every calendar in its `sections`, and
 *   `icsBuildTime` of each calendar touched. A save landing in between is a conflict and writes
 *   nothing.
 *
 * The cases:
 * - a plain event (new, or without recurrence) saved without recurrence: the event;
 * - a plain event saved with daily/weekly recurrence: a new recurrence record and its
 *   occurrences (the event keeps its id as the occurrence of its own day);
 * - Edit Event on an occurrence (scope 'event'): that event, its start in `eventKeys` and its
 *   differences from the recurrence's `originalItem` in `editedEvents/{id}`;
 * - Edit Recurrence (scope 'recurrence'): the future occurrences (start after now, and the
 *   occurrence edited) regenerated from the form's start: occurrences of days the rule keeps
 *   are updated (their single-event edits re-applied except times), the others deleted, new
 *   days created; past occurrences are left as they are. With recurrence 'none' the future
 *   occurrences but the edited one go, the edited one becomes a plain event and the record is
 *   removed.
 */

export interface SaveEventInput {
  community: string;
  /** The calendar the editor was opened in (always one of the event's calendars after the save). */
  calendarId: string;
  /** The event's key: a fresh one from `newEventId` for a new event. */
  eventId: string;
  isNew: boolean;
  /** What the form showed: `eventVersion` of the event, or `recurrenceVersion` for Edit Recurrence; null skips the check. */
  version: string | null;
  /** Edit Event or Edit Recurrence (only matters for an occurrence of a recurrence). */
  scope: EditScope;
  /** The event's fields (server/events/item.ts `eventRecord`), times included. */
  fields: Record<string, DbValue>;
  /** Associated Calendars (this community's calendar ids). */
  calendars: readonly string[];
  recurrence: RecurrenceKind;
  validDays: readonly boolean[];
  /** Any instant of the recurrence's last day; null without recurrence. */
  recurrenceEndDate: number | null;
  timeZone: string;
  now: number;
  /** The person saving (creator of a new event, updatedBy always). */
  uid: string | null;
  /** Further paths written in the same update (a standard RSVP form, a pending Google import's removal …). */
  extra?: Updates;
}

/** One event the save creates, changes or deletes: what the notification rules compare. */
export interface EventChange {
  eventId: string;
  before: EventRecord | null;
  after: EventRecord | null;
}

interface Guard {
  path: string;
  /** The node's new value (null deletes). */
  value: DbValue;
  /** What the node must still be: absent (null), or a stored event / recurrence record of this version. */
  base: { kind: 'event' | 'recurrence'; version: string | null };
}

export type SaveEventPlan = {
  ok: true;
  /** Every write but the guarded node's. */
  updates: Updates;
  guard: Guard;
  changes: EventChange[];
  /** The recurrence after the save (null for a plain event). */
  recurrenceId: string | null;
  /** The event the editor shows after the save (the edited event, or the occurrence that took its place). */
  eventId: string;
  /** The calendars whose feed rebuilds. */
  calendars: string[];
};

export type SaveEventResult =
  | SaveEventPlan
  | { ok: false; reason: 'conflict'; stored: Record<string, unknown> | null; version: string }
  /** exists: a new event's key is taken; gone: the event (or its calendar) was deleted; archived: read-only. */
  | { ok: false; reason: 'exists' | 'gone' | 'archived' }
  /** The recurrence gives no event at all, or more than MAX_OCCURRENCES. */
  | { ok: false; reason: 'no-occurrences' | 'too-many' };

/** A fresh key for a new event (a push id; nothing is written). */
export function newEventId(deps: EventDeps, community: string, calendarId: string): string {
  const key = deps.db.ref(deps.paths.calendarEvents(community, calendarId)).push().key;
  if (key === null) throw new Error('newEventId: the database gave no push id');
  return key;
}

/** The input with the community's calendar ids. */
type Planning = SaveEventInput & { known: readonly string[] };

const unique = <T>(values: Iterable<T>): T[] => [...new Set(values)];

/** Fields set on every saved event: who saved it, and who created it when new. */
function stamp(item: EventRecord, input: SaveEventInput, isNew: boolean): EventRecord {
  if (input.uid) {
    item.updatedBy = input.uid;
    if (isNew && item.creator === undefined) item.creator = input.uid;
  }
  return item;
}

/** An occurrence's times: its start and length; an all-day one (`allDayZone` set) ends at the end of its own day. */
const timesFor = (start: number, duration: number, allDayZone: string | null = null): EventRecord =>
  allDayZone === null ? { startDate: start, endDate: start + duration, endDateDuration: duration } : { ...allDayTimes(start, allDayZone) };

const durationOfFields = (fields: Record<string, unknown>, fallback: Record<string, unknown> | null): number => {
  const start = Number(fields.startDate ?? fallback?.startDate);
  const end = Number(fields.endDate ?? fallback?.endDate);
  return Number.isFinite(start) && Number.isFinite(end) ? Math.max(0, end - start) : 0;
};

/** The occurrences listed by a recurrence record (`eventKeys`: event id → start). */
function eventKeysOf(record: Record<string, unknown>): Array<{ eventId: string; startDate: number }> {
  const keys = isObject(record.eventKeys) ? record.eventKeys : {};
  return Object.entries(keys)
    .filter((entry): entry is [string, number] => typeof entry[1] === 'number')
    .map(([eventId, startDate]) => ({ eventId, startDate }));
}

function ruleOf(input: SaveEventInput, start: number): RecurrenceRule & { validDays: boolean[] } {
  const recurrence = input.recurrence as RecurrenceRule['recurrence'];
  const validDays = recurrence === 'weekly' ? weeklyValidDays(start, input.timeZone) : [...input.validDays].slice(0, 7).map(Boolean);
  return { recurrence, validDays, recurrenceEndDate: endOfZonedDay(input.recurrenceEndDate ?? start, input.timeZone) };
}

/** The differences of an occurrence from the recurrence's original item: its `editedEvents` entry. */
export function overrideOf(item: Record<string, unknown>, original: Record<string, unknown>, fields: readonly string[]): EventRecord {
  const override: EventRecord = {};
  for (const field of fields) {
    if (field === 'contexts' || field === 'recurrenceId') continue;
    const value = item[field];
    if (JSON.stringify(value ?? null) !== JSON.stringify(original[field] ?? null)) override[field] = (value ?? null) as DbValue;
  }
  return override;
}

/** An override without its times: the recurrence's rule places the occurrence. */
const withoutTimes = (override: unknown): EventRecord =>
  isObject(override)
    ? (Object.fromEntries(Object.entries(override).filter(([field]) => !(TIME_FIELDS as readonly string[]).includes(field))) as EventRecord)
    : {};

/** The multi-path update of a save, or why there is none. Writes nothing. */
export async function planEventSave(deps: EventDeps, input: SaveEventInput): Promise<SaveEventResult> {
  const { community, calendarId, eventId, paths } = { ...input, paths: deps.paths };
  paths.calendarEvent(community, calendarId, eventId); // bad keys throw before anything is read
  const known = await calendarIds(deps, community);
  if (!known.includes(calendarId)) return { ok: false, reason: 'gone' };
  const stored = await readEvent(deps, community, calendarId, eventId);
  if (input.isNew && stored) return { ok: false, reason: 'exists' };
  if (!input.isNew && !stored) return { ok: false, reason: 'gone' };
  if (stored && isArchived(stored, input.now)) return { ok: false, reason: 'archived' };

  const calendars = unique([calendarId, ...input.calendars.filter((id) => known.includes(id))]);
  const planning: Planning = { ...input, known };
  const fields = unlockedFields(input.fields, stored);
  const recurrenceId = typeof stored?.recurrenceId === 'string' && stored.recurrenceId !== '' ? stored.recurrenceId : null;
  const record = recurrenceId ? await readRecurrence(deps, community, calendarId, recurrenceId) : null;

  if (stored && recurrenceId && record) {
    if (input.scope === 'event') {
      if (input.version !== null && eventVersion(stored) !== input.version) return conflict(stored, 'event');
      return planOccurrenceEdit(deps, planning, { stored, record, recurrenceId, fields, calendars });
    }
    if (input.version !== null && recurrenceVersion(record) !== input.version) return conflict(record, 'recurrence');
    return planRecurrenceEdit(deps, planning, { stored, record, recurrenceId, fields, calendars });
  }
  if (stored && input.version !== null && eventVersion(stored) !== input.version) return conflict(stored, 'event');
  if (input.recurrence === 'none') return planPlainEvent(deps, planning, { stored, fields, calendars });
  return planNewRecurrence(deps, planning, { stored, fields, calendars });
}

function conflict(stored: Record<string, unknown>, kind: 'event' | 'recurrence'): SaveEventResult {
  return { ok: false, reason: 'conflict', stored, version: kind === 'event' ? eventVersion(stored) : recurrenceVersion(stored) };
}

/** Splits the guarded node out of the updates. */
function finish(
  deps: EventDeps,
  input: SaveEventInput & { known: readonly string[] },
  updates: Updates,
  guard: Omit<Guard, 'value'>,
  rest: Omit<SaveEventPlan, 'ok' | 'updates' | 'guard'>,
): SaveEventPlan {
  const { known } = input;
  // Only calendars that still exist: icsBuildTime alone would bring a deleted calendar's config back.
  Object.assign(
    updates,
    icsUpdates(
      deps,
      input.community,
      rest.calendars.filter((calendar) => known.includes(calendar)),
      input.now,
    ),
  );
  Object.assign(updates, input.extra ?? {});
  const compact = compactUpdates(updates);
  const value = Object.hasOwn(compact, guard.path) ? compact[guard.path]! : null;
  delete compact[guard.path];
  return { ok: true, updates: compact, guard: { ...guard, value }, ...rest };
}

// ─── A plain event ───────────────────────────────────────────────────────────────────────────

function planPlainEvent(
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
  return finish(
    deps,
    input,
    updates,
    {
      path: deps.paths.calendarEvent(community, input.calendarId, eventId),
      base: { kind: 'event', version: stored ? eventVersion(stored) : null },
    },
    { changes: [{ eventId, before: stored, after: item }], recurrenceId: null, eventId, calendars: unique([...calendars, ...before]) },
  );
}

// ─── A plain event becomes a recurrence ──────────────────────────────────────────────────────

function planNewRecurrence(
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
  return finish(
    deps,
    input,
    updates,
    {
      path: deps.paths.calendarEvent(community, input.calendarId, eventId),
      base: { kind: 'event', version: stored ? eventVersion(stored) : null },
    },
    { changes, recurrenceId, eventId: kept ? eventId : occurrences[0]!.eventId, calendars: unique([...calendars, ...before]) },
  );
}

// ─── Edit Event: one occurrence ──────────────────────────────────────────────────────────────

function planOccurrenceEdit(
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
  return finish(
    deps,
    input,
    updates,
    { path: deps.paths.calendarEvent(community, input.calendarId, eventId), base: { kind: 'event', version: eventVersion(stored) } },
    { changes: [{ eventId, before: stored, after: item }], recurrenceId, eventId, calendars: unique([...calendars, ...before]) },
  );
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

async function planRecurrenceEdit(
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

// ─── Writing ─────────────────────────────────────────────────────────────────────────────────

/**
 * Writes a planned save as ONE guarded multi-path update: the guarded node and every other write
 * (the other calendars' copies, the occurrences, the recurrence records, the feeds' build times)
 * commit together, and only while the guarded node is still the one the plan was made from
 * (absent for a new event). Another save in between makes it a conflict and writes nothing, and
 * a crash leaves the series as it was or as saved, never half of each.
 */
export async function commitEventSave(deps: EventDeps, planned: SaveEventPlan): Promise<SaveEventResult> {
  const { guard } = planned;
  const versionOfNode = guard.base.kind === 'event' ? eventVersion : recurrenceVersion;
  const result = await deps.db.ref().guardedUpdate(
    guard.path,
    (current) => {
      const now = isObject(current) ? current : null;
      return guard.base.version === null ? now === null : now !== null && versionOfNode(now) === guard.base.version;
    },
    { ...planned.updates, [guard.path]: guard.value },
  );
  if (result.committed) return planned;
  const now: unknown = result.snapshot.val();
  if (isObject(now)) return { ok: false, reason: 'conflict', stored: now, version: versionOfNode(now) };
  return { ok: false, reason: guard.base.version === null ? 'exists' : 'gone' };
}

/** Plans and writes a save. */
export async function saveEvent(deps: EventDeps, input: SaveEventInput): Promise<SaveEventResult> {
  const planned = await planEventSave(deps, input);
  return planned.ok ? commitEventSave(deps, planned) : planned;
}

// ─── Opening the editor ──────────────────────────────────────────────────────────────────────

export interface RecurrenceEditStart {
  /** The earliest future occurrence (the one Edit Recurrence saves from). */
  eventId: string;
  /** What the form shows: the original item with that occurrence's dates (spec 02 §4 "using the original item"). */
  item: EventRecord;
  record: EventRecord;
  /** The version the form carries (scope 'recurrence'). */
  version: string;
}

/**
 * Edit Recurrence (spec 02 §4): the form starts from the recurrence's original item, dated as
 * its earliest future occurrence. Null when the recurrence has no future occurrence left.
 */
export async function recurrenceEditStart(
  deps: EventDeps,
  community: string,
  calendarId: string,
  recurrenceId: string,
  now: number,
): Promise<RecurrenceEditStart | null> {
  const record = await readRecurrence(deps, community, calendarId, recurrenceId);
  if (!record) return null;
  const next = eventKeysOf(record)
    .filter((occurrence) => occurrence.startDate > now)
    .sort((a, b) => a.startDate - b.startDate)[0];
  if (!next) return null;
  const event = await readEvent(deps, community, calendarId, next.eventId);
  if (!event) return null;
  const original = isObject(record.originalItem) ? (record.originalItem as EventRecord) : event;
  const duration = durationOfFields(original, event);
  const item: EventRecord = {
    ...original,
    ...timesFor(startOf(event), duration),
    recurrenceId,
    contexts: event.contexts ?? original.contexts ?? [],
  };
  return { eventId: next.eventId, item, record, version: recurrenceVersion(record) };
}

/** The recurrence fields the form shows for a recurring event (none for a plain one). */
export function recurrenceFormValue(record: Record<string, unknown> | null): {
  recurrence: RecurrenceKind;
  validDays: boolean[];
  recurrenceEndDate: number | null;
} {
  if (!record) return { recurrence: 'none', validDays: [false, false, false, false, false, false, false], recurrenceEndDate: null };
  const kind = record.recurrence === 'daily' || record.recurrence === 'weekly' ? record.recurrence : 'none';
  const days = Array.isArray(record.validDays) ? record.validDays : [];
  return {
    recurrence: kind,
    validDays: Array.from({ length: 7 }, (_, index) => days[index] === true),
    recurrenceEndDate: typeof record.recurrenceEndDate === 'number' ? record.recurrenceEndDate : null,
  };
}
