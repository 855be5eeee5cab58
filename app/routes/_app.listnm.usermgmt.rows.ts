import type { LoaderFunctionArgs } from '@remix-run/node';
import { loadRows } from '~/features/listing/list.server';
import { resolveUserManagement } from '~/features/users/resolve.server';

/** User Management's next chunk after `?after=` (infinite scroll): rows and the next cursor. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadRows(request, await resolveUserManagement(request));
}
