import { formatInTimeZone, toZonedTime } from 'date-fns-tz';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { startOfZonedDay, wallClockInstant, weekdayOf, zonedInstant, zonedParts, zonedWallClock } from './date-time';
import { endOfZonedDay, mondayFirstWeekday, zonedDayKey } from './event-times';

/**
 * The zone conversions of date-time.ts (one Intl formatter per zone, offsets kept per zone and
 * hour; docs/decisions/026) against the implementation they replaced (date-fns-tz's toZonedTime
 * per call, formatInTimeZone for the day and weekday) and against Luxon, an independent second
 * implementation of the tz database: every 15 minutes around each offset change of 2024–2027 in
 * zones with one-hour, half-hour and 45-minute offsets, changes in both hemispheres, a zone that
 * dropped daylight saving and one that skipped a whole day.
 */

const ZONES = [
  'America/New_York',
  'Europe/Berlin',
  'Europe/London',
  'Australia/Sydney',
  'Australia/Lord_Howe', // half an hour of daylight saving
  'Pacific/Chatham', // +12:45 / +13:45
  'America/St_Johns', // -03:30
  'Asia/Kolkata', // +05:30, no changes
  'America/Sao_Paulo', // dropped daylight saving in 2019
  'Africa/Casablanca', // changes around Ramadan
  'Pacific/Apia',
  'UTC',
];

/**
 * The old implementation read the zone's wall clock through the process's own local time
 * (toZonedTime's Date), so where the process's zone skips an hour it was wrong; it is compared
 * only in a process whose zone has no changes (the tests run in UTC). Luxon is compared always.
 */
const steadyProcess = new Date(Date.UTC(2026, 0, 1)).getTimezoneOffset() === new Date(Date.UTC(2026, 6, 1)).getTimezoneOffset();

const QUARTER = 15 * 60_000;
const HOUR = 3_600_000;

/** What date-time.ts did before: date-fns-tz per call. */
const old = {
  zonedParts(ms: number, timeZone: string) {
    const zoned = toZonedTime(ms, timeZone);
    return {
      year: zoned.getFullYear(),
      month: zoned.getMonth() + 1,
      day: zoned.getDate(),
      hour: zoned.getHours(),
      minute: zoned.getMinutes(),
    };
  },
  offsetAt(ms: number, timeZone: string) {
    const parts = old.zonedParts(ms, timeZone);
    return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute) - Math.floor(ms / 60_000) * 60_000;
  },
  zonedInstant(date: { year: number; month: number; day: number }, time: { hour: number; minute: number }, timeZone: string) {
    return wallClockInstant(Date.UTC(date.year, date.month - 1, date.day, time.hour, time.minute), (ms) => old.offsetAt(ms, timeZone));
  },
  dayKey: (ms: number, timeZone: string) => formatInTimeZone(ms, timeZone, 'yyyy-MM-dd'),
  mondayFirst: (ms: number, timeZone: string) => Number(formatInTimeZone(ms, timeZone, 'i')) - 1,
};

/** The instants where the zone's offset changes in 2024–2027 (Luxon's reading of the tz database). */
function transitions(timeZone: string): number[] {
  const found: number[] = [];
  let previous = DateTime.fromMillis(Date.UTC(2024, 0, 1), { zone: timeZone }).offset;
  for (let ms = Date.UTC(2024, 0, 1); ms < Date.UTC(2028, 0, 1); ms += HOUR) {
    const offset = DateTime.fromMillis(ms, { zone: timeZone }).offset;
    if (offset !== previous) found.push(ms);
    previous = offset;
  }
  return found;
}

/** Every 15 minutes from 30 hours before to 30 hours after each change (or across two plain days). */
function instantsAround(timeZone: string): number[] {
  const changes = transitions(timeZone);
  const centres = changes.length > 0 ? changes : [Date.UTC(2026, 2, 8, 7)];
  const instants: number[] = [];
  for (const centre of centres) for (let ms = centre - 30 * HOUR; ms <= centre + 30 * HOUR; ms += QUARTER) instants.push(ms);
  return instants;
}

describe.each(ZONES)('%s', (timeZone) => {
  const instants = instantsAround(timeZone);

  it('has the wall clock of every instant that date-fns-tz and Luxon give', () => {
    const wrong: string[] = [];
    for (const ms of [...instants, ...instants.map((at) => at + 59_999), ...instants.map((at) => at + 7 * 60_000 + 31_234)]) {
      const ours = zonedParts(ms, timeZone);
      const luxon = DateTime.fromMillis(ms, { zone: timeZone });
      const theirs = { year: luxon.year, month: luxon.month, day: luxon.day, hour: luxon.hour, minute: luxon.minute };
      if (
        (steadyProcess && JSON.stringify(ours) !== JSON.stringify(old.zonedParts(ms, timeZone))) ||
        JSON.stringify(ours) !== JSON.stringify(theirs)
      )
        wrong.push(new Date(ms).toISOString());
      if (zonedWallClock(ms, timeZone).getUTCSeconds() !== luxon.second) wrong.push(`${new Date(ms).toISOString()} seconds`);
      if ((steadyProcess && zonedDayKey(ms, timeZone) !== old.dayKey(ms, timeZone)) || zonedDayKey(ms, timeZone) !== luxon.toISODate())
        wrong.push(`${new Date(ms).toISOString()} day`);
      if (
        (steadyProcess && mondayFirstWeekday(ms, timeZone) !== old.mondayFirst(ms, timeZone)) ||
        mondayFirstWeekday(ms, timeZone) !== luxon.weekday - 1
      )
        wrong.push(`${new Date(ms).toISOString()} weekday`);
    }
    expect(wrong).toEqual([]);
  });

  it('turns every wall-clock time of the days around each change into the instant it always did (skipped times after the jump, repeated ones first)', () => {
    const wrong: string[] = [];
    const days = new Set(instants.map((ms) => DateTime.fromMillis(ms, { zone: timeZone }).toISODate()!));
    for (const key of days) {
      const [year, month, day] = key.split('-').map(Number) as [number, number, number];
      for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
        const time = { hour: Math.floor(minutes / 60), minute: minutes % 60 };
        const ours = zonedInstant({ year, month, day }, time, timeZone);
        if (steadyProcess && ours !== old.zonedInstant({ year, month, day }, time, timeZone))
          wrong.push(`${key} ${time.hour}:${time.minute} (old)`);
        // Luxon: a skipped time moves forward by the gap, as ours; a repeated time is Luxon's choice, so only the unambiguous ones.
        const luxon = DateTime.fromObject({ year, month, day, hour: time.hour, minute: time.minute }, { zone: timeZone });
        const wall = DateTime.fromMillis(ours, { zone: timeZone });
        const repeated =
          DateTime.fromMillis(ours + HOUR, { zone: timeZone }).toFormat('yyyy-MM-dd HH:mm') === wall.toFormat('yyyy-MM-dd HH:mm');
        if (!repeated && luxon.isValid && luxon.toMillis() !== ours) wrong.push(`${key} ${time.hour}:${time.minute} (Luxon)`);
      }
      const noon = zonedInstant({ year, month, day }, { hour: 12, minute: 0 }, timeZone);
      const start = startOfZonedDay(noon, timeZone);
      const end = endOfZonedDay(noon, timeZone);
      const luxonDay = DateTime.fromMillis(noon, { zone: timeZone });
      if (start !== luxonDay.startOf('day').toMillis()) wrong.push(`${key} start of day`);
      if (end !== luxonDay.endOf('day').toMillis()) wrong.push(`${key} end of day`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('zones the fast path leaves to date-fns-tz', () => {
  it('reads offsets written as offsets and the empty zone as before, and gives no time for an unknown zone', () => {
    const ms = Date.UTC(2026, 2, 8, 7, 30);
    for (const zone of ['+05:30', '-0800', '+02', 'Z', '']) expect(zonedParts(ms, zone)).toEqual(old.zonedParts(ms, zone));
    expect(zonedParts(ms, '+05:30')).toMatchObject({ day: 8, hour: 13, minute: 0 });
    expect(zonedParts(ms, 'Not/AZone').year).toBeNaN();
    expect(weekdayOf({ year: 2026, month: 3, day: 8 })).toBe(0);
  });
});
