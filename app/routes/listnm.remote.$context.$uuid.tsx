import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { remoteListTarget } from '~/features/listing/resolve.server';
import { RemoteMessagingPage } from '~/features/messages/remote-messages';
import {
  isRemoteMessagingContext,
  loadRemoteMessaging,
  RemoteMessagingIntent,
  remoteMessagingAction,
} from '~/features/messages/remote-messages.server';

/**
 * `/listnm/remote/:context/:uuid` (spec 01 §2.1: the remote listing, no sign-in).
 * - `remote-messages-scheduled` and `send-detail-notification` (spec 02 §2 listing contexts):
 *   a remote manager's Messaging — the listing's own notifications and the notification form in
 *   detail-page mode, for a grant with sendNotifications (see remote-messages.server.ts).
 * - Any other list: a remote manager's link to the lists they manage. The link's uuid must hold
 *   a URL grant; its items open on the remote manager's pages (`/detail/remote/:uuid`), where
 *   the grant is checked again for each item. Unknown contexts and uuids are 404.
 */
export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: `Messaging - ${page && 'appTitle' in page ? page.appTitle : 'App Admin'}` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (isRemoteMessagingContext(params.context ?? '')) {
    return data(await loadRemoteMessaging(request, params), { headers: { 'Cache-Control': 'no-store' } });
  }
  throw redirect(await remoteListTarget(params.context ?? '', params.uuid ?? ''));
}

export const Intent = RemoteMessagingIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  if (!isRemoteMessagingContext(params.context ?? '')) throw new Response('Method Not Allowed', { status: 405 });
  return remoteMessagingAction(request, params);
}

export default function RemoteMessaging() {
  return <RemoteMessagingPage data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
