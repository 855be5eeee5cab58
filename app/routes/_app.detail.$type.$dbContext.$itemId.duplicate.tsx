import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { ShellColumns } from '~/components/shell/shell-columns';
import { loadNewListing, newListingAction } from '~/features/business/add.server';
import { BusinessEditor } from '~/features/business/business-editor';
import type { RouteHandle } from '~/lib/route-handle';
import { BusinessIntent } from '~/schemas/business';

/** Duplicate a listing (detailAction duplicate): a new item starting from a copy of this one, without its id, import and remote-management data. */
export const handle = { title: 'Duplicate Listing' } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadNewListing(request, params, 'duplicate');
}

export const Intent = BusinessIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  return newListingAction(request, params, 'duplicate');
}

export default function DuplicateListing() {
  return <ShellColumns centre={<BusinessEditor data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
