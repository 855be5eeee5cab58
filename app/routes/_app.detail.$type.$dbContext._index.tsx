import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { BusinessEditor } from '~/components/business/business-editor';
import { businessEditorAction, loadBusinessEditor } from '~/components/business/editor.server';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import type { RouteHandle } from '~/components/shell/route-handle';
import { ShellColumns } from '~/components/shell/shell-columns';
import { BusinessIntent } from '~/schemas/business';

/** Add a listing (spec 03 §2 business detail editor, route /detail/:type/:dbContext): a new item on top of the section's list. */
export const handle = { title: 'Add Listing' } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadBusinessEditor(request, params, 'add');
}

export const Intent = BusinessIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  return businessEditorAction(request, params, 'add');
}

export default function AddListing() {
  return <ShellColumns centre={<BusinessEditor data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
