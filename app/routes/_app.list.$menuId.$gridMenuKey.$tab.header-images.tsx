import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { HeaderEditor } from '~/features/header-editor/header-editor';
import { headerEditorAction, loadHeaderEditor } from '~/features/header-editor/header-images.server';
import { listHeaderTarget } from '~/features/listing/editor.server';
import { resolveMenuList } from '~/features/listing/resolve.server';
import { HeaderIntent } from '~/schemas/header';

/** Listing action header-images (spec 02 §4): the header editor, editing header-info/{context} of this list. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const list = await resolveMenuList(request, params);
  return loadHeaderEditor(request, list.staff.community, listHeaderTarget(request, list));
}

export const Intent = HeaderIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  const list = await resolveMenuList(request, params);
  return headerEditorAction(request, list.staff.community, listHeaderTarget(request, list));
}

export default function ListHeaderImages() {
  return <HeaderEditor data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
