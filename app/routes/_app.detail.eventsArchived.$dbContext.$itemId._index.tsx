import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { eventEditorAction, loadEventEditor } from '~/components/events/editor.server';
import { EventEditor } from '~/components/events/event-editor';
import { EventEditorIntent } from '~/components/events/texts';
import { shellMeta } from '~/components/shell/meta';
import type { RouteHandle } from '~/components/shell/route-handle';
import { ShellColumns } from '~/components/shell/shell-columns';

/** An archived event (detailEdit, type eventsArchived): read-only unless duplicated (spec 02 §4). */
export const handle = { title: 'Edit Event' } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadEventEditor(request, params, 'edit', true);
}

export const Intent = EventEditorIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  return eventEditorAction(request, params, 'edit', true);
}

export default function ArchivedEvent() {
  return <ShellColumns centre={<EventEditor data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
