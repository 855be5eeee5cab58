import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { deleteAction, loadDelete } from '~/features/listing/editor.server';
import { DeleteIntent } from '~/features/listing/intents';
import { DeletePanel } from '~/features/listing/panels';
import { resolveListnm } from '~/features/listing/resolve.server';

/** Listing action delete (spec 02 §4, §8 "Delete Item"): archives in a dated list's active view, else removes. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadDelete(request, await resolveListnm(request, params), params.itemId);
}

export const Intent = DeleteIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  return deleteAction(request, await resolveListnm(request, params), params.itemId);
}

export default function DeleteListItem() {
  return <DeletePanel data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
