import type { JobQueue } from '@jobs/ports';
import type { DbValue, RealtimeDb } from '@server/db/types';
import { unchanged, versionOf } from '@server/db/version';
import type { Paths } from '@server/paths';
import { detailButtonsRecord } from '~/lib/detail-buttons';
import type { MessageFormOutput } from '~/schemas/message';
import { dispatchMessage, dueOf, pendingDeliveryWrite, type MessageTarget } from './dispatch';

/**
 * The notification form's writes (spec 02 §7 "Messages"; the contract of issue 13):
 * - instant → `messages/{push id}`; future and recurring → `messages-scheduled/{push id}`
 *   (recurring with `nextScheduledRun` = the delivery time and `recurrenceInfo`);
 * - system-wide → the same lists under system-data, with `location` = the sending community;
 * - personal → `user-written/{c}/messages/{from}/{to}/{push id}` and `message-threads/{from}/{to}`
 *   and `{to}/{from}`;
 * - an edit updates the record in place, only the form's own fields, inside a transaction that
 *   compares the version the form showed; `delivery` (the delivery side's record) and any field
 *   the form does not write are kept.
 * Every write is followed by `dispatchMessage`.
 */

export interface SaveDeps {
  db: RealtimeDb;
  paths: Paths;
  jobs: JobQueue;
}

/** Where a message is stored: its list and key (personal ones are never edited here). */
export type MessageList = 'messages' | 'scheduled';

/** The fields the form writes (and hashes for its version); everything else on a record is kept. */
export const FORM_FIELDS = [
  'title',
  'description',
  'userGroup',
  'category',
  'url',
  'sendNotification',
  'isGiveaway',
  'formKey',
  'storeItemKey',
  'menuItemKey',
  'fileUrl',
  'detailButtons',
  'endTime',
  'deliveryTime',
  'recurrenceInfo',
] as const;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The version of a stored message as the form shows it (delivery progress never counts). */
export function messageVersion(record: Record<string, unknown>): string {
  return versionOf(Object.fromEntries(FORM_FIELDS.map((field) => [field, record[field] ?? null])));
}

/** Context of a save: who, where, when. */
export interface SaveContext {
  community: string;
  uid: string;
  systemwide: boolean;
  now: number;
  /** From an event: the event's id and times (the reminder's own fields). */
  event?: { eventId: string; startDate: number; endDate: number } | null;
  /**
   * A listing's own notification (a remote manager's): the listing it opens, written on a new
   * record; an edit only reaches a record of that listing.
   */
  listing?: ListingLink | null;
}

/** The listing a detail-page notification opens (spec 02 §3 action fields). */
export interface ListingLink {
  action: string;
  actionKey: string;
  actionCommunityKey: string;
  actionParams: string;
}

/** True when a stored message is the listing's own. */
export const isListingMessage = (record: Record<string, unknown>, listing: Pick<ListingLink, 'actionKey' | 'actionCommunityKey'>) =>
  record.actionKey === listing.actionKey && record.actionCommunityKey === listing.actionCommunityKey;

/** The form's own fields of a record (null deletes on an update). */
function ownFields(value: MessageFormOutput, stored: Record<string, unknown> | null, deliveryTime: number): Record<string, DbValue> {
  const optional = (text: string): DbValue => (text === '' ? null : text);
  const fields: Record<string, DbValue> = {
    title: value.title,
    description: value.description,
    userGroup: value.audience === 'group' ? value.userGroup : null,
    category: value.audience === 'group' ? value.category : null,
    url: optional(value.url),
    sendNotification: value.sendNotification,
    isGiveaway: value.isGiveaway,
    formKey: optional(value.formKey),
    storeItemKey: optional(value.storeItemKey),
    menuItemKey: optional(value.menuItemKey),
    fileUrl: optional(value.fileUrl),
    detailButtons: value.detailButtons.length > 0 ? detailButtonsRecord(value.detailButtons, stored?.detailButtons) : null,
    endTime: value.endTime,
    deliveryTime,
    effectiveTime: deliveryTime,
  };
  if (value.recurrence) {
    fields.recurrenceInfo = {
      recurrence: value.recurrence.recurrence,
      validDays: value.recurrence.validDays,
      recurrenceEndDate: value.recurrence.recurrenceEndDate,
      ...(value.recurrence.recurrenceDuration !== null ? { recurrenceDuration: value.recurrence.recurrenceDuration } : {}),
    };
  } else fields.recurrenceInfo = null;
  return fields;
}

const withoutNulls = (record: Record<string, DbValue>): Record<string, DbValue> =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== null));

export type SaveResult =
  /** `queued` false: the job service did not take it now; it waits in the database and goes out when it does. */
  | { ok: true; target: MessageTarget; queued: boolean }
  | { ok: false; reason: 'conflict'; current: Record<string, unknown>; version: string }
  | { ok: false; reason: 'not-found' };

/** Writes a new message where its audience and delivery type say, then hands it to delivery. */
export async function createMessage(deps: SaveDeps, context: SaveContext, value: MessageFormOutput): Promise<SaveResult> {
  const { db, paths } = deps;
  const { community, uid, now } = context;
  const instant = value.deliveryType === 'instant';
  const deliveryTime = instant ? now : (value.deliveryTime ?? now);
  const record: Record<string, DbValue> = {
    ...withoutNulls(ownFields(value, null, deliveryTime)),
    creator: uid,
    createdTime: now,
  };
  if (value.deliveryType === 'recurring') record.nextScheduledRun = deliveryTime;
  if (context.listing) Object.assign(record, context.listing, { userGroup: '', category: '' });
  if (context.event) {
    record.isFromEvent = true;
    record.eventId = context.event.eventId;
    record.startDate = context.event.startDate;
    record.endDate = context.event.endDate;
    if (value.scheduledEvent !== null) record.scheduledEvent = value.scheduledEvent;
  }

  let target: MessageTarget;
  if (value.audience === 'personal') {
    record.toUser = value.toUser;
    record.fromUser = uid;
    const key = db.ref(paths.personalMessages(community, uid, value.toUser)).push().key!;
    const thread = { lastMessageKey: key, lastMessageTime: now, title: value.title };
    target = { area: 'personal', community, from: uid, to: value.toUser, key };
    await db.ref().update({
      [paths.personalMessage(community, uid, value.toUser, key)]: record,
      [paths.messageThread(community, uid, value.toUser)]: thread,
      [paths.messageThread(community, value.toUser, uid)]: thread,
      // Sent at once: marked as waiting for its push in the same write (found again after a Redis outage).
      ...pendingDeliveryWrite(paths, target, dueOf(target, record) ?? now, now),
    });
  } else {
    const list = instant ? 'messages' : 'messages-scheduled';
    if (context.systemwide) record.location = community;
    const parent = context.systemwide
      ? instant
        ? paths.systemMessages()
        : paths.systemScheduledMessages()
      : instant
        ? paths.messages(community)
        : paths.scheduledMessages(community);
    const key = db.ref(parent).push().key!;
    target = context.systemwide ? { area: 'system', list, key, community } : { area: 'community', community, list, key };
    await db.ref().update({
      [`${parent}/${key}`]: record,
      // An instant message is marked as waiting for its push in the same write; a scheduled one
      // is found again through messages-scheduled.
      ...(instant ? pendingDeliveryWrite(paths, target, dueOf(target, record) ?? now, now) : {}),
    });
  }
  const dispatched = await dispatchMessage(deps, target);
  return { ok: true, target, queued: dispatched.queued };
}

/** The path of a stored message of the community or the system-wide area. */
export function messagePath(paths: Paths, context: Pick<SaveContext, 'community' | 'systemwide'>, list: MessageList, key: string): string {
  if (context.systemwide) return list === 'messages' ? paths.systemMessage(key) : paths.systemScheduledMessage(key);
  return list === 'messages' ? paths.message(context.community, key) : paths.scheduledMessage(context.community, key);
}

/**
 * Updates a stored message in place: only the form's fields, when the version the form showed
 * is still the stored one. `delivery`, `creator`, `createdTime`, the event's fields and anything
 * else are kept; a recurring message's next run restarts at the delivery time when the delivery
 * time or the recurrence changed.
 */
export async function updateMessage(
  deps: SaveDeps,
  context: SaveContext,
  list: MessageList,
  key: string,
  value: MessageFormOutput,
  version: string | null,
): Promise<SaveResult> {
  const { db, paths } = deps;
  const path = messagePath(paths, context, list, key);
  let outcome = { ok: false, reason: 'not-found' } as SaveResult;
  await db.ref(path).transaction((current: unknown) => {
    if (!isObject(current)) {
      outcome = { ok: false, reason: 'not-found' };
      return unchanged(current);
    }
    if (
      (context.systemwide && current.location !== context.community) ||
      (context.listing && !isListingMessage(current, context.listing))
    ) {
      outcome = { ok: false, reason: 'not-found' };
      return undefined;
    }
    const stored = messageVersion(current);
    if (version !== stored) {
      outcome = { ok: false, reason: 'conflict', current, version: stored };
      return undefined;
    }
    const storedDelivery = typeof current.deliveryTime === 'number' ? current.deliveryTime : context.now;
    const deliveryTime = list === 'messages' ? storedDelivery : (value.deliveryTime ?? storedDelivery);
    const next: Record<string, unknown> = { ...current, ...ownFields(value, current, deliveryTime) };
    if (list === 'messages') next.recurrenceInfo = current.recurrenceInfo ?? null;
    if (value.recurrence && list === 'scheduled') {
      const recurrenceChanged = JSON.stringify(current.recurrenceInfo ?? null) !== JSON.stringify(next.recurrenceInfo);
      if (recurrenceChanged || deliveryTime !== storedDelivery || typeof current.nextScheduledRun !== 'number')
        next.nextScheduledRun = deliveryTime;
    } else if (list === 'scheduled') next.nextScheduledRun = null;
    outcome = { ok: true, target: targetOf(context, list, key), queued: true };
    return withoutNulls(next as Record<string, DbValue>);
  });
  const result = outcome as SaveResult;
  if (result.ok) return { ...result, queued: (await dispatchMessage(deps, result.target)).queued };
  return result;
}

function targetOf(context: Pick<SaveContext, 'community' | 'systemwide'>, list: MessageList, key: string): MessageTarget {
  const stored = list === 'messages' ? 'messages' : 'messages-scheduled';
  return context.systemwide
    ? { area: 'system', list: stored, key, community: context.community }
    : { area: 'community', community: context.community, list: stored, key };
}
