import { describe, expect, it } from 'vitest';
import { BookingSchema, DURATION_REQUIRED, INVALID_CAPACITY, INVALID_DURATION } from './booking';
import { errorsOf, valueOf } from './testing';

describe('a time booking', () => {
  it('needs a duration of whole minutes from 5 to a day', () => {
    expect(errorsOf(BookingSchema, { title: 'Tennis Court' }).duration).toEqual([DURATION_REQUIRED]);
    for (const duration of ['4', '1441', '30.5', 'an hour'])
      expect(errorsOf(BookingSchema, { title: 'Tennis Court', duration }).duration, duration).toEqual([INVALID_DURATION]);
  });

  it('takes an optional capacity of at least one guest', () => {
    expect(errorsOf(BookingSchema, { title: 'Tennis Court', duration: '60', capacity: '0' }).capacity).toEqual([INVALID_CAPACITY]);
    expect(valueOf(BookingSchema, { title: 'Tennis Court', duration: '60' })).toEqual({
      title: 'Tennis Court',
      duration: 60,
      active: false,
    });
    expect(valueOf(BookingSchema, { title: 'Tennis Court', duration: '45', capacity: '4', active: 'on' })).toMatchObject({
      duration: 45,
      capacity: 4,
      active: true,
    });
  });
});
