import type { LoaderFunctionArgs } from '@remix-run/node';
import { loadRows } from '~/features/listing/list.server';
import { resolveUsers } from '~/features/users/resolve.server';

/** The users list's next chunk after `?after=` (infinite scroll): rows and the next cursor. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadRows(request, await resolveUsers(request));
}
