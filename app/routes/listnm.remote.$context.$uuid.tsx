import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { remoteListTarget } from '~/components/listing/resolve.server';

/**
 * `/listnm/remote/:context/:uuid` (spec 01 §2.1: the remote listing, no sign-in): a remote
 * manager's link to the lists they manage. The link's uuid must hold a URL grant; its items
 * open on the remote manager's pages (`/detail/remote/:uuid`), where the grant is checked again
 * for each item. Unknown contexts and uuids are 404.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  return redirect(await remoteListTarget(params.context ?? '', params.uuid ?? ''));
}
