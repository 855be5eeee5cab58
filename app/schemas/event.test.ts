import { parseWithZod } from '@conform-to/zod';
import { fromZonedTime } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { ALL_DAY_DURATION } from '~/lib/event-times';
import { EVENT_TEXTS, eventSchema, eventSectionOfErrors, newEventDefaults, OFF_SITE, type EventSchemaOptions } from './event';

const NY = 'America/New_York';
const at = (local: string, zone = NY) => fromZonedTime(local, zone).getTime();
const NOW = at('2026-06-01T12:00');

function parse(fields: Record<string, string | string[]>, options: Partial<EventSchemaOptions> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  return parseWithZod(form, { schema: eventSchema({ timeZone: NY, now: NOW, ...options }) });
}

const VALID = {
  title: ' Bingo ',
  audience: 'Family',
  resortLocationId: 'pavilion',
  'startDate-date': '06/10/2026',
  'startDate-time': '06:00 PM',
  'endDate-date': '06/10/2026',
  'endDate-time': '08:00 PM',
};

const errorsOf = (result: ReturnType<typeof parse>) => result.reply().error ?? {};

describe('eventSchema', () => {
  it('parses a valid event: instants in the zone, audience lower case, no recurrence', () => {
    const result = parse(VALID);
    expect(result.status).toBe('success');
    if (result.status !== 'success') return;
    expect(result.value).toMatchObject({
      title: 'Bingo',
      audience: 'family',
      startDate: at('2026-06-10T18:00'),
      endDate: at('2026-06-10T20:00'),
      endDateDuration: 2 * 36e5,
      resortLocationId: 'pavilion',
      location: '',
      recurrence: 'none',
      validDays: [false, false, false, false, false, false, false],
      recurrenceEndDate: null,
      scope: 'event',
      version: null,
      type: 'resort',
    });
  });

  it('gives every message of spec 02 §5 with the spec words', () => {
    const result = parse({
      title: '',
      audience: '',
      resortLocationId: '',
      'startDate-date': '05/01/2026',
      'startDate-time': '10:00 AM',
      'endDate-date': '05/01/2026',
      'endDate-time': '09:00 AM',
    });
    const errors = errorsOf(result);
    expect(errors.title).toEqual(['Title is required.']);
    expect(errors.audience).toEqual(['Audience is required.']);
    expect(errors.resortLocationId).toEqual(['Location is required.']);
    expect(errors.startDate).toEqual(['Initial Start Date and time must be in the future.']);
    expect(errors.endDate).toEqual(['Initial End Date must be after the Initial Start Date and current time.']);
    expect(eventSectionOfErrors(Object.keys(errors))).toBe('general');
  });

  it('asks a title for an off-site location, and keeps the off-site fields only then', () => {
    expect(errorsOf(parse({ ...VALID, resortLocationId: OFF_SITE })).location).toEqual(['Title for location is required.']);
    const result = parse({ ...VALID, resortLocationId: OFF_SITE, location: 'Town Park', address: '1 Main St' });
    expect(result.status === 'success' && result.value).toMatchObject({
      resortLocationId: '',
      location: 'Town Park',
      address: '1 Main St',
    });
    const onSite = parse({ ...VALID, location: 'ignored', address: 'ignored' });
    expect(onSite.status === 'success' && onSite.value).toMatchObject({ resortLocationId: 'pavilion', location: '', address: '' });
    expect(errorsOf(parse({ ...VALID, resortLocationId: 'a/b' })).resortLocationId).toEqual(['Location is required.']);
  });

  it('refuses an audience the calendar does not offer when the list is given', () => {
    expect(errorsOf(parse({ ...VALID, audience: 'Pets' }, { audiences: ['family', 'kids'] })).audience).toEqual(['Audience is required.']);
    expect(parse({ ...VALID, audience: 'Kids' }, { audiences: ['family', 'kids'] }).status).toBe('success');
  });

  it('checks phone, website and ticketing', () => {
    const errors = errorsOf(parse({ ...VALID, phone: '12-34', website: 'nope', ticketing: 'ftp://x' }));
    expect(errors.phone).toEqual(['Phone Number needs to have more than seven digits.']);
    expect(errors.website?.[0]).toMatch(/^Valid URL/);
    expect(errors.ticketing?.[0]).toMatch(/^Valid URL/);
  });

  it('asks for the dates with the picker message', () => {
    const errors = errorsOf(parse({ ...VALID, 'startDate-date': '', 'startDate-time': '', 'endDate-date': '', 'endDate-time': '' }));
    expect(errors.startDate).toEqual([EVENT_TEXTS.dateRequired]);
    expect(errors.endDate).toEqual([EVENT_TEXTS.dateRequired]);
  });

  it('stores an all-day event at the start of its day for 86399999 ms, today included', () => {
    const result = parse({
      ...VALID,
      allDay: 'on',
      'startDate-date': '06/01/2026',
      'startDate-time': '',
      'endDate-date': '',
      'endDate-time': '',
    });
    expect(result.status).toBe('success');
    if (result.status !== 'success') return;
    expect(result.value).toMatchObject({
      allDay: true,
      startDate: at('2026-06-01T00:00'),
      endDate: at('2026-06-01T00:00') + ALL_DAY_DURATION,
      endDateDuration: 86_399_999,
    });
    expect(errorsOf(parse({ ...VALID, allDay: 'on', 'startDate-date': '05/31/2026' })).startDate).toEqual([EVENT_TEXTS.startInFuture]);
  });

  it('ends an all-day event on a clock-change day at the end of that day in the zone (not 86399999 ms later)', () => {
    for (const [date, day, hours] of [
      ['03/14/2027', '2027-03-14', 23],
      ['11/07/2027', '2027-11-07', 25],
    ] as const) {
      const result = parse({
        ...VALID,
        allDay: 'on',
        'startDate-date': date,
        'startDate-time': '',
        'endDate-date': '',
        'endDate-time': '',
      });
      expect(result.status).toBe('success');
      if (result.status !== 'success') continue;
      expect(result.value).toMatchObject({ startDate: at(`${day}T00:00`), endDate: at(`${day}T23:59:59.999`) });
      expect(result.value.endDateDuration).toBe(hours * 3_600_000 - 1);
    }
    // Repeating from the 25-hour day is not 'longer than 24 hours'.
    const weekly = parse({
      ...VALID,
      allDay: 'on',
      'startDate-date': '11/07/2027',
      'startDate-time': '',
      'endDate-date': '',
      'endDate-time': '',
      recurrence: 'weekly',
      'recurrenceEndDate-date': '12/31/2027',
    });
    expect(errorsOf(weekly)).toEqual({});
  });

  it('resets the end when only the start moved to or past end minus duration, keeping the duration', () => {
    const shown = { startDate: at('2026-06-10T18:00'), endDate: at('2026-06-10T20:00'), endDateDuration: 2 * 36e5, isNew: false };
    const moved = parse({ ...VALID, 'startDate-time': '07:00 PM' }, { shown });
    expect(moved.status === 'success' && moved.value).toMatchObject({ startDate: at('2026-06-10T19:00'), endDate: at('2026-06-10T21:00') });
    const past = parse({ ...VALID, 'startDate-date': '06/11/2026', 'startDate-time': '09:00 AM' }, { shown });
    expect(past.status === 'success' && past.value).toMatchObject({ endDate: at('2026-06-11T11:00'), endDateDuration: 2 * 36e5 });
    const earlier = parse({ ...VALID, 'startDate-time': '05:00 PM' }, { shown });
    expect(earlier.status === 'success' && earlier.value).toMatchObject({ endDate: at('2026-06-10T20:00'), endDateDuration: 3 * 36e5 });
    // Both moved: the end typed counts, and a bad one is an error.
    expect(errorsOf(parse({ ...VALID, 'startDate-time': '09:00 PM', 'endDate-time': '08:30 PM' }, { shown })).endDate).toEqual([
      EVENT_TEXTS.endAfterStart,
    ]);
  });

  it('lets an edited event keep a start that has passed, but not a new one', () => {
    const shown = { startDate: at('2026-06-01T10:00'), endDate: at('2026-06-01T14:00'), isNew: false };
    const ongoing = {
      ...VALID,
      'startDate-date': '06/01/2026',
      'startDate-time': '10:00 AM',
      'endDate-date': '06/01/2026',
      'endDate-time': '02:00 PM',
    };
    expect(parse(ongoing, { shown }).status).toBe('success');
    expect(errorsOf(parse(ongoing, { shown: { ...shown, isNew: true } })).startDate).toEqual([EVENT_TEXTS.startInFuture]);
    expect(errorsOf(parse(ongoing)).startDate).toEqual([EVENT_TEXTS.startInFuture]);
  });

  it('reads daily weekdays Monday first and needs at least one', () => {
    const daily = parse({
      ...VALID,
      recurrence: 'daily',
      'validDays[0]': 'on',
      'validDays[4]': 'on',
      'recurrenceEndDate-date': '06/30/2026',
    });
    expect(daily.status === 'success' && daily.value).toMatchObject({
      recurrence: 'daily',
      validDays: [true, false, false, false, true, false, false],
      recurrenceEndDate: at('2026-07-01T00:00') - 1,
    });
    expect(errorsOf(parse({ ...VALID, recurrence: 'daily', 'recurrenceEndDate-date': '06/30/2026' })).validDays).toEqual([
      EVENT_TEXTS.noWeekday,
    ]);
  });

  it('makes a weekly recurrence repeat on the start weekday', () => {
    // 10 June 2026 is a Wednesday.
    const weekly = parse({ ...VALID, recurrence: 'weekly', 'validDays[0]': 'on', 'recurrenceEndDate-date': '07/01/2026' });
    expect(weekly.status === 'success' && weekly.value.validDays).toEqual([false, false, true, false, false, false, false]);
  });

  it('refuses a recurring event longer than 24 hours (a form error, for the Error dialog)', () => {
    const long = parse({
      ...VALID,
      recurrence: 'weekly',
      'endDate-date': '06/11/2026',
      'endDate-time': '06:01 PM',
      'recurrenceEndDate-date': '07/01/2026',
    });
    expect(errorsOf(long)['']).toEqual(['Recurring events cannot be longer than 24 hours.']);
    expect(eventSectionOfErrors([''])).toBe('dates');
    const exactly = parse({
      ...VALID,
      recurrence: 'weekly',
      'endDate-date': '06/11/2026',
      'endDate-time': '06:00 PM',
      'recurrenceEndDate-date': '07/01/2026',
    });
    expect(exactly.status).toBe('success');
    expect(parse({ ...VALID, 'endDate-date': '06/12/2026' }).status).toBe('success');
  });

  it('needs a last day that is not before the event ends (the end day itself is fine)', () => {
    expect(errorsOf(parse({ ...VALID, recurrence: 'weekly' })).recurrenceEndDate).toEqual([EVENT_TEXTS.lastDayRequired]);
    expect(errorsOf(parse({ ...VALID, recurrence: 'weekly', 'recurrenceEndDate-date': '06/09/2026' })).recurrenceEndDate).toEqual([
      EVENT_TEXTS.recurrenceEndBeforeEnd,
    ]);
    expect(parse({ ...VALID, recurrence: 'weekly', 'recurrenceEndDate-date': '06/10/2026' }).status).toBe('success');
  });

  it('drops the RSVP form and hunt keys when their boxes are not ticked', () => {
    const off = parse({ ...VALID, rsvpFormKey: 'rsvp-standard', huntKey: 'hunt-1' });
    expect(off.status === 'success' && off.value).toMatchObject({ rsvpFormKey: '', huntKey: '', rsvpRequest: false });
    const on = parse({ ...VALID, rsvpRequest: 'on', rsvpFormKey: 'rsvp-standard', hunt: 'on', huntKey: 'hunt-1' });
    expect(on.status === 'success' && on.value).toMatchObject({ rsvpFormKey: 'rsvp-standard', huntKey: 'hunt-1', rsvpRequest: true });
  });

  it('reads Associated Calendars as keys, without repeats, and refuses bad ones or too many', () => {
    const result = parse({ ...VALID, calendars: ['activities', 'kids-club', 'activities'] });
    expect(result.status === 'success' && result.value.calendars).toEqual(['activities', 'kids-club']);
    expect(parse({ ...VALID, calendars: ['a.b'] }).status).toBe('error');
    expect(parse({ ...VALID, calendars: Array.from({ length: 101 }, (_, index) => `c${index}`) }).status).toBe('error');
  });

  it('gives a new event family, the next hour for one hour, and its calendar', () => {
    expect(newEventDefaults(at('2026-06-01T12:20'), NY, 'activities')).toMatchObject({
      audience: 'family',
      startDate: at('2026-06-01T13:00'),
      endDate: at('2026-06-01T14:00'),
      endDateDuration: 36e5,
      recurrence: 'none',
      calendars: ['activities'],
    });
  });
});
