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
/** Resort system admins only. */
const system = (outcome: Outcome) => roles({ system: outcome });
const NO_FILE = '0000000000000000-matrix';

/** Import and Update Data answer alike (one screen in two modes). */
const importLines = (path: string): MatrixRow[] => [
  { request: { path }, expected: system(200), note: 'Upload: the list and the CSV or Excel file' },
  {
    request: { path: `${path}?file=${NO_FILE}&list=dining` },
    expected: system(200),
    note: 'the preview of a file that is not (or no longer) stored: says so, with the upload form',
  },
  {
    request: { path: `${path}?file=${NO_FILE}&list=no-such-list` },
    expected: system(200),
    note: 'a list the community does not have: says so',
  },
  {
    request: { method: 'POST', path, form: { intent: 'upload', list: 'dining' } },
    expected: system(400),
    note: "no file: 'Please choose a CSV or Excel file to upload.'",
  },
  {
    request: { method: 'POST', path, form: { intent: 'upload', list: 'no-such-list' } },
    expected: system(400),
    note: 'a list the community does not have',
  },
  {
    request: { method: 'POST', path, form: { intent: 'run', list: 'dining', file: NO_FILE, 'map.title': '0', 'map.address': '1' } },
    expected: system(400),
    note: 'a file that is not stored: nothing queued',
  },
  {
    request: { method: 'POST', path, form: { intent: 'run', list: 'dining', file: 'not a key' } },
    expected: system(400),
    note: 'not a file key',
  },
];

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
  ...importLines('/listnm/import'),
  ...importLines('/listnm/update-data'),
  // Import's place search (decision 044, "Place search"): what it finds is tested in server/imports/places.test.ts and the e2e.
  {
    request: { method: 'POST', path: '/listnm/import', form: { intent: 'places', list: 'dining', q: '', radius: '6' } },
    expected: system(400),
    note: "Search places with nothing typed: 'Please type what to search for, e.g. restaurants.'",
  },
  {
    request: { method: 'POST', path: '/listnm/import', form: { intent: 'places', list: 'no-such-list', q: 'lake', radius: '6' } },
    expected: system(400),
    note: 'Search places into a list the community does not have',
  },
  {
    request: { method: 'POST', path: '/listnm/import', form: { intent: 'places', list: 'dining', q: 'lake', radius: '7000' } },
    expected: system(400),
    note: 'Search places with a radius not offered',
  },
  {
    request: { method: 'POST', path: '/listnm/update-data', form: { intent: 'places', list: 'dining', q: 'lake', radius: '6' } },
    expected: system(400),
    note: 'Update Data has no place search',
  },
];
