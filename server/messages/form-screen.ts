import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import type { JobQueue } from '@jobs/ports';
import { loadActionTargets, type ActionTargets } from '@server/actions/targets';
import type { Access } from '@server/authz/access';
import type { RealtimeDb } from '@server/db/types';
import type { Paths } from '@server/paths';
import { conflictMessage, conflictRows, type Conflict } from '~/lib/conflict';
import { nextHour } from '~/lib/date-time';
import { hrefs } from '~/lib/hrefs';
import { atRow, filterQuery } from '~/lib/listing/urls';
import { MESSAGE_TEXTS, messageSchema, messageSectionOfErrors, type MessageFormValue, type MessageSectionId } from '~/schemas/message';
import {
  loadEventReminder,
  loadMessageFormOptions,
  messageFormValue,
  readMessage,
  reminderOptions,
  type EventReminder,
  type MessageFormOptions,
} from './form';
import { MESSAGE_CONTEXTS, messagingUnavailable, type MessageContext } from './list';
import { createMessage, messageVersion, updateMessage, type ListingLink, type MessageList } from './save';

/**
 * The notification form as a screen (spec 02 "Messages", §4, §5, §6, §7): what it is for (a new
 * notification, an edit, a reminder from an event), what it shows, and what its Save does. The
 * glue (app/features/messages/message-form.server.ts, remote-messages.server.ts) checks the
 * permission, reads the form and the intent, and turns an answer into a response.
 */

interface Deps {
  db: RealtimeDb;
  paths: Paths;
}

export { MESSAGE_CONTEXTS };
export const MESSAGE_ACTIONS = ['add', 'add-button', 'edit'] as const;

export const isMessageAction = (value: string): value is (typeof MESSAGE_ACTIONS)[number] =>
  (MESSAGE_ACTIONS as readonly string[]).includes(value);

export interface MessageFormData {
  context: MessageContext;
  systemwide: boolean;
  /** A listing's own notification (a remote manager's): no personal audience, Type nor User Group; buttons limited. */
  detailPage: boolean;
  /** The banner for a system admin on the community form (with the button to the systemwide listing). */
  communityBanner: boolean;
  editing: { list: MessageList; key: string } | null;
  /** Editing a message whose end passed: nothing can be submitted. */
  archived: boolean;
  defaultValue: MessageFormValue;
  version: string | null;
  options: MessageFormOptions;
  targets: ActionTargets;
  reminder: EventReminder | null;
  now: number;
  listHref: string;
  /** Where saving and Cancel go back to (the event, from an event). */
  returnTo: string;
  formAction: string;
}

export interface MessageFormActionData {
  result: SubmissionResult<string[]>;
  openSection: MessageSectionId;
  conflict: Conflict | null;
  version: string | null;
  formError: string | null;
}

/** What the form is for: where it saves, who saves, what it edits. The remote form builds one too. */
export interface MessageFormTarget {
  community: string;
  /** The creator of a new message. */
  uid: string;
  communityBanner: boolean;
  context: MessageContext;
  systemwide: boolean;
  detailPage: boolean;
  /** A listing's own notification: the listing it opens (and the only one an edit reaches). */
  listing: ListingLink | null;
  editing: { list: MessageList; key: string; record: Record<string, unknown> } | null;
  reminder: EventReminder | null;
  options: MessageFormOptions;
  targets: ActionTargets;
  now: number;
  formAction: string;
  listHref: string;
  returnTo: string;
}

/** Who opens the form, and the address it was opened at. */
export interface MessageFormRequest {
  context: MessageContext;
  action: (typeof MESSAGE_ACTIONS)[number];
  staff: { community: string; uid: string; access: Access };
  url: URL;
  now: number;
}

export type MessageFormOpening =
  | { kind: 'form'; target: MessageFormTarget }
  /** The edited message or the event is not there (or not this community's). */
  | { kind: 'not-found' }
  /** Non-admins of a community without a Messages section (spec 03 §6 'Feature Unavailable'). */
  | { kind: 'unavailable' };

const editedList = (url: URL): MessageList => (url.searchParams.get('list') === 'scheduled' ? 'scheduled' : 'messages');

/** The target of the community's or the system-wide form: a new notification, an edit (`?id=&list=`), or a reminder (`?calendar=&event=`). */
export async function openMessageForm(deps: Deps, request: MessageFormRequest): Promise<MessageFormOpening> {
  const { context, action, staff, url, now } = request;
  const systemwide = context === 'systemwide-notification';
  if (!systemwide && (await messagingUnavailable(deps, staff.access, staff.community))) return { kind: 'unavailable' };
  const options = await loadMessageFormOptions(deps, staff.community, systemwide);
  const targets = await loadActionTargets(deps, [{ key: staff.community, title: '' }]);
  const listHref = hrefs.messages(context);
  let editing: MessageFormTarget['editing'] = null;
  let reminder: EventReminder | null = null;
  let returnTo = listHref;
  if (action === 'edit') {
    const key = url.searchParams.get('id') ?? '';
    const list = editedList(url);
    const record = await readMessage(deps, { community: staff.community, systemwide }, list, key);
    if (!record) return { kind: 'not-found' };
    editing = { list, key, record };
    // Back to the edited row of the list it was opened from, its filters and `more` kept.
    returnTo = atRow(`${listHref}${filterQuery(url.search, { view: list === 'scheduled' ? 'scheduled' : null })}`, key);
  } else if (url.searchParams.has('event')) {
    if (systemwide) return { kind: 'not-found' };
    const calendarId = url.searchParams.get('calendar') ?? '';
    const eventId = url.searchParams.get('event') ?? '';
    reminder = await loadEventReminder(deps, staff.community, calendarId, eventId, now);
    if (!reminder) return { kind: 'not-found' };
    returnTo = hrefs.detailItem('events', calendarId, eventId);
  }
  return {
    kind: 'form',
    target: {
      community: staff.community,
      uid: staff.uid,
      communityBanner: !systemwide && staff.access.isResortSystem,
      context,
      systemwide,
      detailPage: false,
      listing: null,
      editing,
      reminder,
      options,
      targets,
      now,
      formAction: `${url.pathname}${url.search}`,
      listHref,
      returnTo,
    },
  };
}

/** The listing's notification a remote manager edits (`?id=&list=`): null when it is not the listing's own. */
export async function readListingMessage(
  deps: Deps,
  listing: ListingLink,
  url: URL,
): Promise<{ list: MessageList; key: string; record: Record<string, unknown> } | null> {
  const key = url.searchParams.get('id') ?? '';
  const list = editedList(url);
  const community = listing.actionCommunityKey;
  const record = await readMessage(deps, { community, systemwide: false }, list, key);
  if (!record || record.actionKey !== listing.actionKey || record.actionCommunityKey !== community) return null;
  return { list, key, record };
}

/** The form's schema for a target (its choices, its edit, its reminder). */
export function messageFormSchema(
  target: Pick<MessageFormTarget, 'options' | 'editing' | 'now' | 'systemwide' | 'detailPage' | 'reminder' | 'targets'>,
) {
  const { options, editing } = target;
  return messageSchema({
    timeZone: options.timeZone,
    now: target.now,
    editing: editing ? { list: editing.list, deliveryTime: Number(editing.record.deliveryTime) || 0 } : null,
    systemwide: target.systemwide,
    detailPage: target.detailPage,
    allowPersonal: options.allowPersonal,
    allowButtons: options.allowButtons,
    categories: options.categories.map((topic) => topic.value),
    userGroups: options.userGroups.map((topic) => topic.value),
    users: options.users.map((user) => user.value),
    reminder: reminderOptions(target.reminder),
    targets: target.targets,
  });
}

/** Editing a message whose end passed: nothing can be submitted. */
export const isArchived = (target: Pick<MessageFormTarget, 'editing' | 'now'>) => {
  const end = Number(target.editing?.record.endTime) || 0;
  return target.editing !== null && end !== 0 && end <= target.now;
};

const DAY_MS = 24 * 3_600_000;
const pickTimes = (times: MessageFormValue): MessageFormValue => {
  const picked: MessageFormValue = {};
  for (const name of ['endTime', 'endTime-date', 'endTime-time', 'deliveryTime', 'deliveryTime-date', 'deliveryTime-time'] as const) {
    if (name in times) picked[name] = times[name];
  }
  return picked;
};

/** A new notification's fields: at the next whole hour for a day, or the event reminder's plan. */
export function newMessageDefaults(target: Pick<MessageFormTarget, 'options' | 'reminder' | 'now'>): MessageFormValue {
  const base = messageFormValue(null, target.options.timeZone, null);
  const reminder = target.reminder;
  if (!reminder) {
    // A new notification goes out at the next whole hour and stays a day, unless changed.
    const deliveryTime = nextHour(target.now, target.options.timeZone);
    const times = messageFormValue({ deliveryTime, endTime: deliveryTime + DAY_MS }, target.options.timeZone, 'scheduled');
    return { ...base, ...pickTimes(times) };
  }
  const chosen = reminder.plan.options.find((option) => option.scheduledEvent === reminder.plan.chosen);
  const times = messageFormValue(
    { endTime: reminder.endDate, deliveryTime: chosen?.deliveryTime ?? undefined },
    target.options.timeZone,
    'scheduled',
  );
  return {
    ...base,
    ...pickTimes(times),
    title: reminder.plan.title,
    description: reminder.plan.description,
    deliveryType: reminder.plan.delivery,
    scheduledEvent: reminder.plan.chosen === null ? '' : String(reminder.plan.chosen),
  };
}

/** The form's data for a target. */
export function messageFormData(target: MessageFormTarget): MessageFormData {
  const { editing, options } = target;
  return {
    context: target.context,
    systemwide: target.systemwide,
    detailPage: target.detailPage,
    communityBanner: target.communityBanner,
    editing: editing ? { list: editing.list, key: editing.key } : null,
    archived: isArchived(target),
    defaultValue: editing ? messageFormValue(editing.record, options.timeZone, editing.list) : newMessageDefaults(target),
    version: editing ? messageVersion(editing.record) : null,
    options,
    targets: target.targets,
    reminder: target.reminder,
    now: target.now,
    listHref: target.listHref,
    returnTo: target.returnTo,
    formAction: target.formAction,
  };
}

/**
 * What a successful save was: a new message sent now (or queued, when the job service did not
 * take it: it is sent as soon as it answers), a new one scheduled, or an edit.
 */
export type MessageSaveKind = 'sent' | 'queued' | 'scheduled' | 'saved';

/** The answer to a successful save. */
export const MESSAGE_SAVED: Record<MessageSaveKind, string> = {
  saved: 'Notification saved.',
  sent: 'Notification sent.',
  queued: 'Notification queued: the notification service is not answering right now, and it is sent as soon as it does.',
  scheduled: 'Notification scheduled.',
};

export type MessageSaveAnswer =
  /** The form again: 400 with the fields' messages, 404 when the edited message is gone, 409 with the other version. */
  { kind: 'form'; status: number; data: MessageFormActionData } | { kind: 'saved'; saved: MessageSaveKind; message: string };

const CONFLICT_LABELS = { title: 'Title', description: 'Description', category: 'Type', userGroup: 'User Group' } as const;

/** Checks and saves a posted notification for a target (`now`: the time of the save). */
export async function saveMessageForm(
  deps: Deps & { jobs: JobQueue },
  target: MessageFormTarget,
  formData: FormData,
  now: number,
): Promise<MessageSaveAnswer> {
  const submission = parseWithZod(formData, { schema: messageFormSchema(target) });
  const refuse = (status: number, extra: Partial<MessageFormActionData> = {}): MessageSaveAnswer => ({
    kind: 'form',
    status,
    data: {
      result: submission.reply(),
      openSection: messageSectionOfErrors(Object.keys(submission.reply().error ?? {})) ?? 'required',
      conflict: null,
      version: null,
      formError: null,
      ...extra,
    },
  });
  if (isArchived(target)) return refuse(400, { formError: MESSAGE_TEXTS.archived });
  if (submission.status !== 'success') return refuse(400, { formError: MESSAGE_TEXTS.formIncomplete });
  const value = submission.value;
  const context = {
    community: target.community,
    uid: target.uid,
    systemwide: target.systemwide,
    listing: target.listing,
    now,
    event: target.reminder
      ? { eventId: target.reminder.eventId, startDate: target.reminder.startDate, endDate: target.reminder.endDate }
      : null,
  };
  const result = target.editing
    ? await updateMessage(deps, context, target.editing.list, target.editing.key, value, value.version)
    : await createMessage(deps, context, value);
  if (!result.ok && result.reason === 'not-found') return refuse(404, { formError: MESSAGE_TEXTS.notFound });
  if (!result.ok) {
    const posted = Object.fromEntries(formData.entries());
    return refuse(409, {
      conflict: {
        message: conflictMessage('This notification'),
        version: result.version,
        theirs: conflictRows(CONFLICT_LABELS, result.current, posted),
      },
      version: result.version,
    });
  }
  const saved: MessageSaveKind = target.editing
    ? 'saved'
    : value.deliveryType === 'instant'
      ? result.queued
        ? 'sent'
        : 'queued'
      : 'scheduled';
  return { kind: 'saved', saved, message: MESSAGE_SAVED[saved] };
}
