import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { type ShouldRevalidateFunction, useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { BulkIntent } from '~/features/listing/intents';
import { ListScreen } from '~/features/listing/list-screen';
import { bulkAction, loadListScreen } from '~/features/listing/list.server';
import { listMeta } from '~/features/listing/meta';
import { resolveOrders } from '~/features/orders/resolve.server';
import type { RouteHandle } from '~/lib/route-handle';

/**
 * The store orders at /listnm/orders (spec 02 "Guest entries": "Order rows and form-entry rows:
 * orders list at /listnm/orders"): active and archived views, filters, select-all and Delete
 * Selected, 25 rows at a time. The right column is the child route (the view switch, or an order).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadListScreen(request, await resolveOrders(request));
}

export const meta: MetaFunction<typeof loader> = listMeta;

export const handle: RouteHandle = { listScreen: true };

export const Intent = BulkIntent;

/**
 * A refused mark (409: someone else changed the record) still reloads the data, so the page shows
 * their change and a new `was` (docs/decisions/031); Remix's single fetch skips it after a 4xx.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod?.toUpperCase() === 'POST' || defaultShouldRevalidate;

/** Delete Selected: the spec's confirmation, then the orders are removed in one update. */
export async function action({ request }: ActionFunctionArgs) {
  return bulkAction(request, await resolveOrders(request));
}

export default function Orders() {
  const data = useLoaderData<typeof loader>();
  const bulk = useActionData<typeof action>();
  return <ListScreen data={data} bulk={bulk} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
