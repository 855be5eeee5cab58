import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { ShellColumns } from '~/components/shell/shell-columns';
import { loadNewListing, newListingAction } from '~/features/business/add.server';
import { BusinessEditor } from '~/features/business/business-editor';
import type { RouteHandle } from '~/lib/route-handle';
import { BusinessIntent } from '~/schemas/business';

/** Add a listing (spec 03 §2 business detail editor, route /detail/:type/:dbContext): a new item on top of the section's list. */
export const handle = { title: 'Add Listing' } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadNewListing(request, params, 'add');
}

export const Intent = BusinessIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  return newListingAction(request, params, 'add');
}

export default function AddListing() {
  return <ShellColumns centre={<BusinessEditor data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
