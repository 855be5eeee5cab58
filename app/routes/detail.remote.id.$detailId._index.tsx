import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { RemotePage } from '~/features/business/remote-page';
import { RemoteRequestPanel } from '~/features/business/remote-request';
import { loadRemoteEditor, remoteEditorAction } from '~/features/business/remote.server';
import { RemoteBusinessIntent } from '~/schemas/business';

/**
 * `/detail/remote/id/:detailId` (spec 01 §2.1, spec 03 §2; route remoteUpdateDetail): the listing an
 * e-mail access entry gives the signed-in remote manager. Their own grant for the detail id is
 * resolved on every load and save (sign-in first; 404 for anything else); only what it allows is written.
 */
export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: `${page?.defaultValue.title || 'Listing'} - ${page?.appTitle ?? 'App Admin'}` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return data(await loadRemoteEditor(request, { detailId: params.detailId ?? '' }), { headers: { 'Cache-Control': 'no-store' } });
}

export const Intent = RemoteBusinessIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  return remoteEditorAction(request, { detailId: params.detailId ?? '' });
}

export default function RemoteByDetailId() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <RemotePage data={page} actionData={actionData} requestForm={<RemoteRequestPanel data={page} actionData={actionData} />} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
