import type { LoaderFunctionArgs } from '@remix-run/node';
import { loadRows } from '~/features/listing/list.server';
import { resolveRewardsUsers } from '~/features/rewards/rewards.server';

/** The rewards users list's next chunk after `?after=` (infinite scroll): rows and the next cursor. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadRows(request, await resolveRewardsUsers(request));
}
