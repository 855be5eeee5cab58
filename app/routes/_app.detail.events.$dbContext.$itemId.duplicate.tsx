import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { ShellColumns } from '~/components/shell/shell-columns';
import { loadNewEvent, newEventAction } from '~/features/events/add.server';
import { EventEditor } from '~/features/events/event-editor';
import { EventEditorIntent } from '~/features/events/texts';
import type { RouteHandle } from '~/lib/route-handle';

/** Duplicate an event (detailDuplicate, type events): a new event starting from a copy, without the fields spec 02 §3 clears. */
export const handle = { title: 'Duplicate Event' } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadNewEvent(request, params, 'duplicate');
}

export const Intent = EventEditorIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  return newEventAction(request, params, 'duplicate');
}

export default function DuplicateEvent() {
  return <ShellColumns centre={<EventEditor data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
