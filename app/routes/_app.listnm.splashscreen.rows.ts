import type { LoaderFunctionArgs } from '@remix-run/node';
import { loadRows } from '~/features/listing/list.server';
import { resolvePromos } from '~/features/promos/promo.server';

/** The list's next chunk after `?after=` (infinite scroll): rows and the next cursor. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadRows(request, await resolvePromos(request, 'splashscreen'));
}
