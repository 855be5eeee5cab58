import { wallClockInstant, weekdayOf, zoneOffsetAt, zonedInstant, zonedParts } from '~/lib/date-time';
import { endOfZonedDay, mondayFirstWeekday, zonedDayKey } from '~/lib/event-times';
import type { RecurrenceKind } from '~/schemas/event';

/**
 * Recurring events (spec 02 §3 recurrence info, §4 recurring event editing: "Weekly adds 7
 * days; daily checks selected weekdays, Monday first"; changing the recurrence regenerates
 * occurrences: no match deleted, matches updated, new created).
 *
 * Occurrences are the calendar days from the first start's day (in the community's zone) through
 * the last day that the rule selects (weekly: the first start's weekday; daily: the selected
 * weekdays), each at the first start's wall-clock time turned back into an instant in the zone
 * (date-time.ts `zonedInstant`). So an 18:00 event stays at 18:00 local time across
 * daylight-saving changes; a wall-clock time that does not exist on a spring-forward day
 * (02:30) is the same time after the jump (03:30). This is what rrule gives for FREQ=WEEKLY or
 * DAILY with BYDAY and UNTIL on floating dates (recurrence.test.ts holds it to rrule), without
 * rrule's cost per series (docs/decisions/026).
 */

/** A day of floating time (calendar dates as UTC midnights). */
const DAY_MS = 86_400_000;

/** The most occurrences one recurrence generates (two years of daily events fit). */
export const MAX_OCCURRENCES = 1000;

export interface RecurrenceRule {
  recurrence: Exclude<RecurrenceKind, 'none'>;
  /** Monday first; daily repeats on the true days. Weekly ignores it (the start's weekday). */
  validDays: readonly boolean[];
  /** The last day of the recurrence: any instant of that day (stored as its end). */
  recurrenceEndDate: number;
}

/** validDays of a weekly recurrence: only the start's weekday. */
export function weeklyValidDays(start: number, timeZone: string): boolean[] {
  const weekday = mondayFirstWeekday(start, timeZone);
  return Array.from({ length: 7 }, (_, index) => index === weekday);
}

/**
 * The start instants of a recurrence whose first event starts at `firstStart`: weekly, every 7
 * days on the wall clock; daily, every selected weekday; from the first start's day through
 * the last day (inclusive). `firstStart` itself is one only when its day qualifies. At most
 * `max` (MAX_OCCURRENCES) + 1 are returned, so a caller can tell that the rule gives too many.
 */
export function occurrenceStarts(firstStart: number, rule: RecurrenceRule, timeZone: string, max = MAX_OCCURRENCES): number[] {
  const first = zonedParts(firstStart, timeZone);
  const time = { hour: first.hour, minute: first.minute };
  // Seconds and milliseconds of the first start are kept on every occurrence.
  const remainder = firstStart - zonedInstant(first, time, timeZone);
  const last = zonedParts(endOfZonedDay(rule.recurrenceEndDate, timeZone), timeZone);
  const firstDay = Date.UTC(first.year, first.month - 1, first.day);
  const lastDay = Date.UTC(last.year, last.month - 1, last.day);
  // The last day runs to 23:59:59, after any start time of that day.
  if (!(lastDay >= firstDay)) return [];
  // Monday first, as validDays counts.
  const firstWeekday = (weekdayOf(first) + 6) % 7;
  const weekdays =
    rule.recurrence === 'weekly'
      ? Array.from({ length: 7 }, (_, index) => index === firstWeekday)
      : Array.from({ length: 7 }, (_, index) => rule.validDays[index] === true);
  if (!weekdays.includes(true)) return [];
  const timeOfDay = time.hour * 3_600_000 + time.minute * 60_000;
  const offsetAt = zoneOffsetAt(timeZone);
  const starts: number[] = [];
  // Weekly: every seventh day from the first; daily: every selected weekday.
  const step = rule.recurrence === 'weekly' ? 7 * DAY_MS : DAY_MS;
  for (let day = firstDay, weekday = firstWeekday; day <= lastDay && starts.length <= max; day += step) {
    if (weekdays[weekday]) starts.push(wallClockInstant(day + timeOfDay, offsetAt) + remainder);
    if (step === DAY_MS) weekday = (weekday + 1) % 7;
  }
  return starts;
}

export interface ExistingOccurrence {
  eventId: string;
  startDate: number;
}

export interface OccurrenceMatch {
  /** Existing occurrences kept, with their new start. */
  updated: Array<{ eventId: string; startDate: number; previousStart: number }>;
  /** Starts no existing occurrence falls on: new events. */
  created: number[];
  /** Existing occurrences on days the new rule no longer has. */
  deleted: string[];
}

/**
 * Matches existing occurrences to a regenerated list of starts by their day in the zone (so a
 * time change updates the same events, keeping their ids, RSVPs and notifications): each start
 * takes the existing occurrence of its day (the earliest when a day has several); existing ones
 * left over are deleted, starts left over are created.
 */
export function matchOccurrences(existing: readonly ExistingOccurrence[], starts: readonly number[], timeZone: string): OccurrenceMatch {
  const byDay = new Map<string, ExistingOccurrence[]>();
  for (const occurrence of [...existing].sort((a, b) => a.startDate - b.startDate || (a.eventId < b.eventId ? -1 : 1))) {
    const day = zonedDayKey(occurrence.startDate, timeZone);
    byDay.set(day, [...(byDay.get(day) ?? []), occurrence]);
  }
  const updated: OccurrenceMatch['updated'] = [];
  const created: number[] = [];
  for (const start of [...starts].sort((a, b) => a - b)) {
    const sameDay = byDay.get(zonedDayKey(start, timeZone));
    const match = sameDay?.shift();
    if (match) updated.push({ eventId: match.eventId, startDate: start, previousStart: match.startDate });
    else created.push(start);
  }
  const deleted = [...byDay.values()].flat().map((occurrence) => occurrence.eventId);
  return { updated, created, deleted };
}
