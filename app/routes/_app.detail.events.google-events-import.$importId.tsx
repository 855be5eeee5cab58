import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { eventEditorAction, loadEventEditor } from '~/components/events/editor.server';
import { EventEditor } from '~/components/events/event-editor';
import { PendingEventIntent } from '~/components/events/texts';
import { shellMeta } from '~/components/shell/meta';
import type { RouteHandle } from '~/components/shell/route-handle';
import { ShellColumns } from '~/components/shell/shell-columns';

/**
 * The event editor in the google-events-import context (spec 02 "Event editor", §4 imported
 * events): a pending event of the session's community (a Google import, or a remote manager's
 * event waiting for approval), with Existing Events of its day and Create Event / Deny Event /
 * Cancel. Staff only. See app/components/events/editor.server.ts.
 */
export const handle = { title: 'Event Waiting for Approval' } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadEventEditor(request, params, 'import');
}

export const Intent = PendingEventIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  return eventEditorAction(request, params, 'import');
}

export default function PendingEvent() {
  return <ShellColumns centre={<EventEditor data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
