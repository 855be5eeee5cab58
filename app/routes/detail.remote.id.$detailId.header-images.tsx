import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { RemoteFrame } from '~/components/remote/remote-frame';
import { remoteHeaderTarget, type RemoteHeaderFrame } from '~/features/business/listing-header.server';
import { HeaderEditor } from '~/features/header-editor/header-editor';
import { headerEditorAction, loadHeaderEditor, type HeaderImagesData } from '~/features/header-editor/header-images.server';
import { HeaderIntent } from '~/schemas/header';

/**
 * `/detail/remote/id/:detailId/header-images` (spec 03 §2 Header Image(s)/Video, in remote mode): the listing's header media for
 * the signed-in remote manager's e-mail access entry, with Edit Information. The grant is resolved on every load and post (404 otherwise).
 */
export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: `Header Image(s)/Video - ${page?.title || 'Listing'} - ${page?.frame.appTitle ?? 'App Admin'}` },
];

/** The shared header editor's data in the remote frame. */
export type RemoteHeaderData = HeaderImagesData & RemoteHeaderFrame;

/** The grant resolved again on every load. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { community, target, frame, title } = await remoteHeaderTarget(request, { detailId: params.detailId ?? '' });
  const editor = await loadHeaderEditor(request, community, target);
  return data<RemoteHeaderData>({ ...editor, frame, title }, { headers: { 'Cache-Control': 'no-store' } });
}

export const Intent = HeaderIntent;

/** The grant resolved again before the body is read. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { community, target } = await remoteHeaderTarget(request, { detailId: params.detailId ?? '' });
  return headerEditorAction(request, community, target);
}

export default function RemoteHeaderByDetailId() {
  const page = useLoaderData<typeof loader>();
  return (
    <RemoteFrame frame={page.frame} title={page.title}>
      <HeaderEditor data={page} actionData={useActionData<typeof action>()} />
    </RemoteFrame>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
