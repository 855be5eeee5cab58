import type { DbValue } from '@server/db/types';
import { isValidKey } from '@server/paths';
import { EVENT_TEXTS, type EventFormOutput } from '~/schemas/event';
import { standardRsvpForm as defaultRsvpForm } from '~/schemas/listing/custom-form';
import { isArchived, isObject, type EventDeps, type Updates } from './records';

/**
 * The event rules that need the database (spec 02 §5 beyond what the form schema checks alone,
 * §7 reads of the editor, §9 the standard RSVP form), and the pending Google imports of the
 * google-events-import context (spec 02 §4 imported events: Create Event / Deny Event).
 */

export interface Choice {
  id: string;
  title: string;
}

export interface EventFormOptions {
  /** The calendar's audiences (titles; the form posts them and the event stores them in lower case). */
  audiences: string[];
  /** The community's locations (spec 02 §7 "the location's locations list"). */
  locations: Choice[];
  /** The community's calendars, for Associated Calendars. */
  calendars: Choice[];
  /** RSVP forms (custom-forms of type rsvp) and the key of the standard one, if any. */
  rsvpForms: Choice[];
  standardRsvpForm: string | null;
  hunts: Choice[];
  /** The community's time zone (spec 02 §9 default America/New_York). */
  timeZone: string;
}

const titleOf = (value: unknown, fallback: string): string =>
  isObject(value) && typeof value.title === 'string' && value.title.trim() !== '' ? value.title : fallback;

function choices(value: unknown, keep: (entry: Record<string, unknown>) => boolean = () => true): Choice[] {
  if (!isObject(value)) return [];
  return Object.entries(value)
    .filter((pair): pair is [string, Record<string, unknown>] => isValidKey(pair[0]) && isObject(pair[1]) && keep(pair[1]))
    .map(([id, entry]) => ({
      id,
      title: titleOf(entry, id),
      ordinal: typeof entry.ordinal === 'number' ? entry.ordinal : Number.MAX_SAFE_INTEGER,
    }))
    .sort((a, b) => a.ordinal - b.ordinal || a.title.localeCompare(b.title))
    .map(({ id, title }) => ({ id, title }));
}

/** What the event editor offers: one read per list. */
export async function loadEventFormOptions(deps: EventDeps, community: string, calendarId: string): Promise<EventFormOptions> {
  const { db, paths } = deps;
  const [config, configs, locations, forms, hunts, record] = await Promise.all([
    db.ref(paths.calendarConfig(community, calendarId)).get(),
    db.ref(paths.calendarConfigs(community)).get(),
    db.ref(paths.locations(community)).get(),
    db.ref(paths.customForms(community)).orderByChild('type').equalTo('rsvp').get(),
    db.ref(paths.hunts(community)).get(),
    db.ref(paths.community(community)).get(),
  ]);
  const calendar = config.val();
  const audiences =
    isObject(calendar) && Array.isArray(calendar.audiences)
      ? calendar.audiences.filter((title): title is string => typeof title === 'string')
      : [];
  const rsvp = forms.val();
  const standard = isObject(rsvp) ? (Object.entries(rsvp).find(([, form]) => isObject(form) && form.standard === true)?.[0] ?? null) : null;
  const communityRecord = record.val();
  return {
    audiences,
    locations: choices(locations.val()),
    calendars: choices(configs.val()),
    rsvpForms: choices(rsvp),
    standardRsvpForm: standard,
    hunts: choices(hunts.val()),
    timeZone:
      isObject(communityRecord) && typeof communityRecord.timeZone === 'string' && communityRecord.timeZone !== ''
        ? communityRecord.timeZone
        : 'America/New_York',
  };
}

/** The calendar's audiences as the schema's `audiences` option takes them (lower case, spec 02 §3). */
export const audienceValues = (options: Pick<EventFormOptions, 'audiences'>): string[] =>
  options.audiences.map((title) => title.toLowerCase());

/**
 * Field errors of a parsed form against the community's lists (a location, RSVP form or hunt
 * that is not one of its own; spec 02 §5 "location selector valid"), for
 * `submission.reply({ fieldErrors })`. Empty when all is well.
 */
export function eventReferenceErrors(value: EventFormOutput, options: EventFormOptions): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (value.resortLocationId !== '' && !options.locations.some((location) => location.id === value.resortLocationId))
    errors.resortLocationId = [EVENT_TEXTS.locationRequired];
  if (value.rsvpFormKey !== '' && !options.rsvpForms.some((form) => form.id === value.rsvpFormKey))
    errors.rsvpFormKey = ['Choose one of the RSVP forms.'];
  if (value.huntKey !== '' && !options.hunts.some((hunt) => hunt.id === value.huntKey)) errors.huntKey = ['Choose one of the hunts.'];
  return errors;
}

/** Spec 02 §9 "Default RSVP standard form" (app/schemas/listing/custom-form.ts, which the forms editor offers too). */
export const STANDARD_RSVP_FORM = defaultRsvpForm() as Record<string, DbValue>;

/**
 * RSVP without a form (spec 02 §7 "Write custom-forms/{key} with a standard RSVP form when
 * RSVP is on without a form"): the standard form's key, and the write creating it when the
 * community has none. Pass `updates` as the save's `extra` and the key as the event's rsvpFormKey.
 */
export function standardRsvpForm(
  deps: EventDeps,
  community: string,
  options: Pick<EventFormOptions, 'standardRsvpForm'>,
): { key: string; updates: Updates } {
  if (options.standardRsvpForm) return { key: options.standardRsvpForm, updates: {} };
  const key = deps.db.ref(deps.paths.customForms(community)).push().key!;
  return { key, updates: { [deps.paths.customForm(community, key)]: STANDARD_RSVP_FORM } };
}

/** Spec 02 §4: rows whose end has passed are styled as passed, except in the archive. */
export const isPassed = (event: Record<string, unknown>, now: number, view: 'active' | 'archive'): boolean =>
  view !== 'archive' && isArchived(event, now);

// ─── Pending Google imports (the google-events-import context) ───────────────────────────────

export async function readGoogleImport(deps: EventDeps, community: string, importId: string): Promise<Record<string, DbValue> | null> {
  const value = (await deps.db.ref(deps.paths.googleEventImport(community, importId)).get()).val();
  return isObject(value) ? (value as Record<string, DbValue>) : null;
}

/** Create Event: the import record's removal, to pass as the event save's `extra` (the save writes both at once). */
export const googleImportAccepted = (deps: EventDeps, community: string, importId: string): Updates => ({
  [deps.paths.googleEventImport(community, importId)]: null,
});

/** Deny Event: recorded as denied by its id (google-events-denied/{importId} with `id`), the pending record removed. One update. */
export async function denyGoogleImport(deps: EventDeps, community: string, importId: string, now: number): Promise<boolean> {
  const pending = await readGoogleImport(deps, community, importId);
  if (!pending) return false;
  await deps.db.ref().update({
    [deps.paths.googleEventDenied(community, importId)]: {
      id: typeof pending.id === 'string' ? pending.id : importId,
      ...(typeof pending.calendarId === 'string' ? { calendarId: pending.calendarId } : {}),
      title: typeof pending.title === 'string' ? pending.title : '',
      deniedTime: now,
    },
    [deps.paths.googleEventImport(community, importId)]: null,
  });
  return true;
}
