import type { RemoteGrant } from '@server/authz/access';
import type { RealtimeDb } from '@server/db/types';
import { unchanged } from '@server/db/version';
import { isValidKey, type Paths } from '@server/paths';
import { hrefs } from '~/lib/hrefs';
import { isListingMessage, messagePath, type ListingLink, type MessageList } from './save';

/**
 * A listing's own notifications (a remote manager's Messaging; spec 02 §2 remote detail-page
 * context, §7 remoteBusinessUpdate deleteMessage / deleteRecurring): found in the community's
 * `messages` and `messages-scheduled` by their actionKey, kept only when they are the
 * listing's (actionCommunityKey too).
 */

interface Deps {
  db: RealtimeDb;
  paths: Paths;
}

export type RemoteMessageList = MessageList;

export interface ListingMessage {
  list: MessageList;
  key: string;
  record: Record<string, unknown>;
}

/** The most notifications of a listing read per list. */
export const MAX_LISTING_MESSAGES = 200;

/** The remote messaging contexts of `/listnm/remote/:context/:uuid`. */
export const REMOTE_MESSAGES_CONTEXT = 'remote-messages-scheduled';
export const REMOTE_SEND_CONTEXT = 'send-detail-notification';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const numberOf = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

async function listOf(deps: Deps, link: ListingLink, list: MessageList): Promise<ListingMessage[]> {
  const parent = list === 'messages' ? deps.paths.messages(link.actionCommunityKey) : deps.paths.scheduledMessages(link.actionCommunityKey);
  const found = await deps.db.ref(parent).orderByChild('actionKey').equalTo(link.actionKey).limitToLast(MAX_LISTING_MESSAGES).get();
  const messages: ListingMessage[] = [];
  found.forEach((child) => {
    const record = child.val();
    if (child.key && isObject(record) && isListingMessage(record, link)) messages.push({ list, key: child.key, record });
  });
  return messages;
}

/** Newest first: by next run (scheduled) or delivery time. */
const runOf = (message: ListingMessage) => numberOf(message.record.nextScheduledRun) || numberOf(message.record.deliveryTime);

/** The listing's scheduled notifications and its sent ones still active (endTime 0 or later than now), newest first. */
export async function listingMessages(deps: Deps, link: ListingLink, now: number): Promise<ListingMessage[]> {
  const [scheduled, sent] = await Promise.all([listOf(deps, link, 'scheduled'), listOf(deps, link, 'messages')]);
  const active = sent.filter(({ record }) => {
    const end = numberOf(record.endTime);
    return end === 0 || end > now;
  });
  return [...scheduled, ...active].sort((a, b) => runOf(b) - runOf(a));
}

/**
 * Deletes one of the listing's notifications: a scheduled one (single, or a recurring schedule
 * with `recurring`) is removed; a sent one ends now (to the archive). False when there is no
 * such notification of the listing (or `recurring` does not match what it is).
 */
export async function removeListingMessage(
  deps: Deps,
  link: ListingLink,
  list: MessageList,
  key: string,
  { recurring }: { recurring: boolean },
  now: number,
): Promise<boolean> {
  if (!isValidKey(key)) return false;
  const path = messagePath(deps.paths, { community: link.actionCommunityKey, systemwide: false }, list, key);
  let removed = false;
  await deps.db.ref(path).transaction((current: unknown) => {
    removed = false;
    if (!isObject(current)) return unchanged(current);
    if (!isListingMessage(current, link)) return undefined;
    const isRecurring = list === 'scheduled' && isObject(current.recurrenceInfo);
    if (isRecurring !== recurring) return undefined;
    removed = true;
    return list === 'scheduled' ? null : { ...current, endTime: now };
  });
  return removed;
}

/** The Messaging button of a remote page: its address when the grant allows notifications, else null. */
export function remoteMessagingHref(grant: RemoteGrant, user: { uid: string } | null): string | null {
  if (!grant.sendNotifications) return null;
  const uuid = grant.accessType === 'url' ? grant.uid : (user?.uid ?? grant.uid);
  return hrefs.remoteListing(REMOTE_MESSAGES_CONTEXT, uuid, { detail: grant.detailId });
}
