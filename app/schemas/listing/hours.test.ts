import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HoursSchema, INVALID_TIME, TOO_MANY_SLOTS, hoursToForm, normalizeTime } from './hours';
import { errorsOf, valueOf } from './testing';

const Schema = z.object({ hours: HoursSchema });

describe('weekly hours (spec 03 §3 "Hours", §4)', () => {
  it('reads typed times leniently and writes them as h:mm AM/PM', () => {
    expect(normalizeTime('9am')).toBe('9:00 AM');
    expect(normalizeTime(' 09:30 pm ')).toBe('9:30 PM');
    expect(normalizeTime('12 P.M.')).toBe('12:00 PM');
    expect(normalizeTime('930a')).toBe('9:30 AM');
    expect(normalizeTime('?')).toBe('?');
    for (const bad of ['13:00', '0:30 AM', '9:60 AM', 'noon', '']) expect(normalizeTime(bad), bad).toBeNull();
  });

  it('keeps the open days only, drops empty pairs, and marks a missing side as unset', () => {
    const value = valueOf(Schema, [
      ['hours.Mon[0].open', '9am'],
      ['hours.Mon[0].close', '5pm'],
      ['hours.Mon[1].open', ''],
      ['hours.Mon[1].close', ''],
      ['hours.Tue[0].open', ''],
      ['hours.Tue[0].close', ''],
      ['hours.Sat[0].open', '10:00 AM'],
      ['hours.Sat[0].close', ''],
    ]);
    expect(value.hours).toEqual({ Mon: [{ open: '9:00 AM', close: '5:00 PM' }], Sat: [{ open: '10:00 AM', close: '?' }] });
  });

  it('saves null when no pair has a time', () => {
    expect(valueOf(Schema, {}).hours).toBeNull();
    expect(valueOf(Schema, { 'hours.Sun[0].open': '', 'hours.Sun[0].close': '' }).hours).toBeNull();
  });

  it('names the input that holds a time it cannot read, and caps the pairs of a day', () => {
    expect(errorsOf(Schema, { 'hours.Wed[0].open': '25:00', 'hours.Wed[0].close': '5 PM' })).toEqual({
      'hours.Wed[0].open': [INVALID_TIME],
    });
    const many = Array.from({ length: 7 }, (_, index): [string, string] => [`hours.Fri[${index}].open`, '9 AM']);
    expect(errorsOf(Schema, many)['hours.Fri']).toEqual([TOO_MANY_SLOTS]);
  });

  it('shows stored hours in the form, unset sides empty, lists with gaps in order', () => {
    expect(
      hoursToForm({
        Mon: [{ open: '11:00 AM', close: '8:00 PM' }],
        Tue: { 0: { open: '?', close: '2:00 PM' }, 2: { open: '5:00 PM', close: '9:00 PM' } },
        Funday: [{ open: '1:00 PM', close: '2:00 PM' }],
      }),
    ).toEqual({
      Mon: [{ open: '11:00 AM', close: '8:00 PM' }],
      Tue: [
        { open: '', close: '2:00 PM' },
        { open: '5:00 PM', close: '9:00 PM' },
      ],
    });
    expect(hoursToForm(null)).toEqual({});
    expect(hoursToForm('9 to 5')).toEqual({});
  });
});
