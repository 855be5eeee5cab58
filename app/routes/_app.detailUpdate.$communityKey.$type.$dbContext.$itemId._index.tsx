import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { BusinessEditor } from '~/components/business/business-editor';
import { businessEditorAction, loadBusinessEditor } from '~/components/business/editor.server';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import type { RouteHandle } from '~/components/shell/route-handle';
import { ShellColumns } from '~/components/shell/shell-columns';
import { BusinessIntent } from '~/schemas/business';

/** Edit a listing of a community named by the address (/detailUpdate/:communityKey/:type/:dbContext/:itemId): the same editor, for people who may edit that community. */
export const handle = { title: 'Edit Listing' } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadBusinessEditor(request, params, 'edit');
}

export const Intent = BusinessIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  return businessEditorAction(request, params, 'edit');
}

export default function UpdateListing() {
  return <ShellColumns centre={<BusinessEditor data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
