import { requireStaff } from '@server/authz';
import { answerStaffPost, loadEditorScreen, staffEditorTarget, type EventEditorData } from '@server/events/editor';
import { parseIntent } from '~/lib/intent';
import { getServices } from '~/services.server';
import { editorResponse, readEditorForm } from './editor.server';
import { EventEditorIntent } from './texts';

/**
 * Add Event (`/detail/events/:calendarId`) and Duplicate Event (`…/:itemId/duplicate`, also of
 * an archived event): a new event of the calendar, from the defaults or from a copy without the
 * fields spec 02 §3 clears. Its key is chosen when the form is drawn (a post sent twice saves once).
 */

type Params = Record<string, string | undefined>;
type NewEventMode = 'add' | 'duplicate';

async function target(request: Request, params: Params, mode: NewEventMode, archivedView: boolean) {
  const staff = await requireStaff(request);
  return staffEditorTarget(await getServices(), staff, params, mode, archivedView);
}

export async function loadNewEvent(request: Request, params: Params, mode: NewEventMode, archivedView = false): Promise<EventEditorData> {
  return loadEditorScreen(await target(request, params, mode, archivedView), new URL(request.url));
}

export async function newEventAction(request: Request, params: Params, mode: NewEventMode, archivedView = false) {
  const adding = await target(request, params, mode, archivedView);
  const formData = await readEditorForm(request, adding);
  const { intent } = parseIntent(formData, EventEditorIntent, { fallback: 'save' });
  return editorResponse(request, await answerStaffPost(adding, new URL(request.url), formData, intent));
}
