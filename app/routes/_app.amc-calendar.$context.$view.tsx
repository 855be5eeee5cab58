import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { PendingNotice } from '~/features/events/pending-notice';
import { loadPendingNotice } from '~/features/events/pending.server';
import { BulkIntent } from '~/features/listing/intents';
import { ListScreen } from '~/features/listing/list-screen';
import { bulkAction, loadListScreen } from '~/features/listing/list.server';
import { listMeta } from '~/features/listing/meta';
import { resolveCalendar } from '~/features/listing/resolve.server';
import type { RouteHandle } from '~/lib/route-handle';

/**
 * The calendar of events at /amc-calendar/:context/:view (spec 02 "Calendars"): one calendar's
 * events in its active or archive view, on the list screen (header, filters with the recurrence
 * filter, select-all and Delete Selected, rows 50 then 40 at a time); the right column is the
 * child route (Add Event and the views, an event's delete dialogs, the header editor). The
 * active view notices the calendar's events waiting for approval, each linked to its review.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const list = await resolveCalendar(request, params);
  const [screen, pending] = await Promise.all([
    loadListScreen(request, list),
    // Events waiting for approval (spec 02 §6): noticed on the active view.
    list.view === 'active' ? loadPendingNotice(list.staff.community, params.context ?? '') : null,
  ]);
  return { ...screen, pending };
}

export const meta: MetaFunction<typeof loader> = listMeta;

/** The right column's routes read this layout's data (useListScreen). */
export const handle: RouteHandle = { listScreen: true };

export const Intent = BulkIntent;

/** Delete Selected: the spec's confirmation, then one update (active: the events end now; archive: removed). */
export async function action({ request, params }: ActionFunctionArgs) {
  return bulkAction(request, await resolveCalendar(request, params));
}

export default function CalendarOfEvents() {
  const data = useLoaderData<typeof loader>();
  const bulk = useActionData<typeof action>();
  return <ListScreen data={data} bulk={bulk} notice={data.pending ? <PendingNotice notice={data.pending} /> : null} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
