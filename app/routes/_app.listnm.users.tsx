import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ListScreen } from '~/features/listing/list-screen';
import { loadListScreen } from '~/features/listing/list.server';
import { listMeta } from '~/features/listing/meta';
import { resolveUsers } from '~/features/users/resolve.server';
import { usersScreen } from '~/features/users/users.server';
import type { RouteHandle } from '~/lib/route-handle';

/**
 * The users list at /listnm/users (spec 02 "Listing routes" context users, §6 "User lists show
 * admin users only unless 'Show all logged in users' is ticked"; spec 03 §6 Administrative tray):
 * the community's staff with their rights, and with the tick its logged-in app users, filtered by
 * name, e-mail or id. Nothing is deleted from it. The right column is the child route.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const list = await resolveUsers(request);
  return usersScreen(request, list, await loadListScreen(request, list));
}

export const meta: MetaFunction<typeof loader> = listMeta;

export const handle: RouteHandle = { listScreen: true };

export default function Users() {
  const data = useLoaderData<typeof loader>();
  return <ListScreen data={data} bulk={undefined} selectable={false} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
