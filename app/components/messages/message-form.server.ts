import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data as answer, redirect } from '@remix-run/node';
import { loadActionTargets, type ActionTargets } from '@server/actions/targets';
import { requireCanNotify, requireSystemAdmin } from '@server/authz';
import { readForm } from '@server/http/form.server';
import {
  loadEventReminder,
  loadMessageFormOptions,
  messageFormValue,
  readMessage,
  reminderOptions,
  type EventReminder,
  type MessageFormOptions,
} from '@server/messages/form';
import { messagingUnavailable, SEND_NOTIFICATION_BUTTON } from '@server/messages/list';
import { createMessage, messageVersion, updateMessage, type ListingLink, type MessageList } from '@server/messages/save';
import { UNAVAILABLE_PARAM } from '~/components/shell/tray-types';
import { redirectWithToast } from '~/components/toast.server';
import { conflictMessage, conflictRows, type Conflict } from '~/lib/conflict';
import { nextHour } from '~/lib/date-time';
import { intent, intents, parseIntent } from '~/lib/intent';
import { MESSAGE_TEXTS, messageSchema, messageSectionOfErrors, type MessageSectionId } from '~/schemas/message';
import { getServices } from '~/services.server';

/**
 * The notification form's server half (spec 02 "Messages", §4, §5, §6, §7):
 * `/amc-messages/:context/add`, `/add-button` (a new notification), `/edit?id={key}&list=messages|scheduled`
 * (edit in place) and, from an event, `/amc-messages/messages/add?calendar={calendarId}&event={eventId}`.
 * `:context` is `messages` (the community's; admins or can-notify) or `systemwide-notification`
 * (the system-wide area; system admins). Any other context or action: 404.
 */

export const MessageFormIntent = intents(intent('save'));

export const MESSAGE_CONTEXTS = ['messages', 'systemwide-notification'] as const;
export const MESSAGE_ACTIONS = ['add', 'add-button', 'edit'] as const;

export interface MessageFormData {
  context: (typeof MESSAGE_CONTEXTS)[number];
  systemwide: boolean;
  /** A listing's own notification (a remote manager's): no personal audience, Type nor User Group; buttons limited. */
  detailPage: boolean;
  /** The banner for a system admin on the community form (with the button to the systemwide listing). */
  communityBanner: boolean;
  editing: { list: MessageList; key: string } | null;
  /** Editing a message whose end passed: nothing can be submitted. */
  archived: boolean;
  defaultValue: Record<string, unknown>;
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

type Params = Record<string, string | undefined>;
const notFound = () => new Response('Not Found', { status: 404 });

/** What the form is for: where it saves, who saves, what it edits. The remote form builds one too. */
export interface MessageFormTarget {
  community: string;
  /** The creator of a new message. */
  uid: string;
  communityBanner: boolean;
  context: MessageFormData['context'];
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

type Target = MessageFormTarget;

async function targetOf(request: Request, params: Params): Promise<Target> {
  const context = params.context as MessageFormData['context'];
  if (!MESSAGE_CONTEXTS.includes(context)) throw notFound();
  const action = params.action ?? '';
  if (!(MESSAGE_ACTIONS as readonly string[]).includes(action)) throw notFound();
  const systemwide = context === 'systemwide-notification';
  const staff = systemwide ? await requireSystemAdmin(request) : await requireCanNotify(request);
  const services = await getServices();
  if (!systemwide && (await messagingUnavailable(services, staff.access, staff.community))) {
    throw redirect(`/?${UNAVAILABLE_PARAM}=${SEND_NOTIFICATION_BUTTON}`);
  }
  const deps = { db: services.db, paths: services.paths };
  const url = new URL(request.url);
  const now = Date.now();
  const options = await loadMessageFormOptions(deps, staff.community, systemwide);
  const targets = await loadActionTargets(deps, [{ key: staff.community, title: '' }]);
  const listHref = `/amc-messages/${context}`;
  let editing: Target['editing'] = null;
  let reminder: EventReminder | null = null;
  let returnTo = listHref;
  if (action === 'edit') {
    const key = url.searchParams.get('id') ?? '';
    const list: MessageList = url.searchParams.get('list') === 'scheduled' ? 'scheduled' : 'messages';
    const record = await readMessage(deps, { community: staff.community, systemwide }, list, key);
    if (!record) throw notFound();
    editing = { list, key, record };
    returnTo = list === 'scheduled' ? `${listHref}?view=scheduled` : listHref;
  } else if (url.searchParams.has('event')) {
    if (systemwide) throw notFound();
    const calendarId = url.searchParams.get('calendar') ?? '';
    const eventId = url.searchParams.get('event') ?? '';
    reminder = await loadEventReminder(deps, staff.community, calendarId, eventId, now);
    if (!reminder) throw notFound();
    returnTo = `/detail/events/${encodeURIComponent(calendarId)}/${encodeURIComponent(eventId)}`;
  }
  return {
    community: staff.community,
    uid: staff.user.uid,
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
  };
}

function schemaOf(target: Target) {
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

const isArchived = (target: Target) => {
  const end = Number(target.editing?.record.endTime) || 0;
  return target.editing !== null && end !== 0 && end <= target.now;
};

const DAY_MS = 24 * 3_600_000;
const TIME_FIELDS = ['endTime', 'endTime-date', 'endTime-time', 'deliveryTime', 'deliveryTime-date', 'deliveryTime-time'];
const pickTimes = (times: Record<string, unknown>) =>
  Object.fromEntries(TIME_FIELDS.filter((name) => name in times).map((name) => [name, times[name]]));

function newDefaults(target: Target): Record<string, unknown> {
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

export async function loadMessageForm(request: Request, params: Params): Promise<MessageFormData> {
  return messageFormData(await targetOf(request, params));
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
    defaultValue: editing ? messageFormValue(editing.record, options.timeZone, editing.list) : newDefaults(target),
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

const CONFLICT_LABELS = { title: 'Title', description: 'Description', category: 'Type', userGroup: 'User Group' } as const;

export async function messageFormAction(request: Request, params: Params) {
  const target = await targetOf(request, params);
  const formData = await readForm(request);
  parseIntent(formData, MessageFormIntent);
  return submitMessageForm(target, formData, ({ message }) => redirectWithToast(request, target.returnTo, { kind: 'success', message }));
}

/**
 * What a successful save was: a new message sent now (or queued, when the job service did not
 * take it: it is sent as soon as it answers), a new one scheduled, or an edit.
 */
export type MessageSaveKind = 'sent' | 'queued' | 'scheduled' | 'saved';

/**
 * Checks and saves a posted notification for a target: 400 with the fields' messages, 404 when
 * the edited message is gone, 409 with the other version on a conflict; after a save `done`
 * answers (the redirect).
 */
export async function submitMessageForm(
  target: MessageFormTarget,
  formData: FormData,
  done: (saved: { kind: MessageSaveKind; message: string }) => Promise<Response> | Response,
) {
  const services = await getServices();
  const deps = { db: services.db, paths: services.paths, jobs: services.jobs };
  const submission = parseWithZod(formData, { schema: schemaOf(target) });
  const refuse = (status: number, extra: Partial<MessageFormActionData> = {}) =>
    answer<MessageFormActionData>(
      {
        result: submission.reply(),
        openSection: messageSectionOfErrors(Object.keys(submission.reply().error ?? {})) ?? 'required',
        conflict: null,
        version: null,
        formError: null,
        ...extra,
      },
      { status },
    );
  if (isArchived(target)) return refuse(400, { formError: MESSAGE_TEXTS.archived });
  if (submission.status !== 'success') return refuse(400);
  const value = submission.value;
  const context = {
    community: target.community,
    uid: target.uid,
    systemwide: target.systemwide,
    listing: target.listing,
    now: Date.now(),
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
  const kind: MessageSaveKind = target.editing
    ? 'saved'
    : value.deliveryType === 'instant'
      ? result.queued
        ? 'sent'
        : 'queued'
      : 'scheduled';
  return done({ kind, message: MESSAGE_SAVED[kind] });
}

/** The answer to a successful save. */
export const MESSAGE_SAVED: Record<MessageSaveKind, string> = {
  saved: 'Notification saved.',
  sent: 'Notification sent.',
  queued: 'Notification queued: the notification service is not answering right now, and it is sent as soon as it does.',
  scheduled: 'Notification scheduled.',
};

/** The messages layout's guard: the context's permission (admins or can-notify; system admins for the system-wide area). */
export async function guardMessagesContext(request: Request, params: Params): Promise<null> {
  const context = params.context as MessageFormData['context'];
  if (!MESSAGE_CONTEXTS.includes(context)) throw notFound();
  if (context === 'systemwide-notification') await requireSystemAdmin(request);
  else await requireCanNotify(request);
  return null;
}
