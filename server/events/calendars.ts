import type { DbValue } from '@server/db/types';
import { unchanged, versionOf } from '@server/db/version';
import { calendarIdFromTitle, LEGACY_EVENT_SECTIONS, PathKeyError } from '@server/paths';
import {
  CALENDAR_TEXTS,
  NEW_CALENDAR,
  type CalendarConfigFormOutput,
  type CalendarImportFormValue,
  type ImportRemoval,
} from '~/schemas/calendar-config';
import { eventsRemovalUpdates } from './delete';
import { requestFeedBuilds } from './feed/requests';
import { importStatusKey } from './import/status';
import { isLegacySection } from './legacy';
import {
  calendarsOf,
  compactUpdates,
  contextsOf,
  foreignContexts,
  icsUpdates,
  isObject,
  type EventDeps,
  type EventRecord,
  type Updates,
} from './records';

/**
 * Calendars (spec 02 "Calendars", "Calendar config editor", §3 calendar config, §4 calendar
 * import removal, §5 calendar rules, §7 calendar config calls, §8, §9):
 *
 * - create: 'Calendar title is required.'; a title another calendar has (case and spaces
 *   aside) is refused; the id from the title (spec 02 §5), with the time appended when taken; priorNotificationTime 15, allowUserCreated false, header delay 5;
 * - delete: the config, the calendar's events and recurrence records, its printout template,
 *   and the calendar's place in the contexts of events (and sections of recurrences) it shared
 *   with other calendars, in ONE multi-path update;
 * - the config editor's save: its fields merged over the stored config in a transaction that
 *   re-checks the version the form showed; a removed import asks 'Remove Calendar Import'
 *   (Stop Syncing, or Stop and Delete All Events: the events imported from that source are
 *   deleted everywhere, in the same update).
 */

/** The config fields the editor shows and writes (the version covers these only). */
export const CONFIG_FIELDS = [
  'title',
  'priorNotificationTime',
  'audiences',
  'allowUserCreated',
  'userCreatedRequiresApproval',
  'userCreatedEmails',
  'import',
] as const;

/** Audiences of a new calendar when the community has no audience list (spec 02 §9 default audience family). */
export const DEFAULT_AUDIENCES = ['Family'];

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : isObject(value) ? Object.values(value) : []);
const strings = (value: unknown): string[] => list(value).filter((entry): entry is string => typeof entry === 'string');

/** A new calendar config (spec 02 §9): the community's audiences (else the default family), no user-created events. */
export async function newCalendarRecord(deps: EventDeps, community: string, title: string): Promise<Record<string, DbValue>> {
  const communityAudiences = strings((await deps.db.ref(deps.paths.audience(community)).get()).val())
    .map((audience) => audience.trim())
    .filter((audience) => audience !== '');
  return {
    title,
    allowUserCreated: NEW_CALENDAR.allowUserCreated,
    priorNotificationTime: NEW_CALENDAR.priorNotificationTime,
    userCreatedRequiresApproval: false,
    audiences: communityAudiences.length > 0 ? communityAudiences : DEFAULT_AUDIENCES,
    'header-info': { delaySeconds: NEW_CALENDAR.headerDelaySeconds, hideTitle: false },
  };
}

/**
 * A legacy events list's own events config (`amc-events/config/{events-resort|events-local}`,
 * edited through the list's config.events action): the stored one, else a new config of that
 * title, written only when absent (one transaction), so the config editor's save finds it.
 */
export async function ensureListEventsConfig(
  deps: EventDeps,
  input: { community: string; section: string; title: string },
): Promise<Record<string, unknown>> {
  const record = await newCalendarRecord(deps, input.community, input.title);
  const result = await deps.db.ref(deps.paths.calendarConfig(input.community, input.section)).transaction((current) => {
    if (current !== null && current !== undefined) return unchanged(current);
    return record;
  });
  const value = result.snapshot.val();
  return isObject(value) ? value : record;
}

export type CreateCalendarResult = { ok: true; calendarId: string } | { ok: false; message: string };

/** A title as calendars are told apart: trimmed, spaces collapsed, case ignored ("Kids  club" is "Kids Club"). */
export const calendarTitleKey = (title: string): string => title.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US');

/**
 * The calendar of the community (Manage Calendars' list) that already has this title, other
 * than `except`; null when the title is free. Two calendars of one title could not be told
 * apart anywhere (Manage Calendars, the menu item's calendar choice, the event's Associated
 * Calendars), so a title is refused when taken.
 */
export async function calendarWithTitle(
  deps: EventDeps,
  community: string,
  title: string,
  except: string | null = null,
): Promise<{ calendarId: string; title: string } | null> {
  const key = calendarTitleKey(title);
  return (await listCalendars(deps, community)).find((row) => row.calendarId !== except && calendarTitleKey(row.title) === key) ?? null;
}

/** Manage Calendars' create (one transaction on the new config node). */
export async function createCalendar(
  deps: EventDeps,
  input: { community: string; title: string; now: number },
): Promise<CreateCalendarResult> {
  const title = input.title.trim();
  let base: string;
  try {
    base = calendarIdFromTitle(title);
  } catch (error) {
    if (error instanceof PathKeyError) return { ok: false, message: CALENDAR_TEXTS.titleRequired };
    throw error;
  }
  if (await calendarWithTitle(deps, input.community, title)) return { ok: false, message: CALENDAR_TEXTS.titleTaken };
  const record = await newCalendarRecord(deps, input.community, title);
  // The legacy events lists' own configs keep their names (events-resort, events-local).
  const reserved = (LEGACY_EVENT_SECTIONS as readonly string[]).includes(base);
  for (const calendarId of reserved ? [`${base}-${input.now}`] : [base, `${base}-${input.now}`]) {
    const result = await deps.db.ref(deps.paths.calendarConfig(input.community, calendarId)).transaction((current) => {
      if (current !== null && current !== undefined) return unchanged(current);
      return record;
    });
    const value = result.snapshot.val();
    // The same title created a moment ago by someone else is taken too.
    if (
      !result.committed &&
      isObject(value) &&
      typeof value.title === 'string' &&
      calendarTitleKey(value.title) === calendarTitleKey(title)
    )
      return { ok: false, message: CALENDAR_TEXTS.titleTaken };
    if (result.committed && isObject(result.snapshot.val()) && result.snapshot.val().title === title) {
      // Committed as ours (a null proposal on an empty node does not count).
      return { ok: true, calendarId };
    }
  }
  return { ok: false, message: 'A calendar with this title was just created. Please try again.' };
}

/** The calendars of a community for Manage Calendars, ordered by title. */
export async function listCalendars(deps: EventDeps, community: string): Promise<Array<{ calendarId: string; title: string }>> {
  const snapshot = await deps.db.ref(deps.paths.calendarConfigs(community)).orderByChild('title').get();
  const calendars: Array<{ calendarId: string; title: string }> = [];
  snapshot.forEach((child) => {
    const value = child.val();
    // A legacy events list's own events config is no calendar of Manage Calendars.
    if (child.key && isObject(value) && !(LEGACY_EVENT_SECTIONS as readonly string[]).includes(child.key))
      calendars.push({ calendarId: child.key, title: typeof value.title === 'string' ? value.title : child.key });
  });
  return calendars;
}

export type DeleteCalendarResult = { ok: true; events: number; updates: Updates } | { ok: false; reason: 'gone' };

/** The one update deleting a calendar and all its events ('Are you certain you want to delete this calendar and all its events?'). */
export async function planCalendarDelete(
  deps: EventDeps,
  input: { community: string; calendarId: string; now: number },
): Promise<DeleteCalendarResult> {
  const { community, calendarId, now } = input;
  const config = (await deps.db.ref(deps.paths.calendarConfig(community, calendarId)).get()).val();
  if (!isObject(config)) return { ok: false, reason: 'gone' };
  const calendar = (await deps.db.ref(deps.paths.calendar(community, calendarId)).get()).val();
  const events = isObject(calendar) && isObject(calendar.events) ? (calendar.events as Record<string, unknown>) : {};
  const recurrences = isObject(calendar) && isObject(calendar.recurrenceInfo) ? (calendar.recurrenceInfo as Record<string, unknown>) : {};
  const updates: Updates = {
    [deps.paths.calendarConfig(community, calendarId)]: null,
    [deps.paths.calendar(community, calendarId)]: null,
    [deps.paths.eventPrintout(community, calendarId)]: null,
  };
  const touched = new Set<string>();
  // Events shared with other calendars stay there, without this calendar in their contexts.
  const removed = new Map<string, EventRecord>();
  for (const [eventId, event] of Object.entries(events)) {
    if (!isObject(event)) continue;
    removed.set(eventId, event as EventRecord);
    const others = calendarsOf(event, community).filter((other) => other !== calendarId);
    for (const other of others) {
      updates[`${deps.paths.calendarEvent(community, other, eventId)}/contexts`] = contextsOf(
        community,
        others,
        foreignContexts(event as EventRecord, community),
      );
      touched.add(other);
    }
  }
  // Recurrences shared with other calendars: their copies lose this section and the dates that lived only here.
  for (const [recurrenceId, record] of Object.entries(recurrences)) {
    if (!isObject(record)) continue;
    const sections = calendarsOf(record, community, 'sections').filter((section) => section !== calendarId);
    const onlyHere = Object.keys(isObject(record.eventKeys) ? record.eventKeys : {}).filter((eventId) => {
      const event = events[eventId];
      // Events of this calendar kept nowhere else; an occurrence that lives only in another calendar stays listed.
      return isObject(event) && calendarsOf(event, community).every((other) => other === calendarId);
    });
    const left = Object.keys(isObject(record.eventKeys) ? record.eventKeys : {}).filter((eventId) => !onlyHere.includes(eventId));
    for (const section of sections) {
      const base = deps.paths.calendarRecurrence(community, section, recurrenceId);
      touched.add(section);
      if (left.length === 0) {
        updates[base] = null;
        continue;
      }
      updates[`${base}/sections`] = contextsOf(community, sections);
      for (const eventId of onlyHere) {
        updates[`${base}/eventKeys/${eventId}`] = null;
        updates[`${base}/editedEvents/${eventId}`] = null;
      }
    }
  }
  const existing = (await deps.db.ref(deps.paths.calendarConfigs(community)).get()).val();
  const known = isObject(existing) ? Object.keys(existing) : [];
  Object.assign(
    updates,
    icsUpdates(
      deps,
      community,
      [...touched].filter((other) => known.includes(other) && other !== calendarId),
      now,
    ),
  );
  return { ok: true, events: removed.size, updates: compactUpdates(updates) };
}

export async function deleteCalendar(
  deps: EventDeps,
  input: { community: string; calendarId: string; now: number },
): Promise<DeleteCalendarResult> {
  const planned = await planCalendarDelete(deps, input);
  if (planned.ok) {
    await deps.db.ref().update(planned.updates);
    await requestFeedBuilds(deps, planned.updates);
  }
  return planned;
}

// ─── The config editor ───────────────────────────────────────────────────────────────────────

export interface StoredImport extends CalendarImportFormValue {
  /** Imported event ids the source skips (Delete Forever). */
  ignored: string[];
}

function importsOf(config: Record<string, unknown>): StoredImport[] {
  return list(config.import)
    .filter(isObject)
    .map((entry) => ({
      title: typeof entry.title === 'string' ? entry.title : '',
      type: (['none', 'google', 'iCal', 'tribe'] as const).find((type) => type === entry.type) ?? 'none',
      calendarId: typeof entry.calendarId === 'string' ? entry.calendarId : '',
      defaultLocation: typeof entry.defaultLocation === 'string' ? entry.defaultLocation : '',
      audience: typeof entry.audience === 'string' ? entry.audience : '',
      eventContext: typeof entry.eventContext === 'string' ? entry.eventContext : '',
      ignored: strings(entry.ignored),
    }));
}

/** The editor's form value of a stored config (everything the version covers). */
export function calendarConfigFormValue(config: Record<string, unknown>): Omit<CalendarConfigFormOutput, 'version'> {
  const prior = config.priorNotificationTime;
  return {
    title: typeof config.title === 'string' ? config.title : '',
    priorNotificationTime: typeof prior === 'number' && Number.isFinite(prior) ? prior : NEW_CALENDAR.priorNotificationTime,
    audiences: strings(config.audiences),
    allowUserCreated: config.allowUserCreated === true,
    userCreatedRequiresApproval: config.userCreatedRequiresApproval === true,
    userCreatedEmails: strings(config.userCreatedEmails),
    imports: importsOf(config).map(({ ignored: _ignored, ...entry }) => entry),
  };
}

/** The version the config editor carries: its form value's (icsBuildTime, header, printout and remote key changes do not count). */
export const calendarConfigVersion = (config: Record<string, unknown>): string => versionOf(calendarConfigFormValue(config));

export interface SaveCalendarConfigInput {
  community: string;
  calendarId: string;
  /** The version the form showed; null skips the check. */
  version: string | null;
  value: Omit<CalendarConfigFormOutput, 'version'>;
  /** The answer to 'Remove Calendar Import' when the form drops an import; null before it is asked. */
  importRemoval: ImportRemoval | null;
  now: number;
}

export type SaveCalendarConfigResult =
  | { ok: true; fields: Record<string, DbValue>; updates: Updates; baseVersion: string; deletedEvents: number }
  | { ok: false; reason: 'conflict'; stored: Record<string, unknown>; version: string }
  | { ok: false; reason: 'gone' }
  /** The form drops imports: ask 'Remove Calendar Import' (Cancel / Stop Syncing / Stop and Delete All Events). */
  | { ok: false; reason: 'import-removal'; removed: StoredImport[] };

/** The config's fields from the form, and the events a removed import takes with it. Writes nothing. */
export async function planCalendarConfigSave(deps: EventDeps, input: SaveCalendarConfigInput): Promise<SaveCalendarConfigResult> {
  const { community, calendarId, value, now } = input;
  const stored = (await deps.db.ref(deps.paths.calendarConfig(community, calendarId)).get()).val();
  if (!isObject(stored)) return { ok: false, reason: 'gone' };
  const version = calendarConfigVersion(stored);
  if (input.version !== null && input.version !== version) return { ok: false, reason: 'conflict', stored, version };

  const before = importsOf(stored);
  const kept = new Set(value.imports.map((entry) => entry.calendarId).filter((id) => id !== ''));
  const removed = before.filter((entry) => entry.calendarId !== '' && !kept.has(entry.calendarId));
  if (removed.length > 0 && input.importRemoval === null) return { ok: false, reason: 'import-removal', removed };

  const imports = value.imports.map((entry) => {
    const previous = before.find((old) => old.calendarId !== '' && old.calendarId === entry.calendarId);
    return { ...entry, ...(previous && previous.ignored.length > 0 ? { ignored: previous.ignored } : {}) };
  });
  const fields: Record<string, DbValue> = {
    title: value.title,
    priorNotificationTime: value.priorNotificationTime,
    audiences: value.audiences.length > 0 ? value.audiences : null,
    allowUserCreated: value.allowUserCreated,
    userCreatedRequiresApproval: value.userCreatedRequiresApproval,
    userCreatedEmails: value.userCreatedEmails.length > 0 ? value.userCreatedEmails : null,
    import: imports.length > 0 ? imports : null,
  };

  // The title is a calendar feed's NAME: a new title rebuilds it (an import removal below does too).
  if (!isLegacySection(calendarId) && value.title !== (typeof stored.title === 'string' ? stored.title : '')) fields.icsBuildTime = now;
  let updates: Updates = {};
  let deletedEvents = 0;
  // A removed source's last-run record goes with it (import/status.ts), and so do the edits kept of its removed events.
  const statuses: Updates = Object.fromEntries(
    removed.flatMap((source) => [
      [deps.paths.calendarImportStatus(community, calendarId, importStatusKey(source)), null],
      [deps.paths.calendarImportKeptEdits(community, calendarId, importStatusKey(source)), null],
    ]),
  );
  if (removed.length > 0 && input.importRemoval === 'delete' && isLegacySection(calendarId)) {
    // A legacy events list's config imports into the list (import/apply.ts planLegacyImport):
    // its events go from there, keyed by start; the list is no calendar (no feed build time).
    const keys = new Set<string>();
    for (const source of removed) {
      const found = (
        await deps.db.ref(deps.paths.legacyEvents(community, calendarId)).orderByChild('calendarId').equalTo(source.calendarId).get()
      ).val();
      if (isObject(found)) for (const [eventKey, event] of Object.entries(found)) if (isObject(event)) keys.add(eventKey);
    }
    updates = Object.fromEntries([...keys].map((eventKey) => [deps.paths.legacyEvent(community, calendarId, eventKey), null]));
    deletedEvents = keys.size;
  } else if (removed.length > 0 && input.importRemoval === 'delete') {
    const events = new Map<string, EventRecord>();
    for (const source of removed) {
      const found = (
        await deps.db.ref(deps.paths.calendarEvents(community, calendarId)).orderByChild('calendarId').equalTo(source.calendarId).get()
      ).val();
      if (isObject(found))
        for (const [eventId, event] of Object.entries(found)) if (isObject(event)) events.set(eventId, event as EventRecord);
    }
    const removal = await eventsRemovalUpdates(deps, community, events, calendarId);
    const configs = (await deps.db.ref(deps.paths.calendarConfigs(community)).get()).val();
    const known = isObject(configs) ? Object.keys(configs) : [];
    updates = {
      ...removal.updates,
      ...icsUpdates(
        deps,
        community,
        [...removal.touched].filter((other) => known.includes(other) && other !== calendarId),
        now,
      ),
    };
    fields.icsBuildTime = now;
    deletedEvents = events.size;
  }
  return { ok: true, fields, updates: compactUpdates({ ...updates, ...statuses }), baseVersion: version, deletedEvents };
}

/**
 * Writes a planned config save in ONE guarded multi-path update: the fields written over the
 * config as stored (so a feed rebuild time written meanwhile is kept) and the events of a removed
 * import, only while the config still has the version the plan was made from (a save in between
 * is a conflict and writes nothing; a crash writes all or nothing).
 */
export async function commitCalendarConfigSave(
  deps: EventDeps,
  input: Pick<SaveCalendarConfigInput, 'community' | 'calendarId'>,
  planned: Extract<SaveCalendarConfigResult, { ok: true }>,
): Promise<SaveCalendarConfigResult> {
  const configPath = deps.paths.calendarConfig(input.community, input.calendarId);
  const fields = Object.fromEntries(Object.entries(planned.fields).map(([field, value]) => [`${configPath}/${field}`, value]));
  const result = await deps.db
    .ref()
    .guardedUpdate(configPath, (current) => isObject(current) && calendarConfigVersion(current) === planned.baseVersion, {
      ...planned.updates,
      ...fields,
    });
  if (result.committed) {
    await requestFeedBuilds(deps, { ...planned.updates, ...fields });
    return planned;
  }
  const current: unknown = result.snapshot.val();
  if (!isObject(current)) return { ok: false, reason: 'gone' };
  return { ok: false, reason: 'conflict', stored: current, version: calendarConfigVersion(current) };
}

export async function saveCalendarConfig(deps: EventDeps, input: SaveCalendarConfigInput): Promise<SaveCalendarConfigResult> {
  const planned = await planCalendarConfigSave(deps, input);
  return planned.ok ? commitCalendarConfigSave(deps, input, planned) : planned;
}

/**
 * 'Remove Calendar Import' from its own button (spec 02 §4): the stored config without the
 * import at `index`, saved with the chosen removal.
 */
export async function removeCalendarImport(
  deps: EventDeps,
  input: { community: string; calendarId: string; index: number; removal: ImportRemoval; version: string | null; now: number },
): Promise<SaveCalendarConfigResult> {
  const stored = (await deps.db.ref(deps.paths.calendarConfig(input.community, input.calendarId)).get()).val();
  if (!isObject(stored)) return { ok: false, reason: 'gone' };
  const value = calendarConfigFormValue(stored);
  if (input.index < 0 || input.index >= value.imports.length) return { ok: false, reason: 'gone' };
  return saveCalendarConfig(deps, {
    community: input.community,
    calendarId: input.calendarId,
    version: input.version,
    value: { ...value, imports: value.imports.filter((_, index) => index !== input.index) },
    importRemoval: input.removal,
    now: input.now,
  });
}
