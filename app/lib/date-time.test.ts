import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  DATE_TIME_TEXTS,
  dateTimeFieldNames,
  dateTimeFormValue,
  defaultDateTime,
  formatDate,
  formatTime,
  monthGrid,
  nextHour,
  wallClockInstant,
  zonedInstant,
  parseDate,
  parseDateTimeField,
  parseTime,
  startOfZonedDay,
  timeOptions,
} from './date-time';

const NY = 'America/New_York';
const KOLKATA = 'Asia/Kolkata';
/** 2026-07-04 13:20 in New York (EDT, UTC-4). */
const JULY_4_1320 = Date.UTC(2026, 6, 4, 17, 20);

describe('formats (spec 03 §9: MM/dd/yyyy and hh:mm aa)', () => {
  it('shows an instant in the community time zone', () => {
    expect(formatDate(JULY_4_1320, NY)).toBe('07/04/2026');
    expect(formatTime(JULY_4_1320, NY)).toBe('01:20 PM');
    expect(formatTime(Date.UTC(2026, 6, 4, 4, 5), NY)).toBe('12:05 AM');
    expect(formatDate(Date.UTC(2026, 6, 4, 2), NY)).toBe('07/03/2026');
  });
});

describe('parsing typed parts', () => {
  it('reads dates as MM/dd/yyyy (and yyyy-MM-dd) and refuses days that do not exist', () => {
    expect(parseDate('07/04/2026')).toEqual({ year: 2026, month: 7, day: 4 });
    expect(parseDate(' 7/4/2026 ')).toEqual({ year: 2026, month: 7, day: 4 });
    expect(parseDate('2026-07-04')).toEqual({ year: 2026, month: 7, day: 4 });
    expect(parseDate('02/29/2028')).toEqual({ year: 2028, month: 2, day: 29 });
    for (const bad of ['02/29/2026', '13/01/2026', '00/10/2026', '07/32/2026', '7/4/26', 'tomorrow', '', '1'.repeat(50)]) {
      expect(parseDate(bad)).toBeNull();
    }
  });

  it('reads times as hh:mm aa, loosely, and 24-hour HH:mm', () => {
    expect(parseTime('09:30 AM')).toEqual({ hour: 9, minute: 30 });
    expect(parseTime('12:00 AM')).toEqual({ hour: 0, minute: 0 });
    expect(parseTime('12:15 pm')).toEqual({ hour: 12, minute: 15 });
    expect(parseTime('9pm')).toEqual({ hour: 21, minute: 0 });
    expect(parseTime('9:05 p.m.')).toEqual({ hour: 21, minute: 5 });
    expect(parseTime('21:45')).toEqual({ hour: 21, minute: 45 });
    for (const bad of ['13:00 PM', '0:30 AM', '24:00', '9:60', 'noon', '']) expect(parseTime(bad)).toBeNull();
  });
});

describe('defaults', () => {
  it('starts at the next whole hour in the zone (spec 03 §9)', () => {
    expect(nextHour(JULY_4_1320, NY)).toBe(Date.UTC(2026, 6, 4, 18, 0));
    expect(nextHour(Date.UTC(2026, 6, 4, 18, 0), NY)).toBe(Date.UTC(2026, 6, 4, 19, 0));
    // A half-hour zone: 13:20 UTC is 18:50 in Kolkata, so the next hour is 19:00 there (13:30 UTC).
    expect(nextHour(Date.UTC(2026, 6, 4, 13, 20), KOLKATA)).toBe(Date.UTC(2026, 6, 4, 13, 30));
    // Across the autumn change of New York: 01:30 EDT → 02:00 EST... the wall clock's next hour.
    const beforeChange = Date.UTC(2026, 10, 1, 5, 30); // 01:30 EDT
    expect(formatTime(nextHour(beforeChange, NY), NY)).toMatch(/^0[12]:00 AM$/);
  });

  it('keeps a stored value, else the next hour, else midnight for dates without time', () => {
    expect(defaultDateTime(123, JULY_4_1320, NY)).toBe(123);
    expect(defaultDateTime(null, JULY_4_1320, NY)).toBe(Date.UTC(2026, 6, 4, 18));
    expect(defaultDateTime(null, JULY_4_1320, NY, false)).toBe(Date.UTC(2026, 6, 4, 4));
    expect(startOfZonedDay(JULY_4_1320, NY)).toBe(Date.UTC(2026, 6, 4, 4));
  });
});

describe('parseDateTimeField', () => {
  it('parses the visible parts in the community zone', () => {
    expect(parseDateTimeField({ date: '07/04/2026', time: '01:20 PM' }, NY)).toEqual({ value: JULY_4_1320, error: null });
    expect(parseDateTimeField({ date: '07/04/2026', time: '01:20 PM' }, KOLKATA).value).toBe(Date.UTC(2026, 6, 4, 7, 50));
  });

  it('takes midnight for a date without time (spec 03 §5)', () => {
    expect(parseDateTimeField({ date: '07/04/2026', time: '01:20 PM' }, NY, { withTime: false })).toEqual({
      value: Date.UTC(2026, 6, 4, 4),
      error: null,
    });
  });

  it("says 'Date and time are required' by default, and a cleared optional picker is null", () => {
    expect(parseDateTimeField({ date: '', time: '' }, NY)).toEqual({ value: null, error: 'Date and time are required' });
    expect(parseDateTimeField({ date: '07/04/2026', time: '' }, NY)).toEqual({ value: null, error: DATE_TIME_TEXTS.required });
    expect(parseDateTimeField({ date: '', time: '09:00 AM' }, NY).error).toBe(DATE_TIME_TEXTS.required);
    expect(parseDateTimeField({}, NY).error).toBe(DATE_TIME_TEXTS.required);
    expect(parseDateTimeField({ date: '', time: '' }, NY, { required: false })).toEqual({ value: null, error: null });
    expect(parseDateTimeField({ date: '' }, NY, { withTime: false, requiredMessage: 'Start is required' }).error).toBe('Start is required');
  });

  it('explains a date or time it cannot read', () => {
    expect(parseDateTimeField({ date: '31/12/2026', time: '09:00 AM' }, NY).error).toBe(DATE_TIME_TEXTS.invalidDate);
    expect(parseDateTimeField({ date: '12/31/2026', time: '25:00' }, NY).error).toBe(DATE_TIME_TEXTS.invalidTime);
    expect(parseDateTimeField({ date: ['x'], time: 5 }, NY).error).toBe(DATE_TIME_TEXTS.required);
  });

  it('uses the hidden instant only when no part was posted', () => {
    expect(parseDateTimeField({ value: String(JULY_4_1320) }, NY)).toEqual({ value: JULY_4_1320, error: null });
    expect(parseDateTimeField({ value: '1', date: '07/04/2026', time: '01:20 PM' }, NY).value).toBe(JULY_4_1320);
    expect(parseDateTimeField({ value: 'soon' }, NY).error).toBe(DATE_TIME_TEXTS.invalidDate);
    expect(parseDateTimeField({ value: String(JULY_4_1320) }, NY, { withTime: false }).value).toBe(Date.UTC(2026, 6, 4, 4));
  });

  it('refuses an instant before the minimum (the day, for dates without time)', () => {
    const min = Date.UTC(2026, 6, 4, 18);
    expect(parseDateTimeField({ date: '07/04/2026', time: '01:20 PM' }, NY, { min }).error).toBe(
      'Please choose 07/04/2026 02:00 PM or later.',
    );
    expect(parseDateTimeField({ date: '07/04/2026', time: '' }, NY, { min, withTime: false }).value).toBe(Date.UTC(2026, 6, 4, 4));
    expect(parseDateTimeField({ date: '07/03/2026' }, NY, { min, withTime: false }).error).toBe('Please choose 07/04/2026 or later.');
  });

  it('reads its parts from a form under the picker name', () => {
    const form = new FormData();
    form.set('start', '5');
    form.set('start-date', '07/04/2026');
    form.set('start-time', '01:20 PM');
    expect(dateTimeFieldNames('start')).toEqual({ value: 'start', date: 'start-date', time: 'start-time' });
    expect(dateTimeFormValue(form, 'start')).toEqual({ value: '5', date: '07/04/2026', time: '01:20 PM' });
    expect(parseDateTimeField(dateTimeFormValue(form, 'start'), NY).value).toBe(JULY_4_1320);
  });
});

describe('the calendar', () => {
  it('lays a month out in weeks starting on Sunday (spec 03 §9)', () => {
    const july = monthGrid(2026, 7); // 1 July 2026 is a Wednesday
    expect(july[0]!.map((cell) => cell?.day ?? null)).toEqual([null, null, null, 1, 2, 3, 4]);
    expect(july).toHaveLength(5);
    expect(july[4]!.map((cell) => cell?.day ?? null)).toEqual([26, 27, 28, 29, 30, 31, null]);
    const february = monthGrid(2026, 2); // 1 February 2026 is a Sunday, 28 days
    expect(february).toHaveLength(4);
    expect(february[0]![0]).toEqual({ year: 2026, month: 2, day: 1 });
  });

  it('moves by days and months for the keyboard', () => {
    expect(addDays({ year: 2026, month: 12, day: 31 }, 1)).toEqual({ year: 2027, month: 1, day: 1 });
    expect(addDays({ year: 2026, month: 3, day: 1 }, -7)).toEqual({ year: 2026, month: 2, day: 22 });
    expect(addMonths({ year: 2026, month: 1, day: 31 }, 1)).toEqual({ year: 2026, month: 2, day: 28 });
    expect(addMonths({ year: 2026, month: 1, day: 15 }, -1)).toEqual({ year: 2025, month: 12, day: 15 });
  });

  it('offers the times of the day every quarter hour', () => {
    const options = timeOptions();
    expect(options).toHaveLength(96);
    expect(options.slice(0, 2)).toEqual(['12:00 AM', '12:15 AM']);
    expect(options[52]).toBe('01:00 PM');
  });
});

describe('zonedInstant', () => {
  const NY = 'America/New_York';
  it('gives the instant of a wall-clock time in the zone', () => {
    expect(new Date(zonedInstant({ year: 2026, month: 7, day: 4 }, { hour: 18, minute: 0 }, NY)).toISOString()).toBe(
      '2026-07-04T22:00:00.000Z',
    );
  });

  it('puts a time the spring change skips just after the jump, as calendars show it', () => {
    // 02:30 does not exist in New York on 8 March 2026: it is 03:30 EDT.
    expect(new Date(zonedInstant({ year: 2026, month: 3, day: 8 }, { hour: 2, minute: 30 }, NY)).toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    // Sydney's October change: 02:30 is 03:30 AEDT.
    expect(new Date(zonedInstant({ year: 2026, month: 10, day: 4 }, { hour: 2, minute: 30 }, 'Australia/Sydney')).toISOString()).toBe(
      '2026-10-03T16:30:00.000Z',
    );
  });

  it('takes the first of the two instants of a time the autumn change repeats', () => {
    expect(new Date(zonedInstant({ year: 2026, month: 11, day: 1 }, { hour: 1, minute: 30 }, NY)).toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
  });

  it('takes the first instant of a repeated time east of UTC too (Sydney, Chatham, Lord Howe Island)', () => {
    const first = (zone: string, hour: number, minute: number) =>
      new Date(zonedInstant({ year: 2027, month: 4, day: 4 }, { hour, minute }, zone)).toISOString();
    // Sydney: 03:00 AEDT (+11) goes back to 02:00 AEST (+10); 02:30 is first 15:30 UTC.
    expect(first('Australia/Sydney', 2, 30)).toBe('2027-04-03T15:30:00.000Z');
    // Chatham: 03:45 +13:45 goes back to 02:45 +12:45; 03:15 is first 13:30 UTC.
    expect(first('Pacific/Chatham', 3, 15)).toBe('2027-04-03T13:30:00.000Z');
    // Lord Howe Island goes back half an hour: 02:00 +11 to 01:30 +10:30; 01:45 is first 14:45 UTC.
    expect(first('Australia/Lord_Howe', 1, 45)).toBe('2027-04-03T14:45:00.000Z');
    // Lord Howe's spring change skips half an hour (02:00 → 02:30 on 3 October 2027): 02:15 is 02:45 +11.
    expect(new Date(zonedInstant({ year: 2027, month: 10, day: 3 }, { hour: 2, minute: 15 }, 'Australia/Lord_Howe')).toISOString()).toBe(
      '2027-10-02T15:45:00.000Z',
    );
  });
});

describe('wallClockInstant', () => {
  it('reads a skipped time with the offset before the jump and a repeated one as its first instant, from any offset function', () => {
    // A zone at +1 that moves to +2 at 01:00 UTC and back to +1 100 hours later.
    const HOUR = 3_600_000;
    const offsetAt = (ms: number) => (ms >= HOUR && ms < 100 * HOUR ? 2 * HOUR : HOUR);
    expect(wallClockInstant(2.5 * HOUR, offsetAt)).toBe(1.5 * HOUR); // skipped 02:30 → 03:30 (+2)
    expect(wallClockInstant(101.5 * HOUR, offsetAt)).toBe(99.5 * HOUR); // repeated: the +2 one
    expect(wallClockInstant(14 * HOUR, offsetAt)).toBe(12 * HOUR);
    expect(wallClockInstant(200 * HOUR, offsetAt)).toBe(199 * HOUR);
  });
});
