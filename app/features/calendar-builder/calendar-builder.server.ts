import { requireStaff } from '@server/authz';
import { loadCalendarBuilder, type CalendarBuilderData } from '@server/calendars/builder';
import { getServices } from '~/services.server';

export type { BuilderCalendar, CalendarBuilderData } from '@server/calendars/builder';

/**
 * The calendar builder's loader (spec 03 "Calendar builder"; spec 01 §2.1 /calendarBuilder:
 * signed in, no left column): staff of the current community, as the Quick Access tray that
 * opens it (spec 03 §6: open to all signed-in staff). The query is the calendar being built
 * (app/lib/calendar-builder.ts), read with fallbacks; the Screen URL and the embed code carry
 * the origin the page was asked at.
 */
export async function loadCalendarBuilderPage(request: Request): Promise<CalendarBuilderData> {
  const { community } = await requireStaff(request);
  const url = new URL(request.url);
  return loadCalendarBuilder(await getServices(), { community, search: url.searchParams, origin: url.origin, request });
}
