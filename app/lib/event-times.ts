import { nextHour, startOfZonedDay, weekdayOf, zonedInstant, zonedParts } from '~/lib/date-time';

/**
 * An event's times (spec 02 §3 event startDate, endDate, endDateDuration, allDay; §5 the date
 * rules; §9 constants). Isomorphic and pure: the editor's script and the server apply the same
 * rules. Instants are ms since the epoch; days are days in the community's time zone.
 */

/** Spec 02 §9: default duration 1 hour. */
export const DEFAULT_EVENT_DURATION = 36e5;
/** Spec 02 §5, §9: an all-day event lasts from the start of its day to its end (this long on a day without a clock change). */
export const ALL_DAY_DURATION = 86_399_999;
/** Spec 02 §9: a recurring event lasts at most 24 hours. */
export const RECURRENCE_SPAN_LIMIT = 864e5;
/** Spec 02 §9 "Default time zone America/New_York". */
export const DEFAULT_TIME_ZONE = 'America/New_York';

export interface EventTimes {
  startDate: number;
  endDate: number;
  endDateDuration: number;
}

/**
 * An all-day event's times: the start of the start's day and the end of that calendar day in the
 * zone (spec 02 §5): 86399999 ms later on most days, an hour less or more on the days the clocks
 * change, so the event never runs into the next day nor stops an hour early.
 */
export function allDayTimes(start: number, timeZone: string): EventTimes {
  const startDate = startOfZonedDay(start, timeZone);
  const endDate = endOfZonedDay(startDate, timeZone);
  return { startDate, endDate, endDateDuration: endDate - startDate };
}

/** The last millisecond of the day of `ms` in the zone (a recurrence's last day is stored so). */
export function endOfZonedDay(ms: number, timeZone: string): number {
  const parts = zonedParts(ms, timeZone);
  const next = new Date(Date.UTC(parts.year, parts.month - 1, parts.day + 1));
  return (
    zonedInstant({ year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() }, { hour: 0, minute: 0 }, timeZone) -
    1
  );
}

/** The day of an instant in the zone as yyyy-MM-dd (how occurrences are matched day by day). */
export function zonedDayKey(ms: number, timeZone: string): string {
  const { year, month, day } = zonedParts(ms, timeZone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The weekday of an instant in the zone, Monday first (0 Monday … 6 Sunday), as validDays counts. */
export function mondayFirstWeekday(ms: number, timeZone: string): number {
  // Sunday first (0 … 6) → Monday first.
  return (weekdayOf(zonedParts(ms, timeZone)) + 6) % 7;
}

/**
 * Spec 02 §5 "If start moves to or past end minus duration, end resets to start plus duration
 * (default 1 hour)": moving the start later keeps the event's length; moving it earlier keeps
 * the end. `duration` is the event's stored endDateDuration (the default hour when it has none).
 */
export function resetEnd(start: number, end: number, duration: number | null | undefined): number {
  const length = typeof duration === 'number' && Number.isFinite(duration) && duration > 0 ? duration : DEFAULT_EVENT_DURATION;
  return start >= end - length ? start + length : end;
}

/** A new event's times: the next whole hour, for the default hour (spec 02 §9, spec 03 §9 picker default). */
export function defaultEventTimes(now: number, timeZone: string): EventTimes {
  const startDate = nextHour(now, timeZone);
  return { startDate, endDate: startDate + DEFAULT_EVENT_DURATION, endDateDuration: DEFAULT_EVENT_DURATION };
}

/** The duration stored beside an event's end (never negative). */
export const durationOf = (start: number, end: number): number => Math.max(0, end - start);

/**
 * An event's dates as a row shows them, in the community's time zone: "Tue, Nov 24, 2026,
 * 6:00 PM – 8:00 PM", the end's date only when it is another day; all-day events by day.
 */
export function whenText(start: number, end: number, allDay: boolean, timeZone: string): string | null {
  if (start <= 0) return null;
  const day = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });
  const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
  const sameDay = end > 0 && day.format(start) === day.format(end);
  if (allDay) return sameDay || end <= 0 ? `${day.format(start)}, all day` : `${day.format(start)} – ${day.format(end)}, all day`;
  const from = `${day.format(start)}, ${time.format(start)}`;
  if (end <= 0) return from;
  return sameDay ? `${from} – ${time.format(end)}` : `${from} – ${day.format(end)}, ${time.format(end)}`;
}
