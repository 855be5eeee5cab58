import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { itemEditorAction, loadItemEditor } from '~/features/listing/editor.server';
import { EditorIntent } from '~/features/listing/intents';
import { ItemEditorPanel } from '~/features/listing/panels';
import { resolveMenuList } from '~/features/listing/resolve.server';

/** Listing action add (spec 02 §4) : a new item with a fresh key, saved on top. Detail-item lists open their own editor. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadItemEditor(request, await resolveMenuList(request, params), 'add');
}

export const Intent = EditorIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  return itemEditorAction(request, await resolveMenuList(request, params), 'add');
}

export default function AddListItem() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <ItemEditorPanel data={data} actionData={actionData} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
