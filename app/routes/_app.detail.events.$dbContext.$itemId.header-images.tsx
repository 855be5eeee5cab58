import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { eventHeaderAction, loadEventHeader } from '~/components/events/event-header.server';
import { HeaderEditor } from '~/components/header-editor/header-editor';
import { shellMeta } from '~/components/shell/meta';
import type { RouteHandle } from '~/components/shell/route-handle';
import { HeaderIntent } from '~/schemas/header';

/** An event's Header Image(s)/Video: the shared header editor, writing the event's own headerInfo (and its copies in its other calendars). */
export const handle = { title: 'Header Image(s)/Video' } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadEventHeader(request, params);
}

export const Intent = HeaderIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  return eventHeaderAction(request, params);
}

export default function EventHeaderImages() {
  return <HeaderEditor data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
