import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { RemotePage } from '~/features/business/remote-page';
import { RemoteRequestPanel } from '~/features/business/remote-request';
import { loadRemoteEditor, remoteEditorAction } from '~/features/business/remote.server';
import { RemoteBusinessIntent } from '~/schemas/business';

/**
 * `/detail/remote/:uuid/` (spec 01 §2.1, spec 03 §2; route remoteUpdateNoKey): the listing a URL
 * access entry's link opens, without signing in. The link's uuid is resolved to its grant and
 * item on every load and save (404 for anything else); only what the grant allows is written.
 */
export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: `${page?.defaultValue.title || 'Listing'} - ${page?.appTitle ?? 'App Admin'}` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return data(await loadRemoteEditor(request, { uuid: params.uuid ?? '' }), { headers: { 'Cache-Control': 'no-store' } });
}

export const Intent = RemoteBusinessIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  return remoteEditorAction(request, { uuid: params.uuid ?? '' });
}

export default function RemoteByLink() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <RemotePage data={page} actionData={actionData} requestForm={<RemoteRequestPanel data={page} actionData={actionData} />} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
