import { formatInTimeZone, toZonedTime } from 'date-fns-tz';

/**
 * The date and time picker's rules (spec 03 §5 "Date picker": default message 'Date and time
 * are required'; minimum date defaults to now; without time the time is midnight; clearing
 * gives null. §9: week starts Sunday; formats MM/dd/yyyy and hh:mm aa; default start time the
 * next hour). Dates are instants (ms since epoch) shown and typed in the community's time zone.
 * Isomorphic and pure: the widget and the server use the same parser.
 */

export const DATE_FORMAT = 'MM/dd/yyyy';
export const TIME_FORMAT = 'hh:mm aa';
/** Spec 03 §9: the calendar's week starts on Sunday. */
export const WEEK_STARTS_ON = 0;
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export const DATE_TIME_TEXTS = {
  /** Spec 03 §5: the default message. */
  required: 'Date and time are required',
  dateRequired: 'Date is required',
  invalidDate: 'Please enter the date as MM/dd/yyyy, for example 07/04/2026.',
  invalidTime: 'Please enter the time as hh:mm AM or PM, for example 09:30 AM.',
  tooEarly: (min: string) => `Please choose ${min} or later.`,
} as const;

/** The longest text a date or time part may be (anything longer is not a date). */
export const MAX_PART_LENGTH = 40;

export interface CalendarDate {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

export interface WallTime {
  /** 0–23 */
  hour: number;
  minute: number;
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** The instant as MM/dd/yyyy in the zone. */
export function formatDate(ms: number, timeZone: string): string {
  return formatInTimeZone(ms, timeZone, DATE_FORMAT);
}

/** The instant as hh:mm aa ('09:30 AM') in the zone. */
export function formatTime(ms: number, timeZone: string): string {
  return formatInTimeZone(ms, timeZone, TIME_FORMAT);
}

/**
 * The zone's offset from UTC at an instant (ms, whole seconds), as date-fns-tz works it out
 * (the wall clock `Intl` shows for the instant's second, read as if it were UTC, minus that
 * second), with one formatter per zone and the answer kept per zone and UTC hour: an hour
 * whose first and last second have the same offset has it throughout (no zone changes its
 * offset twice within an hour); an hour with a change in it is worked out per call. Null for a
 * zone `Intl` does not know and for the offset forms ('Z', '+05:30', '') that date-fns-tz reads
 * itself: those go through date-fns-tz (`zonedParts`' slow path).
 */
const HOUR_MS = 3_600_000;
/** Hours kept per zone before its cache starts again (a few years of hours). */
const MAX_CACHED_HOURS = 50_000;
const OFFSET_FORMS = /^(?:|Z|[+-]\d{2}|[+-]\d{2}:?\d{2})$/;

interface ZoneOffsets {
  format: Intl.DateTimeFormat;
  /** UTC hour (ms / HOUR_MS, floored) → offset in ms; NaN: the offset changes within that hour. */
  hours: Map<number, number>;
}

const zones = new Map<string, ZoneOffsets | null>();

function zoneOffsets(timeZone: string): ZoneOffsets | null {
  let zone = zones.get(timeZone);
  if (zone === undefined) {
    zone = null;
    if (!OFFSET_FORMS.test(timeZone)) {
      try {
        const format = new Intl.DateTimeFormat('en-US', {
          timeZone,
          hourCycle: 'h23',
          year: 'numeric',
          month: 'numeric',
          day: 'numeric',
          hour: 'numeric',
          minute: 'numeric',
          second: 'numeric',
        });
        zone = { format, hours: new Map() };
      } catch {
        // Not a zone Intl knows: date-fns-tz answers (NaN parts) as it always did.
      }
    }
    zones.set(timeZone, zone);
  }
  return zone;
}

/** The offset at one second, read from Intl (date-fns-tz's calcOffset). */
function intlOffset(format: Intl.DateTimeFormat, ms: number): number {
  let year = NaN;
  let month = NaN;
  let day = NaN;
  let hour = NaN;
  let minute = NaN;
  let second = NaN;
  for (const part of format.formatToParts(ms)) {
    if (part.type === 'year') year = parseInt(part.value, 10);
    else if (part.type === 'month') month = parseInt(part.value, 10);
    else if (part.type === 'day') day = parseInt(part.value, 10);
    else if (part.type === 'hour') hour = parseInt(part.value, 10) % 24;
    else if (part.type === 'minute') minute = parseInt(part.value, 10);
    else if (part.type === 'second') second = parseInt(part.value, 10);
  }
  const wall = new Date(0);
  wall.setUTCFullYear(year, month - 1, day);
  wall.setUTCHours(hour, minute, second, 0);
  const over = ms % 1000;
  return wall.getTime() - (ms - (over >= 0 ? over : 1000 + over));
}

function cachedOffset(zone: ZoneOffsets, ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  let offset = zone.hours.get(hour);
  if (offset === undefined) {
    const first = intlOffset(zone.format, hour * HOUR_MS);
    const last = intlOffset(zone.format, hour * HOUR_MS + HOUR_MS - 1);
    offset = first === last ? first : NaN;
    if (zone.hours.size >= MAX_CACHED_HOURS) zone.hours.clear();
    zone.hours.set(hour, offset);
  }
  return Number.isNaN(offset) ? intlOffset(zone.format, ms) : offset;
}

/** The calendar date and wall-clock time of an instant in the zone. */
export function zonedParts(ms: number, timeZone: string): CalendarDate & WallTime {
  const zone = Number.isFinite(ms) ? zoneOffsets(timeZone) : null;
  if (zone) {
    const wall = new Date(ms + cachedOffset(zone, ms));
    return {
      year: wall.getUTCFullYear(),
      month: wall.getUTCMonth() + 1,
      day: wall.getUTCDate(),
      hour: wall.getUTCHours(),
      minute: wall.getUTCMinutes(),
    };
  }
  const zoned = toZonedTime(ms, timeZone);
  return {
    year: zoned.getFullYear(),
    month: zoned.getMonth() + 1,
    day: zoned.getDate(),
    hour: zoned.getHours(),
    minute: zoned.getMinutes(),
  };
}

/**
 * The wall clock of an instant in the zone to the second, as a Date whose UTC fields are it
 * (for writing local date-times, e.g. an iCalendar DTSTART;TZID=…). Invalid for a zone no one knows.
 */
export function zonedWallClock(ms: number, timeZone: string): Date {
  const zone = Number.isFinite(ms) ? zoneOffsets(timeZone) : null;
  if (zone) return new Date(ms + cachedOffset(zone, ms));
  const zoned = toZonedTime(ms, timeZone);
  return new Date(
    Date.UTC(
      zoned.getFullYear(),
      zoned.getMonth(),
      zoned.getDate(),
      zoned.getHours(),
      zoned.getMinutes(),
      zoned.getSeconds(),
      zoned.getMilliseconds(),
    ),
  );
}

/** 0100-01-01T00:00Z: from here on Date.UTC takes every year as written. */
const YEAR_100 = -59_011_459_200_000;

/** The zone's offset from UTC at an instant, in ms (the wall clock's minute minus the instant's). */
function offsetAt(ms: number, timeZone: string): number {
  const zone = Number.isFinite(ms) && ms >= YEAR_100 ? zoneOffsets(timeZone) : null;
  if (zone) {
    // zonedParts' wall clock to the minute, as Date.UTC(parts…) gives it, without the parts.
    const wall = ms + cachedOffset(zone, ms);
    return Math.floor(wall / 60_000) * 60_000 - Math.floor(ms / 60_000) * 60_000;
  }
  const parts = zonedParts(ms, timeZone);
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute) - Math.floor(ms / 60_000) * 60_000;
}

/** The day of the week (0 Sunday … 6 Saturday) of a calendar date. */
export const weekdayOf = (date: CalendarDate): number => new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();

/** Further from a wall-clock time than any zone's offset (Manila's old local mean time was 15:56). */
const BEYOND_ANY_OFFSET = 16 * 3_600_000;

/**
 * The instant of a wall-clock time in a zone, the one rule of the whole app (editor, recurrences,
 * scheduled messages and calendar imports; RFC 5545 §3.3.5). `floating` is the wall clock written
 * as if it were UTC; `offsetAt` gives the zone's offset from UTC at an instant. A time the clock
 * skips when daylight saving starts (02:15 in New York on 14 March 2027) is read with the offset
 * in force before the jump, so it is the same time after it (03:15 EDT), as calendars and phones
 * show it; a time the autumn change repeats (01:30 in New York, 02:30 in Sydney, 03:15 in Chatham,
 * 01:45 on Lord Howe Island) is its first instant, the one still on daylight-saving time.
 */
export function wallClockInstant(floating: number, offsetAt: (ms: number) => number): number {
  const before = offsetAt(floating - BEYOND_ANY_OFFSET);
  const after = offsetAt(floating + BEYOND_ANY_OFFSET);
  if (before === after) return floating - before;
  const candidates = [before, after, offsetAt(floating - before), offsetAt(floating - after)]
    .map((offset) => floating - offset)
    .filter((instant) => instant + offsetAt(instant) === floating);
  // In a gap no instant shows the time: the offset before the jump.
  return candidates.length > 0 ? Math.min(...candidates) : floating - before;
}

/**
 * The instant of a calendar date and wall-clock time in the zone (wallClockInstant's rule: a
 * skipped time is the same time after the jump, a repeated time its first instant).
 */
export function zonedInstant(date: CalendarDate, time: WallTime, timeZone: string): number {
  return wallClockInstant(Date.UTC(date.year, date.month - 1, date.day, time.hour, time.minute), zoneOffsetAt(timeZone));
}

/** The zone's offset function as wallClockInstant takes it (`zonedInstant` of many times in one zone). */
export function zoneOffsetAt(timeZone: string): (ms: number) => number {
  return (ms) => offsetAt(ms, timeZone);
}

export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * A typed date: MM/dd/yyyy (one-digit month and day allowed, '-' or '.' as separators too), or
 * yyyy-MM-dd as a browser's date input posts it. Null when it is no calendar date.
 */
export function parseDate(text: string): CalendarDate | null {
  const value = text.trim();
  if (value.length > MAX_PART_LENGTH) return null;
  let year: number;
  let month: number;
  let day: number;
  const us = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (us) [month, day, year] = [Number(us[1]), Number(us[2]), Number(us[3])];
  else if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else return null;
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/**
 * A typed time: hh:mm aa ('09:30 AM', '9:30pm', '9 pm') or 24-hour 'HH:mm' (as a time input
 * posts it). Null when it is no time of day.
 */
export function parseTime(text: string): WallTime | null {
  const value = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (value.length > MAX_PART_LENGTH) return null;
  const twelve = /^(\d{1,2})(?::(\d{2}))? ?([ap])\.?m?\.?$/.exec(value);
  if (twelve) {
    const hour = Number(twelve[1]);
    const minute = twelve[2] === undefined ? 0 : Number(twelve[2]);
    if (hour < 1 || hour > 12 || minute > 59) return null;
    return { hour: (hour % 12) + (twelve[3] === 'p' ? 12 : 0), minute };
  }
  const day = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(value);
  if (day) {
    const hour = Number(day[1]);
    const minute = Number(day[2]);
    if (hour > 23 || minute > 59) return null;
    return { hour, minute };
  }
  return null;
}

/** Spec 03 §9 "default start time next hour": the next whole hour in the zone after `now`. */
export function nextHour(now: number, timeZone: string): number {
  const parts = zonedParts(now, timeZone);
  const startOfHour = zonedInstant(parts, { hour: parts.hour, minute: 0 }, timeZone);
  // An hour later in real time is the next whole hour on the wall clock, daylight saving included.
  const next = startOfHour + 60 * 60 * 1000;
  return next > now ? next : next + 60 * 60 * 1000;
}

/** Midnight in the zone of the day of `ms` (a date without time, spec 03 §5). */
export function startOfZonedDay(ms: number, timeZone: string): number {
  return zonedInstant(zonedParts(ms, timeZone), { hour: 0, minute: 0 }, timeZone);
}

/** The value posted for a picker: the hidden instant and the two visible parts. */
export interface DateTimeFormValue {
  /** ms since epoch, as the hidden `${name}` field posts it (kept in sync by the widget's script). */
  value?: unknown;
  /** The visible date part `${name}-date`, MM/dd/yyyy. */
  date?: unknown;
  /** The visible time part `${name}-time`, hh:mm aa. */
  time?: unknown;
}

/** The names a picker posts under `name`. */
export function dateTimeFieldNames(name: string): { value: string; date: string; time: string } {
  return { value: name, date: `${name}-date`, time: `${name}-time` };
}

/** The picker's posted parts read from a form. */
export function dateTimeFormValue(form: { get(name: string): unknown }, name: string): DateTimeFormValue {
  const names = dateTimeFieldNames(name);
  return { value: form.get(names.value) ?? undefined, date: form.get(names.date) ?? undefined, time: form.get(names.time) ?? undefined };
}

export interface DateTimeParseOptions {
  /** A time is asked for (default true); without, the value is the day's midnight. */
  withTime?: boolean;
  /** An empty picker is an error (default true); otherwise it is null. */
  required?: boolean;
  /** The earliest instant allowed (for a date without time, the earliest day). None by default on the server. */
  min?: number;
  /** The message of an empty picker (default 'Date and time are required'). */
  requiredMessage?: string;
}

export type DateTimeParseResult = { value: number | null; error: null } | { value: null; error: string };

const textOf = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * The instant a picker posted, parsed in the community's zone. The visible parts are the truth
 * (they are what the person typed, with or without JavaScript); the hidden instant counts only
 * when no part was posted. Cleared parts give null (or the required message).
 */
export function parseDateTimeField(
  formValue: DateTimeFormValue,
  timeZone: string,
  options: DateTimeParseOptions = {},
): DateTimeParseResult {
  const withTime = options.withTime ?? true;
  const required = options.required ?? true;
  const requiredMessage = options.requiredMessage ?? (withTime ? DATE_TIME_TEXTS.required : DATE_TIME_TEXTS.dateRequired);
  const date = textOf(formValue.date)?.trim() ?? null;
  const time = withTime ? (textOf(formValue.time)?.trim() ?? null) : null;
  let value: number | null;

  if (date === null && time === null) {
    const hidden = textOf(formValue.value)?.trim() ?? '';
    const ms = /^-?\d{1,15}$/.test(hidden) ? Number(hidden) : NaN;
    if (hidden !== '' && !Number.isSafeInteger(ms)) return { value: null, error: DATE_TIME_TEXTS.invalidDate };
    value = hidden === '' ? null : withTime ? ms : startOfZonedDay(ms, timeZone);
  } else if ((date ?? '') === '' && (time ?? '') === '') {
    value = null;
  } else {
    if (!date) return { value: null, error: requiredMessage };
    const day = parseDate(date);
    if (!day) return { value: null, error: DATE_TIME_TEXTS.invalidDate };
    let clock: WallTime = { hour: 0, minute: 0 };
    if (withTime) {
      if (!time) return { value: null, error: requiredMessage };
      const parsed = parseTime(time);
      if (!parsed) return { value: null, error: DATE_TIME_TEXTS.invalidTime };
      clock = parsed;
    }
    value = zonedInstant(day, clock, timeZone);
  }

  if (value === null) return required ? { value: null, error: requiredMessage } : { value: null, error: null };
  if (options.min !== undefined) {
    const earliest = withTime ? options.min : startOfZonedDay(options.min, timeZone);
    if (value < earliest) {
      const shown = withTime ? `${formatDate(earliest, timeZone)} ${formatTime(earliest, timeZone)}` : formatDate(earliest, timeZone);
      return { value: null, error: DATE_TIME_TEXTS.tooEarly(shown) };
    }
  }
  return { value, error: null };
}

/**
 * The weeks of a month as the calendar shows them: rows of seven days starting on Sunday,
 * with null for the days of the neighbouring months.
 */
export function monthGrid(year: number, month: number): Array<Array<CalendarDate | null>> {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const lead = (first - WEEK_STARTS_ON + 7) % 7;
  const cells: Array<CalendarDate | null> = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length: daysInMonth(year, month) }, (_, index) => ({ year, month, day: index + 1 })),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: Array<Array<CalendarDate | null>> = [];
  for (let index = 0; index < cells.length; index += 7) weeks.push(cells.slice(index, index + 7));
  return weeks;
}

/** A calendar date moved by `days` (keyboard navigation). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** A calendar date moved by `months`, the day kept within the new month. */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

export const compareDates = (a: CalendarDate, b: CalendarDate) => a.year - b.year || a.month - b.month || a.day - b.day;

/** MM/dd/yyyy of a calendar date. */
export const dateText = (date: CalendarDate) => `${pad(date.month)}/${pad(date.day)}/${pad(date.year, 4)}`;

/** hh:mm aa of a wall-clock time. */
export function timeText(time: WallTime): string {
  const hour = time.hour % 12 === 0 ? 12 : time.hour % 12;
  return `${pad(hour)}:${pad(time.minute)} ${time.hour < 12 ? 'AM' : 'PM'}`;
}

/** The times the time select offers: every `stepMinutes` of the day. */
export function timeOptions(stepMinutes = 15): string[] {
  const options: string[] = [];
  for (let minutes = 0; minutes < 24 * 60; minutes += stepMinutes)
    options.push(timeText({ hour: Math.floor(minutes / 60), minute: minutes % 60 }));
  return options;
}

/** The picker's initial value: the stored instant, else the next hour (spec 03 §9), or nothing when it may stay empty. */
export function defaultDateTime(stored: number | null, now: number, timeZone: string, withTime = true): number {
  if (stored !== null && Number.isFinite(stored)) return stored;
  return withTime ? nextHour(now, timeZone) : startOfZonedDay(now, timeZone);
}
