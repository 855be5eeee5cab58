import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { listingHeaderAction, loadListingHeader } from '~/components/business/listing-header.server';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { HeaderEditor } from '~/components/header-editor/header-editor';
import { shellMeta } from '~/components/shell/meta';
import type { RouteHandle } from '~/components/shell/route-handle';
import { HeaderIntent } from '~/schemas/header';

/** Header Image(s)/Video of a listing of the community the address names (/detailUpdate/:communityKey/…/:itemId/header-images). */
export const handle = { title: 'Header Image(s)/Video' } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadListingHeader(request, params);
}

export const Intent = HeaderIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  return listingHeaderAction(request, params);
}

export default function UpdateListingHeaderImages() {
  return <HeaderEditor data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
