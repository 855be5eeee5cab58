import type { LoaderFunctionArgs } from '@remix-run/node';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { listingEntriesRedirect } from '~/features/entries/rsvp.server';

/** listingNoMenuEdit with context `{type}.entries` (spec 02 "Guest entries"): the entries at `/scrollerEntries/{type}/view/:itemId`. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return listingEntriesRedirect(request, params);
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
