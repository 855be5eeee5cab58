import { afterAll, describe, expect, it } from 'vitest';
import type { DbValue } from '@server/db';
import { bulkDeleteEvents, deleteEvent } from '../delete';
import { saveEvent } from '../save';
import { at, eventFields, get, makeCommunity, NY, openTestDb, saveInput } from '../testing';
import { buildCalendarFeed } from './build';
import { calendarFeed, type CalendarFeedInput } from './feed';
import { allDay, icalJsOccurrences, nodeIcalOccurrences, productOccurrences, timed } from './testing';

/**
 * The calendar feed against two independent parsers: ical.js (Mozilla's, with its own
 * recurrence iterator) and node-ical (rrule-temporal). The events are made here through the
 * product's own save and delete (save.ts, delete.ts), so the occurrences to expect are the ones
 * the product stores, one event per occurrence, which its pages list. The cases follow the
 * product's recurrence tests (save.test.ts: Mon/Wed/Fri 18:00 across the March change, Edit
 * Event moving one occurrence, all-day occurrences on a clock-change day) and RFC 5545's own
 * examples of EXDATE, RECURRENCE-ID and all-day DTEND (§3.8.5.1, §3.8.4.4, §3.6.1).
 */

const { db, deps } = openTestDb('events-feed');
afterAll(async () => {
  await db.close();
});
const { paths } = deps;
const BERLIN = 'Europe/Berlin';
const T0 = at('2026-02-25T12:00');
const MWF = [true, false, true, false, true, false, false];
const storedEvents = async (community: string, calendarId = 'activities') =>
  ((await get(deps, paths.calendarEvents(community, calendarId))) ?? {}) as Record<string, Record<string, DbValue>>;

async function communityIn(timeZone: string): Promise<string> {
  const community = await makeCommunity(deps);
  await db.ref(paths.community(community)).update({ timeZone });
  await db.ref(`${paths.locations(community)}/hall`).set({ title: 'Community Hall', address: '1 Main St' });
  return community;
}

const saved = async (promise: ReturnType<typeof saveEvent>) => {
  const result = await promise;
  if (!result.ok) throw new Error(`save failed: ${JSON.stringify(result)}`);
  return result;
};

async function eventIdAt(community: string, calendarId: string, start: number): Promise<string> {
  const events = ((await get(deps, paths.calendarEvents(community, calendarId))) ?? {}) as Record<string, Record<string, DbValue>>;
  const found = Object.entries(events).find(([, event]) => event.startDate === start);
  if (!found) throw new Error(`no event at ${new Date(start).toISOString()}`);
  return found[0];
}

/**
 * The New York calendar: a Mon/Wed/Fri 18:00 series across 8 March, one occurrence moved and
 * retitled, one deleted, one archived by Delete Selected; plain, multi-day and all-day events.
 */
async function newYorkCalendar(): Promise<string> {
  const community = await communityIn(NY);
  const first = at('2026-03-02T18:00');
  await saved(
    saveEvent(
      deps,
      saveInput(community, {
        eventId: 'trivia',
        fields: eventFields(first, first + 36e5, { title: 'Trivia; quiz, night' }),
        now: T0,
        recurrence: 'daily',
        validDays: MWF,
        recurrenceEndDate: at('2026-03-20T12:00'),
      }),
    ),
  );
  const wednesday = await eventIdAt(community, 'activities', at('2026-03-11T18:00'));
  const moved = at('2026-03-11T19:30');
  const stored = await get(deps, paths.calendarEvent(community, 'activities', wednesday));
  await saved(
    saveEvent(
      deps,
      saveInput(community, {
        eventId: wednesday,
        isNew: false,
        version: null,
        scope: 'event',
        fields: { ...stored, ...eventFields(moved, moved + 2 * 36e5, { title: 'Trivia (finals)' }) },
        now: T0,
      }),
    ),
  );
  const friday = await eventIdAt(community, 'activities', at('2026-03-06T18:00'));
  const removed = await deleteEvent(deps, {
    community,
    calendarId: 'activities',
    eventId: friday,
    calendars: null,
    scope: 'event',
    view: 'active',
    imported: null,
    now: T0,
  });
  expect(removed.ok).toBe(true);
  const plain = at('2026-03-08T01:30');
  await saved(
    saveEvent(
      deps,
      saveInput(community, { eventId: 'night', fields: eventFields(plain, at('2026-03-08T04:30'), { title: 'Night sky' }), now: T0 }),
    ),
  );
  const weekend = at('2026-03-13T17:00');
  await saved(
    saveEvent(
      deps,
      saveInput(community, { eventId: 'camp', fields: eventFields(weekend, at('2026-03-15T11:00'), { title: 'Weekend camp' }), now: T0 }),
    ),
  );
  // Delete Selected in the active view on 19 March archives (decision 024): the 20 March occurrence
  // (not begun) and a plain event under way leave the calendar's views, so they leave the feed.
  const lastFriday = await eventIdAt(community, 'activities', at('2026-03-20T18:00'));
  const talk = at('2026-03-19T10:00');
  await saved(
    saveEvent(deps, saveInput(community, { eventId: 'talk', fields: eventFields(talk, talk + 4 * 36e5, { title: 'Talk' }), now: T0 })),
  );
  const archived = await bulkDeleteEvents(deps, {
    community,
    calendarId: 'activities',
    keys: [lastFriday, 'talk'],
    view: 'active',
    now: at('2026-03-19T12:00'),
  });
  expect(archived.archived).toBe(2);
  const fair = at('2026-03-08T00:00');
  await saved(
    saveEvent(
      deps,
      saveInput(community, {
        eventId: 'fair',
        fields: eventFields(fair, at('2026-03-09T00:00') - 1, { title: 'Spring fair', allDay: true, endDateDuration: 86399999 }),
        now: T0,
      }),
    ),
  );
  return community;
}

/** The Berlin calendar: a weekly 09:30 series across 29 March and a weekly all-day series over the same change, one day deleted. */
async function berlinCalendar(): Promise<string> {
  const community = await communityIn(BERLIN);
  const first = at('2026-03-16T09:30', BERLIN);
  await saved(
    saveEvent(
      deps,
      saveInput(community, {
        eventId: 'yoga',
        fields: eventFields(first, first + 45 * 60e3, { title: 'Yoga' }),
        now: T0,
        timeZone: BERLIN,
        recurrence: 'weekly',
        recurrenceEndDate: at('2026-04-13T12:00', BERLIN),
      }),
    ),
  );
  const market = at('2026-03-22T00:00', BERLIN);
  await saved(
    saveEvent(
      deps,
      saveInput(community, {
        eventId: 'market',
        fields: eventFields(market, at('2026-03-23T00:00', BERLIN) - 1, { title: 'Market day', allDay: true, endDateDuration: 86399999 }),
        now: T0,
        timeZone: BERLIN,
        recurrence: 'weekly',
        recurrenceEndDate: at('2026-04-12T12:00', BERLIN),
      }),
    ),
  );
  const easter = await eventIdAt(community, 'activities', at('2026-04-05T00:00', BERLIN));
  const removed = await deleteEvent(deps, {
    community,
    calendarId: 'activities',
    eventId: easter,
    calendars: null,
    scope: 'event',
    view: 'active',
    imported: null,
    now: T0,
  });
  expect(removed.ok).toBe(true);
  return community;
}

describe('a calendar feed', () => {
  it('gives the product’s occurrences in ical.js and in node-ical: New York, a series with a moved and a deleted occurrence, multi-day and all-day events', async () => {
    const community = await newYorkCalendar();
    const feed = (await buildCalendarFeed(deps, { community, calendarId: 'activities', now: T0 }))!;
    const expected = productOccurrences(await storedEvents(community), NY);
    expect(expected).toContain(timed('Trivia (finals)', at('2026-03-11T19:30'), at('2026-03-11T21:30')));
    expect(expected).toContain(allDay('Spring fair', '2026-03-08', '2026-03-08'));
    expect(expected).toHaveLength(7 + 3);
    expect(icalJsOccurrences(feed.ics)).toEqual(expected);
    expect(nodeIcalOccurrences(feed.ics)).toEqual(expected);

    // One VEVENT for the series, with its rule, the deleted Friday as EXDATE and the moved Wednesday as an override.
    const unfolded = feed.ics.replace(/\r\n /g, '');
    expect(unfolded.match(/^RRULE:FREQ=(?:DAILY|WEEKLY).*$/gm)).toEqual(['RRULE:FREQ=DAILY;UNTIL=20260321T035959Z;BYDAY=MO,WE,FR']);
    expect(unfolded).toContain('EXDATE;TZID=America/New_York:20260306T180000,20260320T180000\r\n');
    expect(unfolded).not.toContain('SUMMARY:Talk');
    expect(unfolded).toContain('RECURRENCE-ID;TZID=America/New_York:20260311T180000\r\n');
    expect(unfolded).toContain('DTSTART;VALUE=DATE:20260308\r\nDTEND;VALUE=DATE:20260309\r\n');
    expect(unfolded).toContain('SUMMARY:Trivia\\; quiz\\, night\r\n');
    expect(unfolded).toContain('LOCATION:Community Hall\\, 1 Main St\r\n');
    expect(unfolded.match(/^BEGIN:VTIMEZONE$/gm)).toHaveLength(1);
    expect(unfolded).toContain('TZID:America/New_York\r\n');
    expect(unfolded).toContain('NAME:activities\r\nX-WR-CALNAME:activities\r\n');
    expect(unfolded).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n');
  });

  it('gives the product’s occurrences in both parsers across Berlin’s change: a weekly timed series and a weekly all-day series with a deleted day and a retitled one', async () => {
    const community = await berlinCalendar();
    // Edit Event retitles the all-day occurrence of 29 March: an override whose RECURRENCE-ID is a DATE, like its DTSTART.
    const clockChange = await eventIdAt(community, 'activities', at('2026-03-29T00:00', BERLIN));
    const stored = await get(deps, paths.calendarEvent(community, 'activities', clockChange));
    await saved(
      saveEvent(
        deps,
        saveInput(community, {
          eventId: clockChange,
          isNew: false,
          version: null,
          scope: 'event',
          fields: { ...stored, title: 'Market day (short hours)' },
          now: T0,
          timeZone: BERLIN,
        }),
      ),
    );
    const source = `https://console.example/calendar/${community}/activities.ics`;
    const feed = (await buildCalendarFeed(deps, { community, calendarId: 'activities', now: T0, source }))!;
    const expected = productOccurrences(await storedEvents(community), BERLIN);
    // 09:30 local is 08:30 UTC before 29 March and 07:30 UTC after.
    expect(expected).toContain(timed('Yoga', Date.parse('2026-03-23T08:30:00Z'), Date.parse('2026-03-23T09:15:00Z')));
    expect(expected).toContain(timed('Yoga', Date.parse('2026-03-30T07:30:00Z'), Date.parse('2026-03-30T08:15:00Z')));
    expect(expected).toContain(allDay('Market day (short hours)', '2026-03-29', '2026-03-29'));
    expect(expected).not.toContain(allDay('Market day', '2026-04-05', '2026-04-05'));
    expect(expected).toHaveLength(5 + 3);
    expect(icalJsOccurrences(feed.ics)).toEqual(expected);
    expect(nodeIcalOccurrences(feed.ics)).toEqual(expected);
    const unfolded = feed.ics.replace(/\r\n /g, '');
    // RRULE, EXDATE and UNTIL of an all-day series are DATE values like its DTSTART.
    expect(unfolded).toContain('RRULE:FREQ=WEEKLY;UNTIL=20260412;BYDAY=SU\r\nEXDATE;VALUE=DATE:20260405\r\n');
    expect(unfolded).toContain('RECURRENCE-ID;VALUE=DATE:20260329\r\nSUMMARY:Market day (short hours)\r\n');
    expect(unfolded).toContain('TZID:Europe/Berlin\r\n');
    expect(unfolded).toContain(`SOURCE;VALUE=URI:${source}\r\n`);
  });

  it('gives the product’s occurrences in both parsers when Edit Event moves occurrences to other days, one onto a day that has its own', async () => {
    const community = await communityIn(NY);
    const first = at('2026-04-06T18:00');
    await saved(
      saveEvent(
        deps,
        saveInput(community, {
          eventId: 'choir',
          fields: eventFields(first, first + 36e5, { title: 'Choir' }),
          now: T0,
          recurrence: 'daily',
          validDays: MWF,
          recurrenceEndDate: at('2026-04-17T12:00'),
        }),
      ),
    );
    const moves: Array<[string, string]> = [
      ['2026-04-06T18:00', '2026-04-07T17:00'], // Monday to Tuesday, a day the rule does not give
      ['2026-04-08T18:00', '2026-04-10T09:00'], // Wednesday onto Friday morning, which has its own occurrence
    ];
    for (const [from, to] of moves) {
      const eventId = await eventIdAt(community, 'activities', at(from));
      const stored = await get(deps, paths.calendarEvent(community, 'activities', eventId));
      await saved(
        saveEvent(
          deps,
          saveInput(community, {
            eventId,
            isNew: false,
            version: null,
            scope: 'event',
            fields: { ...stored, ...eventFields(at(to), at(to) + 36e5, { title: 'Choir' }) },
            now: T0,
          }),
        ),
      );
    }
    const feed = (await buildCalendarFeed(deps, { community, calendarId: 'activities', now: T0 }))!;
    const expected = productOccurrences(await storedEvents(community), NY);
    expect(expected).toHaveLength(6);
    expect(expected).toContain(timed('Choir', at('2026-04-07T17:00'), at('2026-04-07T18:00')));
    expect(expected).toContain(timed('Choir', at('2026-04-10T09:00'), at('2026-04-10T10:00')));
    expect(expected).toContain(timed('Choir', at('2026-04-10T18:00'), at('2026-04-10T19:00')));
    expect(icalJsOccurrences(feed.ics)).toEqual(expected);
    expect(nodeIcalOccurrences(feed.ics)).toEqual(expected);
    // Friday 18:00 keeps its place in the series; the two moved ones leave their dates as EXDATEs
    // and stand alone on days the rule does not give them.
    const unfolded = feed.ics.replace(/\r\n /g, '');
    expect(unfolded).toContain('EXDATE;TZID=America/New_York:20260406T180000,20260408T180000\r\n');
    expect(unfolded).not.toContain('RECURRENCE-ID');
    expect(unfolded.match(/^BEGIN:VEVENT$/gm)).toHaveLength(3);
  });

  it('writes folded CRLF lines of at most 75 octets, escapes text, and keeps UIDs, SEQUENCE and bytes while nothing changes', () => {
    const start = at('2026-05-01T10:00');
    const input: CalendarFeedInput = {
      community: 'demo',
      calendarId: 'activities',
      title: 'Activités, “Été”; 2026',
      timeZone: NY,
      events: {
        long: {
          title: `Ünïcödé ${'é'.repeat(60)} 🎉 breakfast, with; backslash \\ end`,
          description: '<p>Line one</p><p>Line two &amp; more</p>',
          startDate: start,
          endDate: start + 36e5,
          allDay: false,
        },
      },
      recurrences: {},
      now: at('2026-04-01T00:00'),
    };
    const instant = calendarFeed({ ...input, events: { bell: { title: 'Bell', startDate: start, endDate: start, allDay: false } } });
    expect(instant.ics).toContain('DTSTART;TZID=America/New_York:20260501T100000\r\n');
    expect(instant.ics).not.toContain('DTEND');
    expect(icalJsOccurrences(instant.ics)).toEqual([timed('Bell', start, start)]);
    expect(nodeIcalOccurrences(instant.ics)).toEqual([timed('Bell', start, start)]);

    const first = calendarFeed(input);
    expect(first.ics.endsWith('END:VCALENDAR')).toBe(true);
    expect(first.ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of first.ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const unfolded = first.ics.replace(/\r\n /g, '');
    expect(unfolded).toContain('NAME:Activités\\, “Été”\\; 2026\r\n');
    expect(unfolded).toContain(`SUMMARY:Ünïcödé ${'é'.repeat(60)} 🎉 breakfast\\, with\\; backslash \\\\ end\r\n`);
    expect(unfolded).toContain('DESCRIPTION:Line one\\n\\nLine two & more\r\n');
    expect(unfolded).toContain('UID:long@activities.demo\r\n');
    expect(unfolded).toContain('SEQUENCE:0\r\n');
    expect(unfolded).toContain('LAST-MODIFIED:20260401T040000Z\r\n');
    expect(unfolded).toContain('DTSTAMP:20260401T040000Z\r\n');
    expect(icalJsOccurrences(first.ics)).toEqual([timed(input.events.long!.title as string, start, start + 36e5)]);

    const again = calendarFeed({ ...input, now: at('2026-04-02T00:00'), previous: first.state });
    expect(again.ics).toBe(first.ics);

    const edited = calendarFeed({
      ...input,
      events: { long: { ...input.events.long!, title: 'Breakfast' } },
      now: at('2026-04-03T00:00'),
      previous: again.state,
    });
    const editedText = edited.ics.replace(/\r\n /g, '');
    expect(editedText).toContain('UID:long@activities.demo\r\nSEQUENCE:1\r\n');
    expect(editedText).toContain('LAST-MODIFIED:20260403T040000Z\r\n');
  });

  it('is null for a calendar that has no config', async () => {
    const community = await communityIn(NY);
    expect(await buildCalendarFeed(deps, { community, calendarId: 'gone', now: T0 })).toBeNull();
  });
});
