import { headerEditorAction, loadHeaderEditor, parseHeaderUpload } from '~/components/header-editor/header-images.server';
import { parseIntent } from '~/lib/intent';
import { HeaderIntent } from '~/schemas/header';
import { eventHeaderTarget } from './editor.server';

/** The header editor of a saved event (`/detail/events/:calendarId/:itemId/header-images`). */
export async function loadEventHeader(request: Request, params: Record<string, string | undefined>) {
  const { community, target } = await eventHeaderTarget(request, params);
  return loadHeaderEditor(request, community, target);
}

/** Its action: the person's rights on the event checked before the body is read. */
export async function eventHeaderAction(request: Request, params: Record<string, string | undefined>) {
  const { community, target } = await eventHeaderTarget(request, params);
  const upload = await parseHeaderUpload(request);
  // conform's remove and reorder buttons post no intent: the form comes back, unsaved.
  const { intent } = parseIntent(upload.formData, HeaderIntent, { fallback: 'save' });
  return headerEditorAction(request, community, upload, intent, target);
}
