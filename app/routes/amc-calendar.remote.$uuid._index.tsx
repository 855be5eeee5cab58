import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { RemoteCalendarPage } from '~/features/calendars/remote-calendar';
import { loadRemoteCalendar } from '~/features/calendars/remote-calendar.server';

/**
 * `/amc-calendar/remote/:uuid/` (spec 01 route table, remote calendars, no sign-in): the
 * calendar a URL access entry's link names, its upcoming events; 404 for anything else.
 */
export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: `${page?.title || 'Calendar'} - ${page?.appTitle ?? 'App Admin'}` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return data(await loadRemoteCalendar(request, { uuid: params.uuid ?? '' }), { headers: { 'Cache-Control': 'no-store' } });
}

export default function RemoteCalendarByLink() {
  return <RemoteCalendarPage data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
