import { isRouteErrorResponse, useRouteError } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { hrefs } from '~/lib/hrefs';
import { PublicCalendarMissingPage } from './calendar-page';
import type { PublicCalendarMissing } from './public-calendar.server';

const isMissing = (value: unknown): value is PublicCalendarMissing =>
  typeof value === 'object' && value !== null && ['community', 'calendar', 'event'].includes((value as { what?: string }).what ?? '');

/** The public calendar's error boundary: a 404 that says what is missing (and links the community's calendar when there is one), else the general page. */
export function PublicCalendarErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404 && isMissing(error.data)) {
    const missing = error.data;
    const calendarHref = missing.what === 'community' ? null : hrefs.publicCalendar({ clocation: missing.community });
    return <PublicCalendarMissingPage missing={missing} calendarHref={missing.what === 'calendar' ? null : calendarHref} />;
  }
  return <GeneralErrorBoundary />;
}
