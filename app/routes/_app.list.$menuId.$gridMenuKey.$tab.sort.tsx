import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { loadSort, sortAction } from '~/features/listing/editor.server';
import { SortIntent } from '~/features/listing/intents';
import { SortPanel } from '~/features/listing/panels';
import { resolveMenuList } from '~/features/listing/resolve.server';

/** Listing action sort (spec 02 §4): Move up / Move down, drag, and Sort Alphabetically with its confirmation. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadSort(request, await resolveMenuList(request, params));
}

export const Intent = SortIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  return sortAction(request, await resolveMenuList(request, params));
}

export default function SortListItems() {
  const data = useLoaderData<typeof loader>();
  return <SortPanel action={data.action} doneHref={data.doneHref} actionData={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
