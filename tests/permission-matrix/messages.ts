import type { Role } from '../setup/services';
import type { MatrixRow, Outcome } from './matrix';

// As in ./matrix.ts (not imported: that module imports this one).
const LOGIN = 'login';
const REMOTE = 'redirect:/detail/remote';

/**
 * The permission matrix's lines for the messages list (spec 02 "Messages"):
 * `/amc-messages/messages` (the community's messages: admins and people who may notify) and
 * `/amc-messages/systemwide-notification` (the system-wide area: resort system admins), each in
 * its active, archive and scheduled views, the next chunk of rows (`?index&after=`) and Delete
 * Selected. A's demo data has `msg-welcome` (active), `sched-checkout` (scheduled); the system
 * area `sys-app-update`. A's editor and B's editor may not notify (403). What the views show
 * and what deleting writes: app/features/messages/list.server.test.ts.
 */

const LIST = '/amc-messages/messages';
const SYSTEM = '/amc-messages/systemwide-notification';

/** Admins and notifiers of A (the admin, the system admin, the super admin); editors without notify rights 403. */
const notifyA = (outcome: Outcome): Record<Role, Outcome> => ({
  anonymous: LOGIN,
  editorA: 403,
  adminA: outcome,
  editorB: 403,
  system: outcome,
  super: outcome,
  remote: REMOTE,
});

/** Resort system admins only. */
const systemOnly = (outcome: Outcome): Record<Role, Outcome> => ({
  anonymous: LOGIN,
  editorA: 403,
  adminA: 403,
  editorB: 403,
  system: outcome,
  super: 403,
  remote: REMOTE,
});

const deleteLines = (base: string, expected: (outcome: Outcome) => Record<Role, Outcome>, key: string, archiveKey: string): MatrixRow[] => [
  {
    request: { method: 'POST', path: base, form: { intent: 'delete-selected', key } },
    expected: expected(200),
    note: 'Delete Selected asks first (the spec’s confirmation)',
  },
  {
    request: { method: 'POST', path: base, form: { intent: 'delete-selected', key, confirmed: '1' } },
    expected: expected(`redirect:${base}`),
    note: 'Delete Selected, confirmed, active view: the messages end now (to the archive)',
  },
  {
    request: { method: 'POST', path: `${base}?view=archive`, form: { intent: 'delete-selected', key: archiveKey, confirmed: '1' } },
    expected: expected(`redirect:${base}?view=archive`),
    note: 'Delete Selected in the archive: removed',
  },
  {
    request: { method: 'POST', path: base, form: { intent: 'delete-selected', key: 'bad/key', confirmed: '1' } },
    expected: expected(400),
    note: 'Delete Selected naming something that is no database key',
  },
];

export const MESSAGE_LINES: MatrixRow[] = [
  { request: { path: LIST }, expected: notifyA(200), note: 'the messages list, active view' },
  { request: { path: `${LIST}?view=archive&q=water` }, expected: notifyA(200), note: 'the archive view, filtered' },
  { request: { path: `${LIST}?view=scheduled&all=1` }, expected: notifyA(200), note: 'the scheduled view, all selected' },
  {
    request: { path: `${LIST}?index&after=not-a-cursor` },
    expected: notifyA(400),
    note: 'a later chunk after a cursor that cannot be read',
  },
  {
    request: { path: '/amc-messages/other-context' },
    expected: { ...notifyA(404), editorA: 404, editorB: 404 },
    note: 'an unknown context: no page, for any staff',
  },
  ...deleteLines(LIST, notifyA, 'msg-welcome', 'msg-water-shutoff'),
  {
    request: { method: 'POST', path: `${LIST}?view=scheduled`, form: { intent: 'delete-selected', key: 'sched-checkout', confirmed: '1' } },
    expected: notifyA(`redirect:${LIST}?view=scheduled`),
    note: 'Delete Selected of a scheduled notification: removed',
  },
  { request: { path: SYSTEM }, expected: systemOnly(200), note: 'the systemwide notifications, active view' },
  { request: { path: `${SYSTEM}?view=scheduled` }, expected: systemOnly(200), note: 'the systemwide scheduled notifications' },
  ...deleteLines(SYSTEM, systemOnly, 'sys-app-update', 'sys-app-update'),
];
