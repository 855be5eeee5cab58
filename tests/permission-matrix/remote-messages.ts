import { pickerFields } from '../setup/requests';
import type { Role } from '../setup/services';
import type { MatrixRow, Outcome } from './matrix';

/**
 * A remote manager's Messaging (spec 02 §2 listing contexts `remote-messages-scheduled` and
 * `send-detail-notification`, §7 remoteBusinessUpdate message actions; spec 03 §6 "'Messaging'
 * only if remote info allows notifications"): `/listnm/remote/:context/:uuid`. The seeded
 * e-mail grant of the remote role (uid `demo-remote`) on the Lakeside Grill allows
 * notifications: its holder signs in and is the only one answered (anyone else signed in: 404,
 * the uuid is not theirs). The seeded Kayak URL grant does not allow notifications: 404 for
 * everyone. A seeded message that is not the grill's own is 404 to edit or delete. What the saves
 * and deletes write, the audit and URL grants that allow notifications are proven by
 * app/features/messages/remote-messages.server.test.ts.
 */

const LOGIN = 'login';
const TZ = 'America/New_York';
const HOLDER = 'demo-remote';
/** The seeded Kayak & Paddleboard Rentals URL grant: no sendNotifications. */
const KAYAK_LINK = '3f6c1d2a-8b4e-4c7a-9e51-7d2b0a6f4c19';
const LIST = `/listnm/remote/remote-messages-scheduled/${HOLDER}`;
const SEND = `/listnm/remote/send-detail-notification/${HOLDER}`;
const DONE = `redirect:${LIST}?detail=lakeside-grill&saved=`;

/** Only the remote role (the grant's holder) is answered; anonymous people sign in first. */
const holder = (outcome: Outcome): Record<Role, Outcome> => ({
  anonymous: LOGIN,
  editorA: 404,
  adminA: 404,
  editorB: 404,
  system: 404,
  super: 404,
  remote: outcome,
});
const EVERYONE_404: Record<Role, Outcome> = {
  anonymous: 404,
  editorA: 404,
  adminA: 404,
  editorB: 404,
  system: 404,
  super: 404,
  remote: 404,
};

const later = Math.ceil((Date.now() + 7 * 864e5) / 36e5) * 36e5;
const when = (name: string, ms: number) => pickerFields(name, ms, TZ);
const INSTANT = {
  intent: 'save',
  title: 'Half-price appetizers tonight',
  description: 'Come by the grill from 5 PM.',
  deliveryType: 'instant',
  ...when('endTime', later),
};
const FUTURE = { ...INSTANT, deliveryType: 'future', ...when('deliveryTime', later - 864e5) };

export const REMOTE_MESSAGE_LINES: MatrixRow[] = [
  { request: { path: LIST }, expected: holder(200), note: "the listing's own notifications (its holder only)" },
  { request: { path: `${LIST}?detail=lakeside-grill` }, expected: holder(200), note: 'the granted listing chosen by ?detail=' },
  { request: { path: `${LIST}?detail=kayak-rentals` }, expected: holder(404), note: 'a listing the holder has no grant for' },
  { request: { path: SEND }, expected: holder(200), note: 'the notification form in detail-page mode' },
  {
    request: { path: `${SEND}?id=msg-welcome&list=messages` },
    expected: holder(404),
    note: "a message that is not the listing's own: 404 (no guessing keys)",
  },
  {
    request: { path: `/listnm/remote/remote-messages-scheduled/${KAYAK_LINK}` },
    expected: EVERYONE_404,
    note: 'a URL grant without sendNotifications',
  },
  { request: { path: `/listnm/remote/send-detail-notification/${KAYAK_LINK}` }, expected: EVERYONE_404 },
  { request: { path: '/listnm/remote/remote-messages-scheduled/no-such-person' }, expected: EVERYONE_404 },
  {
    request: { method: 'POST', path: SEND, form: { ...INSTANT, title: '' } },
    expected: holder(400),
    note: "the spec's messages, what was typed kept",
  },
  { request: { method: 'POST', path: SEND, form: INSTANT }, expected: holder(`${DONE}sent`), note: 'sent now to the listing' },
  { request: { method: 'POST', path: SEND, form: FUTURE }, expected: holder(`${DONE}scheduled`), note: 'scheduled' },
  {
    request: { method: 'POST', path: `${SEND}?id=sched-happy-hour&list=scheduled`, form: FUTURE },
    expected: holder(404),
    note: "editing another listing's message: 404",
  },
  {
    request: { method: 'POST', path: `/listnm/remote/send-detail-notification/${KAYAK_LINK}`, form: INSTANT },
    expected: EVERYONE_404,
    note: 'a URL grant without sendNotifications sends nothing',
  },
  {
    request: { method: 'POST', path: LIST, form: { intent: 'delete-message:messages/msg-welcome' } },
    expected: holder(404),
    note: "deleting another listing's message: 404",
  },
  {
    request: { method: 'POST', path: LIST, form: { intent: 'delete-recurring:sched-happy-hour' } },
    expected: holder(404),
    note: "deleting another listing's recurring schedule: 404",
  },
  {
    request: { method: 'POST', path: LIST, form: INSTANT },
    expected: holder(400),
    note: 'the list takes deletes only',
  },
  {
    request: { method: 'POST', path: SEND, form: { intent: 'delete-recurring:sched-happy-hour' } },
    expected: holder(400),
    note: 'the form takes saves only',
  },
  {
    request: { method: 'POST', path: `/listnm/remote/dining/${HOLDER}`, form: { intent: 'save' } },
    expected: { ...EVERYONE_404, anonymous: 405, editorA: 405, adminA: 405, editorB: 405, system: 405, super: 405, remote: 405 },
    note: "other lists' remote links take no posts",
  },
];
