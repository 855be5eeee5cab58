import type { Role } from '../setup/services';
import type { MatrixRow, Outcome } from './matrix';

// As in ./matrix.ts (not imported: that module imports this one).
const LOGIN = 'login';
const REMOTE = 'redirect:/detail/remote';

/**
 * Dollars Accounts Status (spec 02 "Listing routes" context dollarsaccountstatus; spec 03 §6
 * trays: system admin, the Dollars button needs the dollars flag; decision 041):
 * `/listnm/dollarsaccountstatus` (the list, its next chunk, an account with its history,
 * Record and Add Bought Dollars), and the dollars config (`/listnm/dollarsaccountstatus/config`,
 * reachable while dollars are off). The demo product has dollars enabled, with the accounts businesses~lakeside-grill
 * ($84) and users~guest-jordan-rivera ($120.50) (firebase/seed/demo-data.json).
 * What the screens show and write: app/features/dollars/dollars.server.test.ts.
 */

/** Resort system admins only. */
const system = (outcome: Outcome): Record<Role, Outcome> => ({
  anonymous: LOGIN,
  editorA: 403,
  adminA: 403,
  editorB: 403,
  system: outcome,
  super: 403,
  remote: REMOTE,
});

const LIST = '/listnm/dollarsaccountstatus';
const CONFIG = `${LIST}/config`;
const GRILL = `${LIST}/edit/businesses~lakeside-grill`;

export const DOLLARS_LINES: MatrixRow[] = [
  { request: { path: LIST }, expected: system(200), note: 'every account by currentDollars descending' },
  { request: { path: `${LIST}?q=grill` }, expected: system(200), note: 'filtered by name or id' },
  { request: { path: `${LIST}/rows?after=bad` }, expected: system(400), note: 'a junk cursor' },
  { request: { path: `${LIST}/rows` }, expected: system(200), note: 'the next chunk from the start' },
  { request: { path: GRILL }, expected: system(200), note: 'an account: balance, history, Record' },
  { request: { path: `${LIST}/edit/users~guest-jordan-rivera` }, expected: system(200) },
  { request: { path: `${LIST}/edit/businesses~no-such-account` }, expected: system(404) },
  { request: { path: `${LIST}/edit/config~enabled` }, expected: system(404), note: 'not an account' },
  {
    request: {
      method: 'POST',
      path: GRILL,
      form: { intent: 'transfer', kind: 'purchase', to: 'users~guest-jordan-rivera', amount: '1.25', notes: 'Refund' },
    },
    expected: system(`redirect:${LIST}`),
    note: 'Record: one guarded update of both accounts',
  },
  {
    request: { method: 'POST', path: GRILL, form: { intent: 'bought', amount: '20', notes: 'At the desk' } },
    expected: system(`redirect:${LIST}`),
    note: 'Add Bought Dollars',
  },
  {
    request: { method: 'POST', path: GRILL, form: { intent: 'bought', amount: '0' } },
    expected: system(400),
    note: 'Add Bought Dollars: not an amount',
  },
  {
    request: {
      method: 'POST',
      path: GRILL,
      form: { intent: 'transfer', kind: 'transfer', to: 'users~guest-jordan-rivera', amount: '100000' },
    },
    expected: system(400),
    note: 'more than the account holds: nothing written',
  },
  {
    request: { method: 'POST', path: GRILL, form: { intent: 'transfer', kind: 'transfer', to: 'businesses~lakeside-grill', amount: '1' } },
    expected: system(400),
    note: 'to the same account',
  },
  {
    request: { method: 'POST', path: GRILL, form: { intent: 'transfer', kind: 'transfer', to: 'users~guest-jordan-rivera', amount: '-1' } },
    expected: system(400),
    note: 'not an amount',
  },
  { request: { path: CONFIG }, expected: system(200), note: 'the dollars config (decision 045)' },
  {
    request: { method: 'POST', path: CONFIG, form: { intent: 'save' } },
    expected: system(`redirect:${CONFIG}`),
    note: 'Save: dollars turned off (the ledger version left alone)',
  },
  {
    request: { method: 'POST', path: CONFIG, form: { intent: 'save', enabled: 'on', version: 'stale' } },
    expected: system(409),
    note: 'a form made from another version: nothing written',
  },
];
