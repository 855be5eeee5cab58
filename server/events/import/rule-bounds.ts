import * as rrulePackage from 'rrule';
import type { SkipReason } from './types';

/**
 * An RRULE of a feed expanded with a bound on rrule's own work, not only on the occurrences kept.
 * rrule walks a rule period by period until it gives a date past the end asked for, or until the
 * year 9999: a rule whose dates never come (`FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30`, a BYSETPOS
 * past the end of every set) walks to 9999, which takes seconds to minutes. So:
 *
 * - rules a community calendar cannot use are refused with a reason the import reports: more
 *   often than hourly (SECONDLY, MINUTELY), and rules no date can match (30 February, the 40th
 *   day of a month, BYSETPOS past the end of every set, hours an hourly INTERVAL never reaches,
 *   weekdays a daily INTERVAL of whole weeks never reaches, day filters of a daily, hourly or
 *   weekly rule that no day of a 400-year cycle passes);
 * - any other rule runs moved forward by whole 400-year cycles of the Gregorian calendar (after
 *   which every weekday and leap day repeat, so the rule gives the same wall-clock dates, moved
 *   back after), to within 400 years of rrule's last year: a rule whose dates stop coming can walk
 *   at most those years past the horizon instead of eight thousand.
 */

const RRule: typeof rrulePackage.RRule = rrulePackage.RRule ?? (rrulePackage as unknown as { default: typeof rrulePackage }).default.RRule;

export type RuleOptions = Partial<rrulePackage.Options>;

/** The reasons a rule is refused (the import reports them beside the skipped event). */
export const UNSUPPORTED_RECURRENCE = {
  tooFrequent: 'too-frequent',
  noDates: 'no-dates',
  unreadable: 'unreadable',
} as const satisfies Record<string, SkipReason>;

type RefusalKind = (typeof UNSUPPORTED_RECURRENCE)[keyof typeof UNSUPPORTED_RECURRENCE];

export class UnsupportedRecurrence extends Error {
  constructor(readonly kind: RefusalKind) {
    super(`unsupported recurrence (${kind})`);
    this.name = 'UnsupportedRecurrence';
  }
}

const DAY = 24 * 3600 * 1000;
/** 400 Gregorian years, a whole number of weeks (20,871). */
const CYCLE_YEARS = 400;
const CYCLE_MS = 146_097 * DAY;
/** rrule stops at the end of this year. */
const RRULE_LAST_YEAR = 9999;
/** Days in each month at most (February in a leap year). */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const list = (value: number | number[] | null | undefined): number[] =>
  value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];

function gcd(a: number, b: number): number {
  return b === 0 ? Math.abs(a) : gcd(b, a % b);
}

/** Month (1–12) of a day of the year (1-based) in a leap or common year. */
function monthOfYearDay(day: number, leap: boolean): number {
  let rest = day;
  for (let month = 0; month < 12; month += 1) {
    const length = month === 1 && !leap ? 28 : MONTH_DAYS[month]!;
    if (rest <= length) return month + 1;
    rest -= length;
  }
  return 13;
}

/** Weekday of a floating date, Monday 0 (rrule's numbering). */
const weekdayOf = (floating: number) => (new Date(floating).getUTCDay() + 6) % 7;

/**
 * Whether any day of a whole 400-year cycle passes the day filters of a daily, hourly or weekly
 * rule (BYMONTH, BYMONTHDAY, BYYEARDAY, BYWEEKNO, BYDAY), each read generously (a week number as
 * the days it may cover with any week start), so that a rule is refused only when no day can
 * match. rrule walks such a rule day by day; this walk is plain arithmetic, a few milliseconds.
 */
function someDayMatches(options: RuleOptions, months: number[]): boolean {
  const monthDays = [...list(options.bymonthday), ...list(options.bynmonthday)];
  const yearDays = list(options.byyearday);
  const weeks = list(options.byweekno);
  const weekdayValues =
    options.byweekday === null || options.byweekday === undefined
      ? []
      : (Array.isArray(options.byweekday) ? options.byweekday : [options.byweekday]).map((day) =>
          typeof day === 'number' ? day : typeof day === 'string' ? -1 : day.weekday,
        );
  if (months.length === 0 && monthDays.length === 0 && yearDays.length === 0 && weeks.length === 0) return true;
  let weekday = weekdayOf(Date.UTC(2000, 0, 1));
  for (let year = 2000; year < 2000 + CYCLE_YEARS; year += 1) {
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    const length = leap ? 366 : 365;
    let yearDay = 0;
    for (let month = 1; month <= 12; month += 1) {
      const days = month === 2 && !leap ? 28 : MONTH_DAYS[month - 1]!;
      for (let day = 1; day <= days; day += 1) {
        yearDay += 1;
        const today = weekday;
        weekday = (weekday + 1) % 7;
        if (months.length > 0 && !months.includes(month)) continue;
        if (monthDays.length > 0 && !monthDays.some((value) => value === day || value === day - days - 1)) continue;
        if (yearDays.length > 0 && !yearDays.some((value) => value === yearDay || value === yearDay - length - 1)) continue;
        if (weekdayValues.length > 0 && !weekdayValues.includes(today) && !weekdayValues.includes(-1)) continue;
        // Week n starts between 29 December and 4 January plus 7(n - 1) days, whatever the week start.
        if (
          weeks.length > 0 &&
          !weeks.some((week) => {
            const first = week > 0 ? 7 * (week - 1) - 3 : length + 7 * week - 3;
            return yearDay >= first && yearDay <= first + 13;
          })
        )
          continue;
        return true;
      }
    }
  }
  return false;
}

/** Why rrule would walk to its last year without giving a date; null when the rule can be expanded. */
export function refusalOf(options: RuleOptions, dtstart: number): RefusalKind | null {
  const { freq } = options;
  if (freq === undefined) return UNSUPPORTED_RECURRENCE.unreadable;
  if (freq === RRule.SECONDLY || freq === RRule.MINUTELY) return UNSUPPORTED_RECURRENCE.tooFrequent;
  const interval = options.interval ?? 1;
  if (!Number.isInteger(interval) || interval < 1) return UNSUPPORTED_RECURRENCE.unreadable;
  const months = list(options.bymonth);
  const inMonths = (month: number) => months.length === 0 || months.includes(month);
  if (months.some((month) => month < 1 || month > 12)) return UNSUPPORTED_RECURRENCE.noDates;

  const monthDays = [...list(options.bymonthday), ...list(options.bynmonthday)];
  if (monthDays.length > 0) {
    const possible = monthDays.some((day) =>
      MONTH_DAYS.some((length, index) => inMonths(index + 1) && day !== 0 && Math.abs(day) <= length),
    );
    if (!possible) return UNSUPPORTED_RECURRENCE.noDates;
  }
  const yearDays = list(options.byyearday);
  if (yearDays.length > 0) {
    const possible = yearDays.some((day) =>
      [true, false].some((leap) => {
        const length = leap ? 366 : 365;
        const forward = day > 0 ? day : length + 1 + day;
        return forward >= 1 && forward <= length && inMonths(monthOfYearDay(forward, leap));
      }),
    );
    if (!possible) return UNSUPPORTED_RECURRENCE.noDates;
  }
  const weeks = list(options.byweekno);
  if (weeks.length > 0 && !weeks.some((week) => week !== 0 && Math.abs(week) <= 53)) return UNSUPPORTED_RECURRENCE.noDates;

  const start = new Date(dtstart);
  const hours = list(options.byhour);
  const minutes = list(options.byminute);
  const seconds = list(options.bysecond);
  if (freq === RRule.HOURLY && hours.length > 0) {
    // An hourly rule only reaches the hours of its start's hour modulo gcd(INTERVAL, 24).
    const step = gcd(interval, 24);
    if (!hours.some((hour) => (((hour - start.getUTCHours()) % step) + step) % step === 0)) return UNSUPPORTED_RECURRENCE.noDates;
  }
  if (freq === RRule.DAILY && interval % 7 === 0 && options.byweekday !== null && options.byweekday !== undefined) {
    const weekdays = (Array.isArray(options.byweekday) ? options.byweekday : [options.byweekday]).map((day) =>
      typeof day === 'number' ? day : typeof day === 'string' ? -1 : day.weekday,
    );
    if (!weekdays.includes(weekdayOf(dtstart))) return UNSUPPORTED_RECURRENCE.noDates;
  }

  if ((freq === RRule.DAILY || freq === RRule.HOURLY || freq === RRule.WEEKLY) && !someDayMatches(options, months))
    return UNSUPPORTED_RECURRENCE.noDates;

  const positions = list(options.bysetpos);
  if (positions.length > 0) {
    const count = (values: number[]) => Math.max(1, values.length);
    const times = freq === RRule.HOURLY ? count(minutes) * count(seconds) : count(hours) * count(minutes) * count(seconds);
    const days = freq === RRule.YEARLY ? 366 : freq === RRule.MONTHLY ? 31 : freq === RRule.WEEKLY ? 7 : 1;
    const largest = days * times;
    if (!positions.some((position) => position !== 0 && Math.abs(position) <= largest)) return UNSUPPORTED_RECURRENCE.noDates;
  }
  return null;
}

/** The most dates one rule gives (a daily rule since 1990 gives about 13,000 before a year ahead). */
export const MAX_RULE_DATES = 200_000;

/**
 * The floating dates of a rule from `dtstart` up to `horizon` (floating, inclusive) and its own
 * UNTIL (floating, or null). Throws UnsupportedRecurrence for a rule it refuses.
 */
export function boundedRuleDates(options: RuleOptions, dtstart: number, until: number | null, horizon: number): number[] {
  const refusal = refusalOf(options, dtstart);
  if (refusal) throw new UnsupportedRecurrence(refusal);
  const horizonYear = new Date(horizon).getUTCFullYear();
  const cycles = Math.max(0, Math.floor((RRULE_LAST_YEAR - 1 - horizonYear) / CYCLE_YEARS));
  const shift = cycles * CYCLE_MS;
  let rule: rrulePackage.RRule;
  try {
    rule = new RRule({
      ...options,
      dtstart: new Date(dtstart + shift),
      until: until === null ? null : new Date(until + shift),
      tzid: null,
    });
  } catch {
    throw new UnsupportedRecurrence(UNSUPPORTED_RECURRENCE.unreadable);
  }
  const end = horizon + shift;
  return rule.all((date, index) => index < MAX_RULE_DATES && date.getTime() <= end).map((date) => date.getTime() - shift);
}
