import type { ActionFunctionArgs } from '@remix-run/node';
import { authorizeUpload, uploadAction } from '~/features/uploads/uploader.server';

/**
 * The uploader's resource route (spec 03 §4 "Uploader", §7): `POST /uploads?bucket=header`
 * with one file (`file`) and an optional crop (`crop`, 'x,y,width,height') answers JSON of the
 * stored addresses. Staff of the session's community, or a remote grant holder with Edit
 * Information (`&detailId=` or `&remote={uuid}`; a link's uploads count against its quota); the
 * marketing asset editor's bucket (`marketing_asset_editor`) takes resort system admins only.
 * Without JavaScript nobody posts here: the file input posts with its own form.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { community, link } = await authorizeUpload(request);
  return uploadAction(request, community, link !== undefined ? { link } : {});
}
