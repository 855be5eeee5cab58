import { forbidden } from '@server/authz';
import { EVENT_RETURN_TO_FIELD } from '~/lib/event-editor';
import { eventSchema } from '~/schemas/event';
import type { EditorAnswer } from './answer';
import { answerEventSave } from './commit';
import { returnToOf } from './editing';
import { answerDenyEvent, answerUpdateNotifications, updateNotificationsSchema } from './follow-up';
import type { ImportTarget, RemoteTarget, StaffTarget, Target } from './target';

/**
 * The event editor's use cases (spec 02 "Event editor"), one entry per mode: the target
 * resolvers (./target.ts), the page (./screen.ts), and the answer of each mode's posts.
 * See app/features/events/*.server.ts for the routes' glue.
 */

export type { EditorAnswer, EditorToast, EventEditorActionData } from './answer';
export { eventHeaderOf } from './header';
export { REMOTE_EVENT_BUTTON_ACTIONS } from './rights';
export { loadEditorScreen, type EventEditorData } from './screen';
export { importEditorTarget, remoteEditorTarget, staffEditorTarget, type EventEditorMode, type Target } from './target';
export { updateNotificationsSchema };

/** The schemas a post of the editor is read against (the form's, before the scope it names is known; Update Notifications'). */
export const editorPostSchemas = (target: Target) => [
  eventSchema({ timeZone: target.options.timeZone, now: target.now }),
  updateNotificationsSchema,
];

const returnToOfPost = (target: Target, url: URL, formData: FormData) => returnToOf(url, target, formData.get(EVENT_RETURN_TO_FIELD));

/** Staff (add, edit, duplicate): Submit, Update Preview, and 'Update Notifications' → Yes. */
export async function answerStaffPost(
  target: StaffTarget,
  url: URL,
  formData: FormData,
  intent: 'save' | 'preview' | 'update-notifications',
): Promise<EditorAnswer> {
  const returnTo = returnToOfPost(target, url, formData);
  if (intent === 'update-notifications') return answerUpdateNotifications(target, formData, returnTo);
  return answerEventSave(target, formData, intent === 'preview', returnTo);
}

/** A remote manager: Submit and Update Preview; no notifications are updated. */
export async function answerRemotePost(
  target: RemoteTarget,
  url: URL,
  formData: FormData,
  intent: 'save' | 'preview' | 'update-notifications',
): Promise<EditorAnswer> {
  if (intent === 'update-notifications') throw forbidden('remote-permission');
  return answerEventSave(target, formData, intent === 'preview', returnToOfPost(target, url, formData));
}

/** The import context: Create Event, Deny Event (asked first), Update Preview. */
export async function answerImportPost(
  target: ImportTarget,
  url: URL,
  formData: FormData,
  intent: 'create-event' | 'deny-event' | 'preview',
): Promise<EditorAnswer> {
  const returnTo = returnToOfPost(target, url, formData);
  if (intent === 'deny-event') return answerDenyEvent(target, formData, returnTo);
  return answerEventSave(target, formData, intent === 'preview', returnTo);
}
