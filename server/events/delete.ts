import { isValidKey } from '@server/paths';
import { archiveFields, archiveUpdates } from './archive';
import { requestFeedBuilds } from './feed/requests';
import {
  calendarIds,
  calendarsOf,
  compactUpdates,
  contextsOf,
  endOf,
  foreignContexts,
  icsUpdates,
  isImported,
  isObject,
  readEvent,
  readEvents,
  readRecurrence,
  type EventDeps,
  type EventRecord,
  type Updates,
} from './records';

/**
 * Deleting events (spec 02 §4 "Deleting events and messages", imported events; spec 03 "Public
 * calendar events"; §7 "multi-path updates to delete events, set end times"; §8 confirmations).
 *
 * - One event: removed from the chosen calendars (a choice is asked when it is in more than
 *   one) and, once in none, from its recurrence's `eventKeys` and `editedEvents`; the record
 *   goes when no date is left. A recurring event asks Delete Recurrence: only this event, or all
 *   — all removes the occurrences of the view (future ones in the active view, past ones in
 *   the archive). An imported event asks Delete Imported Event: Delete Forever also records its
 *   id in the import source's ignored list (so the next import skips it), Delete, Allow Future
 *   Imports does not.
 * - Bulk delete (Delete Selected): in the active view each event is archived (archive.ts,
 *   decision 024: it ends now, or begins and ends now when it had not begun, in every calendar
 *   it is in); in the archive it is removed from this calendar.
 * - Every delete sets `icsBuildTime` of each calendar it touches, so the feed rebuilds.
 * Each is ONE multi-path update.
 */

export type EventView = 'active' | 'archive';
export type DeleteScope = 'event' | 'recurrence';
export type ImportedDeletion = 'forever' | 'allow';

/** Spec 01 §9 load-all size: the most events one bulk delete takes. */
export const MAX_BULK_DELETE = 10_000;

/** The dialogs a delete needs before it can go (spec 02 §4, §8). */
export interface DeleteChoices {
  /** The event's calendars in this community: more than one asks which to delete it from. */
  calendars: string[];
  /** Delete Recurrence: only this event or all in the recurrence. */
  recurring: boolean;
  /** Delete Imported Event: Delete Forever or Delete, Allow Future Imports. */
  imported: boolean;
}

export function deleteChoices(event: Record<string, unknown>, community: string, calendarId: string): DeleteChoices {
  const calendars = calendarsOf(event, community);
  return {
    calendars: calendars.length > 0 ? calendars : [calendarId],
    recurring: typeof event.recurrenceId === 'string' && event.recurrenceId !== '',
    imported: isImported(event),
  };
}

export interface DeleteEventInput {
  community: string;
  /** The calendar the event was opened in. */
  calendarId: string;
  eventId: string;
  /** The calendars chosen; null when the event is in one calendar only (else the choice is asked). */
  calendars: readonly string[] | null;
  /** Delete Recurrence's answer; null for an event without recurrence. */
  scope: DeleteScope | null;
  /** The view the delete was asked from (Delete Recurrence 'all' removes that view's occurrences). */
  view: EventView;
  /** Delete Imported Event's answer; null for an event that was not imported. */
  imported: ImportedDeletion | null;
  now: number;
}

export type DeleteEventResult =
  /** removed: the events taken out of the chosen calendars; calendars: those whose feed rebuilds. */
  | { ok: true; updates: Updates; removed: string[]; calendars: string[] }
  | { ok: false; reason: 'gone' }
  /** A dialog must be answered first. */
  | { ok: false; reason: 'choose'; choices: DeleteChoices };

interface Removal {
  eventId: string;
  event: EventRecord;
  /** Calendars to remove it from. */
  from: string[];
}

/**
 * The writes removing events from calendars: each copy in `from` deleted, the copies left get
 * their `contexts` without those calendars, and an event left in no calendar leaves its
 * recurrence (the record goes with its last date).
 */
async function removalUpdates(
  deps: EventDeps,
  community: string,
  removals: readonly Removal[],
): Promise<{ updates: Updates; touched: Set<string>; gone: string[] }> {
  const updates: Updates = {};
  const touched = new Set<string>();
  const gone: string[] = [];
  const byRecurrence = new Map<string, { calendar: string; ids: string[] }>();
  for (const { eventId, event, from } of removals) {
    const calendars = calendarsOf(event, community);
    const remaining = calendars.filter((calendar) => !from.includes(calendar));
    for (const calendar of from) {
      updates[deps.paths.calendarEvent(community, calendar, eventId)] = null;
      touched.add(calendar);
    }
    for (const calendar of remaining) {
      updates[`${deps.paths.calendarEvent(community, calendar, eventId)}/contexts`] = contextsOf(
        community,
        remaining,
        foreignContexts(event, community),
      );
      touched.add(calendar);
    }
    if (remaining.length > 0) continue;
    gone.push(eventId);
    const recurrenceId = typeof event.recurrenceId === 'string' && isValidKey(event.recurrenceId) ? event.recurrenceId : null;
    if (recurrenceId) {
      const entry = byRecurrence.get(recurrenceId) ?? { calendar: from[0]!, ids: [] };
      entry.ids.push(eventId);
      byRecurrence.set(recurrenceId, entry);
    }
  }
  for (const [recurrenceId, { calendar, ids }] of byRecurrence) {
    const record = await readRecurrence(deps, community, calendar, recurrenceId);
    if (!record) continue;
    const sections = [...new Set([calendar, ...calendarsOf(record, community, 'sections')])];
    const keys = isObject(record.eventKeys) ? Object.keys(record.eventKeys) : [];
    const left = keys.filter((key) => !ids.includes(key));
    for (const section of sections) {
      const base = deps.paths.calendarRecurrence(community, section, recurrenceId);
      if (left.length === 0) {
        updates[base] = null;
      } else {
        for (const id of ids) {
          updates[`${base}/eventKeys/${id}`] = null;
          updates[`${base}/editedEvents/${id}`] = null;
        }
      }
    }
  }
  return { updates, touched, gone };
}

/** Writes the imported event's id into its source's ignored list (Delete Forever), or the denied list when no source names it. */
async function ignoreImport(deps: EventDeps, community: string, event: EventRecord, calendars: readonly string[]): Promise<Updates> {
  const importedId = String(event.id);
  const source = typeof event.calendarId === 'string' ? event.calendarId : null;
  for (const calendar of calendars) {
    const imports = (await deps.db.ref(deps.paths.calendarImports(community, calendar)).get()).val();
    const list: unknown[] = Array.isArray(imports) ? imports : isObject(imports) ? Object.values(imports) : [];
    const index = list.findIndex((entry) => isObject(entry) && source !== null && entry.calendarId === source);
    if (index === -1) continue;
    const entry = list[index] as Record<string, unknown>;
    const ignored = Array.isArray(entry.ignored) ? entry.ignored.filter((id): id is string => typeof id === 'string') : [];
    if (ignored.includes(importedId)) return {};
    const key = Array.isArray(imports) ? String(index) : Object.keys(imports as object)[index]!;
    return { [`${deps.paths.calendarImports(community, calendar)}/${key}/ignored`]: [...ignored, importedId] };
  }
  const deniedKey = deps.db.ref(deps.paths.googleEventsDenied(community)).push().key!;
  return {
    [deps.paths.googleEventDenied(community, deniedKey)]: {
      id: importedId,
      ...(source ? { calendarId: source } : {}),
      title: typeof event.title === 'string' ? event.title : '',
    },
  };
}

/** The one update of a single delete, or the dialog to answer first. Writes nothing. */
export async function planEventDelete(deps: EventDeps, input: DeleteEventInput): Promise<DeleteEventResult> {
  const { community, calendarId, eventId, now } = input;
  const event = await readEvent(deps, community, calendarId, eventId);
  if (!event) return { ok: false, reason: 'gone' };
  const choices = deleteChoices(event, community, calendarId);
  const calendars =
    input.calendars === null ? choices.calendars : input.calendars.filter((calendar) => choices.calendars.includes(calendar));
  if ((input.calendars === null && choices.calendars.length > 1) || calendars.length === 0) return { ok: false, reason: 'choose', choices };
  if (choices.recurring && input.scope === null) return { ok: false, reason: 'choose', choices };
  if (choices.imported && input.imported === null) return { ok: false, reason: 'choose', choices };

  const removals: Removal[] = [{ eventId, event, from: calendars }];
  if (choices.recurring && input.scope === 'recurrence') {
    const record = await readRecurrence(deps, community, calendarId, String(event.recurrenceId));
    const ids = record && isObject(record.eventKeys) ? Object.keys(record.eventKeys).filter((id) => id !== eventId && isValidKey(id)) : [];
    const occurrences = await readEvents(deps, community, calendarId, ids);
    for (const [id, occurrence] of occurrences) {
      const ended = endOf(occurrence) > 0 && endOf(occurrence) <= now;
      if ((input.view === 'archive') !== ended) continue;
      removals.push({
        eventId: id,
        event: occurrence,
        from: calendars.filter((calendar) => calendarsOf(occurrence, community).includes(calendar) || calendar === calendarId),
      });
    }
  }
  const { updates, touched } = await removalUpdates(deps, community, removals);
  if (choices.imported && input.imported === 'forever')
    Object.assign(updates, await ignoreImport(deps, community, event, choices.calendars));
  const known = await calendarIds(deps, community);
  const calendarsTouched = [...touched].filter((calendar) => known.includes(calendar));
  Object.assign(updates, icsUpdates(deps, community, calendarsTouched, now));
  return { ok: true, updates: compactUpdates(updates), removed: removals.map((removal) => removal.eventId), calendars: calendarsTouched };
}

/** Plans and writes a single delete. */
export async function deleteEvent(deps: EventDeps, input: DeleteEventInput): Promise<DeleteEventResult> {
  const planned = await planEventDelete(deps, input);
  if (planned.ok && Object.keys(planned.updates).length > 0) {
    await deps.db.ref().update(planned.updates);
    await requestFeedBuilds(deps, planned.updates);
  }
  return planned;
}

export interface BulkDeleteInput {
  community: string;
  calendarId: string;
  keys: readonly string[];
  view: EventView;
  now: number;
}

export interface BulkDeleteResult {
  updates: Updates;
  /** Events moved to the archive (active view). */
  archived: number;
  /** Events removed (archive view). */
  removed: number;
}

/** Delete Selected (spec 02 §4): one update; keys that are no events of the calendar are skipped. */
export async function planBulkEventDelete(deps: EventDeps, input: BulkDeleteInput): Promise<BulkDeleteResult> {
  const { community, calendarId, now } = input;
  if (!Array.isArray(input.keys) || input.keys.length > MAX_BULK_DELETE || !input.keys.every((key) => isValidKey(key))) {
    throw new RangeError(`Bulk delete takes at most ${MAX_BULK_DELETE} event keys.`);
  }
  const events = await readEvents(deps, community, calendarId, [...new Set(input.keys)]);
  const updates: Updates = {};
  let archived = 0;
  let removed = 0;
  const touched = new Set<string>([calendarId]);
  if (input.view === 'active') {
    for (const [eventId, event] of events) {
      const fields = archiveFields(event, now);
      if (fields === null) continue;
      const calendars = [...new Set([calendarId, ...calendarsOf(event, community)])];
      for (const calendar of calendars) {
        Object.assign(updates, archiveUpdates(deps.paths.calendarEvent(community, calendar, eventId), fields));
        touched.add(calendar);
      }
      archived++;
    }
  } else {
    const removal = await removalUpdates(
      deps,
      community,
      [...events].map(([eventId, event]) => ({ eventId, event, from: [calendarId] })),
    );
    Object.assign(updates, removal.updates);
    removal.touched.forEach((calendar) => touched.add(calendar));
    removed = events.size;
  }
  if (archived + removed === 0) return { updates: {}, archived, removed };
  const known = await calendarIds(deps, community);
  Object.assign(
    updates,
    icsUpdates(
      deps,
      community,
      [...touched].filter((calendar) => known.includes(calendar)),
      now,
    ),
  );
  return { updates: compactUpdates(updates), archived, removed };
}

/** Plans and writes a bulk delete. */
export async function bulkDeleteEvents(deps: EventDeps, input: BulkDeleteInput): Promise<Omit<BulkDeleteResult, 'updates'>> {
  const { updates, archived, removed } = await planBulkEventDelete(deps, input);
  if (Object.keys(updates).length > 0) {
    await deps.db.ref().update(updates);
    await requestFeedBuilds(deps, updates);
  }
  return { archived, removed };
}

/**
 * The writes deleting events of a calendar everywhere they are (Stop and Delete All Events,
 * spec 02 §4 calendar import removal): for calendars.ts, which adds them to its own update.
 */
export async function eventsRemovalUpdates(
  deps: EventDeps,
  community: string,
  events: ReadonlyMap<string, EventRecord>,
  calendarId: string,
): Promise<{ updates: Updates; touched: Set<string> }> {
  const removals = [...events].map(([eventId, event]) => ({
    eventId,
    event,
    from: [...new Set([calendarId, ...calendarsOf(event, community)])],
  }));
  const { updates, touched } = await removalUpdates(deps, community, removals);
  return { updates, touched };
}
