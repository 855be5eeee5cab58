import type { RealtimeDb } from '@server/db/types';
import { scheduledNotificationsOf } from '@server/events/notifications';
import { readEvent } from '@server/events/records';
import { isValidKey, type Paths } from '@server/paths';
import { formatDate, formatTime } from '~/lib/date-time';
import { detailButtonsFormValue } from '~/lib/detail-buttons';
import {
  MESSAGE_TEXTS,
  linkTypeOf,
  messageSchema,
  type MessageFormValue,
  type MessageSchemaOptions,
  type ReminderChoice,
} from '~/schemas/message';
import { messagePath, type MessageList } from './save';
import { eventReminderPlan, type EventReminderPlan } from './schedule';

export { messageSchema };

/**
 * What the notification form chooses from (spec 02 §3 topics config, §6 feature flags, "the users
 * list for messaging excludes anonymous users"), the stored message it edits, and the reminder
 * it offers from an event. The schema itself is app/schemas/message.ts (shared with conform).
 */

interface Deps {
  db: RealtimeDb;
  paths: Paths;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

export interface TopicChoice {
  value: string;
  label: string;
  isGiveaway: boolean;
}

export interface AppUserChoice {
  value: string;
  label: string;
}

export interface MessageFormOptions {
  timeZone: string;
  categories: TopicChoice[];
  userGroups: TopicChoice[];
  users: AppUserChoice[];
  allowPersonal: boolean;
  allowButtons: boolean;
}

/** The most app users offered for a personal message. */
export const MAX_APP_USERS = 2000;

function topicsOf(value: unknown, type: 'category' | 'user-group'): TopicChoice[] {
  if (!isObject(value)) return [];
  return Object.entries(value)
    .filter(([key, topic]) => isValidKey(key) && isObject(topic) && topic.type === type)
    .map(([key, topic]) => {
      const record = topic as Record<string, unknown>;
      return { value: key, label: textOf(record.title) || key, isGiveaway: record.isGiveaway === true };
    })
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** An app user's name as the list shows it ('Anonymous through Apple' for a relay address). */
export function appUserLabel(record: Record<string, unknown>): string {
  const email = textOf(record.email);
  const name = textOf(record.name) || textOf(record.displayName);
  if (/@privaterelay\.appleid\.com$/i.test(email)) return name ? `${name} (${MESSAGE_TEXTS.anonymousApple})` : MESSAGE_TEXTS.anonymousApple;
  return name && email ? `${name} (${email})` : name || email || MESSAGE_TEXTS.noUserId;
}

/** The community's app users a personal message may go to: anonymous users are not listed. */
export async function appUsersOf(deps: Deps, community: string): Promise<AppUserChoice[]> {
  const found = await deps.db.ref(deps.paths.appUsers()).orderByChild('communityId').equalTo(community).limitToFirst(MAX_APP_USERS).get();
  const users: AppUserChoice[] = [];
  found.forEach((child) => {
    const record = child.val();
    if (!child.key || !isObject(record) || record.isAnonymous === true) return;
    if (textOf(record.email) === '' && textOf(record.name) === '') return;
    users.push({ value: child.key, label: appUserLabel(record) });
  });
  return users.sort((a, b) => a.label.localeCompare(b.label));
}

/** The lists and flags of the form, for the community, the system-wide area or a listing's own notification. */
export async function loadMessageFormOptions(
  deps: Deps,
  community: string,
  systemwide: boolean,
  { detailPage = false }: { detailPage?: boolean } = {},
): Promise<MessageFormOptions> {
  const { db, paths } = deps;
  const [topics, personal, buttons, record] = await Promise.all([
    db.ref(systemwide ? paths.systemTopics() : paths.topics(community)).get(),
    db.ref(paths.featureFlag('allowPersonal')).get(),
    db.ref(paths.featureFlag('allowNotificationButtons')).get(),
    db.ref(paths.community(community)).get(),
  ]);
  // A listing's own notification goes to its favorites: no personal audience, no topics to choose.
  const allowPersonal = personal.val() === true && !systemwide && !detailPage;
  const communityRecord = record.val();
  return {
    timeZone:
      isObject(communityRecord) && typeof communityRecord.timeZone === 'string' && communityRecord.timeZone !== ''
        ? communityRecord.timeZone
        : 'America/New_York',
    categories: detailPage ? [] : topicsOf(topics.val(), 'category'),
    userGroups: systemwide || detailPage ? [] : topicsOf(topics.val(), 'user-group'),
    users: allowPersonal ? await appUsersOf(deps, community) : [],
    allowPersonal,
    allowButtons: buttons.val() === true,
  };
}

/** A stored message of the community (or of the system-wide area sent from it), or null. */
export async function readMessage(
  deps: Deps,
  context: { community: string; systemwide: boolean },
  list: MessageList,
  key: string,
): Promise<Record<string, unknown> | null> {
  if (!isValidKey(key)) return null;
  const value = (await deps.db.ref(messagePath(deps.paths, context, list, key)).get()).val();
  if (!isObject(value)) return null;
  if (context.systemwide && value.location !== context.community) return null;
  return value;
}

/** The form's fields for a stored message (or a new one's defaults). */
export function messageFormValue(record: Record<string, unknown> | null, timeZone: string, list: MessageList | null): MessageFormValue {
  const when = (name: string, ms: unknown): Record<string, string> =>
    typeof ms === 'number' && ms > 0
      ? { [name]: String(ms), [`${name}-date`]: formatDate(ms, timeZone), [`${name}-time`]: formatTime(ms, timeZone) }
      : {};
  if (!record) return { audience: 'group', deliveryType: 'instant', sendNotification: 'on', linkType: 'none' };
  const recurrence = isObject(record.recurrenceInfo) ? record.recurrenceInfo : null;
  const validDays =
    recurrence && Array.isArray(recurrence.validDays) ? recurrence.validDays.map((day) => (day === true ? 'on' : undefined)) : [];
  const lastDay = recurrence && typeof recurrence.recurrenceEndDate === 'number' ? recurrence.recurrenceEndDate : 0;
  return {
    title: textOf(record.title),
    description: textOf(record.description),
    audience: 'group',
    category: textOf(record.category),
    userGroup: textOf(record.userGroup),
    deliveryType: list === 'messages' ? 'instant' : recurrence ? 'recurring' : 'future',
    ...when('deliveryTime', record.deliveryTime),
    ...when('endTime', record.endTime),
    validDays,
    ...(lastDay > 0 ? { recurrenceEndDate: String(lastDay), 'recurrenceEndDate-date': formatDate(lastDay, timeZone) } : {}),
    recurrenceDuration: recurrence && typeof recurrence.recurrenceDuration === 'number' ? String(recurrence.recurrenceDuration) : '',
    scheduledEvent: typeof record.scheduledEvent === 'number' ? String(record.scheduledEvent) : '',
    sendNotification: record.sendNotification === false ? undefined : 'on',
    isGiveaway: record.isGiveaway === true ? 'on' : undefined,
    linkType: linkTypeOf(record),
    formKey: textOf(record.formKey),
    storeItemKey: textOf(record.storeItemKey),
    menuItemKey: textOf(record.menuItemKey),
    fileUrl: textOf(record.fileUrl),
    url: textOf(record.url),
    detailButtons: detailButtonsFormValue(record.detailButtons),
  };
}

export interface EventReminder {
  calendarId: string;
  eventId: string;
  title: string;
  startDate: number;
  endDate: number;
  plan: EventReminderPlan;
}

/**
 * The reminder offered from an event of a calendar of the community (spec 02 §4 "From an
 * event"): null when there is no such event or it has ended. The choices already scheduled for
 * the event (its messages-scheduled by eventId, the community's and the system-wide ones sent
 * from it) are disabled.
 */
export async function loadEventReminder(
  deps: Deps,
  community: string,
  calendarId: string,
  eventId: string,
  now: number,
): Promise<EventReminder | null> {
  if (!isValidKey(calendarId) || !isValidKey(eventId)) return null;
  const event = await readEvent(deps, community, calendarId, eventId);
  if (!event) return null;
  const startDate = Number(event.startDate) || 0;
  const endDate = Number(event.endDate) || 0;
  let locationTitle: string | null = textOf(event.location) || null;
  const placeId = textOf(event.resortLocationId);
  if (placeId !== '' && isValidKey(placeId)) {
    const place = (await deps.db.ref(deps.paths.location(community, placeId)).get()).val();
    if (isObject(place) && textOf(place.title) !== '') locationTitle = textOf(place.title);
  }
  const scheduled = await scheduledNotificationsOf(deps, community, [eventId]);
  const taken = new Set(scheduled.map(({ record }) => record.scheduledEvent).filter((value): value is number => typeof value === 'number'));
  const plan = eventReminderPlan(
    { title: textOf(event.title), description: textOf(event.description), startDate, endDate, locationTitle },
    now,
    taken,
  );
  if (!plan) return null;
  return { calendarId, eventId, title: textOf(event.title), startDate, endDate, plan };
}

/** The schema's options for the reminder (its delivery and choices). */
export const reminderOptions = (reminder: EventReminder | null): MessageSchemaOptions['reminder'] =>
  reminder ? { delivery: reminder.plan.delivery, options: reminder.plan.options as ReminderChoice[] } : null;
