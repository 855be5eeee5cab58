import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { FlyerDesigner } from '~/features/flyers/flyer-designer';
import { flyerAction, loadFlyerPage, staffFlyerTarget } from '~/features/flyers/flyer-designer.server';
import type { RouteHandle } from '~/lib/route-handle';
import { FlyerIntent } from '~/schemas/flyer';

/**
 * `/create-flyer/:action?` (spec 02 "Flyer designer"): staff of the session's community; action
 * `event` with `?event={calendarId}/{eventId}` starts from that event. See
 * app/features/flyers/flyer-designer.server.ts.
 */
export const handle = { title: 'Flyer Designer' } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadFlyerPage(await staffFlyerTarget(request, params), new URL(request.url));
}

export const Intent = FlyerIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  return flyerAction(request, await staffFlyerTarget(request, params));
}

export default function CreateFlyer() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <FlyerDesigner data={data} actionData={actionData} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
