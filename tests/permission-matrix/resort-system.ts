import { COMMUNITY_A, COMMUNITY_B, type Role } from '../setup/services';
import type { MatrixRow, Outcome } from './matrix';

// As in ./matrix.ts (not imported: that module imports this one).
const LOGIN = 'login';
const REMOTE = 'redirect:/detail/remote';

/**
 * Resort System Management (spec 03 §6 trays; spec 02 "Listing routes" contexts import,
 * export; decision 044): Export at `/listnm/export` (an admin of the community exports it; a
 * resort system admin may choose several), Import at `/listnm/import` and Update Data at
 * `/listnm/update-data` (resort system admins). What the jobs make:
 * jobs/processors/community-export.test.ts and the screens' own tests.
 */

const roles = (outcomes: Partial<Record<Role, Outcome>>, otherwise: Outcome = 403): Record<Role, Outcome> => ({
  anonymous: LOGIN,
  editorA: otherwise,
  adminA: otherwise,
  editorB: otherwise,
  system: otherwise,
  super: otherwise,
  remote: REMOTE,
  ...outcomes,
});

/** Admins of A (the session's community): adminA, super (admin of A) and the system admin. */
const adminsOfA = (outcome: Outcome) => roles({ adminA: outcome, super: outcome, system: outcome });

const EXPORT = '/listnm/export';

export const RESORT_SYSTEM_LINES: MatrixRow[] = [
  { request: { path: EXPORT }, expected: adminsOfA(200), note: 'Export: the current community, or (system admin) a choice of them' },
  {
    request: { method: 'POST', path: EXPORT, form: { intent: 'export', communities: COMMUNITY_A, dialog: '1' } },
    expected: adminsOfA(200),
    note: 'Export of the current community: a community-export job queued, its status answered to the screen',
  },
  {
    request: { method: 'POST', path: EXPORT, form: { intent: 'export', communities: COMMUNITY_B, dialog: '1' } },
    expected: roles({ adminA: 403, super: 403, system: 200 }),
    note: 'another community than the current one: resort system admins only (they may tick several)',
  },
  {
    request: { method: 'POST', path: EXPORT, form: { intent: 'export', communities: 'no-such-community', dialog: '1' } },
    expected: roles({ adminA: 403, super: 403, system: 400 }),
    note: 'a community the person does not manage',
  },
  {
    request: { method: 'POST', path: EXPORT, form: { intent: 'export' } },
    expected: adminsOfA(400),
    note: 'no community chosen',
  },
  {
    request: { method: 'POST', path: EXPORT, form: { intent: 'export', communities: 'not/a/key' } },
    expected: adminsOfA(400),
    note: 'not a community key',
  },
];
