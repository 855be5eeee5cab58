import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { type ShouldRevalidateFunction, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ListScreen } from '~/features/listing/list-screen';
import { loadListScreen } from '~/features/listing/list.server';
import { listMeta } from '~/features/listing/meta';
import { resolveUserManagement } from '~/features/users/resolve.server';
import { userManagementScreen } from '~/features/users/users.server';
import type { RouteHandle } from '~/lib/route-handle';

/**
 * User Management at /listnm/usermgmt (spec 02 "Listing routes" context usermgmt; spec 01 §1, §3.7,
 * §6; spec 03 §6 Administrative tray, studio-disabled): the community's staff, each opened in the
 * right column to change their rights; Invite User; the latest changes (decision 040).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const list = await resolveUserManagement(request);
  return userManagementScreen(request, list, await loadListScreen(request, list));
}

export const meta: MetaFunction<typeof loader> = listMeta;

export const handle: RouteHandle = { listScreen: true };

/** A refused change (403, 409) still reloads the list, so it shows the rights as they are. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod?.toUpperCase() === 'POST' || defaultShouldRevalidate;

export default function UserManagement() {
  const data = useLoaderData<typeof loader>();
  return <ListScreen data={data} bulk={undefined} selectable={false} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
