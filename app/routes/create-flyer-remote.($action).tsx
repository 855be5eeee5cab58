import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { RemoteFrame } from '~/components/remote/remote-frame';
import { remoteCalendarFrame } from '~/features/calendars/remote-calendar.server';
import { FlyerDesigner } from '~/features/flyers/flyer-designer';
import { flyerAction, loadFlyerPage, remoteFlyerTarget } from '~/features/flyers/flyer-designer.server';
import { FlyerIntent } from '~/schemas/flyer';

/**
 * `/create-flyer-remote/event?event={calendarId}/{eventId}` (spec 02 "Flyer designer"): the
 * designer for a remote manager's own event, outside the console's shell. The grant is checked
 * on the server: `?uuid=` names a calendar link grant (no sign-in), else the signed-in person's
 * own calendar grant; both need Edit Information.
 */
export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: `Flyer Designer - ${page?.appTitle ?? 'App Admin'}` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const target = await remoteFlyerTarget(request, params);
  const uuid = new URL(request.url).searchParams.get('uuid');
  const [page, frame] = await Promise.all([
    loadFlyerPage(target, new URL(request.url)),
    remoteCalendarFrame(request, uuid !== null ? { uuid } : { detailId: '' }),
  ]);
  return data({ ...page, ...frame }, { headers: { 'Cache-Control': 'no-store' } });
}

export const Intent = FlyerIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  return flyerAction(request, await remoteFlyerTarget(request, params));
}

export default function CreateFlyerRemote() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <RemoteFrame frame={page}>
      <FlyerDesigner data={page} actionData={actionData} />
    </RemoteFrame>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
