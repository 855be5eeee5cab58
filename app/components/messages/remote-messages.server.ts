import { redirect } from '@remix-run/node';
import { z } from 'zod';
import { requireRemoteGrant, requireUser, type RemoteContext } from '@server/authz';
import { remoteGrantFromEntry, type RemoteGrant } from '@server/authz/access';
import { readForm } from '@server/http/form.server';
import { loadMessageFormOptions, readMessage } from '@server/messages/form';
import { messageRowDetails, topicTitles, type MessageNote } from '@server/messages/list';
import {
  listingMessages,
  REMOTE_MESSAGES_CONTEXT,
  REMOTE_SEND_CONTEXT,
  removeListingMessage,
  type ListingMessage,
  type RemoteMessageList,
} from '@server/messages/remote';
import type { ListingLink, MessageList } from '@server/messages/save';
import { isValidKey } from '@server/paths';
import { recordRemoteSave } from '@server/remote/management';
import { remoteFrame, type RemoteFrameData } from '~/components/business/editor.server';
import { intent, intents, parseIntent } from '~/lib/intent';
import { getServices } from '~/services.server';
import {
  MESSAGE_SAVED,
  MessageFormIntent,
  messageFormData,
  submitMessageForm,
  type MessageFormData,
  type MessageFormTarget,
  type MessageSaveKind,
} from './message-form.server';

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
 * delete joins the listing's remote audit.
 */

export { REMOTE_MESSAGES_CONTEXT, REMOTE_SEND_CONTEXT };
export const REMOTE_MESSAGING_CONTEXTS = [REMOTE_MESSAGES_CONTEXT, REMOTE_SEND_CONTEXT] as const;
export type RemoteMessagingContext = (typeof REMOTE_MESSAGING_CONTEXTS)[number];
export const isRemoteMessagingContext = (value: string): value is RemoteMessagingContext =>
  (REMOTE_MESSAGING_CONTEXTS as readonly string[]).includes(value);

/** Remote managers' texts the spec does not give. */
export const REMOTE_MESSAGE_TEXTS = { deleted: 'Notification deleted.' } as const;

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
const notFound = () => new Response('Not Found', { status: 404 });
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

interface Messaging {
  remote: RemoteContext;
  /** The link's uuid or the signed-in person's uid, as in the address. */
  uuid: string;
  community: string;
  /** The grant's key (addresses: `?detail=`, /detail/remote/id/…). */
  detailId: string;
  /** The listing's id (notifications' actionKey, the audit). */
  itemId: string;
  listing: ListingLink;
  listHref: string;
  sendHref: string;
  /** The listing's remote page. */
  listingHref: string;
}

/** The stored action of a listing's notification: 'business-detail' for a business, else the granted item's type. */
export function listingAction(grant: Pick<RemoteGrant, 'type'>): string {
  return grant.type === '' || grant.type === 'business' ? 'business-detail' : grant.type;
}

/**
 * Resolves the grant of a remote messaging address. A uuid holding URL grants opens without
 * sign-in; otherwise the uuid must be the signed-in person's uid (sign in first). The grant
 * must allow sendNotifications, and be the only such one or the one `?detail=` names.
 */
async function messagingOf(request: Request, params: Params): Promise<Messaging> {
  const uuid = params.uuid ?? '';
  const url = new URL(request.url);
  const detail = url.searchParams.get('detail');
  if (!isValidKey(uuid) || (detail !== null && !isValidKey(detail))) throw notFound();
  const { db, paths } = await getServices();
  const stored = (await db.ref(paths.remoteByUid(uuid)).get()).val();
  const grants = (isObject(stored) ? Object.entries(stored) : [])
    .map(([detailId, entry]) => remoteGrantFromEntry(detailId, entry, uuid))
    .filter((grant): grant is RemoteGrant => grant !== null);
  if (grants.length === 0) throw notFound();
  const byLink = grants.some((grant) => grant.accessType === 'url');
  if (!byLink) {
    const user = await requireUser(request);
    if (user.uid !== uuid) throw notFound();
  }
  const chosen = grants.filter(
    (grant) => grant.sendNotifications && grant.accessType === (byLink ? 'url' : 'email') && (detail === null || grant.detailId === detail),
  );
  if (chosen.length !== 1) throw notFound();
  // The grant's key names it in addresses; the listing's own id is what notifications and the audit carry.
  const detailId = chosen[0]!.detailId;
  const itemId = chosen[0]!.itemId;
  const remote = await requireRemoteGrant(request, byLink ? { uuid, detailId } : { detailId }, 'sendNotifications');
  const community = remote.item.community;
  const query = `?detail=${encodeURIComponent(detailId)}`;
  const base = (context: RemoteMessagingContext) => `/listnm/remote/${context}/${encodeURIComponent(uuid)}`;
  return {
    remote,
    uuid,
    community,
    detailId,
    itemId,
    listing: {
      action: listingAction(remote.grant),
      actionKey: itemId,
      actionCommunityKey: community,
      actionParams: remote.grant.origContext,
    },
    listHref: `${base(REMOTE_MESSAGES_CONTEXT)}${query}`,
    sendHref: `${base(REMOTE_SEND_CONTEXT)}${query}`,
    listingHref: byLink ? `/detail/remote/${encodeURIComponent(uuid)}/` : `/detail/remote/id/${encodeURIComponent(detailId)}`,
  };
}

const SAVED_PARAM = 'saved';
const SAVED_KINDS = ['sent', 'queued', 'scheduled', 'saved', 'deleted'] as const;
type SavedKind = (typeof SAVED_KINDS)[number];
const SAVED_TEXTS: Record<SavedKind, string> = { ...MESSAGE_SAVED, deleted: REMOTE_MESSAGE_TEXTS.deleted };

const frameOf = (request: Request, messaging: Messaging) =>
  remoteFrame(request, messaging.remote.user ? { detailId: messaging.detailId } : { uuid: messaging.uuid });

async function audit(messaging: Messaging, field: string) {
  const services = await getServices();
  await recordRemoteSave(services, {
    community: messaging.community,
    detailId: messaging.itemId,
    grant: messaging.remote.grant,
    user: messaging.remote.user,
    fields: [field],
    at: Date.now(),
  });
}

// ─── The list ──────────────────────────────────────────────────────────────────────────────

export interface RemoteMessageRow {
  key: string;
  list: RemoteMessageList;
  recurring: boolean;
  title: string;
  subtitle: string | null;
  when: string;
  notes: MessageNote[];
  editHref: string;
}

export interface RemoteMessagesData extends RemoteFrameData {
  kind: 'list';
  listingTitle: string;
  listingHref: string;
  timeZone: string;
  scheduled: RemoteMessageRow[];
  active: RemoteMessageRow[];
  sendHref: string;
  listHref: string;
  /** The answer of the last save or delete ('Notification sent.' …). */
  saved: string | null;
}

function rowOf(messaging: Messaging, message: ListingMessage, timeZone: string, now: number): RemoteMessageRow {
  const view = message.list === 'scheduled' ? 'scheduled' : 'active';
  const details = messageRowDetails(message.record, { view, timeZone, topics: topicTitles(null), now });
  return {
    key: message.key,
    list: message.list,
    recurring: isObject(message.record.recurrenceInfo),
    title: typeof message.record.title === 'string' ? message.record.title : '',
    subtitle: details.subtitle,
    when: details.when,
    notes: details.notes,
    editHref: `${messaging.sendHref}&id=${encodeURIComponent(message.key)}&list=${message.list}`,
  };
}

async function timeZoneOf(community: string): Promise<string> {
  const { db, paths } = await getServices();
  const options = await loadMessageFormOptions({ db, paths }, community, false, { detailPage: true });
  return options.timeZone;
}

export async function loadRemoteMessages(request: Request, params: Params): Promise<RemoteMessagesData> {
  const messaging = await messagingOf(request, params);
  const { db, paths } = await getServices();
  const now = Date.now();
  const [messages, timeZone, frame] = await Promise.all([
    listingMessages({ db, paths }, messaging.listing, now),
    timeZoneOf(messaging.community),
    frameOf(request, messaging),
  ]);
  const rows = messages.map((message) => rowOf(messaging, message, timeZone, now));
  const saved = new URL(request.url).searchParams.get(SAVED_PARAM);
  return {
    ...frame,
    kind: 'list',
    listingTitle: messaging.remote.grant.detailTitle || String(messaging.remote.item.value.title ?? ''),
    listingHref: messaging.listingHref,
    timeZone,
    scheduled: rows.filter((row) => row.list === 'scheduled'),
    active: rows.filter((row) => row.list === 'messages'),
    sendHref: messaging.sendHref,
    listHref: messaging.listHref,
    saved: SAVED_KINDS.includes(saved as SavedKind) ? SAVED_TEXTS[saved as SavedKind] : null,
  };
}

/** Delete: a scheduled message (single or recurring) is removed; a sent one ends now (to the archive). 404 unless it is the listing's own. */
async function remoteMessagesAction(request: Request, messaging: Messaging, formData: FormData) {
  const chosen = parseIntent(formData, RemoteMessagesIntent);
  const [list, key] =
    chosen.intent === 'delete-recurring'
      ? (['scheduled', chosen.argument] as const)
      : (chosen.argument.split('/') as [MessageList, string]);
  if (!isValidKey(key)) throw notFound();
  const { db, paths } = await getServices();
  const removed = await removeListingMessage(
    { db, paths },
    messaging.listing,
    list,
    key,
    { recurring: chosen.intent === 'delete-recurring' },
    Date.now(),
  );
  if (!removed) throw notFound();
  await audit(messaging, chosen.intent === 'delete-recurring' ? 'notification: recurring schedule deleted' : 'notification: deleted');
  return redirect(`${messaging.listHref}&${SAVED_PARAM}=deleted`);
}

// ─── The form ──────────────────────────────────────────────────────────────────────────────

export interface RemoteMessageFormData extends RemoteFrameData {
  kind: 'form';
  listingTitle: string;
  form: MessageFormData;
}

async function formTargetOf(request: Request, messaging: Messaging): Promise<MessageFormTarget> {
  const { db, paths } = await getServices();
  const deps = { db, paths };
  const url = new URL(request.url);
  const options = await loadMessageFormOptions(deps, messaging.community, false, { detailPage: true });
  let editing: MessageFormTarget['editing'] = null;
  if (url.searchParams.has('id')) {
    const key = url.searchParams.get('id') ?? '';
    const list: MessageList = url.searchParams.get('list') === 'scheduled' ? 'scheduled' : 'messages';
    const record = await readMessage(deps, { community: messaging.community, systemwide: false }, list, key);
    if (!record || record.actionKey !== messaging.itemId || record.actionCommunityKey !== messaging.community) throw notFound();
    editing = { list, key, record };
  }
  return {
    community: messaging.community,
    uid: messaging.remote.grant.uid,
    communityBanner: false,
    context: 'messages',
    systemwide: false,
    detailPage: true,
    listing: messaging.listing,
    editing,
    reminder: null,
    options,
    targets: { communities: [], byAction: {} },
    now: Date.now(),
    formAction: `${url.pathname}${url.search}`,
    listHref: messaging.listHref,
    returnTo: messaging.listHref,
  };
}

export async function loadRemoteMessageForm(request: Request, params: Params): Promise<RemoteMessageFormData> {
  const messaging = await messagingOf(request, params);
  const [target, frame] = await Promise.all([formTargetOf(request, messaging), frameOf(request, messaging)]);
  return {
    ...frame,
    kind: 'form',
    listingTitle: messaging.remote.grant.detailTitle || String(messaging.remote.item.value.title ?? ''),
    form: messageFormData(target),
  };
}

const AUDIT_FIELDS: Record<MessageSaveKind, string> = {
  sent: 'notification: sent',
  queued: 'notification: queued',
  scheduled: 'notification: scheduled',
  saved: 'notification: edited',
};

// ─── The route ─────────────────────────────────────────────────────────────────────────────

export type RemoteMessagingData = RemoteMessagesData | RemoteMessageFormData;

/** The route's loader for the two messaging contexts. */
export async function loadRemoteMessaging(request: Request, params: Params): Promise<RemoteMessagingData> {
  return params.context === REMOTE_SEND_CONTEXT ? loadRemoteMessageForm(request, params) : loadRemoteMessages(request, params);
}

/** The route's action for the two messaging contexts: the form's save, the list's deletes. */
export async function remoteMessagingAction(request: Request, params: Params) {
  const messaging = await messagingOf(request, params);
  const formData = await readForm(request);
  if (params.context !== REMOTE_SEND_CONTEXT) return remoteMessagesAction(request, messaging, formData);
  parseIntent(formData, MessageFormIntent);
  const target = await formTargetOf(request, messaging);
  return submitMessageForm(target, formData, async ({ kind }) => {
    await audit(messaging, AUDIT_FIELDS[kind]);
    return redirect(`${messaging.listHref}&${SAVED_PARAM}=${kind}`);
  });
}
