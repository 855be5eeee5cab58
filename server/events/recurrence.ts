import * as rrulePackage from 'rrule';
import { zonedInstant, zonedParts } from '~/lib/date-time';
import { endOfZonedDay, mondayFirstWeekday, zonedDayKey } from '~/lib/event-times';
import type { RecurrenceKind } from '~/schemas/event';

/**
 * Recurring events (spec 02 §3 recurrence info, §4 recurring event editing: "Weekly adds 7
 * days; daily checks selected weekdays, Monday first"; changing the recurrence regenerates
 * occurrences: no match deleted, matches updated, new created).
 *
 * Occurrences are expanded with rrule on floating dates (the wall-clock date and time of the
 * first start in the community's zone, written as if it were UTC), then each is turned back
 * into an instant in the zone with date-fns-tz. So an 18:00 event stays at 18:00 local time
 * across daylight-saving changes; a wall-clock time that does not exist on a spring-forward day
 * (02:30) becomes the instant date-fns-tz gives it (an hour off on that one day only).
 * rrule's own `tzid` is not used: it is only right when the process runs in UTC.
 */

/** The most occurrences one recurrence generates (two years of daily events fit). */
export const MAX_OCCURRENCES = 1000;

export interface RecurrenceRule {
  recurrence: Exclude<RecurrenceKind, 'none'>;
  /** Monday first; daily repeats on the true days. Weekly ignores it (the start's weekday). */
  validDays: readonly boolean[];
  /** The last day of the recurrence: any instant of that day (stored as its end). */
  recurrenceEndDate: number;
}

/**
 * rrule ships CommonJS (a UMD bundle) as its main and ES modules as its `module`: bundlers and
 * Vitest see the named export, plain Node's ESM loader (tsx scripts, workers) only `default`.
 */
const RRule: typeof rrulePackage.RRule = rrulePackage.RRule ?? (rrulePackage as unknown as { default: typeof rrulePackage }).default.RRule;

const RRULE_WEEKDAYS = [RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA, RRule.SU];

/** The floating date (wall clock as UTC) of an instant in the zone. */
function floating(ms: number, timeZone: string): Date {
  const parts = zonedParts(ms, timeZone);
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute));
}

/** The instant of a floating date in the zone. */
function fromFloating(date: Date, timeZone: string): number {
  return zonedInstant(
    { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() },
    { hour: date.getUTCHours(), minute: date.getUTCMinutes() },
    timeZone,
  );
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
  const dtstart = floating(firstStart, timeZone);
  // Seconds and milliseconds of the first start are kept on every occurrence.
  const remainder = firstStart - fromFloating(dtstart, timeZone);
  const lastDay = zonedParts(endOfZonedDay(rule.recurrenceEndDate, timeZone), timeZone);
  const until = new Date(Date.UTC(lastDay.year, lastDay.month - 1, lastDay.day, 23, 59, 59));
  if (until < dtstart) return [];
  const byweekday =
    rule.recurrence === 'weekly'
      ? [RRULE_WEEKDAYS[mondayFirstWeekday(firstStart, timeZone)]!]
      : RRULE_WEEKDAYS.filter((_, index) => rule.validDays[index] === true);
  if (byweekday.length === 0) return [];
  const expanded = new RRule({ freq: rule.recurrence === 'weekly' ? RRule.WEEKLY : RRule.DAILY, dtstart, until, byweekday }).all(
    (_, index) => index <= max,
  );
  return expanded.map((date) => fromFloating(date, timeZone) + remainder);
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
