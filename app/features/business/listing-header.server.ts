import { remoteHeaderTarget as remoteHeaderOf, staffHeaderTarget, type ListingHeaderTarget } from '@server/business/editor/header';
import { HEADER_BUCKET } from '@server/header/header-info';
import { notFound } from '@server/http/responses';
import { remoteFrame, type RemoteFrameData } from '@server/remote/frame';
import { uploadUrl } from '~/components/widgets/uploader-shared';
import { requireRemoteTarget, requireStaffTarget, type Params } from './editor.server';

/**
 * Whose header the header editor of a listing edits (its own headerInfo), the person required
 * first: staff's under the editor's address (`/detail/…/:itemId/header-images`,
 * `/detailUpdate/…/:itemId/header-images`), and a remote page's under the grant's
 * (`/detail/remote/:uuid/header-images`, `/detail/remote/id/:detailId/header-images`), with
 * Edit Information. The routes hand it to the shared header editor.
 */

export type { ListingHeaderTarget } from '@server/business/editor/header';

/** What a remote page's header editor shows besides the shared editor: the remote frame and the listing's title. */
export interface RemoteHeaderFrame {
  frame: RemoteFrameData;
  /** The listing's title, for the page's heading and title. */
  title: string;
}

export async function businessHeaderTarget(request: Request, params: Params): Promise<{ community: string; target: ListingHeaderTarget }> {
  const target = await requireStaffTarget(request, params, 'edit');
  if (target.mode !== 'edit') throw notFound();
  return { community: target.community, target: staffHeaderTarget(target) };
}

export async function remoteHeaderTarget(
  request: Request,
  params: { uuid: string } | { detailId: string },
): Promise<RemoteHeaderFrame & { community: string; target: ListingHeaderTarget }> {
  const remote = await requireRemoteTarget(request, params);
  const byLink = 'uuid' in params ? params.uuid : null;
  const { title, target } = remoteHeaderOf(remote, {
    uploadUrl: uploadUrl(HEADER_BUCKET, byLink !== null ? { uuid: byLink } : { detailId: 'detailId' in params ? params.detailId : '' }),
    linkUuid: byLink,
  });
  return { community: remote.community, title, frame: await remoteFrame(request, params), target };
}
