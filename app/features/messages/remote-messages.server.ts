import { data as answer, redirect } from '@remix-run/node';
import { z } from 'zod';
import { requireRemoteGrant, requireUser } from '@server/authz';
import { readForm } from '@server/http/form.server';
import { notFound } from '@server/http/responses';
import type { MessageFormData, MessageFormTarget } from '@server/messages/form-screen';
import { REMOTE_MESSAGES_CONTEXT, REMOTE_SEND_CONTEXT } from '@server/messages/remote';
import {
  DELETE_PARAM,
  deleteQuestion,
  deleteRemoteMessage,
  findMessagingGrant,
  openRemoteMessageForm,
  readRemoteMessages,
  remoteMessageForm,
  remoteMessaging,
  SAVED_PARAM,
  savedText,
  saveRemoteMessage,
  type Messaging,
  type RemoteDeleteQuestion,
  type RemoteMessagesList,
} from '@server/messages/remote-screen';
import { isValidKey } from '@server/paths';
import { projectForRequest } from '@server/projects';
import { remoteFrameOf, type RemoteFrameData } from '@server/remote/frame';
import { intent, intents, parseIntent } from '~/lib/intent';
import { getServices } from '~/services.server';
import { MessageFormIntent } from './message-form.server';

/**
 * A remote manager's Messaging (spec 02 §2 "Route param uuid present means a remote detail-page
 * context", §4, §5, §6, §7 remoteBusinessUpdate message actions; spec 03 §6 "'Messaging' only
 * if remote info allows notifications"):
 * - `/listnm/remote/remote-messages-scheduled/:uuid` — the listing's own notifications
 *   (scheduled ones, and sent ones still active) with Send Notification, edit and delete;
 * - `/listnm/remote/send-detail-notification/:uuid` — the notification form in detail-page mode
 *   (`&id=&list=messages|scheduled` edits).
 * `:uuid` is a URL grant's link (no sign-in), or for an e-mail grant the signed-in person's own
 * uid. `?detail={detailId}` chooses among several granted listings. Only a grant with
 * sendNotifications opens them (404 otherwise, as remote pages answer); a message is reached
 * only when it is the granted listing's own (actionKey and actionCommunityKey). Every save and
 * delete joins the listing's remote audit. The rules and steps: server/messages/remote-screen.ts.
 */

export { REMOTE_MESSAGES_CONTEXT, REMOTE_SEND_CONTEXT };
export { listingAction, REMOTE_MESSAGE_TEXTS, type RemoteMessageRow } from '@server/messages/remote-screen';
export const REMOTE_MESSAGING_CONTEXTS = [REMOTE_MESSAGES_CONTEXT, REMOTE_SEND_CONTEXT] as const;
export type RemoteMessagingContext = (typeof REMOTE_MESSAGING_CONTEXTS)[number];
export const isRemoteMessagingContext = (value: string): value is RemoteMessagingContext =>
  (REMOTE_MESSAGING_CONTEXTS as readonly string[]).includes(value);

const MESSAGE_KEY = z
  .string()
  .max(200)
  .refine((value) => isValidKey(value), 'Not a valid key.');

/** The list's buttons: delete a sent or single scheduled message, or a recurring schedule (spec 02 §7 deleteMessage / deleteRecurring). */
const DELETE_MESSAGE = z.object({
  intent: z.literal('delete-message'),
  argument: z
    .string()
    .max(220)
    .regex(/^(messages|scheduled)\/[^/]+$/),
});
const DELETE_RECURRING = z.object({ intent: z.literal('delete-recurring'), argument: MESSAGE_KEY });
export const RemoteMessagesIntent = intents(DELETE_MESSAGE, DELETE_RECURRING);

/** Every intent of the remote messaging route (the form's save and the list's deletes). */
export const RemoteMessagingIntent = intents(intent('save'), DELETE_MESSAGE, DELETE_RECURRING);

type Params = Record<string, string | undefined>;

/** The granted listing of the address: sign-in first unless by link, 404 unless one grant with sendNotifications. */
async function messagingOf(request: Request, params: Params): Promise<Messaging> {
  const uuid = params.uuid ?? '';
  const found = await findMessagingGrant(await getServices(), uuid, new URL(request.url).searchParams.get('detail'));
  if (found.kind === 'not-found') throw notFound();
  if (!found.byLink && (await requireUser(request)).uid !== uuid) throw notFound();
  if (!found.chosen) throw notFound();
  const { detailId } = found.chosen;
  const remote = await requireRemoteGrant(request, found.byLink ? { uuid, detailId } : { detailId }, 'sendNotifications');
  return remoteMessaging(remote, { uuid, byLink: found.byLink, ...found.chosen });
}

/** The remote pages' frame: a signed-in manager (an e-mail grant) goes back to their listings. */
async function frameOf(request: Request, messaging: Messaging): Promise<RemoteFrameData> {
  const { env } = await getServices();
  return remoteFrameOf(projectForRequest(request, env.PRODUCT), Boolean(messaging.remote.user));
}

export interface RemoteMessagesData extends RemoteFrameData, RemoteMessagesList {
  kind: 'list';
  /** The answer of the last save or delete ('Notification sent.' …). */
  saved: string | null;
  /** A row's Delete or Delete Schedule asked first (`?delete=`): its confirmation. */
  deleting: RemoteDeleteQuestion | null;
}

export interface RemoteMessageFormData extends RemoteFrameData {
  kind: 'form';
  listingTitle: string;
  form: MessageFormData;
}

export type RemoteMessagingData = RemoteMessagesData | RemoteMessageFormData;

export async function loadRemoteMessages(request: Request, params: Params): Promise<RemoteMessagesData> {
  const messaging = await messagingOf(request, params);
  const [list, frame] = await Promise.all([readRemoteMessages(await getServices(), messaging, Date.now()), frameOf(request, messaging)]);
  const search = new URL(request.url).searchParams;
  return {
    ...frame,
    kind: 'list',
    ...list,
    saved: savedText(search.get(SAVED_PARAM)),
    deleting: deleteQuestion(list, search.get(DELETE_PARAM)),
  };
}

async function formTargetOf(request: Request, messaging: Messaging): Promise<MessageFormTarget> {
  const opened = await openRemoteMessageForm(await getServices(), messaging, new URL(request.url), Date.now());
  if (opened.kind === 'not-found') throw notFound();
  return opened.target;
}

export async function loadRemoteMessageForm(request: Request, params: Params): Promise<RemoteMessageFormData> {
  const messaging = await messagingOf(request, params);
  const [target, frame] = await Promise.all([formTargetOf(request, messaging), frameOf(request, messaging)]);
  return { ...frame, kind: 'form', ...remoteMessageForm(messaging, target) };
}

/** The route's loader for the two messaging contexts. */
export async function loadRemoteMessaging(request: Request, params: Params): Promise<RemoteMessagingData> {
  return params.context === REMOTE_SEND_CONTEXT ? loadRemoteMessageForm(request, params) : loadRemoteMessages(request, params);
}

/** The route's action for the two messaging contexts: the form's save, the list's deletes (404 unless the listing's own). */
export async function remoteMessagingAction(request: Request, params: Params) {
  const messaging = await messagingOf(request, params);
  const formData = await readForm(request);
  const services = await getServices();
  if (params.context !== REMOTE_SEND_CONTEXT) {
    const chosen = parseIntent(formData, RemoteMessagesIntent);
    const recurring = chosen.intent === 'delete-recurring';
    const [list, key] = recurring
      ? (['scheduled', chosen.argument] as const)
      : (chosen.argument.split('/') as ['messages' | 'scheduled', string]);
    const deleted = await deleteRemoteMessage(services, messaging, { list, key, recurring }, Date.now());
    if (deleted.kind === 'not-found') throw notFound();
    return redirect(deleted.to);
  }
  parseIntent(formData, MessageFormIntent);
  const target = await formTargetOf(request, messaging);
  const saved = await saveRemoteMessage(services, messaging, target, formData, Date.now());
  if (saved.kind === 'form') return answer(saved.data, { status: saved.status });
  return redirect(saved.to);
}
