import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ListScreen } from '~/features/listing/list-screen';
import { loadListScreen } from '~/features/listing/list.server';
import { listMeta } from '~/features/listing/meta';
import { resolveRewardsUsers } from '~/features/rewards/rewards.server';
import type { RouteHandle } from '~/lib/route-handle';

/**
 * The rewards users at /listnm/rewards-users (spec 02 "Listing routes" context rewards-users;
 * spec 03 §9; decision 041): the community's app users who collect points, most points first,
 * filtered by name, e-mail or id; a Rewards menu tile opens it. The right column is the child route.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadListScreen(request, await resolveRewardsUsers(request));
}

export const meta: MetaFunction<typeof loader> = listMeta;

export const handle: RouteHandle = { listScreen: true };

export default function RewardsUsers() {
  const data = useLoaderData<typeof loader>();
  return <ListScreen data={data} bulk={undefined} selectable={false} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
