import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { ShellColumns } from '~/components/shell/shell-columns';
import { BusinessEditor } from '~/features/business/business-editor';
import { editListingAction, loadEditListing } from '~/features/business/edit.server';
import type { RouteHandle } from '~/lib/route-handle';
import { BusinessIntent } from '~/schemas/business';

/** Edit a listing of a community named by the address, found by its detail id (/detailUpdate/:communityKey/:type/:dbContext/id/:detailId). */
export const handle = { title: 'Edit Listing' } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadEditListing(request, params);
}

export const Intent = BusinessIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  return editListingAction(request, params);
}

export default function UpdateListingById() {
  return <ShellColumns centre={<BusinessEditor data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
