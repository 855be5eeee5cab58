import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { type ShouldRevalidateFunction, useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { OrderIntent } from '~/features/orders/intents';
import { OrderView } from '~/features/orders/order-view';
import { loadOrder, orderAction } from '~/features/orders/order.server';

/** One order in the orders list's right column (listing action edit): its details, Completed / Denied / Cancel (Reopened in the archive). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadOrder(request, params);
}

export const Intent = OrderIntent;

/**
 * A refused mark (409: someone else changed the record) still reloads the data, so the page shows
 * their change and a new `was` (docs/decisions/031); Remix's single fetch skips it after a 4xx.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod?.toUpperCase() === 'POST' || defaultShouldRevalidate;

export async function action({ request, params }: ActionFunctionArgs) {
  return orderAction(request, params);
}

export default function StoreOrder() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <OrderView key={data.key} data={data} actionData={actionData} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => ({ title: 'Order not found', text: 'This order no longer exists.' }) }} />;
}
