import { loadEditorScreen } from '@server/business/editor/screen';
import { BusinessIntent } from '~/schemas/business';
import { editorPost, requireStaffTarget, type Params } from './editor.server';

/**
 * Add Listing (`/detail/:type/:dbContext`) and Duplicate Listing
 * (`/detail/:type/:dbContext/:itemId/duplicate`), spec 03 §2: staff of the session's community;
 * the new item's key is made when the form opens and posted with it.
 */

export type NewListingMode = 'add' | 'duplicate';

export async function loadNewListing(request: Request, params: Params, mode: NewListingMode) {
  return loadEditorScreen(await requireStaffTarget(request, params, mode), request);
}

export async function newListingAction(request: Request, params: Params, mode: NewListingMode) {
  return editorPost(request, await requireStaffTarget(request, params, mode), BusinessIntent);
}
