import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { businessHeaderTarget } from '~/components/business/editor.server';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { HeaderEditor } from '~/components/header-editor/header-editor';
import { headerEditorAction, loadHeaderEditor, parseHeaderUpload } from '~/components/header-editor/header-images.server';
import { shellMeta } from '~/components/shell/meta';
import type { RouteHandle } from '~/components/shell/route-handle';
import { parseIntent } from '~/lib/intent';
import { HeaderIntent } from '~/schemas/header';

/** A listing's Header Image(s)/Video (detailAction header-images): the shared header editor, writing the item's own headerInfo. */
export const handle = { title: 'Header Image(s)/Video' } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { community, target } = await businessHeaderTarget(request, params);
  return loadHeaderEditor(request, community, target);
}

export const Intent = HeaderIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  const { community, target } = await businessHeaderTarget(request, params);
  const upload = await parseHeaderUpload(request);
  // conform's remove and reorder buttons post no intent: the form comes back, unsaved.
  const { intent } = parseIntent(upload.formData, Intent, { fallback: 'save' });
  return headerEditorAction(request, community, upload, intent, target);
}

export default function ListingHeaderImages() {
  return <HeaderEditor data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
