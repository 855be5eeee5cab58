import type { Role } from '../setup/services';
import type { MatrixRow, Outcome } from './matrix';

// As in ./matrix.ts (not imported: that module imports this one).
const LOGIN = 'login';
const REMOTE = 'redirect:/detail/remote';

/**
 * The rewards users (spec 02 "Listing routes" context rewards-users; spec 03 §9; decision 041):
 * `/listnm/rewards-users` (the list, its next chunk, a rewards user), for the community's staff.
 * Demo-campground's rewards user is guest-jordan-rivera (firebase/seed/demo-data.json); editorB
 * is staff of demo-town, whose rewards users are none. The rewards to earn and redeem are the
 * list context `rewards` (the listing lines of ./listing.ts).
 */

const staff = (outcome: Outcome, overrides: Partial<Record<Role, Outcome>> = {}): Record<Role, Outcome> => ({
  anonymous: LOGIN,
  editorA: outcome,
  adminA: outcome,
  editorB: outcome,
  system: outcome,
  super: outcome,
  remote: REMOTE,
  ...overrides,
});

const LIST = '/listnm/rewards-users';

export const REWARDS_LINES: MatrixRow[] = [
  { request: { path: LIST }, expected: staff(200), note: 'the rewards users, most points first' },
  { request: { path: `${LIST}?q=jordan` }, expected: staff(200), note: 'filtered by name, e-mail or id' },
  { request: { path: `${LIST}/rows?after=bad` }, expected: staff(400), note: 'a junk cursor' },
  { request: { path: `${LIST}/rows` }, expected: staff(200), note: 'the next chunk from the start' },
  { request: { path: `${LIST}/edit/guest-jordan-rivera` }, expected: staff(200, { editorB: 404 }), note: "a rewards user of A: not B's" },
  { request: { path: `${LIST}/edit/no-such-user` }, expected: staff(404) },
];
