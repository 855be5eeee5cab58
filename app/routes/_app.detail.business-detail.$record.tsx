import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { BusinessEditor } from '~/components/business/business-editor';
import { businessEditorAction, loadBusinessEditor } from '~/components/business/editor.server';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import type { RouteHandle } from '~/components/shell/route-handle';
import { ShellColumns } from '~/components/shell/shell-columns';
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
  return loadBusinessEditor(request, editorParams(params.record), 'edit');
}

export const Intent = BusinessIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  return businessEditorAction(request, editorParams(params.record), 'edit');
}

export default function EditBusinessDetail() {
  return <ShellColumns centre={<BusinessEditor data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
