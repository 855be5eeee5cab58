import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { BulkIntent } from '~/features/listing/intents';
import { ListScreen } from '~/features/listing/list-screen';
import { bulkAction, loadListScreen } from '~/features/listing/list.server';
import { listMeta } from '~/features/listing/meta';
import { resolveListnm } from '~/features/listing/resolve.server';
import type { RouteHandle } from '~/lib/route-handle';

/**
 * The list screen at /listnm/:context (spec 01 §2.1, spec 02 "Listing routes"): header, tabs,
 * filters, select-all and Delete Selected, the rows a chunk at a time; the right column is the
 * child route (the list's actions, its add/edit form, delete, sort or the header editor).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadListScreen(request, await resolveListnm(request, params));
}

export const meta: MetaFunction<typeof loader> = listMeta;

/** The right column's routes read this layout's data (useListScreen). */
export const handle: RouteHandle = { listScreen: true };

export const Intent = BulkIntent;

/** Delete Selected: the spec's confirmation first, then one multi-path update. */
export async function action({ request, params }: ActionFunctionArgs) {
  return bulkAction(request, await resolveListnm(request, params));
}

export default function ListnmScreen() {
  const data = useLoaderData<typeof loader>();
  const bulk = useActionData<typeof action>();
  return <ListScreen data={data} bulk={bulk} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
