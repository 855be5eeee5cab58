import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { RemoteFrame } from '~/components/remote/remote-frame';
import { remoteCalendarFrame } from '~/features/calendars/remote-calendar.server';
import { EventEditor } from '~/features/events/event-editor';
import { loadRemoteEvent, remoteEventAction } from '~/features/events/remote.server';
import { EventEditorIntent } from '~/features/events/texts';

/**
 * `/event/remote/:dbContext[/:itemId]` (spec 01 route table, remote events, no shell): the event
 * editor in remote mode for a calendar grant; dbContext is the calendar's id, `?uuid=` names a
 * URL grant (no sign-in), otherwise the signed-in person's own e-mail grant for that calendar.
 * Without itemId it adds an event to the calendar. See app/features/events/remote.server.ts.
 */
export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: `${page?.heading ?? 'Event'} - ${page?.appTitle ?? 'App Admin'}` },
];

const frameTarget = (request: Request) => {
  const uuid = new URL(request.url).searchParams.get('uuid');
  return uuid !== null ? { uuid } : { detailId: '' };
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const editor = await loadRemoteEvent(request, params);
  const frame = await remoteCalendarFrame(request, frameTarget(request));
  return data({ ...editor, ...frame }, { headers: { 'Cache-Control': 'no-store' } });
}

export const Intent = EventEditorIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  return remoteEventAction(request, params);
}

export default function RemoteEvent() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <RemoteFrame frame={page}>
      <EventEditor data={page} actionData={actionData} />
    </RemoteFrame>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
