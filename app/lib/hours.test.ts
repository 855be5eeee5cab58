import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  emptyHoursFormValue,
  HOURS_DAYS,
  hoursFormSchema,
  hoursFormValue,
  hoursLines,
  hoursRecord,
  INVALID_TIME,
  MAX_HOURS_SLOTS,
  OPEN_24_7,
  toStoredTime,
  toTimeInput,
  TOO_MANY_SLOTS,
  type HoursFormValue,
} from './hours';

const lakeside = {
  Mon: [{ open: '11:00 AM', close: '8:00 PM' }],
  Fri: [{ open: '11:00 AM', close: '9:30 PM' }],
  Sat: [
    { open: '10:00 AM', close: '2:00 PM' },
    { open: '4:00 PM', close: '8:00 PM' },
  ],
};

function form(days: Partial<HoursFormValue['days']>, noHours = false): HoursFormValue {
  const value = emptyHoursFormValue();
  return { noHours, days: { ...value.days, ...days } };
}

function post(entries: Array<[string, string]>) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return parseWithZod(data, { schema: z.object({ hours: hoursFormSchema }) });
}

describe('times', () => {
  it('reads 12-hour, 24-hour and loose spellings as HH:mm', () => {
    expect(toTimeInput('9:00 AM')).toBe('09:00');
    expect(toTimeInput('12:00 AM')).toBe('00:00');
    expect(toTimeInput('12:30 PM')).toBe('12:30');
    expect(toTimeInput('9:30pm')).toBe('21:30');
    expect(toTimeInput('7 p.m.')).toBe('19:00');
    expect(toTimeInput('17:45')).toBe('17:45');
    expect(toTimeInput('08:05:00')).toBe('08:05');
    expect(toTimeInput('?')).toBe('');
    expect(toTimeInput('13:00 PM')).toBe('');
    expect(toTimeInput('24:00')).toBe('');
    expect(toTimeInput(900)).toBe('');
    expect(toTimeInput(null)).toBe('');
    expect(toTimeInput('noon')).toBe('');
  });

  it("stores HH:mm as 'h:mm AM/PM' (en-US) and an empty half as '?'", () => {
    expect(toStoredTime('00:00')).toBe('12:00 AM');
    expect(toStoredTime('09:05')).toBe('9:05 AM');
    expect(toStoredTime('12:00')).toBe('12:00 PM');
    expect(toStoredTime('23:59')).toBe('11:59 PM');
    expect(toStoredTime('')).toBe('?');
  });
});

describe('hours form value and record', () => {
  it('round-trips stored hours', () => {
    const value = hoursFormValue(lakeside);
    expect(value.noHours).toBe(false);
    expect(value.days.Mon).toEqual([{ open: '11:00', close: '20:00' }]);
    expect(value.days.Sat).toHaveLength(2);
    expect(value.days.Tue).toEqual([]);
    expect(hoursRecord(value)).toEqual(lakeside);
  });

  it("keeps an unset half as '?' and reads it back as empty", () => {
    const value = hoursFormValue({ Mon: [{ open: '9:00 AM', close: '?' }] });
    expect(value.days.Mon).toEqual([{ open: '09:00', close: '' }]);
    expect(hoursRecord(value)).toEqual({ Mon: [{ open: '9:00 AM', close: '?' }] });
  });

  it('discards empty slots and days whose slots are all empty; null when nothing is filled', () => {
    const value = form({
      Mon: [
        { open: '', close: '' },
        { open: '08:00', close: '' },
      ],
      Tue: [
        { open: '', close: '' },
        { open: '', close: '' },
      ],
    });
    expect(hoursRecord(value)).toEqual({ Mon: [{ open: '8:00 AM', close: '?' }] });
    expect(hoursRecord(form({ Wed: [{ open: '', close: '' }] }))).toBeNull();
    expect(hoursRecord(emptyHoursFormValue())).toBeNull();
  });

  it('is null when the no-hours box is checked, whatever the times', () => {
    expect(hoursRecord(form({ Mon: [{ open: '08:00', close: '17:00' }] }, true))).toBeNull();
  });

  it('never throws on odd stored shapes', () => {
    const odd: unknown[] = [
      null,
      undefined,
      'closed',
      42,
      [],
      [1, 2],
      { Mon: 'yes' },
      { Mon: null },
      { Mon: [null, 3, 'x', { open: 5 }] },
      { Mon: { 0: { open: '9:00 AM' } } },
      { Funday: [{ open: '9:00 AM', close: '5:00 PM' }] },
      { Mon: [{ open: '{}', close: [] }] },
      { __proto__: { Mon: [] } },
      '{"Mon":[{"open":"9:00 AM"',
    ];
    for (const stored of odd) {
      expect(() => hoursFormValue(stored)).not.toThrow();
      expect(() => hoursLines(stored, false)).not.toThrow();
    }
  });

  it('reads strings of JSON, missing closes, 24-hour text, array-like objects, one slot, long day names and "open - close" text', () => {
    expect(hoursFormValue(JSON.stringify(lakeside)).days.Fri).toEqual([{ open: '11:00', close: '21:30' }]);
    expect(hoursFormValue({ Mon: [{ open: '9:00 AM' }] }).days.Mon).toEqual([{ open: '09:00', close: '' }]);
    expect(hoursFormValue({ Tue: [{ open: '08:00', close: '17:30' }] }).days.Tue).toEqual([{ open: '08:00', close: '17:30' }]);
    expect(
      hoursFormValue({ Wed: { 1: { open: '1:00 PM', close: '2:00 PM' }, 0: { open: '9:00 AM', close: '10:00 AM' } } }).days.Wed,
    ).toEqual([
      { open: '09:00', close: '10:00' },
      { open: '13:00', close: '14:00' },
    ]);
    expect(hoursFormValue({ Thu: { open: '9:00 AM', close: '5:00 PM' } }).days.Thu).toEqual([{ open: '09:00', close: '17:00' }]);
    expect(hoursFormValue({ friday: [{ open: '9:00 AM', close: '5:00 PM' }] }).days.Fri).toHaveLength(1);
    expect(hoursFormValue({ Sat: '9:00 AM - 5:00 PM' }).days.Sat).toEqual([{ open: '09:00', close: '17:00' }]);
  });

  it('keeps at most the editor’s number of slots a day', () => {
    const many = Array.from({ length: 9 }, (_, hour) => ({ open: `${hour + 1}:00 AM`, close: `${hour + 1}:30 AM` }));
    expect(hoursFormValue({ Mon: many }).days.Mon).toHaveLength(MAX_HOURS_SLOTS);
  });
});

describe('hours lines', () => {
  it("says 'Open 24/7' when always", () => {
    expect(hoursLines(lakeside, true)).toEqual([{ day: 'Every day', text: OPEN_24_7 }]);
  });

  it('lists every day, closed ones as Closed; nothing without hours', () => {
    const lines = hoursLines(lakeside, false);
    expect(lines).toHaveLength(7);
    expect(lines[0]).toEqual({ day: 'Monday', text: '11:00 AM – 8:00 PM' });
    expect(lines[1]).toEqual({ day: 'Tuesday', text: 'Closed' });
    expect(lines[5]).toEqual({ day: 'Saturday', text: '10:00 AM – 2:00 PM, 4:00 PM – 8:00 PM' });
    expect(hoursLines(null, false)).toEqual([]);
  });
});

describe('hours schema (conform nested names)', () => {
  it('parses the posted fields, empty halves as empty', () => {
    const submission = post([
      ['hours.days.Mon[0].open', '09:00'],
      ['hours.days.Mon[0].close', '17:00'],
      ['hours.days.Mon[1].open', ''],
      ['hours.days.Mon[1].close', ''],
      ['hours.days.Sat[0].open', '10:00'],
    ]);
    expect(submission.status).toBe('success');
    if (submission.status !== 'success') return;
    expect(submission.value.hours.noHours).toBe(false);
    expect(submission.value.hours.days.Mon).toEqual([
      { open: '09:00', close: '17:00' },
      { open: '', close: '' },
    ]);
    expect(submission.value.hours.days.Sun).toEqual([]);
    expect(hoursRecord(submission.value.hours)).toEqual({
      Mon: [{ open: '9:00 AM', close: '5:00 PM' }],
      Sat: [{ open: '10:00 AM', close: '?' }],
    });
  });

  it('takes the no-hours box and a post with no hours at all', () => {
    const none = post([['hours.noHours', 'on']]);
    expect(none.status === 'success' && none.value.hours.noHours).toBe(true);
    const empty = post([]);
    expect(empty.status).toBe('success');
    if (empty.status === 'success') expect(hoursRecord(empty.value.hours)).toBeNull();
  });

  it('refuses a time that is not a time, with its field named', () => {
    const submission = post([['hours.days.Tue[0].open', '<script>']]);
    expect(submission.status).toBe('error');
    expect(submission.reply().error?.['hours.days.Tue[0].open']).toEqual([INVALID_TIME]);
  });

  it('refuses more slots than a day holds', () => {
    const entries: Array<[string, string]> = Array.from({ length: MAX_HOURS_SLOTS + 1 }, (_, i) => [`hours.days.Wed[${i}].open`, '09:00']);
    const submission = post(entries);
    expect(submission.status).toBe('error');
    expect(submission.reply().error?.['hours.days.Wed']).toEqual([TOO_MANY_SLOTS]);
  });

  it('answers hostile shapes with errors, never a throw', () => {
    const hostile: unknown[] = ['x', 5, { days: 'x' }, { days: { Mon: 'x' } }, { days: { Mon: [5] } }, { noHours: { a: 1 } }, [1, 2]];
    for (const value of hostile) expect(() => hoursFormSchema.safeParse(value)).not.toThrow();
    expect(hoursFormSchema.safeParse({ days: { Mon: [{ open: 5 }] } }).success).toBe(false);
    expect(HOURS_DAYS.every((day) => hoursFormSchema.safeParse(undefined).data?.days[day].length === 0)).toBe(true);
  });
});
