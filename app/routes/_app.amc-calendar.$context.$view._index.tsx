import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ListActions, useListScreen } from '~/features/listing/list-screen';

/** The calendar of events' right column with no dialog open: Add Event, Header Images, the other view. */
export default function CalendarActionsColumn() {
  const data = useListScreen();
  return data ? <ListActions data={data} /> : null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
