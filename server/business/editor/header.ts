import { BUSINESS_DETAIL_SECTION } from '@server/business/sections';
import { recordRemoteSave } from '@server/remote/management';
import { chargeLinkUploads } from '@server/remote/upload-quota';
import { hrefs } from '~/lib/hrefs';
import type { RemoteTarget, StaffItemTarget } from './types';

/**
 * The header editor of a saved listing (`…/:itemId/header-images`, spec 03 §2 Header
 * Image(s)/Video): the shared header editor writing the item's own headerInfo, back to the
 * item's editor after Save or Cancel. On a remote page the uploads carry the grant, AI images
 * are not offered, a link's files count against its upload quota and every save joins the
 * item's remote audit.
 */

/** What the shared header editor needs to know about the listing (app/features/header-editor's HeaderTarget). */
export interface ListingHeaderTarget {
  context: string;
  node: string;
  formAction: string;
  returnTo: string;
  uploadUrl?: string;
  aiImages?: boolean;
  afterSave?: () => Promise<void>;
  chargeUploads?: (files: readonly File[]) => Promise<string | null>;
}

export function staffHeaderTarget(target: StaffItemTarget): ListingHeaderTarget {
  return {
    context: target.section.node,
    node: target.services.paths.listItemHeaderInfo(target.community, target.section.node, target.itemId),
    formAction: target.here,
    // The single business detail's editor is at its short address.
    returnTo: target.section === BUSINESS_DETAIL_SECTION ? hrefs.businessDetail(target.itemId) : target.editorPath,
  };
}

/** A remote page's header editor: `uploadUrl` is the uploader's address with the grant; `linkUuid` the link's uuid (URL access). */
export function remoteHeaderTarget(
  target: RemoteTarget,
  options: { uploadUrl: string; linkUuid: string | null },
): { title: string; target: ListingHeaderTarget } {
  const { services, community, remote } = target;
  const detailId = String(target.stored.id ?? target.itemId);
  const { linkUuid } = options;
  return {
    title: typeof target.stored.title === 'string' ? target.stored.title : '',
    target: {
      context: target.section.node,
      node: services.paths.listItemHeaderInfo(community, target.section.node, target.itemId),
      formAction: target.here,
      returnTo: target.editorPath,
      uploadUrl: options.uploadUrl,
      aiImages: false,
      afterSave: () =>
        recordRemoteSave(services, { community, detailId, grant: remote.grant, user: remote.user, fields: ['headerInfo'], at: Date.now() }),
      // A link without sign-in: its files count against the link's upload quota, as through /uploads.
      ...(linkUuid !== null ? { chargeUploads: (files: readonly File[]) => chargeLinkUploads(services.rateLimiter, linkUuid, files) } : {}),
    },
  };
}
