import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import * as rrulePackage from 'rrule';
import { describe, expect, it } from 'vitest';
import { zonedInstant, zonedParts } from '~/lib/date-time';
import { allDayTimes, ALL_DAY_DURATION, endOfZonedDay, mondayFirstWeekday, resetEnd, zonedDayKey } from '~/lib/event-times';
import { matchOccurrences, MAX_OCCURRENCES, occurrenceStarts, weeklyValidDays } from './recurrence';

const NY = 'America/New_York';
const SYDNEY = 'Australia/Sydney';
const at = (local: string, zone = NY) => fromZonedTime(local, zone).getTime();
const local = (ms: number, zone = NY) => formatInTimeZone(ms, zone, 'EEE yyyy-MM-dd HH:mm');
const days = (...selected: number[]) => Array.from({ length: 7 }, (_, index) => selected.includes(index));
const MWF = days(0, 2, 4);

describe('occurrenceStarts', () => {
  it('keeps 18:00 local on Mon/Wed/Fri across the March change in America/New_York', () => {
    const starts = occurrenceStarts(
      at('2026-03-02T18:00'),
      { recurrence: 'daily', validDays: MWF, recurrenceEndDate: at('2026-03-13T12:00') },
      NY,
    );
    expect(starts.map((start) => local(start))).toEqual([
      'Mon 2026-03-02 18:00',
      'Wed 2026-03-04 18:00',
      'Fri 2026-03-06 18:00',
      'Mon 2026-03-09 18:00',
      'Wed 2026-03-11 18:00',
      'Fri 2026-03-13 18:00',
    ]);
    // The clock changed on Sunday 8 March: the UTC hour moves from 23:00 to 22:00.
    expect(new Date(starts[2]!).getUTCHours()).toBe(23);
    expect(new Date(starts[3]!).getUTCHours()).toBe(22);
  });

  it('keeps 18:00 local across the November change, and the last day counts whole', () => {
    const starts = occurrenceStarts(
      at('2026-10-26T18:00'),
      { recurrence: 'daily', validDays: MWF, recurrenceEndDate: at('2026-11-06T00:00') },
      NY,
    );
    expect(starts.map((start) => local(start))).toEqual([
      'Mon 2026-10-26 18:00',
      'Wed 2026-10-28 18:00',
      'Fri 2026-10-30 18:00',
      'Mon 2026-11-02 18:00',
      'Wed 2026-11-04 18:00',
      'Fri 2026-11-06 18:00',
    ]);
    expect(new Date(starts[2]!).getUTCHours()).toBe(22);
    expect(new Date(starts[3]!).getUTCHours()).toBe(23);
  });

  it('repeats weekly on the wall clock, whatever validDays say', () => {
    const starts = occurrenceStarts(
      at('2026-02-28T07:30'),
      { recurrence: 'weekly', validDays: days(1), recurrenceEndDate: at('2026-03-21T00:00') },
      NY,
    );
    expect(starts.map((start) => local(start))).toEqual([
      'Sat 2026-02-28 07:30',
      'Sat 2026-03-07 07:30',
      'Sat 2026-03-14 07:30',
      'Sat 2026-03-21 07:30',
    ]);
    // Seven days apart on the wall clock, not 7 × 24 hours across the change.
    expect(starts[2]! - starts[1]!).toBe(7 * 864e5 - 36e5);
    expect(weeklyValidDays(starts[0]!, NY)).toEqual(days(5));
  });

  it('keeps the wall clock in a southern-hemisphere zone (Sydney: April back, October forward)', () => {
    const april = occurrenceStarts(
      at('2026-04-03T09:15', SYDNEY),
      { recurrence: 'weekly', validDays: [], recurrenceEndDate: at('2026-04-10T00:00', SYDNEY) },
      SYDNEY,
    );
    expect(april.map((start) => local(start, SYDNEY))).toEqual(['Fri 2026-04-03 09:15', 'Fri 2026-04-10 09:15']);
    expect(april[1]! - april[0]!).toBe(7 * 864e5 + 36e5);
    const october = occurrenceStarts(
      at('2026-10-02T20:00', SYDNEY),
      { recurrence: 'daily', validDays: days(4, 5, 6), recurrenceEndDate: at('2026-10-05T00:00', SYDNEY) },
      SYDNEY,
    );
    expect(october.map((start) => local(start, SYDNEY))).toEqual(['Fri 2026-10-02 20:00', 'Sat 2026-10-03 20:00', 'Sun 2026-10-04 20:00']);
    expect(october[2]! - october[1]!).toBe(864e5 - 36e5);
  });

  it('gives a time that does not exist on the spring-forward day an instant of that day', () => {
    const starts = occurrenceStarts(
      at('2026-03-07T02:30'),
      { recurrence: 'daily', validDays: days(5, 6, 0), recurrenceEndDate: at('2026-03-09T00:00') },
      NY,
    );
    expect(starts).toHaveLength(3);
    expect(starts.map((start) => zonedDayKey(start, NY))).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
    expect(local(starts[0]!)).toBe('Sat 2026-03-07 02:30');
    // The skipped 02:30 is 03:30, after the jump (as messages' recurring runs are).
    expect(local(starts[1]!)).toBe('Sun 2026-03-08 03:30');
    expect(local(starts[2]!)).toBe('Mon 2026-03-09 02:30');
  });

  it('starts on the first selected weekday when the first start is not one', () => {
    // Tuesday start, only Thursdays selected.
    const starts = occurrenceStarts(
      at('2026-06-02T10:00'),
      { recurrence: 'daily', validDays: days(3), recurrenceEndDate: at('2026-06-12T00:00') },
      NY,
    );
    expect(starts.map((start) => local(start))).toEqual(['Thu 2026-06-04 10:00', 'Thu 2026-06-11 10:00']);
  });

  it('ends with the last day, which may be the first day; none before the start', () => {
    const start = at('2026-06-02T10:00');
    expect(
      occurrenceStarts(start, { recurrence: 'daily', validDays: days(0, 1, 2, 3, 4, 5, 6), recurrenceEndDate: at('2026-06-02T00:00') }, NY),
    ).toEqual([start]);
    expect(
      occurrenceStarts(start, { recurrence: 'daily', validDays: days(0, 1, 2, 3, 4, 5, 6), recurrenceEndDate: at('2026-06-01T23:00') }, NY),
    ).toEqual([]);
    expect(occurrenceStarts(start, { recurrence: 'daily', validDays: days(), recurrenceEndDate: at('2026-06-30T00:00') }, NY)).toEqual([]);
  });

  it('keeps seconds and milliseconds of the start, and stops one past the maximum', () => {
    const start = at('2026-06-01T10:00') + 1234;
    const starts = occurrenceStarts(
      start,
      { recurrence: 'daily', validDays: days(0, 1, 2, 3, 4, 5, 6), recurrenceEndDate: at('2031-01-01T00:00') },
      NY,
    );
    expect(starts).toHaveLength(MAX_OCCURRENCES + 1);
    expect(starts[1]! - starts[0]!).toBe(864e5);
    expect(starts[5]! % 1000).toBe(234);
  });
});

/**
 * The expansion occurrenceStarts replaced (docs/decisions/026): rrule on floating dates (the
 * first start's wall clock written as UTC), FREQ=WEEKLY on the start's weekday or DAILY on the
 * selected weekdays, UNTIL the last day's 23:59:59, each date turned back into an instant in the zone.
 */
const RRule: typeof rrulePackage.RRule = rrulePackage.RRule ?? (rrulePackage as unknown as { default: typeof rrulePackage }).default.RRule;
const RRULE_WEEKDAYS = [RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA, RRule.SU];
function rruleStarts(firstStart: number, rule: Parameters<typeof occurrenceStarts>[1], timeZone: string, max = MAX_OCCURRENCES): number[] {
  const parts = zonedParts(firstStart, timeZone);
  const dtstart = new Date(Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute));
  const back = (date: Date) =>
    zonedInstant(
      { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() },
      { hour: date.getUTCHours(), minute: date.getUTCMinutes() },
      timeZone,
    );
  const remainder = firstStart - back(dtstart);
  const lastDay = zonedParts(endOfZonedDay(rule.recurrenceEndDate, timeZone), timeZone);
  const until = new Date(Date.UTC(lastDay.year, lastDay.month - 1, lastDay.day, 23, 59, 59));
  if (until < dtstart) return [];
  const byweekday =
    rule.recurrence === 'weekly'
      ? [RRULE_WEEKDAYS[mondayFirstWeekday(firstStart, timeZone)]!]
      : RRULE_WEEKDAYS.filter((_, index) => rule.validDays[index] === true);
  if (byweekday.length === 0) return [];
  return new RRule({ freq: rule.recurrence === 'weekly' ? RRule.WEEKLY : RRule.DAILY, dtstart, until, byweekday })
    .all((_, index) => index <= max)
    .map((date) => back(date) + remainder);
}

describe('occurrenceStarts against rrule', () => {
  it(
    'gives the dates rrule gives, weekly and daily, in zones with and without daylight saving, across changes, to the maximum',
    { timeout: 60_000 },
    () => {
      // A small deterministic generator, so a failure names its case.
      let seed = 20261129;
      const random = () => {
        seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
        return seed / 2 ** 32;
      };
      const zones = [NY, SYDNEY, 'Europe/Berlin', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Asia/Kolkata', 'America/St_Johns'];
      let compared = 0;
      for (let round = 0; round < 400; round += 1) {
        const timeZone = zones[round % zones.length]!;
        // Starts anywhere in 2025–2027, at any minute (02:00–03:00 included), some with seconds and milliseconds.
        const first = Date.UTC(2025, 0, 1) + Math.floor((random() * 3 * 365 * 864e5) / 60_000) * 60_000 + (round % 5 === 0 ? 1_234 : 0);
        const rule = {
          recurrence: random() < 0.5 ? ('weekly' as const) : ('daily' as const),
          validDays: Array.from({ length: 7 }, () => random() < 0.4),
          // Up to three years on (a daily rule passes the maximum), or before the start now and then.
          recurrenceEndDate: first + Math.floor((random() * 3 * 365 - 20) * 864e5),
        };
        const max = round % 7 === 0 ? 10 : MAX_OCCURRENCES;
        const expected = rruleStarts(first, rule, timeZone, max);
        expect(
          occurrenceStarts(first, rule, timeZone, max),
          `${timeZone} ${new Date(first).toISOString()} ${JSON.stringify(rule)}`,
        ).toEqual(expected);
        compared += expected.length;
      }
      expect(compared).toBeGreaterThan(20_000);
    },
  );
});

describe('matchOccurrences', () => {
  const existing = [
    { eventId: 'mon', startDate: at('2026-03-02T18:00') },
    { eventId: 'wed', startDate: at('2026-03-04T18:00') },
    { eventId: 'fri', startDate: at('2026-03-06T18:00') },
  ];

  it('updates the events of days kept (time changed), deletes the others and creates the new days', () => {
    const starts = [at('2026-03-02T19:00'), at('2026-03-03T19:00'), at('2026-03-06T19:00')];
    expect(matchOccurrences(existing, starts, NY)).toEqual({
      updated: [
        { eventId: 'mon', startDate: starts[0], previousStart: existing[0]!.startDate },
        { eventId: 'fri', startDate: starts[2], previousStart: existing[2]!.startDate },
      ],
      created: [starts[1]],
      deleted: ['wed'],
    });
  });

  it('matches by the day in the zone, not in UTC', () => {
    // 21:00 in New York is the next day in UTC.
    const late = [{ eventId: 'late', startDate: at('2026-03-02T21:00') }];
    expect(matchOccurrences(late, [at('2026-03-02T08:00')], NY).updated.map((match) => match.eventId)).toEqual(['late']);
    expect(matchOccurrences(late, [at('2026-03-03T08:00')], NY)).toMatchObject({ deleted: ['late'], created: [at('2026-03-03T08:00')] });
  });

  it('keeps the earliest of two events on one day and deletes the other', () => {
    const twice = [...existing, { eventId: 'mon-again', startDate: at('2026-03-02T20:00') }];
    const result = matchOccurrences(twice, [at('2026-03-02T18:00')], NY);
    expect(result.updated.map((match) => match.eventId)).toEqual(['mon']);
    expect(result.deleted.sort()).toEqual(['fri', 'mon-again', 'wed']);
  });
});

describe('event times', () => {
  it('stores an all-day event at the start of its day in the zone, for 86399999 ms', () => {
    const times = allDayTimes(at('2026-07-04T15:20'), NY);
    expect(times).toEqual({
      startDate: at('2026-07-04T00:00'),
      endDate: at('2026-07-04T00:00') + ALL_DAY_DURATION,
      endDateDuration: 86_399_999,
    });
    expect(allDayTimes(at('2026-07-04T15:20', SYDNEY), SYDNEY).startDate).toBe(at('2026-07-04T00:00', SYDNEY));
  });

  it('ends an all-day event at the end of its calendar day on the days the clocks change (23 and 25 hours)', () => {
    expect(allDayTimes(at('2027-03-14T15:20'), NY)).toEqual({
      startDate: at('2027-03-14T00:00'),
      endDate: at('2027-03-14T23:59:59.999'),
      endDateDuration: 23 * 3_600_000 - 1,
    });
    expect(allDayTimes(at('2027-04-04T15:20', SYDNEY), SYDNEY)).toEqual({
      startDate: at('2027-04-04T00:00', SYDNEY),
      endDate: at('2027-04-04T23:59:59.999', SYDNEY),
      endDateDuration: 25 * 3_600_000 - 1,
    });
  });

  it('resets the end when the start moves to or past end minus duration (default 1 hour)', () => {
    const start = at('2026-07-04T10:00');
    const end = at('2026-07-04T12:00');
    expect(resetEnd(start + 36e5, end, 2 * 36e5)).toBe(start + 3 * 36e5);
    expect(resetEnd(start, end, 2 * 36e5)).toBe(start + 2 * 36e5);
    expect(resetEnd(start - 36e5, end, 2 * 36e5)).toBe(end);
    expect(resetEnd(end, end, null)).toBe(end + 36e5);
    expect(resetEnd(end - 36e5, end, 0)).toBe(end);
  });

  it('ends a day at its last millisecond, on a 23-hour day too; weekdays are Monday first', () => {
    expect(endOfZonedDay(at('2026-03-08T12:00'), NY)).toBe(at('2026-03-09T00:00') - 1);
    expect(endOfZonedDay(at('2026-03-08T00:00'), NY) - at('2026-03-08T00:00')).toBe(23 * 36e5 - 1);
    expect(mondayFirstWeekday(at('2026-03-09T00:30'), NY)).toBe(0);
    expect(mondayFirstWeekday(at('2026-03-08T23:30'), NY)).toBe(6);
  });
});
