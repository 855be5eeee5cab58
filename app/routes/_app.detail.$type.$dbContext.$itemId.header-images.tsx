import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { businessHeaderTarget } from '~/features/business/listing-header.server';
import { HeaderEditor } from '~/features/header-editor/header-editor';
import { headerEditorAction, loadHeaderEditor } from '~/features/header-editor/header-images.server';
import type { RouteHandle } from '~/lib/route-handle';
import { HeaderIntent } from '~/schemas/header';

/** A listing's Header Image(s)/Video (detailAction header-images): the shared header editor, writing the item's own headerInfo. */
export const handle = { title: 'Header Image(s)/Video' } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { community, target } = await businessHeaderTarget(request, params);
  return loadHeaderEditor(request, community, target);
}

export const Intent = HeaderIntent;

/** The person's rights on the item are checked before the body is read. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { community, target } = await businessHeaderTarget(request, params);
  return headerEditorAction(request, community, target);
}

export default function ListingHeaderImages() {
  return <HeaderEditor data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
