import { requireStaff } from '@server/authz';
import { answerImportPost, importEditorTarget, loadEditorScreen, type EventEditorData } from '@server/events/editor';
import { parseIntent } from '~/lib/intent';
import { getServices } from '~/services.server';
import { editorResponse, readEditorForm } from './editor.server';
import { PendingEventIntent } from './texts';

/**
 * A pending event, `/detail/events/google-events-import/:importId` (spec 02 "Event editor", §4
 * imported events): staff review a pending record of their community (a Google import or a
 * remote manager's event waiting for approval). The form starts from the record, for the
 * calendar its eventContext names, with Existing Events of its day; Create Event saves it as a
 * new event (key: the import id), the pending record removed in the same update; Deny Event
 * (asked first) records it as denied.
 */

type Params = Record<string, string | undefined>;

async function target(request: Request, params: Params) {
  const staff = await requireStaff(request);
  return importEditorTarget(await getServices(), staff, params);
}

export async function loadPendingEvent(request: Request, params: Params): Promise<EventEditorData> {
  return loadEditorScreen(await target(request, params), new URL(request.url));
}

export async function pendingEventAction(request: Request, params: Params) {
  const pending = await target(request, params);
  const formData = await readEditorForm(request, pending);
  const { intent } = parseIntent(formData, PendingEventIntent, { fallback: 'create-event' });
  return editorResponse(request, await answerImportPost(pending, new URL(request.url), formData, intent));
}
