import { deletedMarker } from '@server/events/archive';
import { isObject, type EventDeps } from '@server/events/records';
import { htmlToText } from '@server/mail/text';
import { addDays, compareDates, zonedInstant, zonedParts, type CalendarDate } from '~/lib/date-time';
import { daysOf, PRINTOUT_TEXTS } from '~/lib/printout';

/**
 * The events a printout shows: the calendar's visible events (its events list; pending
 * submissions live elsewhere and events deleted from an active view carry their `deleted`
 * mark, decision 024, and are left out) that start on one of the printout's days in the
 * community's time zone (decision 016), in order of start, then title.
 */

export interface PrintoutEventRow {
  id: string;
  start: number;
  end: number;
  allDay: boolean;
  /** Index of its day in the range. */
  day: number;
  title: string;
  /** '9:00 AM – 10:00 AM', or 'All Day'. */
  time: string;
  location: string;
  description: string;
}

/** The longest description the agenda keeps (it shows two lines at most). */
const DESCRIPTION_MAX = 400;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const numberOf = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The instant a day begins in the zone. */
export const dayStart = (day: CalendarDate, timeZone: string): number => zonedInstant(day, { hour: 0, minute: 0 }, timeZone);

function clockOf(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(ms);
}

/** An event's time in words: 'All Day', '9:00 AM', or '9:00 AM – 10:30 AM'. */
export function timeText(event: { start: number; end: number; allDay: boolean; hideEnd?: boolean }, timeZone: string): string {
  if (event.allDay) return PRINTOUT_TEXTS.allDay;
  const start = clockOf(event.start, timeZone);
  if (event.hideEnd || event.end <= event.start) return start;
  return `${start} – ${clockOf(event.end, timeZone)}`;
}

export async function readPrintoutEvents(
  deps: EventDeps,
  input: { community: string; calendarId: string; start: CalendarDate; end: CalendarDate; timeZone: string },
): Promise<PrintoutEventRow[]> {
  const { community, calendarId, timeZone } = input;
  const days = daysOf(input.start, input.end);
  const from = dayStart(input.start, timeZone);
  const until = dayStart(addDays(input.end, 1), timeZone);
  const [snapshot, locationsSnapshot] = await Promise.all([
    deps.db
      .ref(deps.paths.calendarEvents(community, calendarId))
      .orderByChild('startDate')
      .startAt(from)
      .endAt(until - 1)
      .get(),
    deps.db.ref(deps.paths.locations(community)).get(),
  ]);
  const locations = locationsSnapshot.val() as unknown;
  const rows: PrintoutEventRow[] = [];
  snapshot.forEach((child) => {
    const event = child.val() as unknown;
    if (!child.key || !isObject(event) || deletedMarker(event)) return;
    const start = numberOf(event.startDate);
    if (start === null || start < from || start >= until) return;
    const end = numberOf(event.endDate) ?? start;
    const parts = zonedParts(start, timeZone);
    const day = days.findIndex((candidate) => compareDates(candidate, parts) === 0);
    if (day === -1) return;
    const locationId = text(event.resortLocationId);
    const place = locationId !== '' && isObject(locations) && isObject(locations[locationId]) ? text(locations[locationId].title) : '';
    const html = text(event.htmlDescription) || text(event.description);
    const description = html === '' ? '' : htmlToText(html).replace(/\s+/g, ' ').trim().slice(0, DESCRIPTION_MAX);
    const allDay = event.allDay === true;
    rows.push({
      id: child.key,
      start,
      end,
      allDay,
      day,
      title: text(event.title),
      time: timeText({ start, end, allDay, hideEnd: event.endDateHide === true }, timeZone),
      location: place || text(event.location),
      description,
    });
  });
  // All-day events first on their day, then by start, then title.
  rows.sort((a, b) => a.day - b.day || Number(b.allDay) - Number(a.allDay) || a.start - b.start || a.title.localeCompare(b.title));
  return rows;
}
