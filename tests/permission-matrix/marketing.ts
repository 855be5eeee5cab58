import type { Role } from '../setup/services';
import type { MatrixRow, Outcome } from './matrix';

// As in ./matrix.ts (not imported: that module imports this one).
const LOGIN = 'login';
const REMOTE = 'redirect:/detail/remote';

/**
 * The marketing screen (spec 03 "Marketing screen", §4 "Package form (marketing)", §6): its
 * Marketing button is in the Administrative tray, so admins of the current community use it
 * (adminA, super: admin of A; system: admin of every community); editors who are not admins get
 * 403. Update System is for a system administrator with more than one community (system); the
 * others get 403. A system administrator's Save asks where to save (200, the question) when the
 * form changed something. What the screen shows and writes:
 * app/features/marketing/marketing.server.test.ts.
 */
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

const PATH = '/marketing?index';
const FORM = {
  android: 'com.pinehollowrv.app',
  ios: 'com.pinehollowrv.app',
  iosId: '6450012345',
  oneLink: 'https://pinehollow.go.link/app',
};

export const MARKETING_LINES: MatrixRow[] = [
  { request: { path: '/marketing' }, expected: admins(200), note: 'the badges, the one-link and its QR code, the images; the actions' },
  { request: { path: '/marketing?edit=package' }, expected: admins(200), note: 'with the package form open' },
  {
    request: { method: 'POST', path: PATH, form: { intent: 'save', ...FORM, tableId: 'matrix-table' } },
    expected: admins('redirect:/marketing', { system: 200 }),
    note: "'Saved!'; a system administrator with two communities is asked where to save (200)",
  },
  {
    request: { method: 'POST', path: PATH, form: { intent: 'save', ...FORM, iosId: 'not a number' } },
    expected: admins(400),
    note: "'iOS ID must be a number.', the form as typed",
  },
  {
    request: { method: 'POST', path: PATH, form: { intent: 'update-community', ...FORM, tableId: 'matrix-table' } },
    expected: admins('redirect:/marketing'),
    note: 'the changed fields at community level',
  },
  {
    request: { method: 'POST', path: PATH, form: { intent: 'update-system', ...FORM, tableId: 'matrix-table' } },
    expected: admins(403, { system: 'redirect:/marketing' }),
    note: 'system-wide, the changed fields cleared in the community: system administrators with more than one community only',
  },
  {
    request: { method: 'POST', path: PATH, form: { intent: 'upload', ...FORM } },
    expected: admins(200),
    note: 'the uploader without JavaScript (no file chosen): the form as posted, nothing saved',
  },
];
