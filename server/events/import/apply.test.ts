import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { DbValue } from '@server/db';
import { formatEventContext } from '@server/paths';
import { removeCalendarImport } from '../calendars';
import { deleteEvent } from '../delete';
import { at, get, makeCommunity, openTestDb } from '../testing';
import { applyImport, importedEventId, importSourcesOf } from './apply';
import { icsEvents } from './expand';

/** Writing imports (spec 02 §3, §4 imported events) against the embedded database. */

const { db, deps } = openTestDb('events-import');
afterAll(async () => {
  await db.close();
});
const { paths } = deps;
const NY = 'America/New_York';
const FEED = 'https://feeds.example/pine-hollow.ics';
const NOW = at('2026-03-01T00:00');
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

const wrap = (events: string) => `BEGIN:VCALENDAR\nVERSION:2.0\n${events.trim()}\nEND:VCALENDAR\n`;
const vevent = (uid: string, start: string, summary: string, more = '') =>
  `BEGIN:VEVENT\nUID:${uid}\nDTSTART;TZID=America/New_York:${start}\nDURATION:PT1H\nSUMMARY:${summary}\n${more}END:VEVENT`;

async function communityWithImport(ignored: string[] = []) {
  const community = await makeCommunity(deps);
  await db.ref(paths.calendarImports(community, 'activities')).set([
    {
      title: 'Town feed',
      type: 'iCal',
      calendarId: FEED,
      defaultLocation: 'hall',
      audience: 'Family',
      eventContext: 'local',
      ...(ignored.length > 0 ? { ignored } : {}),
    },
  ]);
  return community;
}

async function run(community: string, text: string, now = NOW) {
  const config = await get(deps, paths.calendarConfig(community, 'activities'));
  const [source] = importSourcesOf(config);
  return applyImport(deps, { community, calendarId: 'activities', source: source!, fetched: icsEvents(text, { now, timeZone: NY }), now });
}

const eventsOf = async (community: string, calendarId = 'activities') =>
  ((await get(deps, paths.calendarEvents(community, calendarId))) ?? {}) as Record<string, Record<string, DbValue>>;

describe('importing a feed', () => {
  it('writes each occurrence once under a stable key, with the source, id, audience, type and location', async () => {
    const community = await communityWithImport();
    const first = await run(community, fixture('weekly-dst.ics'));
    expect(first).toMatchObject({ created: 5, updated: 0, removed: 0 });
    const events = await eventsOf(community);
    expect(Object.keys(events)).toHaveLength(5);
    const key = importedEventId('activities', FEED, 'bingo-weekly@pinehollow.example/20260302T230000Z');
    expect(events[key]).toEqual({
      title: 'Bingo Night',
      description: '<p>Cards at the hall.<br />Bring a pen, please.</p>',
      htmlDescription: '<p>Cards at the hall.<br />Bring a pen, please.</p>',
      startDate: at('2026-03-02T18:00'),
      endDate: at('2026-03-02T19:30'),
      endDateDuration: 90 * 60_000,
      allDay: false,
      location: 'Main Hall',
      audience: 'family',
      type: 'local',
      endDateHide: false,
      cost: false,
      rsvpRequest: false,
      resortLocationId: 'hall',
      contexts: [formatEventContext(community, 'activities')],
      calendarId: FEED,
      id: 'bingo-weekly@pinehollow.example/20260302T230000Z',
    });
    expect(await get(deps, paths.calendarIcsBuildTime(community, 'activities'))).toBe(NOW);

    // The same feed again changes nothing, not even the feed's build time.
    const later = NOW + 60_000;
    const second = await run(community, fixture('weekly-dst.ics'), later);
    expect(second).toMatchObject({ created: 0, updated: 0, unchanged: 5, removed: 0 });
    expect(await eventsOf(community)).toEqual(events);
    expect(await get(deps, paths.calendarIcsBuildTime(community, 'activities'))).toBe(NOW);
  });

  it('updates imported fields and keeps staff edits to the others, in every calendar the event is in', async () => {
    const community = await communityWithImport();
    await run(community, wrap(vevent('swim', '20260310T100000', 'Swim')));
    const key = importedEventId('activities', FEED, 'swim');
    const both = [formatEventContext(community, 'activities'), formatEventContext(community, 'kids-club')];
    const edited = {
      ...(await eventsOf(community))[key]!,
      rsvpRequest: true,
      rsvpFormKey: 'form-1',
      resortLocationId: 'pool',
      audience: 'kids',
      contexts: both,
    };
    await db.ref().update({
      [paths.calendarEvent(community, 'activities', key)]: edited,
      [paths.calendarEvent(community, 'kids-club', key)]: edited,
    });

    const later = NOW + 3_600_000;
    const result = await run(community, wrap(vevent('swim', '20260310T113000', 'Swim lessons', 'LOCATION:Pool\n')), later);
    expect(result).toMatchObject({ created: 0, updated: 1, removed: 0 });
    for (const calendar of ['activities', 'kids-club']) {
      const event = (await eventsOf(community, calendar))[key]!;
      expect(event).toMatchObject({
        title: 'Swim lessons',
        startDate: at('2026-03-10T11:30'),
        endDate: at('2026-03-10T12:30'),
        location: 'Pool',
        rsvpRequest: true,
        rsvpFormKey: 'form-1',
        resortLocationId: 'pool',
        audience: 'kids',
        contexts: both,
      });
      expect(await get(deps, paths.calendarIcsBuildTime(community, calendar))).toBe(later);
    }
  });

  it('follows an event staff moved to another calendar instead of importing it again, and removes it there when dropped', async () => {
    const community = await communityWithImport();
    await run(community, wrap([vevent('swim', '20260310T100000', 'Swim'), vevent('gym', '20260311T100000', 'Gym')].join('\n')));
    const key = importedEventId('activities', FEED, 'swim');
    const moved = { ...(await eventsOf(community))[key]!, contexts: [formatEventContext(community, 'kids-club')] };
    await db.ref().update({
      [paths.calendarEvent(community, 'activities', key)]: null,
      [paths.calendarEvent(community, 'kids-club', key)]: moved,
    });

    expect(
      await run(
        community,
        wrap([vevent('swim', '20260310T100000', 'Swim lessons'), vevent('gym', '20260311T100000', 'Gym')].join('\n')),
        NOW + 1,
      ),
    ).toMatchObject({
      created: 0,
      updated: 1,
      unchanged: 1,
    });
    expect((await eventsOf(community))[key]).toBeUndefined();
    expect((await eventsOf(community, 'kids-club'))[key]).toMatchObject({ title: 'Swim lessons', contexts: moved.contexts });

    expect(await run(community, wrap(vevent('gym', '20260311T100000', 'Gym')), NOW + 2)).toMatchObject({ removed: 1 });
    expect(await eventsOf(community, 'kids-club')).toEqual({});
    expect(Object.keys(await eventsOf(community))).toEqual([importedEventId('activities', FEED, 'gym')]);
  });

  it('gives two calendars importing one feed their own events', async () => {
    const community = await communityWithImport();
    await db
      .ref(paths.calendarImports(community, 'kids-club'))
      .set([{ title: 'Same feed', type: 'iCal', calendarId: FEED, audience: 'Kids', eventContext: 'resort' }]);
    const text = wrap(vevent('swim', '20260310T100000', 'Swim'));
    await run(community, text);
    const [kidsSource] = importSourcesOf(await get(deps, paths.calendarConfig(community, 'kids-club')));
    const kids = await applyImport(deps, {
      community,
      calendarId: 'kids-club',
      source: kidsSource!,
      fetched: icsEvents(text, { now: NOW, timeZone: NY }),
      now: NOW,
    });
    expect(kids).toMatchObject({ created: 1 });
    expect(Object.keys(await eventsOf(community))).toEqual([importedEventId('activities', FEED, 'swim')]);
    expect(Object.keys(await eventsOf(community, 'kids-club'))).toEqual([importedEventId('kids-club', FEED, 'swim')]);
    expect(importedEventId('kids-club', FEED, 'swim')).not.toBe(importedEventId('activities', FEED, 'swim'));
    // Each run leaves the other calendar's events alone.
    expect(await run(community, text, NOW + 1)).toMatchObject({ unchanged: 1, created: 0, removed: 0 });
    expect(Object.keys(await eventsOf(community, 'kids-club'))).toHaveLength(1);
  });

  it('removes upcoming events the feed dropped or cancelled and keeps ended ones', async () => {
    const community = await communityWithImport();
    const feed = [
      vevent('past', '20260302T100000', 'Past'),
      vevent('dropped', '20260320T100000', 'Dropped'),
      vevent('cancelled', '20260321T100000', 'Cancelled'),
      vevent('kept', '20260322T100000', 'Kept'),
    ].join('\n');
    expect(await run(community, wrap(feed))).toMatchObject({ created: 4 });

    const later = at('2026-03-05T00:00');
    const next = [
      vevent('kept', '20260322T100000', 'Kept'),
      vevent('cancelled', '20260321T100000', 'Cancelled', 'STATUS:CANCELLED\n'),
    ].join('\n');
    expect(await run(community, wrap(next), later)).toMatchObject({ created: 0, unchanged: 1, removed: 2 });
    const titles = Object.values(await eventsOf(community))
      .map((event) => event.title)
      .sort();
    expect(titles).toEqual(['Kept', 'Past']);
    expect(await get(deps, paths.calendarIcsBuildTime(community, 'activities'))).toBe(later);
  });

  it('never brings back an event deleted forever, and brings back one deleted allowing future imports', async () => {
    const community = await communityWithImport();
    const feed = wrap([vevent('a', '20260310T100000', 'A'), vevent('b', '20260311T100000', 'B')].join('\n'));
    await run(community, feed);
    const base = { community, calendarId: 'activities', calendars: null, scope: null, view: 'active' as const, now: NOW + 1 };
    expect(await deleteEvent(deps, { ...base, eventId: importedEventId('activities', FEED, 'a'), imported: 'forever' })).toMatchObject({
      ok: true,
    });
    expect(await deleteEvent(deps, { ...base, eventId: importedEventId('activities', FEED, 'b'), imported: 'allow' })).toMatchObject({
      ok: true,
    });
    expect(await get(deps, `${paths.calendarImports(community, 'activities')}/0/ignored`)).toEqual(['a']);

    const result = await run(community, feed, NOW + 2);
    expect(result).toMatchObject({ created: 1, ignored: 1 });
    expect(Object.values(await eventsOf(community)).map((event) => event.title)).toEqual(['B']);
  });

  it('ignores a single occurrence of a recurring event deleted forever; the others keep updating', async () => {
    const community = await communityWithImport();
    const series = (summary: string) => wrap(vevent('yoga', '20260310T100000', summary, 'RRULE:FREQ=WEEKLY;COUNT=3\n'));
    expect(await run(community, series('Yoga'))).toMatchObject({ created: 3 });
    const second = 'yoga/20260317T140000Z';
    const base = { community, calendarId: 'activities', calendars: null, scope: null, view: 'active' as const, now: NOW + 1 };
    expect(await deleteEvent(deps, { ...base, eventId: importedEventId('activities', FEED, second), imported: 'forever' })).toMatchObject({
      ok: true,
    });
    expect(await get(deps, `${paths.calendarImports(community, 'activities')}/0/ignored`)).toEqual([second]);

    expect(await run(community, series('Sunrise Yoga'), NOW + 2)).toMatchObject({ created: 0, updated: 2, ignored: 1, removed: 0 });
    const events = Object.values(await eventsOf(community));
    expect(events.map((event) => `${String(event.id)} ${String(event.title)}`).sort()).toEqual([
      'yoga/20260310T140000Z Sunrise Yoga',
      'yoga/20260324T140000Z Sunrise Yoga',
    ]);
  });

  it('drops an already imported event whose id joined the ignored list', async () => {
    const community = await communityWithImport();
    await run(community, wrap(vevent('a', '20260310T100000', 'A')));
    await db.ref(`${paths.calendarImports(community, 'activities')}/0/ignored`).set(['a']);
    expect(await run(community, wrap(vevent('a', '20260310T100000', 'A')), NOW + 1)).toMatchObject({ removed: 1, ignored: 1 });
    expect(await eventsOf(community)).toEqual({});
  });

  it("is what 'Stop and Delete All Events' removes when the import is removed", async () => {
    const community = await communityWithImport();
    await run(community, wrap([vevent('a', '20260310T100000', 'A'), vevent('b', '20260311T100000', 'B')].join('\n')));
    await db.ref(paths.calendarEvent(community, 'activities', 'staff-1')).set({ title: 'Staff', startDate: NOW, endDate: NOW + 1 });
    const removed = await removeCalendarImport(deps, {
      community,
      calendarId: 'activities',
      index: 0,
      removal: 'delete',
      version: null,
      now: NOW + 5,
    });
    expect(removed).toMatchObject({ ok: true, deletedEvents: 2 });
    expect(Object.keys(await eventsOf(community))).toEqual(['staff-1']);
  });

  it('leaves events of other sources and staff events alone', async () => {
    const community = await communityWithImport();
    await db.ref().update({
      [paths.calendarEvent(community, 'activities', 'staff-1')]: {
        title: 'Staff',
        startDate: at('2026-03-10T10:00'),
        endDate: at('2026-03-10T11:00'),
      },
      [paths.calendarEvent(community, 'activities', 'other-1')]: {
        title: 'Other feed',
        id: 'x',
        calendarId: 'https://other.example/feed.ics',
        startDate: at('2026-03-10T10:00'),
        endDate: at('2026-03-10T11:00'),
      },
    });
    await run(community, wrap(vevent('a', '20260310T100000', 'A')));
    expect(Object.keys(await eventsOf(community)).sort()).toEqual([importedEventId('activities', FEED, 'a'), 'other-1', 'staff-1'].sort());
  });
});

describe('importSourcesOf', () => {
  it('lists configured sources with their keys and skips blank ones', () => {
    expect(
      importSourcesOf({
        import: [
          { type: 'none', calendarId: 'x' },
          { type: 'google', calendarId: ' pool@group.calendar.google.com ', audience: 'Kids', ignored: ['e1'] },
          { type: 'tribe', calendarId: '' },
        ],
      }),
    ).toEqual([
      {
        key: '1',
        title: '',
        type: 'google',
        calendarId: 'pool@group.calendar.google.com',
        defaultLocation: '',
        audience: 'Kids',
        eventContext: '',
        ignored: ['e1'],
      },
    ]);
    expect(importSourcesOf(null)).toEqual([]);
  });
});
