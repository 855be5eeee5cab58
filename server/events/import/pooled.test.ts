import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePool, configurePool, DEFAULT_POOL_OPTIONS } from '@server/pool';
import { secondlyFeed } from '@server/pool/hostile';
import { at, get, makeCommunity, openTestDb } from '../testing';
import { icsEvents } from './expand';
import { IcsError } from './ics';
import { FEED_TOO_COMPLEX_MESSAGE, FeedTooComplexError, icsEventsInPool } from './pooled';
import { importUploadedIcs, runCalendarImports } from './run';
import { calendarImportPort } from './sources';
import { loadImportStatuses } from './status';

/**
 * Feed expansion in the worker pool: the same events as on the event loop, and a feed whose
 * rule keeps rrule searching (FREQ=SECONDLY for 30 February) is cut off at the time limit as an
 * import error that changes nothing.
 */

const { db, deps } = openTestDb('events-import-pooled');
const { paths } = deps;
const NOW = at('2026-03-01T00:00');
const window = { now: NOW, timeZone: 'America/New_York' };
const FEED = 'https://feeds.example/pool.ics';
const UPLOAD = 'upload:pool.ics';
const swim =
  'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:swim\r\nDTSTART:20260310T100000Z\r\nRRULE:FREQ=DAILY;COUNT=3\r\nSUMMARY:Swim\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';

beforeAll(async () => {
  // The production limit is 20 s; the rule is the same at 2 s.
  await configurePool({ timeLimitMs: { 'ics-events': 2_000 } });
});
afterAll(async () => {
  await closePool();
  await db.close();
});

async function calendarWithSources() {
  const key = await makeCommunity(deps);
  await db.ref(paths.calendarImports(key, 'activities')).set([
    { title: 'Pool', type: 'iCal', calendarId: FEED, audience: 'Kids', eventContext: 'resort' },
    { title: 'Upload', type: 'iCal', calendarId: UPLOAD, audience: 'Kids', eventContext: 'resort' },
  ]);
  return key;
}

describe('icsEventsInPool', () => {
  it('gives the events icsEvents gives, and its IcsError', async () => {
    expect(await icsEventsInPool(swim, window)).toEqual(icsEvents(swim, window));
    await expect(icsEventsInPool('hello', window)).rejects.toBeInstanceOf(IcsError);
  });

  it('refuses a feed whose expansion passes the time limit as too complex', async () => {
    expect(DEFAULT_POOL_OPTIONS.timeLimitMs['ics-events']).toBe(20_000);
    const started = performance.now();
    const failure = await icsEventsInPool(secondlyFeed(), window).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(FeedTooComplexError);
    expect(failure).toBeInstanceOf(IcsError);
    expect((failure as Error).message).toBe('This feed is too complex to import.');
    // On the event loop this feed takes about 40 s.
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

describe('an import of a feed too complex to expand', () => {
  it('is an error of that source that changes nothing, with the reason in its status', async () => {
    const key = await calendarWithSources();
    let answer = swim;
    const port = calendarImportPort({
      resolve: async () => [{ address: '93.184.216.34', family: 4 }],
      fetch: async () => new Response(answer, { headers: { 'Content-Type': 'text/calendar' } }),
    });
    const imports = { ...deps, imports: port };
    const first = await runCalendarImports(imports, { community: key, calendarId: 'activities', now: NOW });
    expect(first).toMatchObject([{ ok: true, result: { created: 3 } }]);
    const events = paths.calendarEvents(key, 'activities');
    const before = await get(deps, events);

    answer = secondlyFeed(3);
    const second = await runCalendarImports(imports, { community: key, calendarId: 'activities', now: NOW });
    expect(second).toEqual([expect.objectContaining({ ok: false, kind: 'invalid-response', message: FEED_TOO_COMPLEX_MESSAGE })]);
    expect(await get(deps, events)).toEqual(before);
    const statuses = await loadImportStatuses(deps, key, 'activities', [{ type: 'iCal', calendarId: FEED }]);
    expect(statuses.get(FEED)).toMatchObject({ error: FEED_TOO_COMPLEX_MESSAGE });
  });

  it('refuses an uploaded file the same way', async () => {
    const key = await calendarWithSources();
    const upload = await importUploadedIcs(deps, {
      community: key,
      calendarId: 'activities',
      sourceKey: '1',
      text: secondlyFeed(),
      now: NOW,
    });
    expect(upload).toEqual({ ok: false, reason: 'invalid', message: FEED_TOO_COMPLEX_MESSAGE });
    expect(await get(deps, paths.calendarEvents(key, 'activities'))).toBeNull();
  });
});
