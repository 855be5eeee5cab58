import type { LoaderFunctionArgs } from '@remix-run/node';
import { placeDetailsLoader } from '~/features/places/place-search.server';

/**
 * `/places/details?placeId=…[&community=…|&uuid=…|&detailId=…]`: the chosen place's address,
 * position, phone and website as JSON, for the place picker's script (same callers as
 * /places/search).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return placeDetailsLoader(request);
}
