import { loadEditorScreen } from '@server/business/editor/screen';
import { BusinessIntent } from '~/schemas/business';
import { editorPost, requireStaffTarget, type Params } from './editor.server';

/**
 * Edit Listing (spec 03 §2): staff of the community at `/detail/:type/:dbContext/:itemId`,
 * `/detail/business-detail/:record`, `/detailUpdate/:communityKey/:type/:dbContext/:itemId` and
 * `…/id/:detailId`.
 */

export async function loadEditListing(request: Request, params: Params) {
  return loadEditorScreen(await requireStaffTarget(request, params, 'edit'), request);
}

export async function editListingAction(request: Request, params: Params) {
  return editorPost(request, await requireStaffTarget(request, params, 'edit'), BusinessIntent);
}
