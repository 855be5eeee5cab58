import { requireUser } from '@server/authz';
import { answerRemotePost, loadEditorScreen, remoteEditorTarget, type EventEditorData } from '@server/events/editor';
import { parseIntent } from '~/lib/intent';
import { getServices } from '~/services.server';
import { editorResponse, readEditorForm } from './editor.server';
import { EventEditorIntent } from './texts';

/**
 * The remote event editor, `/event/remote/:dbContext[/:itemId]` (spec 01 route table; spec 02
 * "Event editor" and §6): dbContext is the calendar's id. The grant is named as on the business
 * remote pages: `?uuid=` is a URL grant's link (no sign-in), kept on the form's address; without
 * it, the signed-in person's own e-mail grant for that calendar (exactly one, else 404). Only the
 * grant's fields are written, every save is recorded in the calendar's remote audit, and a new
 * event waits for approval where the calendar requires it (server/events/editor/).
 */

type Params = Record<string, string | undefined>;

async function target(request: Request, params: Params) {
  const uuid = new URL(request.url).searchParams.get('uuid');
  const who = uuid !== null ? { uuid } : { signIn: () => requireUser(request) };
  return remoteEditorTarget(await getServices(), who, params);
}

export async function loadRemoteEvent(request: Request, params: Params): Promise<EventEditorData> {
  return loadEditorScreen(await target(request, params), new URL(request.url));
}

export async function remoteEventAction(request: Request, params: Params) {
  const remote = await target(request, params);
  const formData = await readEditorForm(request, remote);
  const { intent } = parseIntent(formData, EventEditorIntent, { fallback: 'save' });
  return editorResponse(request, await answerRemotePost(remote, new URL(request.url), formData, intent));
}
