import type { JobQueue } from '@jobs/ports';
import type { RemoteContext } from '@server/authz';
import { remoteGrantFromEntry, type RemoteGrant } from '@server/authz/access';
import type { RealtimeDb } from '@server/db/types';
import { isValidKey, type Paths } from '@server/paths';
import { recordRemoteSave } from '@server/remote/management';
import { hrefs, type Search } from '~/lib/hrefs';
import { loadMessageFormOptions } from './form';
import {
  MESSAGE_SAVED,
  messageFormData,
  readListingMessage,
  saveMessageForm,
  type MessageFormActionData,
  type MessageFormData,
  type MessageFormTarget,
  type MessageSaveKind,
} from './form-screen';
import { messageRowDetails, topicTitles, type MessageNote } from './list';
import {
  listingMessages,
  REMOTE_MESSAGES_CONTEXT,
  REMOTE_SEND_CONTEXT,
  removeListingMessage,
  type ListingMessage,
  type RemoteMessageList,
} from './remote';
import type { ListingLink, MessageList } from './save';

/**
 * A remote manager's Messaging as a screen (spec 02 §2 "Route param uuid present means a remote
 * detail-page context", §4, §5, §6, §7 remoteBusinessUpdate message actions; spec 03 §6
 * "'Messaging' only if remote info allows notifications"): which grant an address opens, the
 * listing's own notifications, their deletes, and the form in detail-page mode with its save.
 * Every save and delete joins the listing's remote audit. The glue
 * (app/features/messages/remote-messages.server.ts) signs in, checks the grant and responds.
 */

interface Deps {
  db: RealtimeDb;
  paths: Paths;
}

/** Remote managers' texts the spec does not give. */
export const REMOTE_MESSAGE_TEXTS = {
  deleted: 'Notification deleted.',
  // The console's confirmation of a deletion (spec 02 'Delete Item'), and its own for a schedule.
  deleteTitle: 'Delete Item',
  deleteScheduleTitle: 'Delete Schedule',
  deleteText: 'Are you certain you want to delete?',
} as const;

/** The list's `?delete={list}/{key}`: the row whose Delete (or Delete Schedule) asks first. */
export const DELETE_PARAM = 'delete';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

// ─── The grant ─────────────────────────────────────────────────────────────────────────────

/** The grant an address names: its key (addresses: `?detail=`, /detail/remote/id/…) and the listing's id. */
export interface MessagingGrant {
  detailId: string;
  itemId: string;
}

export type MessagingGrantAnswer =
  | { kind: 'not-found' }
  /**
   * The uuid holds grants: by link (URL grants, no sign-in) or else the signed-in person's uid
   * must be the uuid; `chosen` is the one grant with sendNotifications the address names, if any.
   */
  | { kind: 'found'; byLink: boolean; chosen: MessagingGrant | null };

/**
 * The grants of a remote messaging address. A uuid holding URL grants opens without sign-in;
 * otherwise the uuid must be the signed-in person's uid. The grant must allow
 * sendNotifications, and be the only such one or the one `detail` names.
 */
export async function findMessagingGrant(deps: Deps, uuid: string, detail: string | null): Promise<MessagingGrantAnswer> {
  if (!isValidKey(uuid) || (detail !== null && !isValidKey(detail))) return { kind: 'not-found' };
  const stored = (await deps.db.ref(deps.paths.remoteByUid(uuid)).get()).val();
  const grants = (isObject(stored) ? Object.entries(stored) : [])
    .map(([detailId, entry]) => remoteGrantFromEntry(detailId, entry, uuid))
    .filter((grant): grant is RemoteGrant => grant !== null);
  if (grants.length === 0) return { kind: 'not-found' };
  const byLink = grants.some((grant) => grant.accessType === 'url');
  const chosen = grants.filter(
    (grant) => grant.sendNotifications && grant.accessType === (byLink ? 'url' : 'email') && (detail === null || grant.detailId === detail),
  );
  // The grant's key names it in addresses; the listing's own id is what notifications and the audit carry.
  return { kind: 'found', byLink, chosen: chosen.length === 1 ? { detailId: chosen[0]!.detailId, itemId: chosen[0]!.itemId } : null };
}

/** A granted listing's messaging: who, which listing, and its addresses. */
export interface Messaging {
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

const messagingHref = (messaging: Pick<Messaging, 'uuid' | 'detailId'>, context: string, search: Record<string, string> = {}) =>
  hrefs.remoteListing(context, messaging.uuid, { detail: messaging.detailId, ...search } satisfies Search);

/** The messaging of a checked grant. */
export function remoteMessaging(remote: RemoteContext, address: { uuid: string; byLink: boolean } & MessagingGrant): Messaging {
  const { uuid, byLink, detailId, itemId } = address;
  const community = remote.item.community;
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
    listHref: messagingHref(address, REMOTE_MESSAGES_CONTEXT),
    sendHref: messagingHref(address, REMOTE_SEND_CONTEXT),
    listingHref: byLink ? hrefs.remoteDetail(uuid) : hrefs.remoteDetailById(detailId),
  };
}

/** The listing's title as the pages show it. */
export const listingTitleOf = (messaging: Messaging) =>
  messaging.remote.grant.detailTitle || String(messaging.remote.item.value.title ?? '');

async function audit(deps: Deps, messaging: Messaging, field: string, at: number) {
  await recordRemoteSave(deps, {
    community: messaging.community,
    detailId: messaging.itemId,
    grant: messaging.remote.grant,
    user: messaging.remote.user,
    fields: [field],
    at,
  });
}

// ─── The list ──────────────────────────────────────────────────────────────────────────────

export const SAVED_PARAM = 'saved';
const SAVED_KINDS = ['sent', 'queued', 'scheduled', 'saved', 'deleted'] as const;
type SavedKind = (typeof SAVED_KINDS)[number];
const SAVED_TEXTS: Record<SavedKind, string> = { ...MESSAGE_SAVED, deleted: REMOTE_MESSAGE_TEXTS.deleted };

/** The answer of the last save or delete, as `?saved=` names it ('Notification sent.' …). */
export const savedText = (saved: string | null): string | null =>
  SAVED_KINDS.includes(saved as SavedKind) ? SAVED_TEXTS[saved as SavedKind] : null;

export interface RemoteMessageRow {
  key: string;
  list: RemoteMessageList;
  recurring: boolean;
  title: string;
  subtitle: string | null;
  when: string;
  notes: MessageNote[];
  editHref: string;
  /** The list with this row's deletion asked (the confirmation, a page of its own without JavaScript). */
  deleteHref: string;
}

/** A deletion asked on the list: the confirmation's texts and the intent its Delete posts. */
export interface RemoteDeleteQuestion {
  title: string;
  text: string;
  intent: string;
  answer: string;
}

export interface RemoteMessagesList {
  listingTitle: string;
  listingHref: string;
  timeZone: string;
  scheduled: RemoteMessageRow[];
  active: RemoteMessageRow[];
  sendHref: string;
  listHref: string;
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
    editHref: messagingHref(messaging, REMOTE_SEND_CONTEXT, { id: message.key, list: message.list }),
    deleteHref: messagingHref(messaging, REMOTE_MESSAGES_CONTEXT, { [DELETE_PARAM]: `${message.list}/${message.key}` }),
  };
}

/**
 * The confirmation of a row's deletion (`?delete={list}/{key}`), null when the address names
 * none of the listing's rows: what happens to it, and the intent the dialog's Delete posts.
 */
export function deleteQuestion(list: Pick<RemoteMessagesList, 'scheduled' | 'active'>, asked: string | null): RemoteDeleteQuestion | null {
  if (!asked) return null;
  const row = [...list.scheduled, ...list.active].find((candidate) => `${candidate.list}/${candidate.key}` === asked);
  if (!row) return null;
  const named = row.title ? `“${row.title}”` : 'This notification';
  if (row.recurring) {
    return {
      title: REMOTE_MESSAGE_TEXTS.deleteScheduleTitle,
      text: `${REMOTE_MESSAGE_TEXTS.deleteText} ${named} stops: no more of its notifications are sent.`,
      intent: `delete-recurring:${row.key}`,
      answer: 'Delete Schedule',
    };
  }
  return {
    title: REMOTE_MESSAGE_TEXTS.deleteTitle,
    text:
      row.list === 'scheduled'
        ? `${REMOTE_MESSAGE_TEXTS.deleteText} ${named} is not sent.`
        : `${REMOTE_MESSAGE_TEXTS.deleteText} ${named} ends now and moves to the archive.`,
    intent: `delete-message:${row.list}/${row.key}`,
    answer: 'Delete',
  };
}

async function timeZoneOf(deps: Deps, community: string): Promise<string> {
  const options = await loadMessageFormOptions(deps, community, false, { detailPage: true });
  return options.timeZone;
}

/** The listing's scheduled notifications and its sent ones still active, in the community's time zone. */
export async function readRemoteMessages(deps: Deps, messaging: Messaging, now: number): Promise<RemoteMessagesList> {
  const [messages, timeZone] = await Promise.all([listingMessages(deps, messaging.listing, now), timeZoneOf(deps, messaging.community)]);
  const rows = messages.map((message) => rowOf(messaging, message, timeZone, now));
  return {
    listingTitle: listingTitleOf(messaging),
    listingHref: messaging.listingHref,
    timeZone,
    scheduled: rows.filter((row) => row.list === 'scheduled'),
    active: rows.filter((row) => row.list === 'messages'),
    sendHref: messaging.sendHref,
    listHref: messaging.listHref,
  };
}

/** What a list's delete names: a sent or single scheduled message, or a recurring schedule. */
export interface RemoteDelete {
  list: MessageList;
  key: string;
  recurring: boolean;
}

export type RemoteDeleteAnswer = { kind: 'not-found' } | { kind: 'deleted'; to: string };

/** Delete: a scheduled message (single or recurring) is removed; a sent one ends now (to the archive). Not found unless it is the listing's own. */
export async function deleteRemoteMessage(
  deps: Deps,
  messaging: Messaging,
  chosen: RemoteDelete,
  now: number,
): Promise<RemoteDeleteAnswer> {
  if (!isValidKey(chosen.key)) return { kind: 'not-found' };
  const removed = await removeListingMessage(deps, messaging.listing, chosen.list, chosen.key, { recurring: chosen.recurring }, now);
  if (!removed) return { kind: 'not-found' };
  await audit(deps, messaging, chosen.recurring ? 'notification: recurring schedule deleted' : 'notification: deleted', now);
  return { kind: 'deleted', to: messagingHref(messaging, REMOTE_MESSAGES_CONTEXT, { [SAVED_PARAM]: 'deleted' }) };
}

// ─── The form ──────────────────────────────────────────────────────────────────────────────

export type RemoteFormOpening = { kind: 'not-found' } | { kind: 'form'; target: MessageFormTarget };

/** The form in detail-page mode: a new notification of the listing, or an edit of one of its own (`?id=&list=`). */
export async function openRemoteMessageForm(deps: Deps, messaging: Messaging, url: URL, now: number): Promise<RemoteFormOpening> {
  const options = await loadMessageFormOptions(deps, messaging.community, false, { detailPage: true });
  let editing: MessageFormTarget['editing'] = null;
  if (url.searchParams.has('id')) {
    editing = await readListingMessage(deps, messaging.listing, url);
    if (!editing) return { kind: 'not-found' };
  }
  return {
    kind: 'form',
    target: {
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
      now,
      formAction: `${url.pathname}${url.search}`,
      listHref: messaging.listHref,
      returnTo: messaging.listHref,
    },
  };
}

/** The form's data of a target, with the listing's title. */
export const remoteMessageForm = (messaging: Messaging, target: MessageFormTarget): { listingTitle: string; form: MessageFormData } => ({
  listingTitle: listingTitleOf(messaging),
  form: messageFormData(target),
});

const AUDIT_FIELDS: Record<MessageSaveKind, string> = {
  sent: 'notification: sent',
  queued: 'notification: queued',
  scheduled: 'notification: scheduled',
  saved: 'notification: edited',
};

export type RemoteSaveAnswer = { kind: 'form'; status: number; data: MessageFormActionData } | { kind: 'saved'; to: string };

/** Saves the listing's notification; after a save the audit, and the list with `?saved=`. */
export async function saveRemoteMessage(
  deps: Deps & { jobs: JobQueue },
  messaging: Messaging,
  target: MessageFormTarget,
  formData: FormData,
  now: number,
): Promise<RemoteSaveAnswer> {
  const answer = await saveMessageForm(deps, target, formData, now);
  if (answer.kind === 'form') return answer;
  await audit(deps, messaging, AUDIT_FIELDS[answer.saved], Date.now());
  return { kind: 'saved', to: messagingHref(messaging, REMOTE_MESSAGES_CONTEXT, { [SAVED_PARAM]: answer.saved }) };
}
