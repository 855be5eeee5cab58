import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { ShellColumns } from '~/components/shell/shell-columns';
import { BusinessEditor } from '~/features/business/business-editor';
import { editListingAction, loadEditListing } from '~/features/business/edit.server';
import type { RouteHandle } from '~/lib/route-handle';
import { BusinessIntent } from '~/schemas/business';

/**
 * `/detail/business-detail/:record`: what a business-detail menu item opens (app/lib/menu-targets.ts)
 * — the one listing of its own at location-data/{community}/business-detail/{record}, in the
 * business detail editor (no listing icons; back home after saving).
 */
export const handle = { title: 'Edit Business' } satisfies RouteHandle;
export const meta = shellMeta;

const editorParams = (record: string | undefined) => ({ type: 'business-detail', dbContext: 'business-detail', itemId: record ?? '' });

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadEditListing(request, editorParams(params.record));
}

export const Intent = BusinessIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  return editListingAction(request, editorParams(params.record));
}

export default function EditBusinessDetail() {
  return <ShellColumns centre={<BusinessEditor data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
