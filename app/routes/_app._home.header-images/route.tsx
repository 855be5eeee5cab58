import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { HeaderEditor } from '~/features/header-editor/header-editor';
import { headerEditorAction, loadHeaderEditor } from '~/features/header-editor/header-images.server';
import { requireStaff } from '~/features/shell/authz.server';
import type { RouteHandle } from '~/lib/route-handle';
import { HeaderIntent } from '~/schemas/header';

/**
 * The header editor (spec 01 §2.6 "header-images: header editor"; spec 02 "Header editor"):
 * the right column of `/header-images`, for staff of the current community.
 */
export const handle = { title: 'Header Editor' } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const { community } = await requireStaff(request);
  return loadHeaderEditor(request, community);
}

export const Intent = HeaderIntent;

export async function action({ request }: ActionFunctionArgs) {
  const { community } = await requireStaff(request);
  return headerEditorAction(request, community);
}

export default function HeaderImagesRoute() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <HeaderEditor data={data} actionData={actionData} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
