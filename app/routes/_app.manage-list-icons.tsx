import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { ListIconsScreen } from '~/features/list-icons/list-icons';
import { loadListIcons } from '~/features/list-icons/list-icons.server';
import type { RouteHandle } from '~/lib/route-handle';

/**
 * Manage List Icons (spec 03), for staff of the current community: the icons in the centre,
 * the right column is the child route (the add action, the add / edit form, a delete confirmation).
 */
export const handle = { title: 'Manage List Icons' } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  return loadListIcons(request);
}

export default function ManageListIcons() {
  const data = useLoaderData<typeof loader>();
  return <ListIconsScreen data={data} panel={<Outlet />} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
