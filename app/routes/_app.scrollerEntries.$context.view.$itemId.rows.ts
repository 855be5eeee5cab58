import type { LoaderFunctionArgs } from '@remix-run/node';
import { resolveEntries } from '~/features/entries/resolve.server';
import { loadRows } from '~/features/listing/list.server';

/** The entries' next chunk after `?after=` (infinite scroll, 25 at a time): rows and the next cursor. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadRows(request, await resolveEntries(request, params));
}
