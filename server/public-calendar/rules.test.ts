import { fromZonedTime } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '~/lib/icons/colors';
import { parsePublicCalendarQuery } from '~/lib/public-calendar';
import { eventJsonLd } from './json-ld';
import { calendarColors, readableOn } from './page';
import {
  dayHeading,
  eventDateText,
  isoWithOffset,
  isPassed,
  occurrenceDays,
  occurrenceWhen,
  ordinal,
  publicOccurrence,
  rowTimeText,
  safeImage,
  startOfDayKey,
  zonedDayKey,
} from './rules';

const NY = 'America/New_York';
const at = (local: string, zone = NY) => fromZonedTime(local, zone).getTime();
const HOUR = 36e5;

describe('what the public sees of a stored event', () => {
  it('keeps a saved event with its times, text and place', () => {
    const start = at('2026-12-01 08:00');
    const occurrence = publicOccurrence('ev-1', {
      title: ' Pancake Breakfast ',
      description: '<p>Stacks of <b>pancakes</b>.</p><p>$6 &amp; up</p>',
      startDate: start,
      endDate: start + 2 * HOUR,
      resortLocationId: 'main-pavilion',
      drawable: 'https://cdn.example/pancakes.jpg',
      recurrenceId: 'rec-1',
    });
    expect(occurrence).toMatchObject({
      id: 'ev-1',
      title: 'Pancake Breakfast',
      start,
      end: start + 2 * HOUR,
      allDay: false,
      description: ['Stacks of pancakes.', '$6 & up'],
      image: 'https://cdn.example/pancakes.jpg',
      locationId: 'main-pavilion',
      recurrenceId: 'rec-1',
    });
  });

  it('never shows an event deleted from an active view (decision 024) or a record without a start', () => {
    const now = at('2026-11-28 09:09');
    expect(
      publicOccurrence('gone', { title: 'Gone', startDate: now, endDate: now, deleted: { time: now, startDate: now + 864e5 } }),
    ).toBeNull();
    expect(publicOccurrence('broken', { title: 'No start' })).toBeNull();
    expect(publicOccurrence('zero', { title: 'Zero', startDate: 0 })).toBeNull();
    expect(publicOccurrence('text', 'not an event')).toBeNull();
    // A mark that is no mark (no time) hides nothing.
    expect(publicOccurrence('ok', { title: 'Kept', startDate: now, deleted: { note: 'x' } })).not.toBeNull();
  });

  it('gives an event without a usable end its stored duration, else the default hour', () => {
    const start = at('2026-12-01 08:00');
    expect(publicOccurrence('a', { startDate: start, endDateDuration: 30 * 60_000 })!.end).toBe(start + 30 * 60_000);
    expect(publicOccurrence('b', { startDate: start, endDate: start - 1 })!.end).toBe(start + HOUR);
    expect(publicOccurrence('c', { startDate: start })!.title).toBe('Untitled event');
  });

  it('shows only http(s) images and site paths', () => {
    expect(safeImage('javascript:alert(1)')).toBeNull();
    expect(safeImage('data:image/png;base64,xx')).toBeNull();
    expect(safeImage('//evil.example/x.png')).toBeNull();
    expect(safeImage('/files/a/b.jpg')).toBe('/files/a/b.jpg');
    expect(safeImage('http://x.example/a "b.jpg')).toBeNull();
  });

  it('marks an event passed once its end has come', () => {
    expect(isPassed({ end: 10 }, 10)).toBe(true);
    expect(isPassed({ end: 11 }, 10)).toBe(false);
  });
});

describe('the days an occurrence shows on (next-day threshold 04:00)', () => {
  const days = (start: string, end: string, allDay = false) => occurrenceDays({ start: at(start), end: at(end), allDay }, NY);

  it('keeps an evening that ends before 04:00 the next day on its first day', () => {
    expect(days('2026-12-04 21:00', '2026-12-05 01:00')).toEqual({ first: '2026-12-04', last: '2026-12-04' });
    expect(days('2026-12-04 21:00', '2026-12-05 03:59')).toEqual({ first: '2026-12-04', last: '2026-12-04' });
    expect(days('2026-12-04 21:00', '2026-12-05 00:00')).toEqual({ first: '2026-12-04', last: '2026-12-04' });
  });

  it('puts an event ending at 04:00 or later the next day on both days', () => {
    expect(days('2026-12-04 21:00', '2026-12-05 04:00')).toEqual({ first: '2026-12-04', last: '2026-12-05' });
    expect(days('2026-12-04 09:00', '2026-12-07 12:00')).toEqual({ first: '2026-12-04', last: '2026-12-07' });
  });

  it('keeps an all-day event on its own days', () => {
    expect(days('2026-12-09 00:00', '2026-12-09 23:59:59.999', true)).toEqual({ first: '2026-12-09', last: '2026-12-09' });
    expect(days('2026-12-09 00:00', '2026-12-11 23:59:59.999', true)).toEqual({ first: '2026-12-09', last: '2026-12-11' });
  });

  it('reads days in the community zone, not the server one', () => {
    const start = at('2026-12-04 23:30', 'America/Los_Angeles');
    expect(zonedDayKey(start, 'America/Los_Angeles')).toBe('2026-12-04');
    expect(zonedDayKey(start, NY)).toBe('2026-12-05');
  });

  it('finds the first instant of a day across clock changes', () => {
    expect(startOfDayKey('2026-03-08', NY)).toBe(at('2026-03-08 00:00'));
    expect(startOfDayKey('2026-03-09', NY)).toBe(at('2026-03-09 00:00'));
    expect(startOfDayKey('2026-11-01', NY)).toBe(at('2026-11-01 00:00'));
    // Santiago skips its midnight when daylight saving begins (2026-09-06): the day begins at 01:00.
    const santiago = 'America/Santiago';
    const begin = startOfDayKey('2026-09-06', santiago);
    expect(zonedDayKey(begin, santiago)).toBe('2026-09-06');
    expect(zonedDayKey(begin - 1, santiago)).toBe('2026-09-05');
  });
});

describe('texts (spec 03 §9)', () => {
  it("writes the event date format 'MMMM Do YYYY @ h:mm a'", () => {
    expect(eventDateText(at('2026-12-01 08:00'), NY)).toBe('December 1st 2026 @ 8:00 am');
    expect(eventDateText(at('2026-12-22 20:30'), NY)).toBe('December 22nd 2026 @ 8:30 pm');
    expect(eventDateText(at('2026-12-13 00:05'), NY)).toBe('December 13th 2026 @ 12:05 am');
    expect(eventDateText(at('2026-07-03 12:00'), NY)).toBe('July 3rd 2026 @ 12:00 pm');
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '31st',
      '101st',
      '111th',
    ]);
  });

  it('writes rows and whole whens', () => {
    const start = at('2026-12-04 20:30');
    expect(rowTimeText({ start, end: start + 2 * HOUR, allDay: false, hideEnd: false }, NY)).toBe('8:30 pm - 10:30 pm');
    expect(rowTimeText({ start, end: start + 2 * HOUR, allDay: false, hideEnd: true }, NY)).toBe('8:30 pm');
    expect(rowTimeText({ start, end: start + 2 * HOUR, allDay: true, hideEnd: false }, NY)).toBe('all-day');
    expect(occurrenceWhen({ start, end: start + 2 * HOUR, allDay: false, hideEnd: false }, NY)).toBe(
      'December 4th 2026 @ 8:30 pm - 10:30 pm',
    );
    expect(occurrenceWhen({ start, end: at('2026-12-05 09:00'), allDay: false, hideEnd: false }, NY)).toBe(
      'December 4th 2026 @ 8:30 pm - December 5th 2026 @ 9:00 am',
    );
    expect(occurrenceWhen({ start: at('2026-12-09 00:00'), end: at('2026-12-09 23:59'), allDay: true, hideEnd: false }, NY)).toBe(
      'December 9th 2026 (All Day)',
    );
    expect(dayHeading('2026-12-01')).toBe('Tuesday, December 1, 2026');
  });

  it('writes ISO dates with the offset in force', () => {
    expect(isoWithOffset(at('2026-12-01 08:00'), NY)).toBe('2026-12-01T08:00:00-05:00');
    expect(isoWithOffset(at('2026-07-01 08:00'), NY)).toBe('2026-07-01T08:00:00-04:00');
    expect(isoWithOffset(at('2026-07-01 08:00', 'Asia/Kolkata'), 'Asia/Kolkata')).toBe('2026-07-01T08:00:00+05:30');
  });
});

describe('colours', () => {
  it('takes the query, then the community, then the defaults, and keeps text readable', () => {
    const defaults = calendarColors(parsePublicCalendarQuery(new URLSearchParams()), {});
    expect(defaults).toMatchObject({ primary: '#183449', text: '#ffffff', background: '#1da9f3' });
    // The default date colour (#0d6efd) is a shade darker where it would fall under 4.5:1 on the grey headings.
    expect(defaults.date).toMatch(/^#0[0-9a-f]{5}$/);
    expect(contrastRatio(defaults.date, '#f6f8fa')).toBeGreaterThanOrEqual(4.5);
    const community = calendarColors(parsePublicCalendarQuery(new URLSearchParams()), { colorPrimary: '#2E7D32' });
    expect(community.primary).toBe('#2e7d32');
    // White text on a pale primary cannot be read: black instead.
    const pale = calendarColors(parsePublicCalendarQuery(new URLSearchParams('colorPrimary=%23fafafa&colorDate=%23ffff00')), {});
    expect(contrastRatio(pale.text, '#fafafa')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(pale.date, '#f6f8fa')).toBeGreaterThanOrEqual(4.5);
    // Already readable: kept as chosen.
    expect(readableOn('#183449', ['#ffffff'])).toBe('#183449');
  });
});

describe('the schema.org Event', () => {
  it('carries the fields search engines require, with offsets, and the community as organizer', () => {
    const start = at('2026-12-01 08:00');
    const occurrence = publicOccurrence('ev-1', {
      title: 'Breakfast',
      description: '<p>Pancakes</p>',
      startDate: start,
      endDate: start + HOUR,
      resortLocationId: 'hall',
    })!;
    const value = eventJsonLd(occurrence, {
      zone: NY,
      community: {
        name: 'Pine Hollow',
        url: 'https://pine.example',
        streetAddress: '1 Road',
        locality: 'Town',
        region: 'NY',
        postalCode: '12846',
        image: '/files/x.jpg',
      },
      locations: new Map([['hall', { title: 'Hall', streetAddress: '2 Road', locality: 'Town', region: 'NY', postalCode: '' }]]),
      origin: 'https://console.example',
      url: '/calendar/event/pine/activities/ev-1',
    });
    expect(value).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Breakfast',
      startDate: '2026-12-01T08:00:00-05:00',
      endDate: '2026-12-01T09:00:00-05:00',
      eventStatus: 'https://schema.org/EventScheduled',
      location: { '@type': 'Place', name: 'Hall', address: { '@type': 'PostalAddress', streetAddress: '2 Road', addressLocality: 'Town' } },
      description: 'Pancakes',
      image: ['https://console.example/files/x.jpg'],
      organizer: { '@type': 'Organization', name: 'Pine Hollow', url: 'https://pine.example' },
      url: 'https://console.example/calendar/event/pine/activities/ev-1',
    });
  });
});
