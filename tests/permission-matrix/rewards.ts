import type { Role } from '../setup/services';
import type { MatrixRow, Outcome } from './matrix';

// As in ./matrix.ts (not imported: that module imports this one).
const LOGIN = 'login';
const REMOTE = 'redirect:/detail/remote';

/**
 * The rewards users (spec 02 "Listing routes" context rewards-users; spec 03 §9; decisions 041,
 * 045): `/listnm/rewards-users` (the list, its next chunk, a rewards user and Save Points, the
 * rewards config), for the community's admins: the list shows guests' e-mails. Demo-campground's
 * rewards user is guest-jordan-rivera with 350 points (firebase/seed/demo-data.json). The rewards
 * to earn and redeem are the list context `rewards` (the listing lines of ./listing.ts).
 * What the screens show and write: app/features/rewards/rewards.server.test.ts.
 */

/** Admins of the session's community (A for everyone but editorB): adminA, super, system. */
const admins = (outcome: Outcome, overrides: Partial<Record<Role, Outcome>> = {}): Record<Role, Outcome> => ({
  anonymous: LOGIN,
  editorA: 403,
  adminA: outcome,
  editorB: 403,
  system: outcome,
  super: outcome,
  remote: REMOTE,
  ...overrides,
});

const LIST = '/listnm/rewards-users';
const JORDAN = `${LIST}/edit/guest-jordan-rivera`;
const CONFIG = `${LIST}/config`;
const CONFIG_FORM = { intent: 'save', title: 'Pine Points', storePointsPerDollar: '2', reservationPointsPerDollar: '1' };

export const REWARDS_LINES: MatrixRow[] = [
  { request: { path: LIST }, expected: admins(200), note: 'the rewards users, most points first' },
  { request: { path: `${LIST}?q=jordan` }, expected: admins(200), note: 'filtered by name, e-mail or id' },
  { request: { path: `${LIST}/rows?after=bad` }, expected: admins(400), note: 'a junk cursor' },
  { request: { path: `${LIST}/rows` }, expected: admins(200), note: 'the next chunk from the start' },
  { request: { path: JORDAN }, expected: admins(200), note: 'a rewards user of A' },
  { request: { path: `${LIST}/edit/no-such-user` }, expected: admins(404) },
  {
    request: { method: 'POST', path: JORDAN, form: { intent: 'change-points', mode: 'add', points: '-50', note: 'Wrong scan' } },
    expected: admins(`redirect:${JORDAN}`),
    note: 'Save Points: the total and its history entry in one guarded update',
  },
  {
    request: { method: 'POST', path: JORDAN, form: { intent: 'change-points', mode: 'set', points: '0', was: '350', note: 'Reset' } },
    expected: admins(`redirect:${JORDAN}`),
    note: 'Save Points: a new total against the total shown',
  },
  {
    request: { method: 'POST', path: JORDAN, form: { intent: 'change-points', mode: 'set', points: '0', was: '349', note: 'Reset' } },
    expected: admins(409),
    note: 'a new total typed against an older total: nothing written',
  },
  {
    request: { method: 'POST', path: JORDAN, form: { intent: 'change-points', mode: 'add', points: '-351', note: 'Too many' } },
    expected: admins(400),
    note: 'below 0 points: nothing written',
  },
  {
    request: { method: 'POST', path: JORDAN, form: { intent: 'change-points', mode: 'add', points: '5' } },
    expected: admins(400),
    note: 'no note',
  },
  {
    request: { method: 'POST', path: `${LIST}/edit/no-such-user`, form: { intent: 'change-points', mode: 'add', points: '5', note: 'x' } },
    expected: admins(404),
  },
  { request: { path: CONFIG }, expected: admins(200), note: 'the rewards config' },
  { request: { method: 'POST', path: CONFIG, form: CONFIG_FORM }, expected: admins(`redirect:${CONFIG}`), note: 'Save' },
  {
    request: { method: 'POST', path: CONFIG, form: { ...CONFIG_FORM, version: 'stale' } },
    expected: admins(409),
    note: 'a form made from another version: nothing written',
  },
  {
    request: { method: 'POST', path: CONFIG, form: { ...CONFIG_FORM, storePointsPerDollar: '-1' } },
    expected: admins(400),
    note: 'not a whole number of points',
  },
];
