import type { Role } from '../setup/services';
import type { MatrixRow, Outcome } from './matrix';

// As in ./matrix.ts (not imported: that module imports this one).
const LOGIN = 'login';
const REMOTE = 'redirect:/detail/remote';

/**
 * The users lists (spec 02 "Listing routes" contexts users and usermgmt, §6 user lists; spec 03
 * §6 Administrative tray: admins of the community; decision 040): `/listnm/users` (the list, its
 * next chunk, a person) and `/listnm/usermgmt` (the list, its next chunk, a person's rights,
 * default community and removal, Invite User). A's staff are demo-system, demo-super, demo-admin
 * and demo-editor; guest-jordan-rivera is one of A's app users (firebase/seed/demo-data.json).
 * What the screens show and write: app/features/users/users.server.test.ts.
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

const USERS = '/listnm/users';
const MGMT = '/listnm/usermgmt';
const EDITOR = `${MGMT}/edit/demo-editor`;

export const USER_LINES: MatrixRow[] = [
  { request: { path: USERS }, expected: admins(200), note: 'the staff of the community with their rights' },
  { request: { path: `${USERS}?show=all&who=jordan` }, expected: admins(200), note: "'Show all logged in users', filtered" },
  { request: { path: `${USERS}/rows?after=bad` }, expected: admins(400), note: 'a junk cursor' },
  { request: { path: `${USERS}/rows?show=all` }, expected: admins(200), note: 'the next chunk from the start' },
  { request: { path: `${USERS}/edit/guest-jordan-rivera?show=all` }, expected: admins(200), note: 'an app user of A' },
  { request: { path: `${USERS}/edit/demo-editor` }, expected: admins(200), note: 'a staff member of A' },
  { request: { path: `${USERS}/edit/no-such-person` }, expected: admins(404) },
  { request: { path: MGMT }, expected: admins(200), note: 'the staff, Invite User, the recent changes' },
  { request: { path: `${MGMT}/rows?who=demo` }, expected: admins(200), note: 'the next chunk, filtered' },
  { request: { path: EDITOR }, expected: admins(200), note: "a person's rights, default community and history" },
  { request: { path: `${MGMT}/edit/guest-jordan-rivera` }, expected: admins(404), note: 'an app user has no rights to change' },
  { request: { path: `${MGMT}/add` }, expected: admins(200), note: 'Invite User' },
  {
    request: { method: 'POST', path: EDITOR, form: { intent: 'save', was: '1000', isEditor: 'on', canNotify: 'on' } },
    expected: admins(`redirect:${MGMT}`),
    note: 'Save: Can Send Notifications granted, with its audit entry',
  },
  {
    request: { method: 'POST', path: EDITOR, form: { intent: 'save', was: '1100', isEditor: 'on' } },
    expected: admins(409),
    note: 'a form made from other rights: nothing written',
  },
  {
    request: { method: 'POST', path: `${MGMT}/edit/demo-system`, form: { intent: 'save', was: '1111', isEditor: 'on', isAdmin: 'on' } },
    expected: admins(403, { system: `redirect:${MGMT}` }),
    note: "a resort system admin's rights: only a resort system admin changes them",
  },
  {
    request: { method: 'POST', path: EDITOR, form: { intent: 'remove', was: '1000' } },
    expected: admins(200),
    note: 'Remove from Community asks first',
  },
  {
    request: { method: 'POST', path: EDITOR, form: { intent: 'remove', was: '1000', confirmed: '1' } },
    expected: admins(`redirect:${MGMT}`),
    note: 'Remove from Community, confirmed',
  },
  {
    request: { method: 'POST', path: EDITOR, form: { intent: 'set-default', community: 'demo-town' } },
    expected: admins(400),
    note: 'a community the person has no rights in',
  },
  {
    request: {
      method: 'POST',
      path: `${MGMT}/add`,
      form: { intent: 'invite', email: 'invited-person@mail.example', name: 'Invited', isEditor: 'on' },
    },
    expected: admins(`redirect:${MGMT}`),
    note: 'Invite User: account, rights, the invitation e-mail',
  },
  {
    request: { method: 'POST', path: `${MGMT}/add`, form: { intent: 'invite', email: 'editor@demo.example', isEditor: 'on' } },
    expected: admins(400),
    note: 'a person who already has rights here',
  },
];
