import { describe, expect, it } from 'vitest';
import { zonedInstant } from '~/lib/date-time';
import {
  all,
  CUT_OFF_MESSAGE,
  first,
  IcsError,
  listValues,
  parseContentLine,
  parseDuration,
  parseIcs,
  parseIcsTime,
  unescapeText,
  unfold,
} from './ics';
import { ianaNameOf, ianaZone, vtimezoneZone } from './zones';

describe('unfold and content lines', () => {
  it('joins folded lines (space or tab) across CRLF, LF and a BOM', () => {
    expect(unfold('\uFEFFA:1\r\n 23\r\nB:x\n\ty\nC:z')).toEqual(['A:123', 'B:xy', 'C:z']);
  });

  it('reads quoted parameters with colons, semicolons and commas', () => {
    expect(parseContentLine('ATTENDEE;CN="Doe, Jane: PI";ROLE=REQ:mailto:j@example.com')).toEqual({
      name: 'ATTENDEE',
      params: { CN: 'Doe, Jane: PI', ROLE: 'REQ' },
      value: 'mailto:j@example.com',
    });
    expect(parseContentLine('dtstart;tzid="Pacific Time (Custom)":20260303T070000')).toEqual({
      name: 'DTSTART',
      params: { TZID: 'Pacific Time (Custom)' },
      value: '20260303T070000',
    });
    expect(parseContentLine('not a line')).toBeNull();
  });

  it('reads TEXT escapes', () => {
    expect(unescapeText('a\\, b\\; c\\nd\\Ne\\\\f')).toBe('a, b; c\nd\ne\\f');
  });
});

describe('parseIcs', () => {
  it('nests components and ignores unknown ones', () => {
    const calendar = parseIcs(
      'BEGIN:VCALENDAR\nX-WR-CALNAME:Pool\nBEGIN:VEVENT\nUID:1\nBEGIN:VALARM\nACTION:DISPLAY\nEND:VALARM\nEND:VEVENT\nBEGIN:X-UNKNOWN\nEND:X-UNKNOWN\nEND:VCALENDAR',
    );
    expect(calendar.components.map((component) => component.name)).toEqual(['VEVENT', 'X-UNKNOWN']);
    expect(first(calendar.components[0]!, 'UID')?.value).toBe('1');
    expect(calendar.components[0]!.components[0]!.name).toBe('VALARM');
    expect(all(calendar, 'X-WR-CALNAME')).toHaveLength(1);
  });

  it('refuses a feed cut off before END:VCALENDAR (it is not the whole calendar), and text that is no calendar', () => {
    expect(() => parseIcs('BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:1\nEND:VEVENT\n')).toThrow(CUT_OFF_MESSAGE);
    expect(() => parseIcs('BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:1\nEND:VEVENT\nEND:VEVE')).toThrow(CUT_OFF_MESSAGE);
    expect(() => parseIcs('{"error":"not found"}')).toThrow(IcsError);
  });

  it('closes a VEVENT left open where the next one begins or the calendar ends, marking it unclosed', () => {
    const calendar = parseIcs(
      [
        'BEGIN:VCALENDAR',
        'BEGIN:VEVENT',
        'UID:open',
        'BEGIN:VEVENT',
        'UID:inner',
        'END:VEVENT',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:fine',
        'BEGIN:VALARM',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:last',
        'END:VCALENDAR',
      ].join('\n'),
    );
    expect(calendar.components.map((component) => [first(component, 'UID')?.value, component.unclosed === true])).toEqual([
      ['open', true],
      ['inner', false],
      ['fine', false],
      ['last', true],
    ]);
  });
});

describe('values', () => {
  it('parses DATE and DATE-TIME and refuses impossible ones', () => {
    expect(parseIcsTime('20260229')).toBeNull();
    expect(parseIcsTime('20240229')).toEqual({ kind: 'date', year: 2024, month: 2, day: 29 });
    expect(parseIcsTime('20260302T180000Z')).toMatchObject({ kind: 'date-time', hour: 18, utc: true });
    expect(parseIcsTime('20260302T1800')).toMatchObject({ hour: 18, minute: 0, second: 0, utc: false });
    expect(parseIcsTime('20260302T250000')).toBeNull();
  });

  it('parses durations with weeks, days and time, and signs', () => {
    expect(parseDuration('P1D')).toEqual({ days: 1, ms: 0 });
    expect(parseDuration('P2W')).toEqual({ days: 14, ms: 0 });
    expect(parseDuration('PT1H30M')).toEqual({ days: 0, ms: 5_400_000 });
    expect(parseDuration('P1DT2H')).toEqual({ days: 1, ms: 7_200_000 });
    expect(parseDuration('-PT15M')).toEqual({ days: -0, ms: -900_000 });
    expect(parseDuration('P')).toBeNull();
    expect(parseDuration('PT')).toBeNull();
    expect(parseDuration('1 hour')).toBeNull();
  });

  it('lists RDATE values and PERIODs', () => {
    expect(
      listValues({ name: 'RDATE', params: {}, value: '20260301T100000,20260302T100000/PT1H,20260303T100000Z/20260303T120000Z' }),
    ).toEqual([
      { start: '20260301T100000' },
      { start: '20260302T100000', duration: 'PT1H' },
      { start: '20260303T100000Z', end: '20260303T120000Z' },
    ]);
  });
});

describe('zones', () => {
  it('knows IANA names, Windows names, prefixed names and X-LIC-LOCATION', () => {
    expect(ianaNameOf('America/New_York')).toBe('America/New_York');
    expect(ianaNameOf('Eastern Standard Time')).toBe('America/New_York');
    expect(ianaNameOf('/mozilla.org/20050126_1/America/Chicago')).toBe('America/Chicago');
    const vtimezone = parseIcs(
      'BEGIN:VCALENDAR\nBEGIN:VTIMEZONE\nTZID:Lake Time\nX-LIC-LOCATION:America/Denver\nEND:VTIMEZONE\nEND:VCALENDAR',
    ).components[0]!;
    expect(ianaNameOf('Lake Time', vtimezone)).toBe('America/Denver');
    expect(ianaNameOf('Nowhere Time')).toBeNull();
  });

  it('computes a VTIMEZONE as the IANA zone it describes, including the gap and the overlap', () => {
    const vtimezone = parseIcs(
      [
        'BEGIN:VCALENDAR',
        'BEGIN:VTIMEZONE',
        'TZID:Eastern (custom)',
        'BEGIN:DAYLIGHT',
        'TZOFFSETFROM:-0500',
        'TZOFFSETTO:-0400',
        'DTSTART:20070311T020000',
        'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
        'END:DAYLIGHT',
        'BEGIN:STANDARD',
        'TZOFFSETFROM:-0400',
        'TZOFFSETTO:-0500',
        'DTSTART:20071104T020000',
        'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
        'END:STANDARD',
        'END:VTIMEZONE',
        'END:VCALENDAR',
      ].join('\n'),
    ).components[0]!;
    const custom = vtimezoneZone(vtimezone, Date.UTC(2028, 0, 1))!;
    const iana = ianaZone('America/New_York');
    for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 3 * 3600 * 1000 + 17 * 60 * 1000) {
      expect(custom.toFloating(ms)).toBe(iana.toFloating(ms));
      expect(custom.toInstant(iana.toFloating(ms))).toBe(iana.toInstant(iana.toFloating(ms)));
    }
    // 8 March 2026 02:30 does not exist; 1 November 01:30 happens twice (the first is taken).
    expect(new Date(custom.toInstant(Date.UTC(2026, 10, 1, 1, 30))).toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(custom.toFloating(Date.UTC(2026, 2, 8, 7, 30))).toBe(Date.UTC(2026, 2, 8, 3, 30));
    // The skipped 02:30 is read with the offset before the jump, as the editor reads it: 03:30 EDT.
    expect(new Date(custom.toInstant(Date.UTC(2026, 2, 8, 2, 30))).toISOString()).toBe('2026-03-08T07:30:00.000Z');
  });

  it('reads a VTIMEZONE whose observance rule has no dates quickly, from its DTSTART onset only', () => {
    const vtimezone = parseIcs(
      [
        'BEGIN:VCALENDAR',
        'BEGIN:VTIMEZONE',
        'TZID:Nowhere',
        'BEGIN:STANDARD',
        'TZOFFSETFROM:+0100',
        'TZOFFSETTO:+0100',
        'DTSTART:20000101T000000',
        'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
        'END:STANDARD',
        'END:VTIMEZONE',
        'END:VCALENDAR',
      ].join('\n'),
    ).components[0]!;
    const started = performance.now();
    const zone = vtimezoneZone(vtimezone, Date.UTC(2028, 0, 1))!;
    expect(zone.toFloating(Date.UTC(2027, 5, 1))).toBe(Date.UTC(2027, 5, 1, 1));
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('ianaZone', () => {
  it("agrees with date-fns-tz through a year (a half-hour change too), and with the editor's rule in the gap and the repeated hour", async () => {
    const { toZonedTime } = await import('date-fns-tz');
    for (const name of ['America/New_York', 'Australia/Lord_Howe']) {
      const zone = ianaZone(name);
      for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 173 * 60 * 1000) {
        const zoned = toZonedTime(ms, name);
        const floating = Date.UTC(zoned.getFullYear(), zoned.getMonth(), zoned.getDate(), zoned.getHours(), zoned.getMinutes());
        expect(zone.toFloating(ms)).toBe(floating);
        const day = { year: zoned.getFullYear(), month: zoned.getMonth() + 1, day: zoned.getDate() };
        expect(zone.toInstant(floating)).toBe(zonedInstant(day, { hour: zoned.getHours(), minute: zoned.getMinutes() }, name));
      }
    }
    const ny = ianaZone('America/New_York');
    const instant = (iso: string) => new Date(ny.toInstant(Date.parse(`${iso}Z`))).toISOString();
    // The gap: the same time after the jump; the repeated hour: its first (EDT) instant.
    expect(instant('2026-03-08T02:30:00')).toBe('2026-03-08T07:30:00.000Z');
    expect(instant('2027-03-14T02:15:00')).toBe('2027-03-14T07:15:00.000Z');
    expect(instant('2026-11-01T01:30:00')).toBe('2026-11-01T05:30:00.000Z');
    expect(instant('2026-11-01T00:59:00')).toBe('2026-11-01T04:59:00.000Z');
    expect(instant('2026-03-08T03:00:00')).toBe('2026-03-08T07:00:00.000Z');
  });
});
