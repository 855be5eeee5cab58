import type { LoaderFunctionArgs } from '@remix-run/node';
import { loadRows } from '~/features/listing/list.server';
import { resolveOrders } from '~/features/orders/resolve.server';

/** The orders' next chunk after `?after=` (infinite scroll, 25 at a time): rows and the next cursor. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadRows(request, await resolveOrders(request));
}
