import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { HeaderEditor } from '~/components/header-editor/header-editor';
import { headerEditorAction, loadHeaderEditor, parseHeaderUpload } from '~/components/header-editor/header-images.server';
import { requireStaff } from '~/components/shell/authz.server';
import { shellMeta } from '~/components/shell/meta';
import type { RouteHandle } from '~/components/shell/route-handle';
import { parseIntent } from '~/lib/intent';
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
  const upload = await parseHeaderUpload(request);
  // conform's remove and reorder buttons post no intent: the form comes back, unsaved.
  const { intent } = parseIntent(upload.formData, Intent, { fallback: 'save' });
  return headerEditorAction(request, community, upload, intent);
}

export default function HeaderImagesRoute() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <HeaderEditor data={data} actionData={actionData} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
