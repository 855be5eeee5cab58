import type { LoaderFunctionArgs } from '@remix-run/node';
import { loadRows } from '~/features/listing/list.server';
import { resolveListnm } from '~/features/listing/resolve.server';

/** The next chunk of the list after `?after=` (infinite scroll, spec 01 §4.6): rows and the next cursor. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadRows(request, await resolveListnm(request, params));
}
