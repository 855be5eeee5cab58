import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ListActions, useListScreen } from '~/features/listing/list-screen';

/** The right column of the list with no form open: Add, Sort, Header Images and the empty message. */
export default function ListActionsColumn() {
  const data = useListScreen();
  return data ? <ListActions data={data} /> : null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
