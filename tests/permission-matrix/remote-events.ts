import { pickerFields } from '../setup/requests';
import type { Role } from '../setup/services';
import type { MatrixRow, Outcome } from './matrix';

/**
 * Remote calendars and events (spec 01 route table: `/amc-calendar/remote/:uuid/`,
 * `/amc-calendar/remote/id/:detailId/`, `/event/remote/:dbContext[/:itemId]`): nobody signs in
 * for a URL grant's link; an e-mail grant needs its signed-in holder. The seeded grant is a URL
 * grant for A's `activities` (firebase/seed/demo-data.json, remoteKey `activities-remote`) with
 * Edit Information; no role holds an e-mail grant for a calendar, so the signed-in addresses are
 * 404 for everyone signed in. A grant reaches no other calendar (404). Activities does not allow
 * user-created events, so its grant adds none (403). What the saves write and the audit are
 * proven by app/features/calendars/remote-calendar.server.test.ts; events waiting for approval
 * by app/features/events/pending.server.test.ts.
 */

const LOGIN = 'login';
const TZ = 'America/New_York';
/** The seeded calendar URL grant's link. */
const LINK = '8d2e4f6a-1c3b-4e5d-9f70-2a4b6c8d0e13';
/** The seeded business URL grant's link: no calendar grant. */
const BUSINESS_LINK = '3f6c1d2a-8b4e-4c7a-9e51-7d2b0a6f4c19';
const SAVED = `redirect:/amc-calendar/remote/${LINK}/?saved=1`;

const ANYONE = (outcome: Outcome): Record<Role, Outcome> => ({
  anonymous: outcome,
  editorA: outcome,
  adminA: outcome,
  editorB: outcome,
  system: outcome,
  super: outcome,
  remote: outcome,
});
/** Signed-in addresses without a calendar e-mail grant for anyone: sign in, then 404. */
const SIGNED_IN_404: Record<Role, Outcome> = { ...ANYONE(404), anonymous: LOGIN };

const start = Math.ceil((Date.now() + 7 * 864e5) / 36e5) * 36e5;
const when = (name: string, ms: number) => pickerFields(name, ms, TZ);
const VALID: Record<string, string> = {
  title: 'Pancake Breakfast at the Pavilion',
  audience: 'Family',
  type: 'resort',
  ...when('startDate', start),
  ...when('endDate', start + 2 * 36e5),
  resortLocationId: 'main-pavilion',
};

const editorLines = (path: string, label: string, key?: string): MatrixRow[] => [
  { request: { path }, expected: ANYONE(200), note: `${label}: the editor in remote mode, no sign-in` },
  { request: { method: 'POST', path, form: { intent: 'save', title: '' } }, expected: ANYONE(400), note: `${label}: the spec's messages` },
  { request: { method: 'POST', path, form: { intent: 'preview', ...VALID } }, expected: ANYONE(200), note: `${label}: Update Preview` },
  {
    request: { method: 'POST', path, form: { intent: 'save', ...VALID, ...(key ? { itemKey: key } : {}), calendars: 'kids-club' } },
    expected: ANYONE(SAVED),
    note: `${label}: 'Save Complete' on the remote calendar; only the grant's fields are written (never the calendars)`,
  },
  {
    request: { method: 'POST', path, form: { intent: 'update-notifications', eventIds: 'ev-pancake-breakfast' } },
    expected: ANYONE(403),
    note: `${label}: remote managers do not update scheduled notifications`,
  },
];

export const REMOTE_EVENT_LINES: MatrixRow[] = [
  { request: { path: `/amc-calendar/remote/${LINK}/` }, expected: ANYONE(200), note: "a calendar URL grant's upcoming events, no sign-in" },
  { request: { path: `/amc-calendar/remote/${LINK}/?page=2` }, expected: ANYONE(200), note: 'the next page' },
  { request: { path: `/amc-calendar/remote/${BUSINESS_LINK}/` }, expected: ANYONE(404), note: 'a business grant opens no calendar' },
  { request: { path: '/amc-calendar/remote/no-such-link/' }, expected: ANYONE(404) },
  { request: { path: '/amc-calendar/remote/id/activities-remote/' }, expected: SIGNED_IN_404, note: "nobody's e-mail grant" },
  {
    request: { path: '/amc-calendar/remote/id/lakeside-grill/' },
    expected: SIGNED_IN_404,
    note: "the remote role's business grant: no calendar",
  },
  // Add Event: the calendar does not allow user-created events (spec 02 §3 allowUserCreated false): refused, nothing shown or saved.
  {
    request: { path: `/event/remote/activities?uuid=${LINK}` },
    expected: ANYONE(403),
    note: 'add event: the calendar takes no user-created events',
  },
  ...(['save', 'preview', 'update-notifications'] as const).map((intent): MatrixRow => ({
    request: { method: 'POST', path: `/event/remote/activities?uuid=${LINK}`, form: { intent, ...VALID, itemKey: 'matrix-remote-event' } },
    expected: ANYONE(403),
    note: `add event ${intent}: refused where the calendar takes no user-created events`,
  })),
  // An event without scheduled notifications: no 'Notifications Removed' dialog after its times change.
  ...editorLines(`/event/remote/activities/ev-sunset-paddle?uuid=${LINK}`, 'edit event'),
  { request: { path: `/event/remote/kids-club/ev-kids-craft?uuid=${LINK}` }, expected: ANYONE(404), note: 'no other calendar' },
  {
    request: { method: 'POST', path: `/event/remote/kids-club/ev-kids-craft?uuid=${LINK}`, form: { intent: 'save', ...VALID } },
    expected: ANYONE(404),
  },
  { request: { path: `/event/remote/activities/no-such-event?uuid=${LINK}` }, expected: ANYONE(404) },
  { request: { path: `/event/remote/activities/ev-pancake-breakfast?uuid=${BUSINESS_LINK}` }, expected: ANYONE(404) },
  { request: { path: '/event/remote/activities/ev-pancake-breakfast' }, expected: SIGNED_IN_404, note: 'signed in: own e-mail grant only' },
  {
    request: { method: 'POST', path: '/event/remote/activities/ev-pancake-breakfast', form: { intent: 'save', ...VALID } },
    expected: SIGNED_IN_404,
  },
];
