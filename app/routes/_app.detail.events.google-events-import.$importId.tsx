import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { ShellColumns } from '~/components/shell/shell-columns';
import { EventEditor } from '~/features/events/event-editor';
import { loadPendingEvent, pendingEventAction } from '~/features/events/import.server';
import { PendingEventIntent } from '~/features/events/texts';
import type { RouteHandle } from '~/lib/route-handle';

/**
 * The event editor in the google-events-import context (spec 02 "Event editor", §4 imported
 * events): a pending event of the session's community (a Google import, or a remote manager's
 * event waiting for approval), with Existing Events of its day and Create Event / Deny Event /
 * Cancel. Staff only. See app/features/events/import.server.ts.
 */
export const handle = { title: 'Event Waiting for Approval' } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadPendingEvent(request, params);
}

export const Intent = PendingEventIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  return pendingEventAction(request, params);
}

export default function PendingEvent() {
  return <ShellColumns centre={<EventEditor data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
