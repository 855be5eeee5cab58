import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbValue } from '@server/db';
import { at, get, makeCommunity, openTestDb } from '../testing';
import { importedEventId } from './apply';
import { UNEXPECTED_IMPORT_MESSAGE } from './job-summary';
import { pinnedFetch } from './network';
import { runCalendarImports } from './run';
import { calendarImportPort, type CalendarImportPort } from './sources';
import { importStatusKey, loadImportStatuses } from './status';

/**
 * Imports never delete or corrupt what staff have: feeds served by a local HTTP server (the
 * pinned connection the port uses) that come back cut off, shrink by many events at once, or
 * drop an event staff edited and give it back; and a source that fails in an unexpected way.
 */

const { db, deps } = openTestDb('events-import-feeds');
const { paths } = deps;
const NOW = at('2026-03-01T00:00');

/** The feed each path serves (changed by the tests; each test has its own path). */
const feeds = new Map<string, string>();
let server: Server;
let port = 0;
beforeAll(async () => {
  server = createServer((request, response) => {
    const text = feeds.get(request.url ?? '');
    if (text === undefined) {
      response.writeHead(404);
      response.end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/calendar', 'Content-Length': Buffer.byteLength(text) });
    response.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await db.close();
});

const httpPort = calendarImportPort({
  resolve: async () => [{ address: '203.0.113.7', family: 4 }],
  fetch: (url, init) => pinnedFetch(url, init, [{ address: '127.0.0.1', family: 4 }]),
});
const imports = { ...deps, imports: httpPort };

const pad = (value: number) => String(value).padStart(2, '0');
/** Event `index` of a feed: one a day from 2 March 2026, 10:00 UTC. */
const vevent = (index: number) => {
  const day = new Date(Date.UTC(2026, 2, 2 + index, 10));
  const stamp = `${day.getUTCFullYear()}${pad(day.getUTCMonth() + 1)}${pad(day.getUTCDate())}T100000Z`;
  return `BEGIN:VEVENT\r\nUID:event-${index}\r\nDTSTART:${stamp}\r\nDURATION:PT1H\r\nSUMMARY:Event ${index}\r\nEND:VEVENT\r\n`;
};
const calendarOf = (indexes: number[]) => `BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${indexes.map(vevent).join('')}END:VCALENDAR\r\n`;
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, index) => from + index);

async function communityWithFeed(name: string, more: Array<Record<string, DbValue>> = []) {
  const community = await makeCommunity(deps);
  const feed = `http://feeds.example:${port}/${name}.ics`;
  await db
    .ref(paths.calendarImports(community, 'activities'))
    .set([{ title: 'Town', type: 'iCal', calendarId: feed, audience: 'Family', eventContext: 'local', defaultLocation: '' }, ...more]);
  return { community, feed, path: `/${name}.ics` };
}

async function importedIds(community: string): Promise<string[]> {
  const events = (await get(deps, paths.calendarEvents(community, 'activities'))) as Record<string, { id: string }> | null;
  return Object.values(events ?? {})
    .map((event) => event.id)
    .sort((a, b) => Number(a.slice(6)) - Number(b.slice(6)));
}
const ids = (indexes: number[]) => indexes.map((index) => `event-${index}`);

describe('a feed that comes back incomplete', () => {
  it('changes nothing when the feed is cut off before END:VCALENDAR, and says so', async () => {
    const { community, feed, path } = await communityWithFeed('cut-off');
    feeds.set(path, calendarOf(range(0, 83)));
    expect(await runCalendarImports(imports, { community, calendarId: 'activities', now: NOW })).toMatchObject([
      { ok: true, result: { created: 83 } },
    ]);
    const whole = calendarOf(range(0, 83));
    feeds.set(path, whole.slice(0, whole.indexOf('UID:event-49')));
    expect(await runCalendarImports(imports, { community, calendarId: 'activities', now: NOW + 1000 })).toMatchObject([
      {
        ok: false,
        kind: 'invalid-response',
        message: 'The iCal feed: The calendar is cut off (it does not end with END:VCALENDAR).',
      },
    ]);
    expect(await importedIds(community)).toEqual(ids(range(0, 83)));
    const status = (await loadImportStatuses(deps, community, 'activities', [{ type: 'iCal', calendarId: feed }])).get(feed);
    expect(status).toMatchObject({ error: expect.stringContaining('cut off'), importedAt: NOW, added: 83, removed: 0 });
  });

  it('holds the removal of more than a quarter of the events until the next run confirms it', async () => {
    const { community, feed, path } = await communityWithFeed('shrinks');
    feeds.set(path, calendarOf(range(0, 83)));
    await runCalendarImports(imports, { community, calendarId: 'activities', now: NOW });

    // 49 of 83: the 34 missing ones stay, and wait.
    feeds.set(path, calendarOf(range(0, 49)));
    expect(await runCalendarImports(imports, { community, calendarId: 'activities', now: NOW + 1000 })).toMatchObject([
      { ok: true, result: { removed: 0, unchanged: 49, held: 34 } },
    ]);
    expect(await importedIds(community)).toEqual(ids(range(0, 83)));
    const statusOf = async () => (await loadImportStatuses(deps, community, 'activities', [{ type: 'iCal', calendarId: feed }])).get(feed);
    expect(await statusOf()).toMatchObject({ removed: 0, held: 34 });

    // Still 49 at the next run: now they go.
    expect(await runCalendarImports(imports, { community, calendarId: 'activities', now: NOW + 2000 })).toMatchObject([
      { ok: true, result: { removed: 34, unchanged: 49 } },
    ]);
    expect(await importedIds(community)).toEqual(ids(range(0, 49)));
    expect(await statusOf()).toMatchObject({ removed: 34, held: 0 });
    expect(
      await get(deps, paths.calendarImportPendingRemoval(community, 'activities', importStatusKey({ type: 'iCal', calendarId: feed }))),
    ).toBeNull();
  });

  it('cancels a held removal when the events come back, and removes a few events at once', async () => {
    const { community, path } = await communityWithFeed('flaps');
    feeds.set(path, calendarOf(range(0, 83)));
    await runCalendarImports(imports, { community, calendarId: 'activities', now: NOW });
    feeds.set(path, calendarOf(range(0, 49)));
    await runCalendarImports(imports, { community, calendarId: 'activities', now: NOW + 1000 });

    // The whole feed again: nothing removed, nothing waits.
    feeds.set(path, calendarOf(range(0, 83)));
    const back = await runCalendarImports(imports, { community, calendarId: 'activities', now: NOW + 2000 });
    expect(back).toMatchObject([{ ok: true, result: { removed: 0, unchanged: 83 } }]);
    expect(back[0]!.ok && back[0]!.result.held).toBeUndefined();
    expect(await importedIds(community)).toEqual(ids(range(0, 83)));

    // Short again once: held anew, not removed on the strength of the earlier run.
    feeds.set(path, calendarOf(range(0, 49)));
    expect(await runCalendarImports(imports, { community, calendarId: 'activities', now: NOW + 3000 })).toMatchObject([
      { ok: true, result: { removed: 0, held: 34 } },
    ]);
    expect(await importedIds(community)).toHaveLength(83);

    // Two events gone: removed at once.
    feeds.set(path, calendarOf(range(0, 81)));
    expect(await runCalendarImports(imports, { community, calendarId: 'activities', now: NOW + 4000 })).toMatchObject([
      { ok: true, result: { removed: 2 } },
    ]);
    expect(await importedIds(community)).toEqual(ids(range(0, 81)));
  });
});

describe("staff's edits of imported events", () => {
  it('survive the removal and re-creation of the event, by UID and original start', async () => {
    const { community, feed, path } = await communityWithFeed('edited');
    feeds.set(path, calendarOf(range(0, 83)));
    await runCalendarImports(imports, { community, calendarId: 'activities', now: NOW });
    const eventPath = paths.calendarEvent(community, 'activities', importedEventId('activities', feed, 'event-60'));
    const edits = {
      website: 'https://town.example/event-60',
      cost: true,
      resortLocationId: 'pavilion',
      phone: '555-0100',
      audience: 'kids',
    };
    await db.ref(eventPath).update(edits);

    // Removed (after the held run confirms it) …
    feeds.set(path, calendarOf(range(0, 49)));
    await runCalendarImports(imports, { community, calendarId: 'activities', now: NOW + 1000 });
    await runCalendarImports(imports, { community, calendarId: 'activities', now: NOW + 2000 });
    expect(await get(deps, eventPath)).toBeNull();

    // … and given again by the feed: re-created with the staff's edits, the imported fields from the feed.
    feeds.set(path, calendarOf(range(0, 83)));
    expect(await runCalendarImports(imports, { community, calendarId: 'activities', now: NOW + 3000 })).toMatchObject([
      { ok: true, result: { created: 34, restored: 1 } },
    ]);
    expect(await get(deps, eventPath)).toMatchObject({ ...edits, title: 'Event 60', id: 'event-60', calendarId: feed });
    // Untouched events come back as new imports.
    const other = (await get(
      deps,
      paths.calendarEvent(community, 'activities', importedEventId('activities', feed, 'event-61')),
    )) as Record<string, DbValue>;
    expect(other).toMatchObject({ resortLocationId: '', cost: false, audience: 'family' });
    expect(other.website).toBeUndefined();
    // The kept edit is used once, and then gone.
    expect(
      await get(deps, paths.calendarImportKeptEdits(community, 'activities', importStatusKey({ type: 'iCal', calendarId: feed }))),
    ).toBeNull();
  });

  it('survive a single event dropped from the feed and given back', async () => {
    const { community, feed, path } = await communityWithFeed('dropped-one');
    feeds.set(path, calendarOf(range(0, 10)));
    await runCalendarImports(imports, { community, calendarId: 'activities', now: NOW });
    const eventPath = paths.calendarEvent(community, 'activities', importedEventId('activities', feed, 'event-3'));
    await db.ref(eventPath).update({ website: 'https://town.example/3', ticketing: 'https://tickets.example/3' });
    feeds.set(path, calendarOf(range(0, 10).filter((index) => index !== 3)));
    expect(await runCalendarImports(imports, { community, calendarId: 'activities', now: NOW + 1000 })).toMatchObject([
      { ok: true, result: { removed: 1 } },
    ]);
    feeds.set(path, calendarOf(range(0, 10)));
    await runCalendarImports(imports, { community, calendarId: 'activities', now: NOW + 2000 });
    expect(await get(deps, eventPath)).toMatchObject({ website: 'https://town.example/3', ticketing: 'https://tickets.example/3' });
  });
});

describe('one failing source', () => {
  it("does not stop the calendar's other sources, and its unreadable events are counted for staff", async () => {
    const broken = 'https://feeds.example/broken.ics';
    const { community, feed, path } = await communityWithFeed('with-bad-events', [
      { title: 'Broken', type: 'iCal', calendarId: broken, audience: 'Family', eventContext: 'local' },
    ]);
    feeds.set(
      path,
      calendarOf(range(0, 3)).replace('END:VCALENDAR', 'BEGIN:VEVENT\r\nUID:x\r\nSUMMARY:No start\r\nEND:VEVENT\r\nEND:VCALENDAR'),
    );
    const port: CalendarImportPort = {
      offline: () => false,
      async events(source, window) {
        if (source.calendarId === broken) throw new TypeError("Cannot read properties of undefined (reading 'properties')");
        return httpPort.events(source, window);
      },
    };
    // The broken source first: the feed after it is still imported.
    await db.ref(paths.calendarImports(community, 'activities')).set([
      { title: 'Broken', type: 'iCal', calendarId: broken, audience: 'Family', eventContext: 'local' },
      { title: 'Town', type: 'iCal', calendarId: feed, audience: 'Family', eventContext: 'local' },
    ]);
    const runs = await runCalendarImports({ ...deps, imports: port }, { community, calendarId: 'activities', now: NOW });
    expect(runs).toMatchObject([
      { calendarId: broken, ok: false, kind: 'unexpected', message: UNEXPECTED_IMPORT_MESSAGE },
      { calendarId: feed, ok: true, result: { created: 3, skipped: { 'no-start': 1 } } },
    ]);
    const statuses = await loadImportStatuses(deps, community, 'activities', [
      { type: 'iCal', calendarId: broken },
      { type: 'iCal', calendarId: feed },
    ]);
    expect(statuses.get(broken)).toMatchObject({ error: UNEXPECTED_IMPORT_MESSAGE });
    expect(statuses.get(feed)).toMatchObject({ added: 3, skipped: { 'no-start': 1 } });
  });
});
