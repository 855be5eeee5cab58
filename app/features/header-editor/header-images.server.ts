import { data } from '@remix-run/node';
import { answerHeaderPost, HOME_HEADER, loadHeaderScreen, type HeaderImagesData } from '@server/header/editor';
import type { HeaderAnswer, HeaderImagesActionData, HeaderTarget } from '@server/header/editor-post';
import { IMAGE_TYPES, parseUpload, type ParsedUpload } from '@server/storage';
import { parseIntent } from '~/lib/intent';
import { redirectWithToast } from '~/lib/toast.server';
import { HeaderIntent, HeaderSchema, MAX_UPLOAD_FILES } from '~/schemas/header';
import { getServices } from '~/services.server';

/**
 * The header editor's server half (spec 02 "Header editor", spec 01 §2.6): `/header-images`
 * and every route that edits a header of its own (a list's, a calendar's, a listing's, an
 * event's), each with its target. The route checks who may edit; this reads the multipart form
 * and the intent, and turns the answer of server/header/editor.ts into a response.
 */

export { AI_UNAVAILABLE, HEADER_CONTEXT, HOME_HEADER } from '@server/header/editor';
export type { HeaderImagesData } from '@server/header/editor';
export type { HeaderImagesActionData, HeaderTarget } from '@server/header/editor-post';
export { MEDIA_TEXTS, type AiDialog, type StockDialog } from '@server/header/media-dialogs';
export { PLACES_TEXTS, type PlacesPicker } from '@server/header/places-picker';

export async function loadHeaderEditor(request: Request, community: string, target: HeaderTarget = HOME_HEADER): Promise<HeaderImagesData> {
  return loadHeaderScreen(await getServices(), community, new URL(request.url).searchParams, target);
}

/** The editor's multipart form: up to 20 image files (several header images at once). */
export function parseHeaderUpload(request: Request): Promise<ParsedUpload> {
  return parseUpload(request, { accept: IMAGE_TYPES, maxFiles: MAX_UPLOAD_FILES, schemas: HeaderSchema });
}

/** A post of the editor's form: its intent read (conform's remove and reorder buttons post none: the form comes back, unsaved). */
export async function headerEditorAction(request: Request, community: string, target: HeaderTarget = HOME_HEADER) {
  const upload = await parseHeaderUpload(request);
  const { intent } = parseIntent(upload.formData, HeaderIntent, { fallback: 'save' });
  return headerResponse(request, await answerHeaderPost(await getServices(), community, upload, intent, target));
}

function headerResponse(request: Request, answer: HeaderAnswer) {
  if (answer.kind === 'form') return data<HeaderImagesActionData>(answer.data, { status: answer.status });
  if (answer.kind === 'refused') throw new Response(answer.message, { status: answer.status });
  return redirectWithToast(request, answer.to, { kind: 'success', message: answer.message });
}
