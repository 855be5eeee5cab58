import { GeneralErrorBoundary } from '~/components/error-boundary';
import { EntriesActions } from '~/features/entries/entries-screen';
import type { EntriesScreenData } from '~/features/entries/entries.server';
import { useListScreen } from '~/features/listing/list-screen';

/** The entries list's right column with no entry open: the other view and the empty message. */
export default function EntriesActionsColumn() {
  const data = useListScreen() as EntriesScreenData | null;
  return data ? <EntriesActions data={data} /> : null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
