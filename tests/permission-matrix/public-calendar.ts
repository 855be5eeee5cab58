import type { Role } from '../setup/services';
import { UNKNOWN_INTENT, type MatrixRow, type Outcome } from './matrix';

/**
 * The public calendar (spec 03 "Public calendar page (/calendar)", no sign-in) and its staff
 * actions. Anyone sees a community's calendars and their events; unknown communities, calendars
 * and events are 404. Deleting an event and the audience list are for staff of that community
 * only: the public gets 403 (no login detour from a public page), staff of another community
 * 403, remote managers their remote home. The seeded events are A's (firebase/seed/demo-data.json).
 */

const REMOTE = 'redirect:/detail/remote';
const ANYONE = (outcome: Outcome): Record<Role, Outcome> => ({
  anonymous: outcome,
  editorA: outcome,
  adminA: outcome,
  editorB: outcome,
  system: outcome,
  super: outcome,
  remote: outcome,
});
/** Staff of A only. */
const STAFF_OF_A = (outcome: Outcome): Record<Role, Outcome> => ({
  anonymous: 403,
  editorA: outcome,
  adminA: outcome,
  editorB: 403,
  system: outcome,
  super: outcome,
  remote: REMOTE,
});

const EVENT = '/calendar/event/demo-campground/activities/ev-pancake-breakfast';
const RECURRING = '/calendar/event/demo-campground/activities/ev-yoga-5';
const AUDIENCES = '/calendar/audiences/demo-campground';

export const PUBLIC_CALENDAR_LINES: MatrixRow[] = [
  { request: { path: '/calendar' }, expected: ANYONE(200), note: "the default calendar (demo-campground's events-resort)" },
  {
    request: { path: '/calendar?clocation=demo-campground&selectedTab=activities&defaultView=dayGridMonth&isTabbed=true' },
    expected: ANYONE(200),
    note: 'a calendar of events as a month, with its tabs',
  },
  {
    request: { path: '/calendar?clocation=demo-campground&selectedTab=activities&colorText=bad&duration=-1' },
    expected: ANYONE(200),
    note: 'bad values: the defaults',
  },
  { request: { path: '/calendar?clocation=no-such-community' }, expected: ANYONE(404), note: "'Calendar not found': no such community" },
  {
    request: { path: '/calendar?clocation=demo-campground&selectedTab=no-such-calendar' },
    expected: ANYONE(404),
    note: 'no such calendar',
  },
  { request: { path: EVENT }, expected: ANYONE(200), note: "an occurrence's own page with its schema.org Event" },
  { request: { path: '/calendar/event/demo-campground/activities/no-such-event' }, expected: ANYONE(404) },
  { request: { path: '/calendar/event/no-such-community/activities/ev-pancake-breakfast' }, expected: ANYONE(404) },
  {
    request: { path: '/calendar/live?clocation=no-such-community' },
    expected: ANYONE(404),
    note: 'the live stream of a calendar that is not there',
  },
  {
    request: { path: `${EVENT}/delete` },
    expected: STAFF_OF_A(200),
    note: "'Delete Event': 'Are you sure you want to delete this event?'",
  },
  {
    request: { path: `${RECURRING}/delete` },
    expected: STAFF_OF_A(200),
    note: "'Delete Recurrence': Cancel / Delete Recurrence / Delete Event",
  },
  { request: { path: '/calendar/event/demo-campground/activities/no-such-event/delete' }, expected: STAFF_OF_A(404) },
  {
    request: { method: 'POST', path: `${EVENT}/delete`, form: { intent: 'delete-event', _community: 'demo-campground' } },
    expected: STAFF_OF_A('redirect:/calendar?clocation=demo-campground&selectedTab=activities'),
    note: 'deleted, back on the calendar',
  },
  {
    request: { method: 'POST', path: `${RECURRING}/delete`, form: { intent: 'delete-recurrence', _community: 'demo-campground' } },
    expected: STAFF_OF_A('redirect:/calendar?clocation=demo-campground&selectedTab=activities'),
    note: 'the recurrence from now on',
  },
  {
    request: { method: 'POST', path: `${EVENT}/delete`, form: { intent: 'delete-forever', _community: 'demo-campground' } },
    expected: STAFF_OF_A('redirect:/calendar?clocation=demo-campground&selectedTab=activities'),
    note: "'Delete Imported Event' → Delete Forever (an event not imported is simply deleted)",
  },
  {
    request: { method: 'POST', path: `${EVENT}/delete`, form: { intent: UNKNOWN_INTENT, _community: 'demo-campground' } },
    expected: STAFF_OF_A(400),
  },
  { request: { path: AUDIENCES }, expected: STAFF_OF_A(200), note: "the community's audience list" },
  { request: { path: '/calendar/audiences/no-such-community' }, expected: STAFF_OF_A(403), note: 'a community nobody may manage' },
  {
    request: { method: 'POST', path: AUDIENCES, form: { intent: 'save', audiences: 'Family\nAdults', _community: 'demo-campground' } },
    expected: STAFF_OF_A(`redirect:${AUDIENCES}`),
    note: 'saved',
  },
  {
    request: { method: 'POST', path: AUDIENCES, form: { intent: 'save', audiences: 'Family\nfamily', _community: 'demo-campground' } },
    expected: STAFF_OF_A(400),
    note: "'Each audience may appear only once.'",
  },
  {
    request: { method: 'POST', path: AUDIENCES, form: { intent: UNKNOWN_INTENT, _community: 'demo-campground' } },
    expected: STAFF_OF_A(400),
  },
];
