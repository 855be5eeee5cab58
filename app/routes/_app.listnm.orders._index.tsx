import { GeneralErrorBoundary } from '~/components/error-boundary';
import { useListScreen } from '~/features/listing/list-screen';
import { OrdersActions } from '~/features/orders/orders-screen';

/** The orders list's right column with no order open: the other view and the empty message. */
export default function OrdersActionsColumn() {
  const data = useListScreen();
  return data ? <OrdersActions data={data} /> : null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
