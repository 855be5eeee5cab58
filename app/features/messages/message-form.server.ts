import { data as answer, redirect } from '@remix-run/node';
import { requireCanNotify, requireSystemAdmin } from '@server/authz';
import { readForm } from '@server/http/form.server';
import { notFound } from '@server/http/responses';
import {
  isMessageAction,
  MESSAGE_CONTEXTS,
  messageFormData,
  openMessageForm,
  saveMessageForm,
  type MessageFormActionData,
  type MessageFormData,
  type MessageFormTarget,
} from '@server/messages/form-screen';
import { SEND_NOTIFICATION_BUTTON } from '@server/messages/list';
import { UNAVAILABLE_PARAM } from '~/components/shell/tray-types';
import { hrefs } from '~/lib/hrefs';
import { intent, intents, parseIntent } from '~/lib/intent';
import { redirectWithToast } from '~/lib/toast.server';
import { getServices } from '~/services.server';

/**
 * The notification form's server half (spec 02 "Messages", §4, §5, §6, §7):
 * `/amc-messages/:context/add`, `/add-button` (a new notification), `/edit?id={key}&list=messages|scheduled`
 * (edit in place) and, from an event, `/amc-messages/messages/add?calendar={calendarId}&event={eventId}`.
 * `:context` is `messages` (the community's; admins or can-notify) or `systemwide-notification`
 * (the system-wide area; system admins). Any other context or action: 404. What the form shows
 * and what Save does: server/messages/form-screen.ts.
 */

export {
  MESSAGE_ACTIONS,
  MESSAGE_CONTEXTS,
  MESSAGE_SAVED,
  messageFormData,
  type MessageFormActionData,
  type MessageFormData,
  type MessageFormTarget,
  type MessageSaveKind,
} from '@server/messages/form-screen';

export const MessageFormIntent = intents(intent('save'));

type Params = Record<string, string | undefined>;

const contextOf = (params: Params): MessageFormData['context'] => {
  const context = MESSAGE_CONTEXTS.find((known) => known === params.context);
  if (!context) throw notFound();
  return context;
};

/** The context's permission (admins or can-notify; system admins for the system-wide area). */
const requireContext = (request: Request, context: MessageFormData['context']) =>
  context === 'systemwide-notification' ? requireSystemAdmin(request) : requireCanNotify(request);

async function targetOf(request: Request, params: Params): Promise<MessageFormTarget> {
  const context = contextOf(params);
  const action = params.action ?? '';
  if (!isMessageAction(action)) throw notFound();
  const staff = await requireContext(request, context);
  const opened = await openMessageForm(await getServices(), {
    context,
    action,
    staff: { community: staff.community, uid: staff.user.uid, access: staff.access },
    url: new URL(request.url),
    now: Date.now(),
  });
  if (opened.kind === 'unavailable') throw redirect(hrefs.home({ [UNAVAILABLE_PARAM]: SEND_NOTIFICATION_BUTTON }));
  if (opened.kind === 'not-found') throw notFound();
  return opened.target;
}

export async function loadMessageForm(request: Request, params: Params): Promise<MessageFormData> {
  return messageFormData(await targetOf(request, params));
}

export async function messageFormAction(request: Request, params: Params) {
  const target = await targetOf(request, params);
  const formData = await readForm(request);
  parseIntent(formData, MessageFormIntent);
  const saved = await saveMessageForm(await getServices(), target, formData, Date.now());
  if (saved.kind === 'form') return answer<MessageFormActionData>(saved.data, { status: saved.status });
  return redirectWithToast(request, target.returnTo, { kind: 'success', message: saved.message });
}

/** The messages layout's guard: the context's permission (admins or can-notify; system admins for the system-wide area). */
export async function guardMessagesContext(request: Request, params: Params): Promise<null> {
  await requireContext(request, contextOf(params));
  return null;
}
