import { loadEditorScreen } from '@server/business/editor/screen';
import type { RemoteEditorData } from '@server/business/editor/types';
import { remoteFrame } from '@server/remote/frame';
import { RemoteBusinessIntent } from '~/schemas/business';
import { editorPost, requireRemoteTarget, type Params } from './editor.server';

/**
 * A remote manager's page (spec 01 §2.1, spec 03 §2, §6): `/detail/remote/:uuid` (a URL access
 * entry's link, without signing in) and `/detail/remote/id/:detailId` (e-mail access, signed in).
 * The grant is resolved again on every load and save (404 for anything else); only what it
 * allows is written.
 */

export async function loadRemoteEditor(request: Request, params: Params): Promise<RemoteEditorData> {
  const target = await requireRemoteTarget(request, params);
  const [screen, frame] = await Promise.all([loadEditorScreen(target, request), remoteFrame(request, params)]);
  return { ...screen, ...frame };
}

export async function remoteEditorAction(request: Request, params: Params) {
  return editorPost(request, await requireRemoteTarget(request, params), RemoteBusinessIntent);
}
