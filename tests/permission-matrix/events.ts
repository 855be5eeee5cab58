import { pickerFields } from '../setup/requests';
import type { Role } from '../setup/services';
import { headerLines } from './business';
import type { MatrixRow, Outcome } from './matrix';

/**
 * The event editor (spec 02 "Event editor"): `/detail/events/:calendarId[/:itemId[/duplicate]]`,
 * `/detail/eventsArchived/:calendarId/:itemId[/duplicate]` and an event's header images, for
 * staff of the session's community. The seeded calendar is A's `activities` (B has none: 404).
 * What the saves write, the recurrence questions and the notification dialogs are proven by
 * app/features/events/editor.server.test.ts.
 *
 * The import context `/detail/events/google-events-import/:importId`: A's seeded pending event
 * `pending-stargazing` is for A's kids-club (B's staff: 404). Create Event and Deny Event go back
 * to that calendar; what they write is proven by app/features/events/pending.server.test.ts.
 */

const LOGIN = 'login';
const REMOTE = 'redirect:/detail/remote';
const TZ = 'America/New_York';
const CALENDAR = '/detail/events/activities';
const EVENT = `${CALENDAR}/ev-pancake-breakfast`;
const RECURRING = `${CALENDAR}/ev-yoga-6`;
const ARCHIVED = '/detail/eventsArchived/activities/ev-ice-cream-social';
const BACK = 'redirect:/amc-calendar/activities/active';

const roles = (outcome: Outcome, overrides: Partial<Record<Role, Outcome>> = {}): Record<Role, Outcome> => ({
  anonymous: LOGIN,
  editorA: outcome,
  adminA: outcome,
  editorB: 404,
  system: outcome,
  super: outcome,
  remote: REMOTE,
  ...overrides,
});

/** A whole hour a week ahead, as the date-time pickers post it. */
const start = Math.ceil((Date.now() + 7 * 864e5) / 36e5) * 36e5;
const when = (name: string, ms: number) => pickerFields(name, ms, TZ);

/** A complete, valid form of the editor. */
const VALID: Record<string, string> = {
  title: 'Pancake Breakfast at the Pavilion',
  audience: 'Family',
  type: 'resort',
  ...when('startDate', start),
  ...when('endDate', start + 2 * 36e5),
  resortLocationId: 'main-pavilion',
  recurrence: 'none',
  calendars: 'activities',
};

/**
 * `savedAs`: the save's own answer when it differs from `saved`. Editing the seeded event moves
 * its time, which removes its scheduled reminder (the seed's): the editor answers 200 with the
 * 'Notifications Removed' dialog, whose OK goes back to the calendar.
 */
const editorLines = (path: string, label: string, saved: Outcome, key?: string, savedAs: Outcome = saved): MatrixRow[] => [
  { request: { path }, expected: roles(200), note: `${label}: the editor` },
  {
    request: { method: 'POST', path, form: { intent: 'save', title: '' } },
    expected: roles(400),
    note: `${label}: the spec's messages and the form-level message, the section with the error open`,
  },
  {
    request: { method: 'POST', path, form: { intent: 'preview', ...VALID } },
    expected: roles(200),
    note: `${label}: Update Preview (no JavaScript) shows the form again, unsaved`,
  },
  {
    request: { method: 'POST', path, form: { intent: 'save', ...VALID, ...(key ? { itemKey: key } : {}) } },
    expected: roles(savedAs),
    note: `${label}: saved, then back to the calendar`,
  },
  {
    request: { method: 'POST', path, form: { intent: 'update-notifications', eventIds: 'ev-pancake-breakfast' } },
    expected: roles(saved),
    note: `${label}: 'Update Notifications' → Yes (the event's scheduled notifications take its title and description)`,
  },
];

const PENDING = '/detail/events/google-events-import/pending-stargazing';
const KIDS_CLUB = 'redirect:/amc-calendar/kids-club/active';
/** The seeded pending event, as its review posts it (kids-club's audiences; the same evening a week ahead). */
const PENDING_FORM: Record<string, string> = { ...VALID, title: 'Family Stargazing by the Lake', calendars: 'kids-club' };

export const EVENT_LINES: MatrixRow[] = [
  { request: { path: PENDING }, expected: roles(200), note: 'import context: the pending event with Existing Events of its day' },
  {
    request: { method: 'POST', path: PENDING, form: { intent: 'create-event', ...PENDING_FORM, title: '' } },
    expected: roles(400),
    note: "Create Event: the spec's messages, the pending event kept",
  },
  {
    request: { method: 'POST', path: PENDING, form: { intent: 'create-event', ...PENDING_FORM } },
    expected: roles(KIDS_CLUB),
    note: 'Create Event: saved to its calendar, the pending record removed',
  },
  {
    request: { method: 'POST', path: PENDING, form: { intent: 'preview', ...PENDING_FORM } },
    expected: roles(200),
    note: 'Update Preview',
  },
  { request: { method: 'POST', path: PENDING, form: { intent: 'deny-event' } }, expected: roles(200), note: 'Deny Event asks first' },
  {
    request: { method: 'POST', path: PENDING, form: { intent: 'deny-event', confirm: 'yes' } },
    expected: roles(KIDS_CLUB),
    note: 'Deny Event confirmed: recorded as denied, the pending record removed',
  },
  { request: { path: '/detail/events/google-events-import/no-such-import' }, expected: roles(404) },
  ...editorLines(CALENDAR, 'add event', BACK, 'matrix-new-event'),
  ...editorLines(EVENT, 'edit event', BACK, undefined, 200),
  ...editorLines(`${EVENT}/duplicate`, 'duplicate event', BACK, 'matrix-event-copy'),
  { request: { path: RECURRING }, expected: roles(200), note: "an occurrence of a recurrence: the 'Edit Recurrence' question" },
  {
    request: { path: `${RECURRING}?scope=recurrence` },
    expected: roles(200),
    note: 'Edit Recurrence: from the earliest future occurrence',
  },
  { request: { path: `${RECURRING}?scope=event` }, expected: roles(200), note: 'Edit Event: this occurrence only' },
  // Archived: read-only (spec 02 §4); nothing is checked, previewed or saved.
  { request: { path: ARCHIVED }, expected: roles(200), note: 'archived event: shown read-only' },
  ...(['save', 'preview'] as const).map((intent): MatrixRow => ({
    request: { method: 'POST', path: ARCHIVED, form: { intent, ...VALID } },
    expected: roles(403),
    note: `archived event ${intent}: read-only unless duplicated`,
  })),
  {
    request: { method: 'POST', path: ARCHIVED, form: { intent: 'update-notifications', eventIds: 'ev-ice-cream-social' } },
    expected: roles('redirect:/amc-calendar/activities/archive'),
  },
  ...editorLines(`${ARCHIVED}/duplicate`, 'duplicate archived event', 'redirect:/amc-calendar/activities/archive', 'matrix-archived-copy'),
  ...headerLines(`${EVENT}/header-images`, (status) => roles(status), { ai: true }),
  { request: { path: `${ARCHIVED}/header-images` }, expected: roles(404), note: 'archived events have no header editor' },
  { request: { path: '/detail/events/no-such-calendar' }, expected: roles(404), note: 'a calendar the community does not have' },
  { request: { path: `${CALENDAR}/no-such-event` }, expected: roles(404) },
  {
    request: { path: '/detail/eventsArchived/activities' },
    expected: roles(404),
    note: 'archived events are never added: the business editor answers 404 for the type',
  },
];
