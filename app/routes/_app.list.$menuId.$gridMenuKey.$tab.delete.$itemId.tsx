import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { deleteAction, loadDelete } from '~/components/listing/editor.server';
import { DeleteIntent } from '~/components/listing/intents';
import { DeletePanel } from '~/components/listing/panels';
import { resolveMenuList } from '~/components/listing/resolve.server';

/** Listing action delete (spec 02 §4, §8 "Delete Item"): archives in a dated list's active view, else removes. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadDelete(request, await resolveMenuList(request, params), params.itemId);
}

export const Intent = DeleteIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  return deleteAction(request, await resolveMenuList(request, params), params.itemId);
}

export default function DeleteListItem() {
  return <DeletePanel data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
