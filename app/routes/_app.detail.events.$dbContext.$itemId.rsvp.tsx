import type { LoaderFunctionArgs } from '@remix-run/node';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { legacyRsvpRedirect } from '~/features/entries/rsvp.server';

/** A legacy event row's RSVP action (spec 02 "Event rows navigate to … detailAction rsvp"): the event's RSVP entries. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return legacyRsvpRedirect(request, params);
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{ 404: () => ({ title: 'No RSVP form', text: 'This event has no RSVP form to show entries of.' }) }}
    />
  );
}
