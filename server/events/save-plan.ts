import type { DbValue } from '@server/db/types';
import { allDayTimes, endOfZonedDay } from '~/lib/event-times';
import type { EditScope, RecurrenceKind } from '~/schemas/event';
import { TIME_FIELDS } from './item';
import { compactUpdates, eventVersion, icsUpdates, isObject, type EventDeps, type EventRecord, type Updates } from './records';
import { weeklyValidDays, type RecurrenceRule } from './recurrence';

/**
 * What planning an event save takes and gives (see save.ts), and the helpers the cases of
 * planning share.
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

export interface Guard {
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
export type Planning = SaveEventInput & { known: readonly string[] };

export const unique = <T>(values: Iterable<T>): T[] => [...new Set(values)];

/** Fields set on every saved event: who saved it, and who created it when new. */
export function stamp(item: EventRecord, input: SaveEventInput, isNew: boolean): EventRecord {
  if (input.uid) {
    item.updatedBy = input.uid;
    if (isNew && item.creator === undefined) item.creator = input.uid;
  }
  return item;
}

/** An occurrence's times: its start and length; an all-day one (`allDayZone` set) ends at the end of its own day. */
export const timesFor = (start: number, duration: number, allDayZone: string | null = null): EventRecord =>
  allDayZone === null ? { startDate: start, endDate: start + duration, endDateDuration: duration } : { ...allDayTimes(start, allDayZone) };

export const durationOfFields = (fields: Record<string, unknown>, fallback: Record<string, unknown> | null): number => {
  const start = Number(fields.startDate ?? fallback?.startDate);
  const end = Number(fields.endDate ?? fallback?.endDate);
  return Number.isFinite(start) && Number.isFinite(end) ? Math.max(0, end - start) : 0;
};

/** The occurrences listed by a recurrence record (`eventKeys`: event id → start). */
export function eventKeysOf(record: Record<string, unknown>): Array<{ eventId: string; startDate: number }> {
  const keys = isObject(record.eventKeys) ? record.eventKeys : {};
  return Object.entries(keys)
    .filter((entry): entry is [string, number] => typeof entry[1] === 'number')
    .map(([eventId, startDate]) => ({ eventId, startDate }));
}

export function ruleOf(input: SaveEventInput, start: number): RecurrenceRule & { validDays: boolean[] } {
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
export const withoutTimes = (override: unknown): EventRecord =>
  isObject(override)
    ? (Object.fromEntries(Object.entries(override).filter(([field]) => !(TIME_FIELDS as readonly string[]).includes(field))) as EventRecord)
    : {};
/** Splits the guarded node out of the updates. */
/** The guard of a save that writes one event of the form's calendar: the event as the form saw it (none when new). */
export function eventGuard(deps: EventDeps, input: SaveEventInput, eventId: string, stored: EventRecord | null): Omit<Guard, 'value'> {
  return {
    path: deps.paths.calendarEvent(input.community, input.calendarId, eventId),
    base: { kind: 'event', version: stored ? eventVersion(stored) : null },
  };
}

export function finish(
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
