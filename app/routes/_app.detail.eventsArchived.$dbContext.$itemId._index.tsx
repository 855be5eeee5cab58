import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { ShellColumns } from '~/components/shell/shell-columns';
import { editEventAction, loadEditEvent } from '~/features/events/edit.server';
import { EventEditor } from '~/features/events/event-editor';
import { EventEditorIntent } from '~/features/events/texts';
import type { RouteHandle } from '~/lib/route-handle';

/** An archived event (detailEdit, type eventsArchived): read-only unless duplicated (spec 02 §4). */
export const handle = { title: 'Edit Event' } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadEditEvent(request, params, true);
}

export const Intent = EventEditorIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  return editEventAction(request, params, true);
}

export default function ArchivedEvent() {
  return <ShellColumns centre={<EventEditor data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
