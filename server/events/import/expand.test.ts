import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { zonedInstant } from '~/lib/date-time';
import { icsEvents, textToHtml } from './expand';
import { IcsError } from './ics';
import type { ImportedEvent } from './types';

const NY = 'America/New_York';
const LA = 'America/Los_Angeles';
const at = (local: string, zone = NY) => fromZonedTime(local, zone).getTime();
const local = (ms: number, zone = NY) => formatInTimeZone(ms, zone, 'EEE yyyy-MM-dd HH:mm');
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const NOW = at('2026-03-01T00:00');
const window = { now: NOW, timeZone: NY };

const brief = (event: ImportedEvent, zone = NY) => `${local(event.startDate, zone)} → ${local(event.endDate, zone)} ${event.title}`;
const wrap = (body: string) => `BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${body.trim().split('\n').join('\r\n')}\r\nEND:VCALENDAR\r\n`;

describe('icsEvents: recurrences', () => {
  it('expands a weekly rule with COUNT, EXDATE, RDATE, a moved and a cancelled occurrence across the March change', () => {
    const { events, cancelled } = icsEvents(fixture('weekly-dst.ics'), window);
    expect(events.map((event) => brief(event))).toEqual([
      'Mon 2026-03-02 18:00 → Mon 2026-03-02 19:30 Bingo Night',
      'Mon 2026-03-09 18:00 → Mon 2026-03-09 19:30 Bingo Night',
      'Thu 2026-03-19 18:00 → Thu 2026-03-19 19:30 Bingo Night',
      'Tue 2026-03-24 19:00 → Tue 2026-03-24 20:00 Bingo Night (moved to Tuesday)',
      'Mon 2026-04-06 18:00 → Mon 2026-04-06 19:30 Bingo Night',
    ]);
    // 18:00 local is 23:00 UTC before 8 March and 22:00 after.
    expect(new Date(events[0]!.startDate).toISOString()).toBe('2026-03-02T23:00:00.000Z');
    expect(new Date(events[1]!.startDate).toISOString()).toBe('2026-03-09T22:00:00.000Z');
    expect(events.map((event) => event.id)).toEqual([
      'bingo-weekly@pinehollow.example/20260302T230000Z',
      'bingo-weekly@pinehollow.example/20260309T220000Z',
      'bingo-weekly@pinehollow.example/20260319T220000Z',
      // The moved occurrence keeps the id of the one it replaces (its RECURRENCE-ID).
      'bingo-weekly@pinehollow.example/20260323T220000Z',
      'bingo-weekly@pinehollow.example/20260406T220000Z',
    ]);
    // The cancelled override is named in UTC, the series in New York: still the same occurrence.
    expect(cancelled).toEqual(['bingo-weekly@pinehollow.example/20260330T220000Z']);
    expect(events[0]!.description).toBe('<p>Cards at the hall.<br />Bring a pen, please.</p>');
    expect(events[0]!.location).toBe('Main Hall');
    // The override has no description or location of its own: the series' are kept.
    expect(events[3]!.location).toBe('Main Hall');
    expect(events.every((event) => event.allDay === false)).toBe(true);
  });

  it("repeats a weekly rule in its feed's zone up to an inclusive UTC UNTIL across that zone's change, with EXDATE and a moved instance", () => {
    // Berlin moves its clocks on 29 March, three weeks after New York: 19:00 there is 14:00 here, then 13:00.
    const { events, cancelled } = icsEvents(fixture('weekly-until-berlin.ics'), window);
    expect(events.map((event) => `${event.id} ${brief(event)}`)).toEqual([
      'choir@town.example/20260317T180000Z Tue 2026-03-17 14:00 → Tue 2026-03-17 16:00 Choir practice',
      'choir@town.example/20260324T180000Z Tue 2026-03-24 14:00 → Tue 2026-03-24 16:00 Choir practice',
      // 7 April moved to Wednesday 20:00 Berlin; it keeps the id of the Tuesday it replaces.
      'choir@town.example/20260407T170000Z Wed 2026-04-08 14:00 → Wed 2026-04-08 16:00 Choir practice (Wednesday)',
      // UNTIL is the last occurrence's own start: it is included.
      'choir@town.example/20260414T170000Z Tue 2026-04-14 13:00 → Tue 2026-04-14 15:00 Choir practice',
    ]);
    expect(cancelled).toEqual([]);
    expect(events.map((event) => event.location)).toEqual(Array(4).fill("St. Mary's Hall"));
    // A run a week later gives the same ids for what is left (re-runs update, never duplicate).
    const later = icsEvents(fixture('weekly-until-berlin.ics'), { ...window, now: at('2026-03-25T00:00') });
    expect(later.events.map((event) => event.id)).toEqual(events.slice(2).map((event) => event.id));
  });

  it('finds the last Sunday of each month (BYDAY=-1SU) up to a UTC UNTIL read in the zone, and BYMONTHDAY with COUNT', () => {
    const { events } = icsEvents(fixture('last-sunday.ics'), window);
    expect(events.map((event) => brief(event))).toEqual([
      'Sun 2026-03-15 17:00 → Sun 2026-03-15 19:00 Potluck',
      'Sun 2026-03-29 09:00 → Sun 2026-03-29 11:00 Pancake Breakfast',
      'Sun 2026-04-26 09:00 → Sun 2026-04-26 11:00 Pancake Breakfast',
      'Sun 2026-05-31 09:00 → Sun 2026-05-31 11:00 Pancake Breakfast',
    ]);
  });

  it('keeps 10:00 local across the November change and stops at the horizon', () => {
    const text = wrap(`
BEGIN:VEVENT
UID:brunch
DTSTART;TZID=America/New_York:20261025T100000
DTEND;TZID=America/New_York:20261025T110000
RRULE:FREQ=WEEKLY
SUMMARY:Brunch
END:VEVENT`);
    const { events } = icsEvents(text, { now: at('2026-10-20T00:00'), timeZone: NY, horizonMs: 21 * 24 * 3600 * 1000 });
    expect(events.map((event) => new Date(event.startDate).toISOString())).toEqual([
      '2026-10-25T14:00:00.000Z',
      '2026-11-01T15:00:00.000Z',
      '2026-11-08T15:00:00.000Z',
    ]);
    expect(events.every((event) => event.endDate - event.startDate === 3_600_000)).toBe(true);
  });

  it('reads a zone from its VTIMEZONE rules when the TZID is no IANA name, with two RRULEs and a PERIOD', () => {
    const { events } = icsEvents(fixture('zimbra-style.ics'), window);
    const yoga = events.filter((event) => event.title === 'Sunrise Yoga');
    expect(yoga.map((event) => brief(event, LA))).toEqual([
      'Tue 2026-03-03 07:00 → Tue 2026-03-03 08:00 Sunrise Yoga',
      'Sat 2026-03-07 07:00 → Sat 2026-03-07 08:00 Sunrise Yoga',
      'Tue 2026-03-10 07:00 → Tue 2026-03-10 08:00 Sunrise Yoga',
      'Thu 2026-03-12 08:00 → Thu 2026-03-12 10:30 Sunrise Yoga',
      'Tue 2026-03-17 07:00 → Tue 2026-03-17 08:00 Sunrise Yoga',
      'Tue 2026-03-24 07:00 → Tue 2026-03-24 08:00 Sunrise Yoga',
      'Sat 2026-04-04 07:00 → Sat 2026-04-04 08:00 Sunrise Yoga',
    ]);
    expect(new Date(yoga[0]!.startDate).toISOString()).toBe('2026-03-03T15:00:00.000Z');
    expect(new Date(yoga[2]!.startDate).toISOString()).toBe('2026-03-10T14:00:00.000Z');
  });

  it('puts floating times in the community zone, drops a DATE EXDATE day from a UTC series, and reports a cancelled event', () => {
    const { events, cancelled } = icsEvents(fixture('zimbra-style.ics'), window);
    expect(events.filter((event) => event.title === 'Coffee Social').map((event) => brief(event))).toEqual([
      'Thu 2026-03-05 10:00 → Thu 2026-03-05 11:00 Coffee Social',
    ]);
    expect(events.filter((event) => event.title === 'Night Sky Walk').map((event) => new Date(event.startDate).toISOString())).toEqual([
      '2026-03-09T03:00:00.000Z',
      '2026-03-10T03:00:00.000Z',
      '2026-03-12T03:00:00.000Z',
    ]);
    expect(events.some((event) => event.title === 'Cancelled Craft Hour')).toBe(false);
    expect(cancelled).toEqual(['gone@pinehollow.example']);
  });

  it('gives the same occurrences on a re-run (stable ids)', () => {
    const once = icsEvents(fixture('weekly-dst.ics'), window);
    const twice = icsEvents(fixture('weekly-dst.ics'), window);
    expect(twice).toEqual(once);
  });
});

describe('icsEvents: all-day and lengths', () => {
  it('keeps the day of all-day events in the community zone (DTEND exclusive, DATE-only DTSTART one day)', () => {
    const { events } = icsEvents(fixture('all-day.ics'), window);
    const byTitle = new Map(events.map((event) => [event.title, event]));
    expect(brief(byTitle.get('Market Day')!)).toBe('Sat 2026-03-14 00:00 → Sat 2026-03-14 23:59 Market Day');
    expect(byTitle.get('Market Day')!.endDate - byTitle.get('Market Day')!.startDate).toBe(86_399_999);
    expect(brief(byTitle.get('Spring Festival')!)).toBe('Fri 2026-03-20 00:00 → Sun 2026-03-22 23:59 Spring Festival');
    expect(brief(byTitle.get('Opening Day')!)).toBe('Wed 2026-04-01 00:00 → Wed 2026-04-01 23:59 Opening Day');
    expect(byTitle.get('Opening Day')!).toMatchObject({ description: '', location: '', allDay: true, id: 'only-date@pinehollow.example' });
    expect(events.filter((event) => event.allDay).map((event) => event.title)).toEqual([
      'Market Day',
      'Spring Festival',
      'Opening Day',
      "Founder's Birthday",
    ]);
  });

  it('repeats a yearly all-day event from 1990 only within the year ahead', () => {
    const { events } = icsEvents(fixture('all-day.ics'), window);
    const birthdays = events.filter((event) => event.title === "Founder's Birthday");
    expect(birthdays.map((event) => [event.id, brief(event)])).toEqual([
      ['birthday@pinehollow.example/20260610', "Wed 2026-06-10 00:00 → Wed 2026-06-10 23:59 Founder's Birthday"],
    ]);
  });

  it('reads DURATION instead of DTEND (P1D on the wall clock)', () => {
    const { events } = icsEvents(fixture('all-day.ics'), window);
    const relay = events.find((event) => event.title === 'Relay (24 hours)')!;
    expect(brief(relay, LA)).toBe('Tue 2026-06-30 06:00 → Wed 2026-07-01 06:00 Relay (24 hours)');
    expect(relay.allDay).toBe(false);
  });

  it('leaves out events that ended before the run', () => {
    const { events } = icsEvents(fixture('all-day.ics'), { now: at('2026-03-21T12:00'), timeZone: NY });
    expect(events.map((event) => event.title)).toEqual(['Spring Festival', 'Opening Day', "Founder's Birthday", 'Relay (24 hours)']);
  });

  it('moves an occurrence named by RECURRENCE-ID with a TZID to another zone and length', () => {
    const text = wrap(`
BEGIN:VEVENT
UID:call
DTSTART;TZID=Europe/London:20260304T150000
DTEND;TZID=Europe/London:20260304T160000
RRULE:FREQ=DAILY;COUNT=3
SUMMARY:Call
END:VEVENT
BEGIN:VEVENT
UID:call
RECURRENCE-ID;TZID=America/New_York:20260305T100000
DTSTART;TZID=America/New_York:20260305T120000
DURATION:PT30M
SUMMARY:Call (later)
END:VEVENT`);
    const { events } = icsEvents(text, window);
    expect(events.map((event) => brief(event))).toEqual([
      'Wed 2026-03-04 10:00 → Wed 2026-03-04 11:00 Call',
      'Thu 2026-03-05 12:00 → Thu 2026-03-05 12:30 Call (later)',
      'Fri 2026-03-06 10:00 → Fri 2026-03-06 11:00 Call',
    ]);
    expect(events[1]!.id).toBe('call/20260305T150000Z');
  });

  it('takes the highest SEQUENCE of a repeated UID and an HTML X-ALT-DESC, sanitized', () => {
    const text = wrap(`
BEGIN:VEVENT
UID:dup
SEQUENCE:2
DTSTART:20260310T150000Z
SUMMARY:New title
X-ALT-DESC;FMTTYPE=text/html:<p>Hi <script>alert(1)</script><b>there</b></p>
DESCRIPTION:Hi there
END:VEVENT
BEGIN:VEVENT
UID:dup
SEQUENCE:1
DTSTART:20260309T150000Z
SUMMARY:Old title
END:VEVENT`);
    const { events } = icsEvents(text, window);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ title: 'New title', description: '<p>Hi <b>there</b></p>' });
  });

  it('reads Outlook zone names, and puts a TZID it cannot resolve in the community zone', () => {
    const text = wrap(`
BEGIN:VEVENT
UID:outlook
DTSTART;TZID=Pacific Standard Time:20260310T090000
DTEND;TZID=Pacific Standard Time:20260310T100000
SUMMARY:Outlook
END:VEVENT
BEGIN:VEVENT
UID:unknown
DTSTART;TZID=Nowhere Time:20260310T090000
DTEND;TZID=Nowhere Time:20260310T100000
SUMMARY:Unknown
END:VEVENT`);
    const { events } = icsEvents(text, window);
    expect(events.map((event) => `${event.title} ${new Date(event.startDate).toISOString()}`)).toEqual([
      'Unknown 2026-03-10T13:00:00.000Z',
      'Outlook 2026-03-10T16:00:00.000Z',
    ]);
  });

  it('lets EXDATE win over an override of the same occurrence, and keeps an override without its series', () => {
    const text = wrap(`
BEGIN:VEVENT
UID:club
DTSTART:20260310T150000Z
RRULE:FREQ=DAILY;COUNT=2
EXDATE:20260311T150000Z
SUMMARY:Club
END:VEVENT
BEGIN:VEVENT
UID:club
RECURRENCE-ID:20260311T150000Z
DTSTART:20260311T170000Z
SUMMARY:Club (late)
END:VEVENT
BEGIN:VEVENT
UID:shared-one
RECURRENCE-ID;TZID=Europe/Paris:20260320T160000
DTSTART;TZID=America/New_York:20260320T120000
SUMMARY:Shared occurrence
END:VEVENT`);
    const { events } = icsEvents(text, window);
    expect(events.map((event) => `${event.id} ${event.title}`)).toEqual([
      'club/20260310T150000Z Club',
      'shared-one/20260320T150000Z Shared occurrence',
    ]);
  });

  it('expands a daily series that began decades ago without giving its past', () => {
    const text = wrap(`
BEGIN:VEVENT
UID:flag
DTSTART;TZID=America/New_York:19900101T080000
DTEND;TZID=America/New_York:19900101T081500
RRULE:FREQ=DAILY
SUMMARY:Flag raising
END:VEVENT`);
    const started = performance.now();
    const { events } = icsEvents(text, window);
    expect(events).toHaveLength(365);
    expect(local(events[0]!.startDate)).toBe('Sun 2026-03-01 08:00');
    expect(local(events[364]!.startDate)).toBe('Sun 2027-02-28 08:00');
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('refuses a text that is not iCalendar', () => {
    expect(() => icsEvents('<html>Not found</html>', window)).toThrow(IcsError);
  });
});

describe('textToHtml', () => {
  it('escapes and keeps paragraphs and line breaks', () => {
    expect(textToHtml('a < b\nc\n\nd & e')).toBe('<p>a &lt; b<br />c</p><p>d &amp; e</p>');
  });
});

describe('icsEvents: times and zones as the editor has them', () => {
  const iso = (ms: number) => new Date(ms).toISOString();
  const one = (body: string, timeZone = NY, now = at('2027-01-01T00:00')) => icsEvents(wrap(body), { now, timeZone }).events;

  it('puts a time the spring change skips just after the jump, as the editor does (02:15 New York → 03:15 EDT)', () => {
    const events = one(`
BEGIN:VEVENT
UID:gap
DTSTART;TZID=America/New_York:20270314T021500
DTEND;TZID=America/New_York:20270314T031500
SUMMARY:Early swim
END:VEVENT`);
    expect(iso(events[0]!.startDate)).toBe('2027-03-14T07:15:00.000Z');
    expect(events[0]!.startDate).toBe(zonedInstant({ year: 2027, month: 3, day: 14 }, { hour: 2, minute: 15 }, NY));
    expect(local(events[0]!.startDate)).toBe('Sun 2027-03-14 03:15');
  });

  it('takes the first instant of a time the autumn change repeats, east of UTC too (Sydney, Chatham, Lord Howe Island)', () => {
    const cases: Array<[string, string, string]> = [
      ['America/New_York', '20271107T013000', '2027-11-07T05:30:00.000Z'],
      ['Australia/Sydney', '20270404T023000', '2027-04-03T15:30:00.000Z'],
      ['Pacific/Chatham', '20270404T031500', '2027-04-03T13:30:00.000Z'],
      ['Australia/Lord_Howe', '20270404T014500', '2027-04-03T14:45:00.000Z'],
    ];
    for (const [zone, time, expected] of cases) {
      const events = one(
        `
BEGIN:VEVENT
UID:fold-${zone}
DTSTART;TZID=${zone}:${time}
SUMMARY:Night walk
END:VEVENT`,
        zone,
      );
      expect(`${zone} ${iso(events[0]!.startDate)}`).toBe(`${zone} ${expected}`);
    }
  });

  it('takes the first instant of a repeated time in a zone defined by its VTIMEZONE only', () => {
    const events = one(`
BEGIN:VTIMEZONE
TZID:Chatham Islands
BEGIN:STANDARD
DTSTART:19700405T034500
RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU
TZOFFSETFROM:+1345
TZOFFSETTO:+1245
END:STANDARD
BEGIN:DAYLIGHT
DTSTART:19700927T024500
RRULE:FREQ=YEARLY;BYMONTH=9;BYDAY=-1SU
TZOFFSETFROM:+1245
TZOFFSETTO:+1345
END:DAYLIGHT
END:VTIMEZONE
BEGIN:VEVENT
UID:chatham-vtimezone
DTSTART;TZID=Chatham Islands:20270404T031500
SUMMARY:Harbour tour
END:VEVENT
BEGIN:VEVENT
UID:chatham-gap
DTSTART;TZID=Chatham Islands:20270926T030000
SUMMARY:Spring tour
END:VEVENT`);
    expect(events.map((event) => `${event.id} ${iso(event.startDate)}`)).toEqual([
      'chatham-vtimezone 2027-04-03T13:30:00.000Z',
      // 03:00 does not exist on 26 September 2027 (02:45 → 03:45): 04:00 +13:45.
      'chatham-gap 2027-09-25T14:15:00.000Z',
    ]);
  });

  it('reads any Windows zone name by the CLDR mapping (Tokyo, India, Central Europe), not only American ones', () => {
    const events = one(`
BEGIN:VEVENT
UID:tokyo
DTSTART;TZID=Tokyo Standard Time:20270310T090000
SUMMARY:Tokyo
END:VEVENT
BEGIN:VEVENT
UID:india
DTSTART;TZID="India Standard Time":20270310T090000
SUMMARY:India
END:VEVENT
BEGIN:VEVENT
UID:warsaw
DTSTART;TZID=Central European Standard Time:20270710T090000
SUMMARY:Warsaw
END:VEVENT`);
    expect(events.map((event) => `${event.title} ${iso(event.startDate)}`)).toEqual([
      'Tokyo 2027-03-10T00:00:00.000Z',
      'India 2027-03-10T03:30:00.000Z',
      'Warsaw 2027-07-10T07:00:00.000Z',
    ]);
  });

  it("puts floating times and unknown zones in the feed's X-WR-TIMEZONE; all-day dates stay in the community's zone", () => {
    const text = wrap(`
X-WR-TIMEZONE:Europe/Berlin
BEGIN:VEVENT
UID:floating
DTSTART:20270310T190000
DTEND:20270310T200000
SUMMARY:Choir
END:VEVENT
BEGIN:VEVENT
UID:unknown-zone
DTSTART;TZID=Somewhere:20270311T190000
SUMMARY:Band
END:VEVENT
BEGIN:VEVENT
UID:day
DTSTART;VALUE=DATE:20270312
SUMMARY:Fair
END:VEVENT`);
    const { events } = icsEvents(text, { now: at('2027-01-01T00:00'), timeZone: NY });
    expect(events.map((event) => `${event.title} ${iso(event.startDate)}`)).toEqual([
      'Choir 2027-03-10T18:00:00.000Z',
      'Band 2027-03-11T18:00:00.000Z',
      'Fair 2027-03-12T05:00:00.000Z',
    ]);
  });

  it('matches a DATE-TIME RECURRENCE-ID on an all-day series to its day (Outlook), so the day is not there twice', () => {
    const events = one(
      `
BEGIN:VEVENT
UID:market
DTSTART;VALUE=DATE:20270301
DTEND;VALUE=DATE:20270302
RRULE:FREQ=WEEKLY;COUNT=3
SUMMARY:Market
END:VEVENT
BEGIN:VEVENT
UID:market
RECURRENCE-ID;TZID=Tokyo Standard Time:20270308T000000
DTSTART;VALUE=DATE:20270308
DTEND;VALUE=DATE:20270309
SUMMARY:Market (indoors)
END:VEVENT`,
      NY,
    );
    expect(events.map((event) => `${event.id} ${brief(event)}`)).toEqual([
      'market/20270301 Mon 2027-03-01 00:00 → Mon 2027-03-01 23:59 Market',
      'market/20270308 Mon 2027-03-08 00:00 → Mon 2027-03-08 23:59 Market (indoors)',
      'market/20270315 Mon 2027-03-15 00:00 → Mon 2027-03-15 23:59 Market',
    ]);
  });

  it('ends an all-day event at the end of its day on the change days (23 and 25 hours long)', () => {
    const events = one(`
BEGIN:VEVENT
UID:spring
DTSTART;VALUE=DATE:20270314
SUMMARY:Spring day
END:VEVENT
BEGIN:VEVENT
UID:autumn
DTSTART;VALUE=DATE:20271107
SUMMARY:Autumn day
END:VEVENT`);
    expect(events.map((event) => brief(event))).toEqual([
      'Sun 2027-03-14 00:00 → Sun 2027-03-14 23:59 Spring day',
      'Sun 2027-11-07 00:00 → Sun 2027-11-07 23:59 Autumn day',
    ]);
    expect(events.map((event) => event.endDate - event.startDate + 1)).toEqual([23 * 3_600_000, 25 * 3_600_000]);
  });

  it('moves and retitles this and the later occurrences for RECURRENCE-ID;RANGE=THISANDFUTURE', () => {
    const events = one(`
BEGIN:VEVENT
UID:yoga
DTSTART;TZID=America/New_York:20270301T090000
DTEND;TZID=America/New_York:20270301T100000
RRULE:FREQ=WEEKLY;COUNT=5
SUMMARY:Yoga
LOCATION:Lawn
END:VEVENT
BEGIN:VEVENT
UID:yoga
RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=America/New_York:20270315T090000
DTSTART;TZID=America/New_York:20270315T103000
DTEND;TZID=America/New_York:20270315T120000
SUMMARY:Yoga (new time)
LOCATION:Pavilion
END:VEVENT`);
    expect(events.map((event) => `${event.id} ${brief(event)} @${event.location}`)).toEqual([
      'yoga/20270301T140000Z Mon 2027-03-01 09:00 → Mon 2027-03-01 10:00 Yoga @Lawn',
      'yoga/20270308T140000Z Mon 2027-03-08 09:00 → Mon 2027-03-08 10:00 Yoga @Lawn',
      'yoga/20270315T130000Z Mon 2027-03-15 10:30 → Mon 2027-03-15 12:00 Yoga (new time) @Pavilion',
      'yoga/20270322T130000Z Mon 2027-03-22 10:30 → Mon 2027-03-22 12:00 Yoga (new time) @Pavilion',
      'yoga/20270329T130000Z Mon 2027-03-29 10:30 → Mon 2027-03-29 12:00 Yoga (new time) @Pavilion',
    ]);
  });
});

describe('icsEvents: what other calendars agree on (the corpus agreement test found these)', () => {
  const run = (body: string, now = at('2023-01-01T00:00')) => icsEvents(wrap(body), { now, timeZone: NY }).events;

  it("reads Google's DATE with a stray Z (RDATE:20231210Z) as that date, and leaves out a misspelt rule part", () => {
    const events = run(`
BEGIN:VEVENT
UID:birthday
DTSTART;VALUE=DATE:20241210
RRULE:FREQ=DAILY;COUNT=1
RDATE:20231210Z
SUMMARY:Birthday
END:VEVENT
BEGIN:VEVENT
UID:club
DTSTART;TZID=America/New_York:20230801T140000
RRULE:FREQ=WEEKLY;UNTL=20230820;BYDAY=TU;COUNT=3
SUMMARY:Club
END:VEVENT`);
    expect(events.map((event) => `${event.id} ${local(event.startDate)}`)).toEqual([
      'club/20230801T180000Z Tue 2023-08-01 14:00',
      'club/20230808T180000Z Tue 2023-08-08 14:00',
      'club/20230815T180000Z Tue 2023-08-15 14:00',
      'birthday/20231210 Sun 2023-12-10 00:00',
    ]);
  });

  it('gives nothing for a series whose UNTIL is before its start, and leaves out an override of a date the series does not have', () => {
    const events = run(
      `
BEGIN:VEVENT
UID:deleted
DTSTART;VALUE=DATE:20231002
RRULE:FREQ=WEEKLY;UNTIL=20231001;BYDAY=MO
SUMMARY:Deleted series
END:VEVENT
BEGIN:VEVENT
UID:camp
DTSTART;VALUE=DATE:20240701
RRULE:FREQ=WEEKLY;UNTIL=20240720;INTERVAL=2;BYDAY=MO
SUMMARY:Camp week
END:VEVENT
BEGIN:VEVENT
UID:camp
RECURRENCE-ID;VALUE=DATE:20240729
DTSTART;VALUE=DATE:20240729
SUMMARY:Camp week (old)
END:VEVENT`,
      at('2023-09-01T00:00'),
    );
    expect(events.map((event) => `${event.id} ${event.title}`)).toEqual(['camp/20240701 Camp week', 'camp/20240715 Camp week']);
  });
});

describe('icsEvents: rules rrule cannot expand within bounds', () => {
  const hostile = [
    'FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30',
    'FREQ=MINUTELY',
    'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
    'FREQ=WEEKLY;BYMONTH=4,6;BYMONTHDAY=31',
    'FREQ=HOURLY;INTERVAL=2;BYHOUR=1',
    'FREQ=DAILY;BYSETPOS=2',
    'FREQ=WEEKLY;BYSETPOS=9',
    'FREQ=MONTHLY;BYSETPOS=40',
    'FREQ=DAILY;INTERVAL=7;BYDAY=TU',
    'FREQ=YEARLY;BYYEARDAY=300;BYMONTH=1',
    'FREQ=DAILY;BYWEEKNO=1;BYMONTH=6',
    'FREQ=HOURLY;BYYEARDAY=1;BYDAY=MO;BYMONTHDAY=2',
  ];

  it('skips each series with the reason, quickly, and imports the rest of the feed', () => {
    const body = hostile
      .map(
        (rule, index) => `
BEGIN:VEVENT
UID:hostile-${index}
DTSTART:20270301T100000Z
RRULE:${rule}
SUMMARY:Hostile ${index}
END:VEVENT`,
      )
      .join('\n');
    const started = performance.now();
    const result = icsEvents(
      wrap(`${body}
BEGIN:VEVENT
UID:fine
DTSTART:20270301T100000Z
RRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=3
SUMMARY:Last weekday
END:VEVENT`),
      { now: at('2027-01-01T00:00'), timeZone: NY },
    );
    const elapsed = performance.now() - started;
    expect(result.events.map((event) => `${event.title} ${local(event.startDate)}`)).toEqual([
      // DTSTART is always the first occurrence.
      'Last weekday Mon 2027-03-01 05:00',
      'Last weekday Wed 2027-03-31 06:00',
      'Last weekday Fri 2027-04-30 06:00',
      'Last weekday Mon 2027-05-31 06:00',
    ]);
    const frequent = hostile.filter((rule) => /SECONDLY|MINUTELY/.test(rule)).length;
    expect(result.skipped).toEqual({ 'too-frequent': frequent, 'no-dates': hostile.length - frequent });
    expect(elapsed).toBeLessThan(10_000);
  });

  it('bounds a rule whose dates never come that no check names to a few centuries past the window, not to the year 9999', () => {
    // Week 1 is never in June: rrule walks every month, and would to the year 9999 (2 to 4 s).
    const { events, skipped } = icsEvents(
      wrap(`
BEGIN:VEVENT
UID:never
DTSTART:20270301T100000Z
RRULE:FREQ=MONTHLY;BYWEEKNO=1;BYMONTH=6
SUMMARY:Never
END:VEVENT`),
      { now: at('2027-01-01T00:00'), timeZone: NY },
    );
    // DTSTART only.
    expect(events.map((event) => event.id)).toEqual(['never/20270301T100000Z']);
    expect(skipped).toBeUndefined();
  });
});
