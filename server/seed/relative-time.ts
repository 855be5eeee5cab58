import { fromZonedTime } from 'date-fns-tz';

/**
 * Relative times of the demo data. A value or key `"$time:<expression>"` becomes epoch
 * milliseconds computed from the seeding moment in a community's time zone, so the demo
 * calendar always has past events (for the archive) and upcoming ones.
 *
 *   expression := base offset* ('@' HH ':' MM | '@end')?
 *   base       := 'now' | 'today' | 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun'
 *   offset     := ('+' | '-') digits ('w' | 'd' | 'h' | 'm')
 *
 * - now: the seeding moment; today: midnight of today; a weekday: midnight of the next such
 *   day strictly after today (1 to 7 days ahead), so `sat@07:30` is always in the future.
 * - w and d move the calendar date (a day is a calendar day, also across a DST change);
 *   h and m then move the instant.
 * - @HH:MM sets the local time of day, @end sets 23:59:59.999 (an all-day event runs from
 *   `…@00:00` to `…@end`, 86399999 ms).
 *
 * Examples: `now-2h`, `today+2d@08:00`, `sat-2w@07:30`, `fri+8w@end`.
 */

const EXPRESSION = /^(now|today|mon|tue|wed|thu|fri|sat|sun)((?:[+-]\d{1,4}[wdhm])*)(?:@(?:(\d{2}):(\d{2})|(end)))?$/;
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const DAY_MS = 86_400_000;

export class RelativeTimeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RelativeTimeError';
  }
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let cached = formatters.get(timeZone);
  if (!cached) {
    try {
      cached = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      throw new RelativeTimeError(`Unknown time zone "${timeZone}".`);
    }
    formatters.set(timeZone, cached);
  }
  return cached;
}

/** The local date and time of an instant in a time zone. */
export function wallClock(epoch: number, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(epoch))
      .filter((part) => part.type !== 'literal')
      .map((part) => [part.type, Number(part.value)]),
  );
  const part = (type: Intl.DateTimeFormatPartTypes): number => {
    const value = parts[type];
    if (value === undefined) throw new RelativeTimeError(`The ${timeZone} date of ${epoch} has no ${type}.`);
    return value;
  };
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
    millisecond: ((epoch % 1000) + 1000) % 1000,
  };
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** The instant of a local date and time in a time zone. */
export function fromWallClock(wall: WallClock, timeZone: string): number {
  formatter(timeZone);
  const text = `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}.${pad(wall.millisecond, 3)}`;
  return fromZonedTime(text, timeZone).getTime();
}

/** Resolves one expression (without the `$time:` prefix) against `now` in `timeZone`. */
export function resolveRelativeTime(expression: string, now: number, timeZone: string): number {
  const [, base, offsets = '', hour, minute, end] = EXPRESSION.exec(expression) ?? [];
  if (base === undefined) {
    throw new RelativeTimeError(`"${expression}" is not a relative time (e.g. "today+2d@08:00", "sat-1w@07:30", "now-2h").`);
  }
  const current = wallClock(now, timeZone);

  // The calendar date, counted in whole days from the epoch in UTC (no DST in that count).
  let date = Date.UTC(current.year, current.month - 1, current.day);
  let time = { hour: 0, minute: 0, second: 0, millisecond: 0 };
  if (base === 'now') time = { hour: current.hour, minute: current.minute, second: current.second, millisecond: current.millisecond };
  if (WEEKDAYS.includes(base)) {
    const today = new Date(date).getUTCDay();
    const ahead = (WEEKDAYS.indexOf(base) - today + 7) % 7 || 7;
    date += ahead * DAY_MS;
  }

  let shift = 0;
  for (const [, sign, amount, unit] of offsets.matchAll(/([+-])(\d+)([wdhm])/g)) {
    const value = (sign === '-' ? -1 : 1) * Number(amount);
    if (unit === 'w') date += value * 7 * DAY_MS;
    else if (unit === 'd') date += value * DAY_MS;
    else if (unit === 'h') shift += value * 3_600_000;
    else shift += value * 60_000;
  }

  if (end) time = { hour: 23, minute: 59, second: 59, millisecond: 999 };
  else if (hour !== undefined) {
    const h = Number(hour);
    const m = Number(minute);
    if (h > 23 || m > 59) throw new RelativeTimeError(`"${expression}" has an impossible time of day.`);
    time = { hour: h, minute: m, second: 0, millisecond: 0 };
  }

  const day = new Date(date);
  const epoch = fromWallClock({ year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), ...time }, timeZone);
  return epoch + shift;
}
