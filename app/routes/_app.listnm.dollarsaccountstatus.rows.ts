import type { LoaderFunctionArgs } from '@remix-run/node';
import { resolveDollarsAccounts } from '~/features/dollars/resolve.server';
import { loadRows } from '~/features/listing/list.server';

/** Dollars Accounts Status's next chunk after `?after=` (infinite scroll): rows and the next cursor. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadRows(request, await resolveDollarsAccounts(request));
}
