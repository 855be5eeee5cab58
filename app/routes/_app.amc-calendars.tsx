import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { ManageCalendarsScreen } from '~/features/calendars/calendars';
import { loadCalendars } from '~/features/calendars/calendars.server';
import type { RouteHandle } from '~/lib/route-handle';

/**
 * Manage Calendars (spec 02 "Calendars", route /amc-calendars/:action?), for staff of the
 * current community: the calendars in the centre; the right column is the child route (the
 * actions, Create Calendar, the delete confirmation).
 */
export const handle = { title: 'Manage Calendars' } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  return loadCalendars(request);
}

export default function ManageCalendars() {
  const data = useLoaderData<typeof loader>();
  return <ManageCalendarsScreen data={data} panel={<Outlet />} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
