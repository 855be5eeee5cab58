import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { CalendarActions, DeleteCalendarDialog } from '~/features/calendars/calendars';
import { deleteCalendarAction, loadDeleteCalendar } from '~/features/calendars/calendars.server';
import { DeleteCalendarIntent } from '~/lib/calendars';
import type { RouteHandle } from '~/lib/route-handle';

/** Delete a calendar after spec 02 §8's 'Are you certain you want to delete this calendar and all its events?'. */
export const handle = { title: 'Delete Calendar' } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadDeleteCalendar(request, params.calendarId);
}

export const Intent = DeleteCalendarIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  return deleteCalendarAction(request, params.calendarId);
}

export default function DeleteCalendar() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <CalendarActions />
      <DeleteCalendarDialog data={data} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
