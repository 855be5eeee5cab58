import type { Role } from '../setup/services';
import type { MatrixRow, Outcome } from './matrix';

// As in ./matrix.ts (not imported: that module imports this one).
const LOGIN = 'login';
const REMOTE = 'redirect:/detail/remote';

/**
 * File management (spec 02 "Listing routes" context files; spec 03 §6 Administrative tray:
 * admins of the community; decision 043): `/listnm/files` (a folder a page at a time, Upload,
 * Rename of a file records use and Delete asked first). The demo data stores A's header image at
 * demo-campground/images/header/1717200000000/lakeside-sunrise.jpg (firebase/seed/demo-data.json).
 * Storage is not rolled back between lines, so no line here changes a file: the writes that
 * succeed are proven by server/files/index.test.ts (both adapters) and tests/e2e/files.spec.ts.
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

const FILES = '/listnm/files';
const HEADER = 'header/1717200000000/';
const SUNRISE = `${HEADER}lakeside-sunrise.jpg`;

export const FILE_LINES: MatrixRow[] = [
  { request: { path: FILES }, expected: admins(200), note: "the community's folder of files" },
  { request: { path: `${FILES}?folder=${encodeURIComponent(HEADER)}` }, expected: admins(200), note: 'a folder' },
  {
    request: { path: `${FILES}?folder=${encodeURIComponent(HEADER)}&rename=${encodeURIComponent(SUNRISE)}` },
    expected: admins(200),
    note: 'Rename open',
  },
  { request: { path: `${FILES}?folder=..%2Fdemo-town%2F` }, expected: admins(400), note: 'a folder outside the community’s: refused' },
  { request: { path: `${FILES}?folder=%2Fetc` }, expected: admins(400), note: 'an absolute folder: refused' },
  { request: { path: `${FILES}?page=not*a*token` }, expected: admins(400), note: 'a junk page token' },
  {
    request: { method: 'POST', path: FILES, form: { intent: 'delete', path: SUNRISE, folder: HEADER } },
    expected: admins(200),
    note: 'Delete asked first: the header image is used by header-info',
  },
  {
    request: { method: 'POST', path: FILES, form: { intent: 'delete', path: `${HEADER}no-such.jpg`, confirm: 'yes' } },
    expected: admins(404),
    note: 'no such file',
  },
  {
    request: { method: 'POST', path: FILES, form: { intent: 'delete', path: '../demo-town/images/x.jpg', confirm: 'yes' } },
    expected: admins(400),
    note: 'a path outside the community’s files',
  },
  {
    request: { method: 'POST', path: FILES, form: { intent: 'rename', path: SUNRISE, name: '../../x.jpg' } },
    expected: admins(400),
    note: 'Rename: a name with a slash',
  },
  {
    request: { method: 'POST', path: FILES, form: { intent: 'rename', path: `${HEADER}no-such.jpg`, name: 'x.jpg' } },
    expected: admins(404),
    note: 'Rename: no such file',
  },
  {
    request: { method: 'POST', path: FILES, form: { intent: 'rename', path: SUNRISE, name: 'renamed-sunrise.jpg', folder: HEADER } },
    expected: admins(200),
    note: 'Rename asked first: the header image is used by header-info (nothing moved)',
  },
  {
    request: { method: 'POST', path: FILES, form: { intent: 'rename', path: `${HEADER}no-such.jpg`, name: 'x.jpg', confirm: 'yes' } },
    expected: admins(404),
    note: 'Rename confirmed: no such file',
  },
  {
    request: { method: 'POST', path: FILES, form: { intent: 'upload', folder: HEADER } },
    expected: admins(400),
    note: 'Upload without a file',
  },
  {
    request: { method: 'POST', path: FILES, form: { intent: 'upload', folder: '../x/' } },
    expected: admins(400),
    note: 'Upload into a folder outside the community’s',
  },
];
