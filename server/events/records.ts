import type { JobQueue } from '@jobs/ports';
import type { DbValue, RealtimeDb } from '@server/db/types';
import { versionOf } from '@server/db/version';
import { formatEventContext, parseEventContext, type Paths } from '@server/paths';

/**
 * What the event modules share: reading events and recurrence records, the calendars an event
 * is in (its `contexts`, spec 02 §3), versions, and the multi-path update helpers.
 */

export type EventDeps = {
  db: RealtimeDb;
  paths: Paths;
  /**
   * Where a write that sets a calendar's `icsBuildTime` asks for its feed to be rebuilt
   * (feed/requests.ts). Without it no rebuild is asked for and the workers' sweep finds the
   * stale feed (at start-up and every 10 minutes).
   */
  jobs?: JobQueue;
};
export type EventRecord = Record<string, DbValue>;
export type Updates = Record<string, DbValue>;

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const numberOr = (value: unknown, fallback: number): number => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

export const startOf = (event: Record<string, unknown>): number => numberOr(event.startDate, 0);
export const endOf = (event: Record<string, unknown>): number => numberOr(event.endDate, 0);

/** An event is archived once its end has passed (spec 02 §4 views); archived events are read-only. */
export const isArchived = (event: Record<string, unknown>, now: number): boolean => endOf(event) > 0 && endOf(event) <= now;

/** An imported event carries the source's `id` (spec 02 §3); its imported fields are locked. */
export const isImported = (event: Record<string, unknown>): boolean => typeof event.id === 'string' && event.id !== '';

export async function readEvent(deps: EventDeps, community: string, calendarId: string, eventId: string): Promise<EventRecord | null> {
  const value = (await deps.db.ref(deps.paths.calendarEvent(community, calendarId, eventId)).get()).val();
  return isObject(value) ? (value as EventRecord) : null;
}

export async function readRecurrence(
  deps: EventDeps,
  community: string,
  calendarId: string,
  recurrenceId: string,
): Promise<EventRecord | null> {
  const value = (await deps.db.ref(deps.paths.calendarRecurrence(community, calendarId, recurrenceId)).get()).val();
  return isObject(value) ? (value as EventRecord) : null;
}

/** Several events of one calendar, read a few at a time; absent ones are left out. */
export async function readEvents(
  deps: EventDeps,
  community: string,
  calendarId: string,
  eventIds: readonly string[],
): Promise<Map<string, EventRecord>> {
  const found = new Map<string, EventRecord>();
  for (let offset = 0; offset < eventIds.length; offset += 50) {
    const chunk = eventIds.slice(offset, offset + 50);
    const values = await Promise.all(chunk.map((eventId) => readEvent(deps, community, calendarId, eventId)));
    chunk.forEach((eventId, index) => {
      const value = values[index];
      if (value) found.set(eventId, value);
    });
  }
  return found;
}

/** The calendar ids of the community the event's contexts name (valid ones only, in order, without repeats). */
export function calendarsOf(record: Record<string, unknown>, community: string, field = 'contexts'): string[] {
  const contexts = record[field];
  const list = Array.isArray(contexts) ? contexts : isObject(contexts) ? Object.values(contexts) : [];
  const calendars: string[] = [];
  for (const context of list) {
    if (typeof context !== 'string') continue;
    try {
      const parsed = parseEventContext(context);
      if (parsed.community === community && !calendars.includes(parsed.calendarId)) calendars.push(parsed.calendarId);
    } catch {
      // not an event context
    }
  }
  return calendars;
}

/** Contexts naming other communities' calendars: kept in the list as stored, never written from here. */
export function foreignContexts(record: Record<string, unknown> | null, community: string): string[] {
  const contexts = record?.contexts;
  const list = Array.isArray(contexts) ? contexts : [];
  return list.filter((context): context is string => {
    if (typeof context !== 'string') return false;
    try {
      return parseEventContext(context).community !== community;
    } catch {
      return false;
    }
  });
}

export const contextsOf = (community: string, calendars: readonly string[], foreign: readonly string[] = []): string[] => [
  ...calendars.map((calendarId) => formatEventContext(community, calendarId)),
  ...foreign,
];

/** The version of a stored event as its editor shows it (the whole record: any change by anyone counts). */
export const eventVersion = (event: Record<string, unknown> | null): string => versionOf(event);

/** The version of a recurrence record, which the Edit Recurrence form carries. */
export const recurrenceVersion = (record: Record<string, unknown> | null): string => versionOf(record);

/** The ids of a community's calendars (its amc-events config). */
export async function calendarIds(deps: EventDeps, community: string): Promise<string[]> {
  const value = (await deps.db.ref(deps.paths.calendarConfigs(community)).get()).val();
  return isObject(value) ? Object.keys(value).filter((key) => isObject(value[key])) : [];
}

/** `icsBuildTime` = now for each calendar (spec 02 §4: the feed rebuilds). */
export function icsUpdates(deps: EventDeps, community: string, calendars: Iterable<string>, now: number): Updates {
  const updates: Updates = {};
  for (const calendarId of calendars) updates[deps.paths.calendarIcsBuildTime(community, calendarId)] = now;
  return updates;
}

/**
 * One multi-path update may not write a path and one of its descendants (Firebase refuses it).
 * This folds such pairs: a descendant of a deleted path is dropped (the deletion wins), a
 * descendant of a written object is set inside that object.
 */
export function compactUpdates(updates: Updates): Updates {
  const result: Updates = {};
  const paths = Object.keys(updates).sort((a, b) => a.split('/').length - b.split('/').length);
  for (const path of paths) {
    const segments = path.split('/');
    let ancestor: string | null = null;
    for (let length = segments.length - 1; length > 0; length -= 1) {
      const candidate = segments.slice(0, length).join('/');
      if (Object.hasOwn(result, candidate)) {
        ancestor = candidate;
        break;
      }
    }
    if (ancestor === null) {
      result[path] = updates[path]!;
      continue;
    }
    const base = result[ancestor];
    if (base === null || !isObject(base)) continue;
    const rest = segments.slice(ancestor.split('/').length);
    const copy = structuredClone(base) as Record<string, DbValue>;
    let node: Record<string, DbValue> = copy;
    for (const key of rest.slice(0, -1)) {
      const next = node[key];
      node[key] = isObject(next) ? next : {};
      node = node[key] as Record<string, DbValue>;
    }
    const value = updates[path]!;
    if (value === null) delete node[rest[rest.length - 1]!];
    else node[rest[rest.length - 1]!] = value;
    result[ancestor] = copy;
  }
  return result;
}

/** A record with `fields` merged over it: null deletes a field, undefined is skipped. */
export function merged(base: Record<string, unknown> | null, fields: Record<string, DbValue | undefined>): EventRecord {
  const item: EventRecord = { ...((base ?? {}) as EventRecord) };
  for (const [field, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (value === null) delete item[field];
    else item[field] = value;
  }
  return item;
}
