import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { EventDeletePanel } from '~/features/listing/event-delete-panel';
import { eventDeleteAction, loadEventDelete } from '~/features/listing/event-delete.server';
import { DeleteIntent } from '~/features/listing/intents';
import { resolveCalendar } from '~/features/listing/resolve.server';

/**
 * Deleting one event (spec 02 §4, §8; spec 03 "Public calendar events"): the calendars it goes
 * from, Delete Recurrence, Delete Imported Event or the plain confirmation, one dialog at a time.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadEventDelete(request, await resolveCalendar(request, params), params.itemId);
}

export const Intent = DeleteIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  return eventDeleteAction(request, await resolveCalendar(request, params), params.itemId);
}

export default function DeleteCalendarEvent() {
  const loaded = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  // A fresh dialog for each answer (its checkboxes start from the answers).
  const data = answered ?? loaded;
  return <EventDeletePanel key={`${data.step}-${data.error ?? ''}`} data={data} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
