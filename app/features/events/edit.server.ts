import { notInThisCommunity, requireStaff } from '@server/authz';
import { answerStaffPost, loadEditorScreen, staffEditorTarget, type EventEditorData } from '@server/events/editor';
import { isValidKey } from '@server/paths';
import { parseIntent } from '~/lib/intent';
import { getServices } from '~/services.server';
import { editorResponse, readEditorForm } from './editor.server';
import { EventEditorIntent } from './texts';

/**
 * Edit Event (`/detail/events/:calendarId/:itemId`, and `/detail/eventsArchived/…` read-only):
 * staff of the session's community. An occurrence of a recurrence opens on the 'Edit
 * Recurrence' question (`?scope=`); after a save, the notification questions (spec 02 §4).
 */

type Params = Record<string, string | undefined>;

async function target(request: Request, params: Params, archivedView: boolean) {
  const staff = await requireStaff(request);
  const services = await getServices();
  try {
    return await staffEditorTarget(services, staff, params, 'edit', archivedView);
  } catch (refusal) {
    // An event of another of the person's communities: the page says whose it is (and offers to switch).
    const { dbContext: calendarId = '', itemId = '' } = params;
    if (!(refusal instanceof Response) || refusal.status !== 404 || !isValidKey(calendarId) || !isValidKey(itemId)) throw refusal;
    throw await notInThisCommunity(services.db, staff, 'event', (community) => services.paths.calendarEvent(community, calendarId, itemId));
  }
}

export async function loadEditEvent(request: Request, params: Params, archivedView = false): Promise<EventEditorData> {
  return loadEditorScreen(await target(request, params, archivedView), new URL(request.url));
}

export async function editEventAction(request: Request, params: Params, archivedView = false) {
  const editing = await target(request, params, archivedView);
  const formData = await readEditorForm(request, editing);
  const { intent } = parseIntent(formData, EventEditorIntent, { fallback: 'save' });
  return editorResponse(request, await answerStaffPost(editing, new URL(request.url), formData, intent));
}
