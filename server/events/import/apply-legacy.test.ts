import { afterAll, describe, expect, it } from 'vitest';
import type { DbValue } from '@server/db';
import { at, get, makeCommunity, openTestDb } from '../testing';
import { applyImport, importSourcesOf } from './apply';
import { icsEvents } from './expand';

/**
 * Imports into the legacy events lists (spec 02 "Legacy events list", §4 imported events; spec 03
 * "Calendar event (public calendar)": key is the start time in ms) against the embedded database.
 */

const { db, deps } = openTestDb('events-import-legacy');
afterAll(async () => {
  await db.close();
});
const { paths } = deps;
const NY = 'America/New_York';
const FEED = 'https://feeds.example/town.ics';
const NOW = at('2026-03-01T00:00');
const SECTION = 'events-resort';

const wrap = (events: string[]) => `BEGIN:VCALENDAR\nVERSION:2.0\n${events.join('\n')}\nEND:VCALENDAR\n`;
const vevent = (uid: string, start: string, summary: string) =>
  `BEGIN:VEVENT\nUID:${uid}\nDTSTART;TZID=America/New_York:${start}\nDURATION:PT1H\nSUMMARY:${summary}\nEND:VEVENT`;

async function communityWithImport(ignored: string[] = [], extra: Record<string, DbValue> = {}) {
  const community = await makeCommunity(deps, ['activities', SECTION], extra);
  await db.ref(paths.calendarImports(community, SECTION)).set([
    {
      title: 'Town feed',
      type: 'iCal',
      calendarId: FEED,
      defaultLocation: 'hall',
      audience: 'Family',
      eventContext: 'resort',
      ...(ignored.length > 0 ? { ignored } : {}),
    },
  ]);
  return community;
}

async function run(community: string, events: string[], now = NOW) {
  const config = await get(deps, paths.calendarConfig(community, SECTION));
  const [source] = importSourcesOf(config);
  return applyImport(deps, {
    community,
    calendarId: SECTION,
    source: source!,
    fetched: icsEvents(wrap(events), { now, timeZone: NY }),
    now,
  });
}

const listOf = async (community: string) =>
  ((await get(deps, paths.legacyEvents(community, SECTION))) ?? {}) as Record<string, Record<string, DbValue>>;
const key = (local: string) => String(at(local));

describe('importing into a legacy events list', () => {
  it('writes each event under its start in ms, with the source and id, no contexts and no calendar touched', async () => {
    const community = await communityWithImport();
    const result = await run(community, [vevent('swim', '20260310T100000', 'Swim'), vevent('bingo', '20260311T180000', 'Bingo')]);
    expect(result).toEqual({ created: 2, updated: 0, unchanged: 0, removed: 0, ignored: 0 });
    const list = await listOf(community);
    expect(Object.keys(list).sort()).toEqual([key('2026-03-10T10:00'), key('2026-03-11T18:00')]);
    expect(list[key('2026-03-10T10:00')]).toEqual({
      title: 'Swim',
      startDate: at('2026-03-10T10:00'),
      endDate: at('2026-03-10T11:00'),
      endDateDuration: 3_600_000,
      allDay: false,
      audience: 'family',
      type: 'resort',
      endDateHide: false,
      cost: false,
      rsvpRequest: false,
      resortLocationId: 'hall',
      calendarId: FEED,
      id: 'swim',
    });
    expect(await get(deps, paths.calendarEvents(community, SECTION))).toBeNull();
    expect(await get(deps, paths.calendarIcsBuildTime(community, SECTION))).toBeNull();

    // The same feed again changes nothing.
    expect(await run(community, [vevent('swim', '20260310T100000', 'Swim'), vevent('bingo', '20260311T180000', 'Bingo')])).toMatchObject({
      created: 0,
      unchanged: 2,
    });
    expect(await listOf(community)).toEqual(list);
  });

  it('updates a changed title in place, keeping staff edits, and moves an event whose start changed', async () => {
    const community = await communityWithImport();
    await run(community, [vevent('swim', '20260310T100000', 'Swim'), vevent('bingo', '20260311T180000', 'Bingo')]);
    await db.ref(`${paths.legacyEvent(community, SECTION, key('2026-03-10T10:00'))}/rsvpRequest`).set(true);
    await db.ref(`${paths.legacyEvent(community, SECTION, key('2026-03-11T18:00'))}/cost`).set(true);

    const second = await run(community, [vevent('swim', '20260310T100000', 'Lap Swim'), vevent('bingo', '20260312T190000', 'Bingo')]);
    expect(second).toEqual({ created: 0, updated: 2, unchanged: 0, removed: 0, ignored: 0 });
    const list = await listOf(community);
    expect(Object.keys(list).sort()).toEqual([key('2026-03-10T10:00'), key('2026-03-12T19:00')]);
    expect(list[key('2026-03-10T10:00')]).toMatchObject({ title: 'Lap Swim', rsvpRequest: true, id: 'swim' });
    expect(list[key('2026-03-12T19:00')]).toMatchObject({
      title: 'Bingo',
      startDate: at('2026-03-12T19:00'),
      endDate: at('2026-03-12T20:00'),
      cost: true,
      calendarId: FEED,
      id: 'bingo',
    });
  });

  it('removes events gone from the feed, keeps ended ones, and never writes ignored ids', async () => {
    const community = await communityWithImport(['quiz']);
    const first = await run(community, [
      vevent('early', '20260302T100000', 'Early'),
      vevent('swim', '20260310T100000', 'Swim'),
      vevent('bingo', '20260311T180000', 'Bingo'),
      vevent('quiz', '20260312T180000', 'Quiz'),
    ]);
    expect(first).toMatchObject({ created: 3, ignored: 1 });
    expect(Object.keys(await listOf(community))).not.toContain(key('2026-03-12T18:00'));

    // A week later: 'early' has ended (it stays in the archive); 'bingo' left the feed.
    const later = at('2026-03-08T00:00');
    const second = await run(community, [vevent('swim', '20260310T100000', 'Swim'), vevent('quiz', '20260312T180000', 'Quiz')], later);
    expect(second).toEqual({ created: 0, updated: 0, unchanged: 1, removed: 1, ignored: 1 });
    expect(Object.keys(await listOf(community)).sort()).toEqual([key('2026-03-02T10:00'), key('2026-03-10T10:00')]);
  });

  it('gives two events with the same start the next free milliseconds, past a staff event already there', async () => {
    const start = at('2026-03-10T10:00');
    const community = await communityWithImport([], {
      [`${SECTION}/${start}`]: { title: 'Staff event', startDate: start, endDate: start + 3_600_000 },
    });
    const result = await run(community, [vevent('b-swim', '20260310T100000', 'Swim'), vevent('a-yoga', '20260310T100000', 'Yoga')]);
    expect(result).toMatchObject({ created: 2 });
    const list = await listOf(community);
    expect(Object.keys(list).sort()).toEqual([String(start), String(start + 1), String(start + 2)]);
    expect(list[String(start)]).toEqual({ title: 'Staff event', startDate: start, endDate: start + 3_600_000 });
    expect(list[String(start + 1)]).toMatchObject({ id: 'a-yoga', startDate: start });
    expect(list[String(start + 2)]).toMatchObject({ id: 'b-swim', startDate: start });

    // A re-run finds both where they are.
    expect(await run(community, [vevent('b-swim', '20260310T100000', 'Swim'), vevent('a-yoga', '20260310T100000', 'Yoga')])).toMatchObject({
      created: 0,
      unchanged: 2,
    });
    expect(await listOf(community)).toEqual(list);
  });
});
