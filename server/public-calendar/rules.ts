import { deletedMarker } from '@server/events/archive';
import { descriptionParagraphs } from '~/lib/business-preview';
import { MONTHS as MONTH_NAMES, WEEKDAYS as WEEKDAY_NAMES } from '~/lib/date-time';
import { DEFAULT_EVENT_DURATION } from '~/lib/event-times';

/**
 * The public calendar's rules (spec 03 "Public calendar page", "Public calendar events", §9
 * calendar constants): which stored events the public may see, the days an occurrence covers
 * (the 04:00 next-day threshold), passed rows, and the texts in the community's time zone.
 * Pure; the zone conversions use one cached `Intl.DateTimeFormat` per zone (a month of a busy
 * calendar formats a few hundred instants per render).
 *
 * What the public never sees:
 * - an event deleted from an active view (`deleted` mark, decision 024): it has ended "now" and
 *   is an archive record for staff, not an occurrence;
 * - an event waiting for approval: it is no event of the calendar at all (server/events/approvals.ts
 *   keeps it under google-events-import until staff create it), so nothing here has to hide it;
 * - a record without a valid start (a half-written or broken record).
 * The product has no draft state for events: a saved event is on its calendar.
 */

/** Spec 03 §9: an event ending before this time of the next day does not show on that day. */
export const NEXT_DAY_THRESHOLD_MINUTES = 4 * 60;

export interface OccurrenceLocation {
  title: string;
  address: string;
}

/** One occurrence as the public calendar shows it (the calendar stores one record per occurrence). */
export interface PublicOccurrence {
  /** The event's key in its calendar (its start in ms on the legacy lists). */
  id: string;
  title: string;
  start: number;
  end: number;
  allDay: boolean;
  /** The description as plain paragraphs (the stored HTML's text; never rendered as HTML). */
  description: string[];
  /** The event's image (drawable), an absolute http(s) URL or a site path; null without one. */
  image: string | null;
  /** The community location the event is at (resortLocationId), else null. */
  locationId: string | null;
  /** The event's own place (location, address, city, state, zip), when it names one. */
  place: OccurrenceLocation | null;
  recurrenceId: string | null;
  /** The end time is hidden (endDateHide). */
  hideEnd: boolean;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const instant = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 0
    ? value
    : typeof value === 'string' && /^\d{10,14}$/.test(value)
      ? Number(value)
      : null;

/** An image address the page may show: http(s) or a path of this site; anything else (javascript:, data:) is none. */
export function safeImage(value: unknown): string | null {
  const url = text(value);
  if (/^https?:\/\/[^\s"'<>]+$/i.test(url)) return url;
  if (/^\/(?!\/)[^\s"'<>]*$/.test(url)) return url;
  return null;
}

/** The occurrence the public sees of a stored event, or null when the public must not see it (see the module comment). */
export function publicOccurrence(id: string, value: unknown): PublicOccurrence | null {
  if (!isObject(value)) return null;
  if (deletedMarker(value)) return null;
  const start = instant(value.startDate);
  if (start === null) return null;
  const allDay = value.allDay === true;
  const storedEnd = instant(value.endDate);
  const duration = instant(value.endDateDuration);
  const end = storedEnd !== null && storedEnd >= start ? storedEnd : start + (duration ?? DEFAULT_EVENT_DURATION);
  const placeTitle = text(value.location);
  const address = [value.address, value.city, value.state, value.zip].map(text).filter(Boolean).join(', ');
  const description = descriptionParagraphs(text(value.htmlDescription) || text(value.description));
  return {
    id,
    title: text(value.title) || 'Untitled event',
    start,
    end,
    allDay,
    description,
    image: safeImage(value.drawable),
    locationId: text(value.resortLocationId) || null,
    place: placeTitle || address ? { title: placeTitle || address, address } : null,
    recurrenceId: text(value.recurrenceId) || null,
    hideEnd: value.endDateHide === true,
  };
}

/** Spec 03 "Public calendar events": a row whose end has passed is styled as passed (not in the archive view). */
export const isPassed = (occurrence: Pick<PublicOccurrence, 'end'>, now: number): boolean => occurrence.end <= now;

// ─── Zoned dates ─────────────────────────────────────────────────────────────────────────────

export interface ZonedParts {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  /** 0–23 */
  hour: number;
  minute: number;
  /** 0 Sunday – 6 Saturday */
  weekday: number;
}

const WEEKDAY_INDEX: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      weekday: 'short',
    });
    if (formatters.size > 500) formatters.clear();
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether a zone name is one this runtime knows. */
export function isKnownZone(timeZone: string): boolean {
  try {
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock parts of an instant in the zone. */
export function zonedParts(ms: number, timeZone: string): ZonedParts {
  const parts: Record<string, string> = {};
  for (const part of formatterOf(timeZone).formatToParts(ms)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    weekday: WEEKDAY_INDEX[parts.weekday ?? 'Sun'] ?? 0,
  };
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** 'yyyy-MM-dd' of a calendar date. */
export const dayKeyOf = (date: { year: number; month: number; day: number }): string =>
  `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;

/** 'yyyy-MM-dd' of an instant in the zone. */
export const zonedDayKey = (ms: number, timeZone: string): string => dayKeyOf(zonedParts(ms, timeZone));

/** The calendar date of a 'yyyy-MM-dd' key. */
export function dateOfKey(key: string): { year: number; month: number; day: number } {
  const [year, month, day] = key.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

/** The key `days` days after `key` (negative: before). */
export function addDaysToKey(key: string, days: number): string {
  const { year, month, day } = dateOfKey(key);
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return dayKeyOf({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
}

/** Whole days from `a` to `b` (keys). */
export function daysBetween(a: string, b: string): number {
  const x = dateOfKey(a);
  const y = dateOfKey(b);
  return Math.round((Date.UTC(y.year, y.month - 1, y.day) - Date.UTC(x.year, x.month - 1, x.day)) / 864e5);
}

/** The weekday (0 Sunday) of a key. */
export function weekdayOfKey(key: string): number {
  const { year, month, day } = dateOfKey(key);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/**
 * The first instant of a day in the zone (its midnight, or the first minute after a midnight
 * the clock skips). Found from the zone's offset near noon of that day, then checked.
 */
export function startOfDayKey(key: string, timeZone: string): number {
  const { year, month, day } = dateOfKey(key);
  const utcMidnight = Date.UTC(year, month - 1, day);
  let guess = utcMidnight;
  for (let attempt = 0; attempt < 3; attempt++) {
    const parts = zonedParts(guess, timeZone);
    const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
    const offset = wall - Math.floor(guess / 60_000) * 60_000;
    const next = utcMidnight - offset;
    if (next === guess) break;
    guess = next;
  }
  // A midnight the clock skips: the day starts at the first instant whose date is that day.
  while (zonedDayKey(guess, timeZone) < key) guess += 15 * 60_000;
  while (zonedDayKey(guess - 60_000, timeZone) === key) guess -= 60_000;
  return guess;
}

/**
 * The days ('yyyy-MM-dd') an occurrence shows on, first and last (spec 03 §9 next-day
 * threshold 04:00): a timed event whose end falls on a later day before 04:00 does not show
 * on that day (a dance from 9 pm to 1 am is on its first day only); an all-day event covers
 * the days of its start and of its end.
 */
export function occurrenceDays(
  occurrence: Pick<PublicOccurrence, 'start' | 'end' | 'allDay'>,
  timeZone: string,
): { first: string; last: string } {
  const start = zonedParts(occurrence.start, timeZone);
  const first = dayKeyOf(start);
  if (occurrence.end <= occurrence.start) return { first, last: first };
  const end = zonedParts(occurrence.end, timeZone);
  let last = dayKeyOf(end);
  if (!occurrence.allDay && last > first && end.hour * 60 + end.minute < NEXT_DAY_THRESHOLD_MINUTES) last = addDaysToKey(last, -1);
  return { first, last: last < first ? first : last };
}

// ─── Texts ───────────────────────────────────────────────────────────────────────────────────

/** The month and weekday names (app/lib/date-time.ts), as the page writes them. */
export { MONTH_NAMES, WEEKDAY_NAMES };

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st … (moment's 'Do'). */
export function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${['th', 'st', 'nd', 'rd'][day % 10] ?? 'th'}`;
}

/**
 * Spec 03 §9 time format 'h:mm', written with its meridiem ('7:00 pm'): the calendar shows
 * times of a whole day, and '7:00' alone cannot tell morning from evening.
 */
export function timeText(ms: number, timeZone: string): string {
  const { hour, minute } = zonedParts(ms, timeZone);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${pad(minute)} ${hour < 12 ? 'am' : 'pm'}`;
}

/** Spec 03 §9 event date format 'MMMM Do YYYY @ h:mm a': 'November 30th 2026 @ 5:00 pm'. */
export function eventDateText(ms: number, timeZone: string): string {
  const parts = zonedParts(ms, timeZone);
  return `${MONTH_NAMES[parts.month - 1]} ${ordinal(parts.day)} ${parts.year} @ ${timeText(ms, timeZone)}`;
}

/** 'November 30th 2026' (the event date format without its time, for all-day events). */
export function eventDayText(ms: number, timeZone: string): string {
  const parts = zonedParts(ms, timeZone);
  return `${MONTH_NAMES[parts.month - 1]} ${ordinal(parts.day)} ${parts.year}`;
}

/** The whole when of an occurrence: 'November 30th 2026 @ 5:00 pm - 7:00 pm', another day's end with its date, all-day ones by day. */
export function occurrenceWhen(occurrence: Pick<PublicOccurrence, 'start' | 'end' | 'allDay' | 'hideEnd'>, timeZone: string): string {
  const { first, last } = occurrenceDays(occurrence, timeZone);
  if (occurrence.allDay) {
    const day = eventDayText(occurrence.start, timeZone);
    return first === last ? `${day} (All Day)` : `${day} - ${eventDayText(occurrence.end, timeZone)} (All Day)`;
  }
  const from = eventDateText(occurrence.start, timeZone);
  if (occurrence.hideEnd || occurrence.end <= occurrence.start) return from;
  const sameDay = zonedDayKey(occurrence.end, timeZone) === first;
  return `${from} - ${sameDay ? timeText(occurrence.end, timeZone) : eventDateText(occurrence.end, timeZone)}`;
}

/** A row's time column: 'all-day', or '7:00 pm - 9:00 pm' ('7:00 pm' alone when the end is hidden). */
export function rowTimeText(occurrence: Pick<PublicOccurrence, 'start' | 'end' | 'allDay' | 'hideEnd'>, timeZone: string): string {
  if (occurrence.allDay) return 'all-day';
  const from = timeText(occurrence.start, timeZone);
  if (occurrence.hideEnd || occurrence.end <= occurrence.start) return from;
  return `${from} - ${timeText(occurrence.end, timeZone)}`;
}

/** 'Monday, November 30, 2026' for a day key. */
export function dayHeading(key: string): string {
  const { year, month, day } = dateOfKey(key);
  return `${WEEKDAY_NAMES[weekdayOfKey(key)]}, ${MONTH_NAMES[month - 1]} ${day}, ${year}`;
}

/** An ISO 8601 date-time with the zone's offset at that instant ('2026-11-30T17:00:00-05:00'), for JSON-LD and <time>. */
export function isoWithOffset(ms: number, timeZone: string): string {
  const parts = zonedParts(ms, timeZone);
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
  const offsetMinutes = Math.round((wall - Math.floor(ms / 60_000) * 60_000) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const seconds = Math.floor((ms % 60_000) / 1000);
  return `${dayKeyOf(parts)}T${pad(parts.hour)}:${pad(parts.minute)}:${pad(seconds)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
