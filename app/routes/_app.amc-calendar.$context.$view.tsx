import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Outlet, useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { BulkIntent } from '~/components/listing/intents';
import { ListScreen, useRightLabel } from '~/components/listing/list-screen';
import { bulkAction, loadListScreen } from '~/components/listing/list.server';
import { listMeta } from '~/components/listing/meta';
import { resolveCalendar } from '~/components/listing/resolve.server';

/**
 * The calendar of events at /amc-calendar/:context/:view (spec 02 "Calendars"): one calendar's
 * events in its active or archive view, on the list screen (header, filters with the recurrence
 * filter, select-all and Delete Selected, rows 50 then 40 at a time); the right column is the
 * child route (Add Event and the views, an event's delete dialogs, the header editor).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadListScreen(request, await resolveCalendar(request, params));
}

export const meta: MetaFunction<typeof loader> = listMeta;

export const Intent = BulkIntent;

/** Delete Selected: the spec's confirmation, then one update (active: the events end now; archive: removed). */
export async function action({ request, params }: ActionFunctionArgs) {
  return bulkAction(request, await resolveCalendar(request, params));
}

export default function CalendarOfEvents() {
  const data = useLoaderData<typeof loader>();
  const bulk = useActionData<typeof action>();
  return <ListScreen data={data} bulk={bulk} panel={<Outlet />} rightLabel={useRightLabel()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
