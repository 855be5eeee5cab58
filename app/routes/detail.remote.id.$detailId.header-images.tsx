import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { loadRemoteHeader, remoteHeaderAction } from '~/components/business/listing-header.server';
import { RemoteHeaderPage } from '~/components/business/remote-header';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { HeaderIntent } from '~/schemas/header';

/**
 * `/detail/remote/id/:detailId/header-images` (spec 03 §2 Header Image(s)/Video, in remote mode): the listing's header media for
 * the signed-in remote manager's e-mail access entry, with Edit Information. The grant is resolved on every load and post (404 otherwise).
 */
export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: `Header Image(s)/Video - ${page?.title || 'Listing'} - ${page?.frame.appTitle ?? 'App Admin'}` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadRemoteHeader(request, { detailId: params.detailId ?? '' });
}

export const Intent = HeaderIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  return remoteHeaderAction(request, { detailId: params.detailId ?? '' });
}

export default function RemoteHeaderByDetailId() {
  return <RemoteHeaderPage data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
