import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { RemoteCalendarPage } from '~/features/calendars/remote-calendar';
import { loadRemoteCalendar } from '~/features/calendars/remote-calendar.server';

/**
 * `/amc-calendar/remote/id/:detailId/` (spec 01 route table, remote calendars): the calendar an
 * e-mail access entry gives the signed-in holder (detailId = the calendar's remoteKey), its
 * upcoming events; sign-in first, 404 for anything but the person's own calendar grant.
 */
export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: `${page?.title || 'Calendar'} - ${page?.appTitle ?? 'App Admin'}` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return data(await loadRemoteCalendar(request, { detailId: params.detailId ?? '' }), { headers: { 'Cache-Control': 'no-store' } });
}

export default function RemoteCalendarByDetailId() {
  return <RemoteCalendarPage data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
