import { GeneralErrorBoundary } from '~/components/error-boundary';
import { CalendarActions } from '~/features/calendars/calendars';

/** The right column of Manage Calendars when no form is open: Create Calendar. */
export default function CalendarActionsPanel() {
  return <CalendarActions />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
