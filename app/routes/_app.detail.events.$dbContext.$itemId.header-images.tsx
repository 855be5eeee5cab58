import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { eventHeaderTarget } from '~/features/events/event-header.server';
import { HeaderEditor } from '~/features/header-editor/header-editor';
import { headerEditorAction, loadHeaderEditor } from '~/features/header-editor/header-images.server';
import type { RouteHandle } from '~/lib/route-handle';
import { HeaderIntent } from '~/schemas/header';

/** An event's Header Image(s)/Video: the shared header editor, writing the event's own headerInfo (and its copies in its other calendars). */
export const handle = { title: 'Header Image(s)/Video' } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { community, target } = await eventHeaderTarget(request, params);
  return loadHeaderEditor(request, community, target);
}

export const Intent = HeaderIntent;

/** The person's rights on the event are checked before the body is read. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { community, target } = await eventHeaderTarget(request, params);
  return headerEditorAction(request, community, target);
}

export default function EventHeaderImages() {
  return <HeaderEditor data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
