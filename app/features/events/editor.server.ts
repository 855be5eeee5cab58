import { data, redirect } from '@remix-run/node';
import { editorPostSchemas, type EditorAnswer, type EventEditorActionData, type Target } from '@server/events/editor';
import { readForm } from '@server/http/form.server';
import { redirectWithToast } from '~/lib/toast.server';

/**
 * The event editor's server glue shared by its modes (spec 02 "Event editor"): reading a post
 * and turning a use case's answer into a response. Each mode has its module: ./edit.server.ts
 * (edit, archived), ./add.server.ts (add, duplicate), ./remote.server.ts (`/event/remote/…`),
 * ./import.server.ts (a pending event, `/detail/events/google-events-import/:importId`); the
 * rules and steps of a save are server/events/editor/.
 */

export type { EventEditorActionData, EventEditorData, EventEditorMode } from '@server/events/editor';
export { EVENT_EDITOR_TEXTS, EVENT_ITEM_KEY_FIELD, EVENT_RETURN_TO_FIELD, EventEditorIntent, PendingEventIntent } from './texts';
export { eventHeaderTarget } from './event-header.server';

/** The body of an editor post, read against the form's schemas. */
export function readEditorForm(request: Request, target: Target): Promise<FormData> {
  return readForm(request, { schemas: editorPostSchemas(target) });
}

/** The form again (the action's data), or a redirect: with a toast for staff, without for remote managers. */
export function editorResponse(request: Request, answer: EditorAnswer) {
  if (answer.kind === 'form') return data<EventEditorActionData>(answer.data, { status: answer.status });
  if (answer.toast === null) return redirect(answer.to);
  return redirectWithToast(request, answer.to, answer.toast);
}
