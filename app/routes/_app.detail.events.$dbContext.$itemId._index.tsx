import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { ShellColumns } from '~/components/shell/shell-columns';
import { editEventAction, loadEditEvent } from '~/features/events/edit.server';
import { EventEditor } from '~/features/events/event-editor';
import { EventEditorIntent } from '~/features/events/texts';
import type { RouteHandle } from '~/lib/route-handle';

/** Edit an event of a calendar (detailEdit, type events, route /detail/events/:calendarId/:itemId; `?scope=` answers 'Edit Recurrence'). */
export const handle = { title: 'Edit Event' } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadEditEvent(request, params);
}

export const Intent = EventEditorIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  return editEventAction(request, params);
}

export default function EditEvent() {
  return <ShellColumns centre={<EventEditor data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
