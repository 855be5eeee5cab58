import { data } from '@remix-run/node';
import {
  headerEditorAction,
  loadHeaderEditor,
  parseHeaderUpload,
  type HeaderImagesData,
  type HeaderTarget,
} from '~/components/header-editor/header-images.server';
import { parseIntent } from '~/lib/intent';
import { HeaderIntent } from '~/schemas/header';
import { businessHeaderTarget, remoteHeaderTarget, type RemoteFrameData } from './editor.server';

type Params = { uuid: string } | { detailId: string };

export interface RemoteHeaderData extends HeaderImagesData {
  frame: RemoteFrameData;
  /** The listing's title, for the page's heading and title. */
  title: string;
}

/**
 * The header editors of a listing (its own headerInfo): staff's under the editor's address, and a
 * remote page's under the grant's.
 */

/** The loader of a remote page's header editor: the grant resolved again, the shared editor's data in the remote frame. */
export async function loadRemoteHeader(request: Request, params: Params) {
  const { community, target, frame, title } = await remoteHeaderTarget(request, params);
  const editor = await loadHeaderEditor(request, community, target);
  return data<RemoteHeaderData>({ ...editor, frame, title }, { headers: { 'Cache-Control': 'no-store' } });
}

/** The action of a remote page's header editor: the grant resolved again before the body is read. */
export async function remoteHeaderAction(request: Request, params: Params) {
  const { community, target } = await remoteHeaderTarget(request, params);
  return headerAction(request, community, target);
}

async function headerAction(request: Request, community: string, target: HeaderTarget) {
  const upload = await parseHeaderUpload(request);
  // conform's remove and reorder buttons post no intent: the form comes back, unsaved.
  const { intent } = parseIntent(upload.formData, HeaderIntent, { fallback: 'save' });
  return headerEditorAction(request, community, upload, intent, target);
}

/** The loader of a staff listing's header editor (`/detail/…/:itemId/header-images`, `/detailUpdate/…/:itemId/header-images`). */
export async function loadListingHeader(request: Request, params: Record<string, string | undefined>) {
  const { community, target } = await businessHeaderTarget(request, params);
  return loadHeaderEditor(request, community, target);
}

/** The action of a staff listing's header editor: the person's rights on the item checked before the body is read. */
export async function listingHeaderAction(request: Request, params: Record<string, string | undefined>) {
  const { community, target } = await businessHeaderTarget(request, params);
  return headerAction(request, community, target);
}
