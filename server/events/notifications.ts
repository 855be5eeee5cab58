import { plainTextOf } from '@server/community/description';
import type { DbValue } from '@server/db/types';
import { isValidKey } from '@server/paths';
import { TEXT_FIELDS, TIME_FIELDS } from './item';
import { isObject, type EventDeps, type EventRecord, type Updates } from './records';
import type { EventChange } from './save-plan';

/**
 * After saving an event with scheduled notifications (spec 02 §4 "After saving an event", §7
 * "query messages-scheduled by eventId …; read and remove scheduled messages by eventId;
 * update their title and description", §8 'Notifications Removed', 'Update Notifications'):
 * a time change removes the event's scheduled notifications and says how many; a title or
 * description change asks whether to update them; otherwise nothing.
 *
 * An event's scheduled notifications are the messages-scheduled entries whose `eventId` is
 * the event's: the community's own (`{community}/messages-scheduled`), and the system-wide
 * area's (`system-data/messages-scheduled`) made in this community (`location` = community).
 */

export interface NotificationChanges {
  /** Events whose times changed (or that were deleted): their notifications go. */
  timeChanged: string[];
  /** Events whose title or description changed, times unchanged: their notifications may be updated. */
  textChanged: string[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** What a save changed that matters to notifications (new events have none). */
export function notificationChangesOf(changes: readonly EventChange[]): NotificationChanges {
  const timeChanged: string[] = [];
  const textChanged: string[] = [];
  for (const { eventId, before, after } of changes) {
    if (!before) continue;
    if (!after || TIME_FIELDS.some((field) => !same(before[field], after[field]))) timeChanged.push(eventId);
    else if (TEXT_FIELDS.some((field) => !same(before[field], after[field]))) textChanged.push(eventId);
  }
  return { timeChanged, textChanged };
}

/**
 * For one event, given its stored and saved versions: 'remove' its notifications (a time
 * change, or the event is gone), 'ask' whether to update them (title or description), or 'none'.
 */
export function notificationAction(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): 'remove' | 'ask' | 'none' {
  const { timeChanged, textChanged } = notificationChangesOf([
    { eventId: 'event', before: before as EventRecord | null, after: after as EventRecord | null },
  ]);
  return timeChanged.length > 0 ? 'remove' : textChanged.length > 0 ? 'ask' : 'none';
}

export interface ScheduledNotification {
  path: string;
  record: Record<string, unknown>;
}

/** The scheduled notifications of the events (one indexed query per event and area). */
export async function scheduledNotificationsOf(
  deps: EventDeps,
  community: string,
  eventIds: readonly string[],
): Promise<ScheduledNotification[]> {
  const found: ScheduledNotification[] = [];
  for (const eventId of new Set(eventIds)) {
    if (!isValidKey(eventId)) continue;
    const [own, system] = await Promise.all([
      deps.db.ref(deps.paths.scheduledMessages(community)).orderByChild('eventId').equalTo(eventId).get(),
      deps.db.ref(deps.paths.systemScheduledMessages()).orderByChild('eventId').equalTo(eventId).get(),
    ]);
    own.forEach((child) => {
      const record = child.val();
      if (child.key && isObject(record)) found.push({ path: deps.paths.scheduledMessage(community, child.key), record });
    });
    system.forEach((child) => {
      const record = child.val();
      if (child.key && isObject(record) && record.location === community)
        found.push({ path: deps.paths.systemScheduledMessage(child.key), record });
    });
  }
  return found;
}

export type NotificationFollowUp = {
  /** 'Notifications Removed': how many were removed (0: nothing to say). */
  removed: number;
  /** 'Update Notifications' is to be asked for these events (empty: nothing to ask). */
  ask: string[];
};

/**
 * After a save: removes the scheduled notifications of every event whose time changed (one
 * multi-path update) and tells which events' notifications to ask about. Call with the save's
 * `changes`.
 */
export async function afterEventSave(deps: EventDeps, community: string, changes: readonly EventChange[]): Promise<NotificationFollowUp> {
  const { timeChanged, textChanged } = notificationChangesOf(changes);
  const toRemove = await scheduledNotificationsOf(deps, community, timeChanged);
  if (toRemove.length > 0) await deps.db.ref().update(Object.fromEntries(toRemove.map(({ path }) => [path, null])));
  const withNotifications = await scheduledNotificationsOf(deps, community, textChanged);
  const ask = [...new Set(withNotifications.map(({ record }) => String(record.eventId)))];
  return { removed: toRemove.length, ask };
}

/** Spec 02 §4 "From an event": the reminder's title. */
export function reminderTitle(title: string, locationTitle: string | null): string {
  return locationTitle ? `Reminder: ${title} @${locationTitle}` : `Reminder: ${title}`;
}

/**
 * 'Update Notifications' → Yes: every scheduled notification of the events gets the event's
 * reminder title and its description as plain text (markup stripped, spec 02 §4). One update;
 * returns how many were updated.
 */
export async function updateEventNotifications(
  deps: EventDeps,
  community: string,
  eventIds: readonly string[],
  event: Pick<EventRecord, 'title' | 'description'> & { locationTitle: string | null },
): Promise<number> {
  const found = await scheduledNotificationsOf(deps, community, eventIds);
  const title = reminderTitle(String(event.title ?? ''), event.locationTitle);
  const description = plainTextOf(typeof event.description === 'string' ? event.description : '');
  const updates: Updates = {};
  for (const { path } of found) {
    updates[`${path}/title`] = title;
    updates[`${path}/description`] = description as DbValue;
  }
  if (found.length > 0) await deps.db.ref().update(updates);
  return found.length;
}
