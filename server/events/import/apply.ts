import { createHash } from 'node:crypto';
import type { DbValue } from '@server/db/types';
import { formatEventContext } from '@server/paths';
import { IMPORT_TYPES } from '~/schemas/calendar-config';
import { eventsRemovalUpdates } from '../delete';
import { requestFeedBuilds } from '../feed/requests';
import { type IMPORT_LOCKED_FIELDS } from '../item';
import { isLegacySection, type LegacySection } from '../legacy';
import { calendarsOf, compactUpdates, icsUpdates, isObject, type EventDeps, type EventRecord, type Updates } from '../records';
import { decideRemovals, keepEditsUpdate, loadRemovalState, removalStateUpdates, staffEditsOf } from './removals';
import type { ApplyImportResult, FetchedEvents, ImportedEvent, ImportSource } from './types';

/**
 * Writing one import source's events into its calendar (spec 02 §3 calendar config import
 * list, event `id` and `calendarId`; §4 imported events; §7 multi-path updates, icsBuildTime):
 *
 * - Each event is keyed by a hash of the source and its id, so a re-run finds the event it
 *   wrote (also when staff put it into other calendars: every copy is written).
 * - A new event gets the source's audience, type and default location; a re-import writes only
 *   the imported (locked) fields that changed, path by path, so staff's edits to the other
 *   fields (RSVP, buttons, header, location choice …) stay.
 * - Ids in the source's ignored list (Delete Forever) are never written.
 * - Imported events of the source that have not ended and that the source no longer gives, or
 *   says are cancelled, are removed everywhere (as Delete does); ended ones stay in the archive.
 * - One multi-path update (compactUpdates) per run, with icsBuildTime = now on each calendar it
 *   touched; nothing is written when nothing changed.
 * - The legacy events lists' own configs (calendarId `events-resort` / `events-local`) import
 *   into that list instead (planLegacyImport): keyed by start in ms, no contexts, no icsBuildTime.
 */

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The import sources of a calendar's config that have something to import. */
export function importSourcesOf(config: unknown): ImportSource[] {
  if (!isObject(config)) return [];
  const entries = Array.isArray(config.import)
    ? config.import.map((entry, index) => [String(index), entry] as const)
    : isObject(config.import)
      ? Object.entries(config.import)
      : [];
  const sources: ImportSource[] = [];
  for (const [key, entry] of entries) {
    if (!isObject(entry)) continue;
    const type = IMPORT_TYPES.find((candidate) => candidate === entry.type) ?? 'none';
    const calendarId = text(entry.calendarId).trim();
    if (type === 'none' || calendarId === '') continue;
    const ignored = Array.isArray(entry.ignored) ? entry.ignored : isObject(entry.ignored) ? Object.values(entry.ignored) : [];
    sources.push({
      key,
      title: text(entry.title),
      type,
      calendarId,
      defaultLocation: text(entry.defaultLocation),
      audience: text(entry.audience),
      eventContext: text(entry.eventContext),
      ignored: ignored.filter((id): id is string => typeof id === 'string'),
    });
  }
  return sources;
}

/**
 * The event key an imported event is stored under: the same for the same calendar, source and
 * id on every run (two calendars importing one feed each have their own events).
 */
export function importedEventId(calendarId: string, sourceCalendarId: string, importedId: string): string {
  const hash = createHash('sha256').update(`${calendarId}\u0000${sourceCalendarId}\u0000${importedId}`).digest('base64url');
  return `imp-${hash.slice(0, 24)}`;
}

const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** The imported (locked) fields of an event. */
export function importedFields(event: ImportedEvent): Record<(typeof IMPORT_LOCKED_FIELDS)[number], DbValue> {
  return {
    title: event.title,
    description: orNull(event.description),
    htmlDescription: orNull(event.description),
    startDate: event.startDate,
    endDate: event.endDate,
    endDateDuration: event.endDate - event.startDate,
    allDay: event.allDay,
    location: orNull(event.location),
    address: orNull(event.address),
    city: orNull(event.city),
    latitude: orNull(event.latitude),
    longitude: orNull(event.longitude),
  };
}

export interface ApplyImportInput {
  community: string;
  /** The calendar whose config holds the source; its events are written there. */
  calendarId: string;
  source: ImportSource;
  fetched: FetchedEvents;
  now: number;
}

const same = (a: DbValue | undefined, b: DbValue) => (a === undefined ? null : a) === b;

/**
 * The feed's events, each id once, without those on the ignored list (counted in
 * `result.ignored`); `given` collects every id the feed holds.
 */
function* wantedEvents(fetched: FetchedEvents, ignored: ReadonlySet<string>, given: Set<string>, result: { ignored: number }) {
  for (const event of fetched.events) {
    if (given.has(event.id)) continue;
    given.add(event.id);
    if (ignored.has(event.id)) {
      result.ignored += 1;
      continue;
    }
    yield event;
  }
}

/** The writes of one run of one source. Writes nothing. */
export async function planImport(deps: EventDeps, input: ApplyImportInput): Promise<ApplyImportResult> {
  const { community, calendarId, source, fetched, now } = input;
  if (isLegacySection(calendarId)) return planLegacyImport(deps, { ...input, section: calendarId });
  // This import's events: those of this calendar from this source, and those staff moved to or
  // shared with other calendars (found by their key, which names this calendar).
  const configs = (await deps.db.ref(deps.paths.calendarConfigs(community)).get()).val();
  const known = isObject(configs) ? Object.keys(configs) : [];
  const existing = new Map<string, { eventId: string; event: EventRecord }>();
  for (const calendar of [calendarId, ...known.filter((other) => other !== calendarId)]) {
    const found = (
      await deps.db.ref(deps.paths.calendarEvents(community, calendar)).orderByChild('calendarId').equalTo(source.calendarId).get()
    ).val();
    if (!isObject(found)) continue;
    for (const [eventId, event] of Object.entries(found)) {
      if (!isObject(event) || typeof event.id !== 'string' || existing.has(event.id)) continue;
      if (calendar !== calendarId && eventId !== importedEventId(calendarId, source.calendarId, event.id)) continue;
      existing.set(event.id, { eventId, event: event as EventRecord });
    }
  }

  const ignored = new Set(source.ignored);
  const updates: Updates = {};
  const touched = new Set<string>();
  const result = { created: 0, updated: 0, unchanged: 0, removed: 0, ignored: 0, held: 0, restored: 0 };
  const given = new Set<string>();
  const state = await loadRemovalState(deps, { community, calendarId, source });
  const keyOf = (importedId: string) => importedEventId(calendarId, source.calendarId, importedId);
  const used = new Set<string>();

  for (const event of wantedEvents(fetched, ignored, given, result)) {
    const fields = importedFields(event);
    const stored = existing.get(event.id);
    if (!stored) {
      const eventId = keyOf(event.id);
      const kept = state.kept.get(eventId);
      const record: Record<string, DbValue> = {
        ...newImportedRecord(event, source),
        ...kept?.fields,
        contexts: [formatEventContext(community, calendarId)],
      };
      if (kept) {
        used.add(eventId);
        result.restored += 1;
      }
      updates[deps.paths.calendarEvent(community, calendarId, eventId)] = record;
      touched.add(calendarId);
      result.created += 1;
      continue;
    }
    const changed = Object.entries(fields).filter(([field, value]) => !same(stored.event[field], value));
    if (changed.length === 0) {
      result.unchanged += 1;
      continue;
    }
    const calendars = calendarsOf(stored.event, community).filter((calendar) => known.includes(calendar));
    if (calendars.length === 0) calendars.push(calendarId);
    for (const calendar of calendars) {
      for (const [field, value] of changed) updates[`${deps.paths.calendarEvent(community, calendar, stored.eventId)}/${field}`] = value;
      touched.add(calendar);
    }
    result.updated += 1;
  }

  // Events the feed no longer gives (or says are cancelled, or staff ignore) that have not ended.
  const cancelled = new Set(fetched.cancelled);
  const candidates = new Map<string, { importedId: string; eventId: string; event: EventRecord }>();
  let base = 0;
  for (const [importedId, { eventId, event }] of existing) {
    const endDate = typeof event.endDate === 'number' ? event.endDate : 0;
    if (endDate > 0 && endDate <= now) continue;
    base += 1;
    if (given.has(importedId) && !ignored.has(importedId)) continue;
    candidates.set(eventId, { importedId, eventId, event });
  }
  const explicit = new Set(
    [...candidates.values()].filter((c) => cancelled.has(c.importedId) || ignored.has(c.importedId)).map((c) => c.eventId),
  );
  const decided = decideRemovals([...candidates.keys()], explicit, base, state.pending);
  const gone = new Map<string, EventRecord>();
  for (const eventId of decided.remove) {
    const { importedId, event } = candidates.get(eventId)!;
    gone.set(eventId, event);
    // Staff's edits outlive the event (not those of an event staff chose to ignore).
    if (ignored.has(importedId)) continue;
    const fresh = newImportedRecord(importedEventOf(event, importedId), source);
    Object.assign(
      updates,
      keepEditsUpdate(deps, {
        community,
        calendarId,
        state,
        key: keyOf(importedId),
        edits: staffEditsOf(event, fresh),
        endDate: typeof event.endDate === 'number' ? event.endDate : now,
      }),
    );
  }
  if (gone.size > 0) {
    const removal = await eventsRemovalUpdates(deps, community, gone, calendarId);
    Object.assign(updates, removal.updates);
    for (const calendar of removal.touched) touched.add(calendar);
    result.removed = gone.size;
  }
  result.held = decided.hold.size;
  Object.assign(updates, removalStateUpdates(deps, { community, calendarId, state, hold: decided.hold, now, used }));

  if (Object.keys(updates).length > 0)
    Object.assign(
      updates,
      icsUpdates(
        deps,
        community,
        [...touched].filter((calendar) => known.includes(calendar)),
        now,
      ),
    );
  return { ...counts(result), updates: compactUpdates(updates) };
}

/** The counts of a run as reported: `held` and `restored` only when there are any. */
function counts(result: Omit<ApplyImportResult, 'updates' | 'held' | 'restored'> & { held: number; restored: number }) {
  const { held, restored, ...rest } = result;
  return { ...rest, ...(held > 0 ? { held } : {}), ...(restored > 0 ? { restored } : {}) };
}

/** A stored imported event as the import gives it (what staff's edits are compared with). */
function importedEventOf(event: EventRecord, importedId: string): ImportedEvent {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const time = (value: unknown) => (typeof value === 'number' ? value : 0);
  return {
    id: importedId,
    title: text(event.title),
    description: text(event.description),
    location: text(event.location),
    address: text(event.address),
    city: text(event.city),
    latitude: text(event.latitude),
    longitude: text(event.longitude),
    startDate: time(event.startDate),
    endDate: time(event.endDate),
    allDay: event.allDay === true,
  };
}

/** The record of a newly imported event (contexts are added for calendars only). */
function newImportedRecord(event: ImportedEvent, source: ImportSource): Record<string, DbValue> {
  const type = source.eventContext === 'resort' || source.eventContext === 'local' ? source.eventContext : 'local';
  return {
    ...Object.fromEntries(Object.entries(importedFields(event)).filter(([, value]) => value !== null)),
    audience: source.audience.toLowerCase() || 'family',
    type,
    endDateHide: false,
    cost: false,
    rsvpRequest: false,
    resortLocationId: source.defaultLocation,
    calendarId: source.calendarId,
    id: event.id,
  };
}

/**
 * One run of a source of a legacy events list's config (spec 02 "Legacy events list", spec 03
 * "Calendar event (public calendar)": key is the start time in ms): the events go into
 * `{community}/{events-resort|events-local}`, found again by their `calendarId` (the source) and
 * `id`, with the same imported fields and rules as a calendar's import, but no `contexts` (a
 * legacy event is in no calendar) and no icsBuildTime (the section is no calendar).
 *
 * Keys: an event keeps its key while its start stays; a new event, or one whose start changed
 * (moved, as the legacy editor moves it), takes the key `String(start)`. The legacy editor
 * refuses a taken key ('taken'); an import cannot ask anyone, so when that millisecond is taken
 * (by another event of the list, or by an earlier event of this run with the same start) it takes
 * the next free millisecond after it (start + 1, start + 2, …). Keys freed in this run (events
 * removed, or moved away) are free to take. New and moved events are placed in order of start,
 * then id, so a run places them the same way every time.
 */
async function planLegacyImport(deps: EventDeps, input: ApplyImportInput & { section: LegacySection }): Promise<ApplyImportResult> {
  const { community, section, source, fetched, now } = input;
  const found = (
    await deps.db.ref(deps.paths.legacyEvents(community, section)).orderByChild('calendarId').equalTo(source.calendarId).get()
  ).val();
  const existing = new Map<string, { eventKey: string; event: EventRecord }>();
  if (isObject(found))
    for (const [eventKey, event] of Object.entries(found)) {
      if (!isObject(event) || typeof event.id !== 'string' || existing.has(event.id)) continue;
      existing.set(event.id, { eventKey, event: event as EventRecord });
    }

  const ignored = new Set(source.ignored);
  const updates: Updates = {};
  const result = { created: 0, updated: 0, unchanged: 0, removed: 0, ignored: 0, held: 0, restored: 0 };
  const given = new Set<string>();
  /** Keys written (true) or emptied (false) by this run. */
  const claimed = new Map<string, boolean>();
  const toPlace: Array<{ event: ImportedEvent; record: Record<string, DbValue> }> = [];
  const state = await loadRemovalState(deps, { community, calendarId: section, source });
  const keyOf = (importedId: string) => importedEventId(section, source.calendarId, importedId);
  const used = new Set<string>();

  for (const event of wantedEvents(fetched, ignored, given, result)) {
    const fields = importedFields(event);
    const stored = existing.get(event.id);
    if (!stored) {
      const kept = state.kept.get(keyOf(event.id));
      if (kept) {
        used.add(keyOf(event.id));
        result.restored += 1;
      }
      toPlace.push({ event, record: { ...newImportedRecord(event, source), ...kept?.fields } });
      result.created += 1;
      continue;
    }
    const changed = Object.entries(fields).filter(([field, value]) => !same(stored.event[field], value));
    if (changed.length === 0) {
      claimed.set(stored.eventKey, true);
      result.unchanged += 1;
      continue;
    }
    result.updated += 1;
    if (same(stored.event.startDate, fields.startDate)) {
      claimed.set(stored.eventKey, true);
      for (const [field, value] of changed) updates[`${deps.paths.legacyEvent(community, section, stored.eventKey)}/${field}`] = value;
      continue;
    }
    // A new start moves the whole event (staff's fields too) to the key of its new start.
    const record: Record<string, DbValue> = { ...(stored.event as Record<string, DbValue>) };
    for (const [field, value] of changed) {
      if (value === null) delete record[field];
      else record[field] = value;
    }
    updates[deps.paths.legacyEvent(community, section, stored.eventKey)] = null;
    if (!claimed.has(stored.eventKey)) claimed.set(stored.eventKey, false);
    toPlace.push({ event, record });
  }

  const cancelled = new Set(fetched.cancelled);
  const candidates = new Map<string, { importedId: string; eventKey: string; event: EventRecord }>();
  let base = 0;
  for (const [importedId, { eventKey, event }] of existing) {
    const endDate = typeof event.endDate === 'number' ? event.endDate : 0;
    if (endDate > 0 && endDate <= now) continue;
    base += 1;
    if (given.has(importedId) && !ignored.has(importedId)) continue;
    candidates.set(keyOf(importedId), { importedId, eventKey, event });
  }
  const explicit = new Set([...candidates].filter(([, c]) => cancelled.has(c.importedId) || ignored.has(c.importedId)).map(([key]) => key));
  const decided = decideRemovals([...candidates.keys()], explicit, base, state.pending);
  for (const key of decided.remove) {
    const { importedId, eventKey, event } = candidates.get(key)!;
    updates[deps.paths.legacyEvent(community, section, eventKey)] = null;
    if (!claimed.has(eventKey)) claimed.set(eventKey, false);
    result.removed += 1;
    if (ignored.has(importedId)) continue;
    const edits = staffEditsOf(event, newImportedRecord(importedEventOf(event, importedId), source));
    const endDate = typeof event.endDate === 'number' ? event.endDate : now;
    Object.assign(updates, keepEditsUpdate(deps, { community, calendarId: section, state, key, edits, endDate }));
  }
  result.held = decided.hold.size;
  Object.assign(updates, removalStateUpdates(deps, { community, calendarId: section, state, hold: decided.hold, now, used }));

  const taken = async (eventKey: string) => {
    const mine = claimed.get(eventKey);
    if (mine !== undefined) return mine;
    return (await deps.db.ref(deps.paths.legacyEvent(community, section, eventKey)).get()).exists();
  };
  toPlace.sort((a, b) => a.event.startDate - b.event.startDate || (a.event.id < b.event.id ? -1 : a.event.id > b.event.id ? 1 : 0));
  for (const { event, record } of toPlace) {
    let start = event.startDate;
    while (await taken(String(start))) start += 1;
    const eventKey = String(start);
    claimed.set(eventKey, true);
    updates[deps.paths.legacyEvent(community, section, eventKey)] = record;
  }
  return { ...counts(result), updates: compactUpdates(updates) };
}

/** Plans and writes one run of one source. */
export async function applyImport(deps: EventDeps, input: ApplyImportInput): Promise<Omit<ApplyImportResult, 'updates'>> {
  const { updates, ...result } = await planImport(deps, input);
  if (Object.keys(updates).length > 0) {
    await deps.db.ref().update(updates);
    await requestFeedBuilds(deps, updates);
  }
  return result;
}
