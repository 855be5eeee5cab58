import type { LoaderFunctionArgs } from '@remix-run/node';
import { placeSearchLoader } from '~/features/places/place-search.server';

/**
 * `/places/search?q=…[&community=…|&uuid=…|&detailId=…]` (spec 03 §7 place autocomplete): the
 * place picker's search as JSON, for staff of the community or a remote manager who may edit
 * the item's information.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return placeSearchLoader(request);
}
