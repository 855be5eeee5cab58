import { pickerFields } from '../setup/requests';
import type { Role } from '../setup/services';
import type { MatrixRow, Outcome } from './matrix';

/**
 * The notification form (spec 02 "Messages", §4–§7): `/amc-messages/:context/(add|add-button|edit)`
 * in the messages layout's right column. `messages` is the session community's (admins and
 * can-notify people: A's admin, the system admin, the super admin who is A's admin; A's editor and
 * B's editor may not notify: 403); `systemwide-notification` is the system-wide area (system
 * admins only). Another context or action: 404. What the saves write is proven by
 * server/messages/save.test.ts and app/features/messages/message-form.server.test.ts.
 */

const LOGIN = 'login';
const REMOTE = 'redirect:/detail/remote';
const TZ = 'America/New_York';

const notify = (outcome: Outcome, overrides: Partial<Record<Role, Outcome>> = {}): Record<Role, Outcome> => ({
  anonymous: LOGIN,
  editorA: 403,
  adminA: outcome,
  editorB: 403,
  system: outcome,
  super: outcome,
  remote: REMOTE,
  ...overrides,
});

const systemOnly = (outcome: Outcome): Record<Role, Outcome> => notify(403, { system: outcome });

/** A whole hour a week ahead, as the pickers post it. */
const later = Math.ceil((Date.now() + 7 * 864e5) / 36e5) * 36e5;
const when = (name: string, ms: number) => pickerFields(name, ms, TZ);

const INSTANT = {
  intent: 'save',
  title: 'Pool closes early',
  description: 'The pool closes at 6 PM today.',
  audience: 'group',
  deliveryType: 'instant',
  category: 'announcements',
  userGroup: 'currentGuest',
  ...when('endTime', later),
};

const SYSTEM_INSTANT = { ...INSTANT, userGroup: '' };

export const MESSAGE_FORM_LINES: MatrixRow[] = [
  { request: { path: '/amc-messages/messages/add' }, expected: notify(200), note: 'new notification' },
  { request: { path: '/amc-messages/messages/add-button' }, expected: notify(200), note: 'new notification (the list button)' },
  { request: { path: '/amc-messages/messages/not-an-action' }, expected: notify(404), note: 'another action: 404' },
  {
    request: { path: '/amc-messages/messages/edit?id=msg-welcome&list=messages' },
    expected: notify(200),
    note: 'edit an instant message in place (no delivery section)',
  },
  {
    request: { path: '/amc-messages/messages/edit?id=sched-happy-hour&list=scheduled' },
    expected: notify(200),
    note: 'edit a recurring scheduled message',
  },
  { request: { path: '/amc-messages/messages/edit?id=nope&list=scheduled' }, expected: notify(404), note: 'a message that does not exist' },
  {
    request: { path: '/amc-messages/messages/add?calendar=activities&event=ev-pancake-breakfast' },
    expected: notify(200),
    note: 'from an event: the reminder (title, before-event choices with the taken ones disabled)',
  },
  {
    request: { path: '/amc-messages/messages/add?calendar=activities&event=nope' },
    expected: notify(404),
    note: 'from an event that does not exist (or has ended): 404',
  },
  { request: { path: '/amc-messages/systemwide-notification/add' }, expected: systemOnly(200), note: 'new system-wide notification' },
  {
    request: { method: 'POST', path: '/amc-messages/messages/add', form: { intent: 'save', title: '' } },
    expected: notify(400),
    note: "the spec's messages, the form kept",
  },
  {
    request: { method: 'POST', path: '/amc-messages/messages/add', form: INSTANT },
    expected: notify('redirect:/amc-messages/messages'),
    note: 'Send Now: written to messages, back to the list',
  },
  {
    request: {
      method: 'POST',
      path: '/amc-messages/messages/add-button',
      form: { ...INSTANT, deliveryType: 'future', ...when('deliveryTime', later - 36e5) },
    },
    expected: notify('redirect:/amc-messages/messages'),
    note: 'Single Scheduled Notification: written to messages-scheduled',
  },
  {
    request: {
      method: 'POST',
      path: '/amc-messages/messages/edit?id=sched-happy-hour&list=scheduled',
      form: { ...INSTANT, deliveryType: 'recurring', ...when('deliveryTime', later - 36e5), 'validDays[4]': 'on', version: 'stale' },
    },
    expected: notify(409),
    note: 'an edit whose version is not the stored one: the conflict, nothing written',
  },
  {
    request: { method: 'POST', path: '/amc-messages/systemwide-notification/add', form: SYSTEM_INSTANT },
    expected: systemOnly('redirect:/amc-messages/systemwide-notification'),
    note: 'system-wide: written to system-data with location',
  },
];
