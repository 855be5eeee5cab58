import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DbValue } from '@server/db/types';
import { importedEventId } from '@server/events/import/apply';
import { icsEvents } from '@server/events/import/expand';
import { requestCalendarImport } from '@server/events/import/run';
import { ImportError, type CalendarImportPort } from '@server/events/import/sources';
import { createOutboxMailer } from '@server/mail/outbox';
import { createPaths } from '@server/paths';
import { createJobRuntime, type JobRuntime } from '../runtime';
import {
  closeTestDbs,
  deleteRedisKeys,
  eventually,
  LAP_SWIM_FEED,
  openTestDb,
  TEST_REDIS_URL,
  testLogger,
  testRedisPrefix,
  type TestLogger,
} from '../testing/fixtures';
import { directJobContext } from '../types';
import { processCalendarImport } from './calendar-import';
import { CALENDAR_IMPORT_SCHEDULER_ID } from './calendar-import.queue';

/** The calendar-import queue: its processor, and the on-demand request and the schedule on the real Redis. */

const prefix = testRedisPrefix('calendar-import');
const paths = createPaths('amc');
const runtimes: JobRuntime[] = [];
const FEED = 'https://feeds.example/pool.ics';
const BROKEN = 'https://feeds.example/missing.ics';

const FEED_TEXT = LAP_SWIM_FEED;

/** A port whose feed FEED gives FEED_TEXT and whose BROKEN feed is not found; counts its reads. */
function fakePort(): CalendarImportPort & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    offline: () => false,
    async events(source, window) {
      reads.push(source.calendarId);
      if (source.calendarId === BROKEN) throw new ImportError('not-found', 'The iCal feed has no such calendar (404).', 404);
      return icsEvents(FEED_TEXT, { ...window, horizonMs: 80 * 365 * 24 * 3600 * 1000 });
    },
  };
}

let log: TestLogger = testLogger();

beforeAll(async () => {
  await deleteRedisKeys(prefix);
});
afterEach(async () => {
  await Promise.all(runtimes.splice(0).map((runtime) => runtime.close()));
});
afterAll(async () => {
  await deleteRedisKeys(prefix);
  await closeTestDbs();
});

async function setup(sources: Array<Record<string, DbValue>>, shared?: Awaited<ReturnType<typeof openTestDb>>, name?: string) {
  const db = shared ?? (await openTestDb('calendar-import'));
  const community = name ?? `pine-${Math.random().toString(36).slice(2, 8)}`;
  await db.ref().update({
    [paths.community(community)]: { name: 'Pine Hollow', timeZone: 'America/New_York' },
    [paths.calendarConfig(community, 'activities')]: { title: 'Activities', import: sources },
    [paths.calendarConfig(community, 'kids-club')]: { title: 'Kids Club' },
  });
  return { db, community };
}

const source = (calendarId: string) => ({
  title: 'Pool',
  type: 'iCal',
  calendarId,
  audience: 'Family',
  eventContext: 'resort',
  defaultLocation: '',
});

describe('processCalendarImport', () => {
  it('imports every calendar with sources on the schedule, reporting a source it cannot read without failing', async () => {
    const { db, community } = await setup([source(FEED), source(BROKEN)]);
    log = testLogger();
    const port = fakePort();
    const progress: number[] = [];
    const result = await processCalendarImport(
      { product: 'amc' },
      { db, paths, mailer: createOutboxMailer({ db, paths }), log, calendarImports: port },
      directJobContext({ onProgress: (percent) => progress.push(percent) }),
    );
    expect(result.calendars).toEqual([
      {
        community,
        calendarId: 'activities',
        sources: [
          {
            key: '0',
            title: 'Pool',
            type: 'iCal',
            calendarId: FEED,
            ok: true,
            result: { created: 3, updated: 0, unchanged: 0, removed: 0, ignored: 0 },
          },
          {
            key: '1',
            title: 'Pool',
            type: 'iCal',
            calendarId: BROKEN,
            ok: false,
            kind: 'not-found',
            message: 'The iCal feed has no such calendar (404).',
          },
        ],
      },
    ]);
    expect(progress).toEqual([100]);
    expect(log.at('warn')).toHaveLength(1);
    const events = (await db.ref(paths.calendarEvents(community, 'activities')).get()).val() as Record<string, Record<string, DbValue>>;
    expect(Object.keys(events).sort()).toEqual(
      ['swim/20990310T140000Z', 'swim/20990311T140000Z', 'swim/20990312T140000Z']
        .map((id) => importedEventId('activities', FEED, id))
        .sort(),
    );
    expect(Object.values(events).every((event) => event.type === 'resort')).toBe(true);
  });
});

describe('processCalendarImport with a source that fails unexpectedly', () => {
  it('records the failure on that source and still imports the communities after it', async () => {
    const BAD = 'https://feeds.example/bad.ics';
    // Communities are visited in key order: the failing one comes first.
    const first = await setup([source(BAD)], undefined, 'pine-a-failing');
    const second = await setup([source(FEED)], first.db, 'pine-b-after');
    const db = first.db;
    const port = fakePort();
    const throwing: CalendarImportPort = {
      offline: () => false,
      async events(ref, window) {
        if (ref.calendarId === BAD) throw new TypeError("Cannot read properties of undefined (reading 'properties')");
        return port.events(ref, window);
      },
    };
    log = testLogger();
    const result = await processCalendarImport(
      { product: 'amc' },
      { db, paths, mailer: createOutboxMailer({ db, paths }), log, calendarImports: throwing },
      directJobContext({}),
    );
    const mine = result.calendars.filter((calendar) => calendar.community === first.community || calendar.community === second.community);
    expect(mine).toEqual([
      {
        community: first.community,
        calendarId: 'activities',
        sources: [expect.objectContaining({ calendarId: BAD, ok: false, kind: 'unexpected' })],
      },
      {
        community: second.community,
        calendarId: 'activities',
        sources: [expect.objectContaining({ calendarId: FEED, ok: true, result: expect.objectContaining({ created: 3 }) })],
      },
    ]);
    expect(log.at('warn').some((line) => String(line).includes('TypeError'))).toBe(true);
  });
});

describe('processCalendarImport on a legacy events list', () => {
  it("imports a legacy list's config into the list, keyed by start, and records the source's status", async () => {
    const { db, community } = await setup([]);
    await db.ref(paths.calendarConfig(community, 'events-resort')).set({ title: 'Resort events', import: [source(FEED)] });
    const clock = () => Date.UTC(2026, 2, 1);
    const deps = { db, paths, mailer: createOutboxMailer({ db, paths }), log: testLogger(), calendarImports: fakePort() };
    const result = await processCalendarImport(
      { product: 'amc', community, calendarId: 'events-resort' },
      deps,
      directJobContext({}),
      clock,
    );
    expect(result.calendars).toEqual([
      {
        community,
        calendarId: 'events-resort',
        sources: [
          {
            key: '0',
            title: 'Pool',
            type: 'iCal',
            calendarId: FEED,
            ok: true,
            result: { created: 3, updated: 0, unchanged: 0, removed: 0, ignored: 0 },
          },
        ],
      },
    ]);
    const list = (await db.ref(paths.legacyEvents(community, 'events-resort')).get()).val() as Record<string, Record<string, DbValue>>;
    const starts = [Date.UTC(2099, 2, 10, 14), Date.UTC(2099, 2, 11, 14), Date.UTC(2099, 2, 12, 14)];
    expect(Object.keys(list).sort()).toEqual(starts.map(String));
    expect(Object.values(list).every((event) => event.calendarId === FEED && event.contexts === undefined)).toBe(true);
    expect((await db.ref(paths.calendarEvents(community, 'events-resort')).get()).val()).toBeNull();
    const statuses = (await db.ref(paths.calendarImportStatuses(community, 'events-resort')).get()).val() as Record<string, DbValue>;
    expect(Object.values(statuses)).toEqual([{ checkedAt: clock(), importedAt: clock(), added: 3, updated: 0, removed: 0 }]);

    // Import now again: the same events, found where they are.
    const again = await processCalendarImport(
      { product: 'amc', community, calendarId: 'events-resort', only: '0' },
      deps,
      directJobContext({}),
      clock,
    );
    expect(again.calendars[0]?.sources).toMatchObject([{ ok: true, result: { created: 0, unchanged: 3 } }]);
  });
});

describe('the calendar-import queue on Redis', () => {
  it('runs an import the config editor asks for, once per request, and schedules the hourly sweep', async () => {
    const { db, community } = await setup([source(FEED)]);
    log = testLogger();
    const port = fakePort();
    const runtime = createJobRuntime({
      redisUrl: TEST_REDIS_URL,
      prefix,
      deps: { db, paths, mailer: createOutboxMailer({ db, paths }), log, calendarImports: port },
    });
    runtimes.push(runtime);

    // Asked twice before the workers run: one job.
    const first = await requestCalendarImport(runtime, { product: 'amc', community, calendarId: 'activities' });
    const second = await requestCalendarImport(runtime, { product: 'amc', community, calendarId: 'activities' });
    expect(first).toEqual(second);
    if (!first.queued) throw new Error(first.reason);

    expect(await runtime.startWorkers()).toBe(true);
    const done = await eventually(async () => {
      const status = await runtime.jobStatus('calendar-import', first.jobId);
      return status?.state === 'completed' ? status : undefined;
    });
    expect(done.returnvalue).toMatchObject({
      calendars: [{ community, calendarId: 'activities', sources: [{ ok: true, result: { created: 3 } }] }],
    });
    // The schedule's first sweep may run beside it: the same idempotent writes.
    expect(new Set(port.reads)).toEqual(new Set([FEED]));
    const events = async () => Object.keys((await db.ref(paths.calendarEvents(community, 'activities')).get()).val() ?? {});
    expect(await events()).toHaveLength(3);

    // Asked again once finished: it runs again, and changes nothing.
    const again = await requestCalendarImport(runtime, { product: 'amc', community, calendarId: 'activities' });
    if (!again.queued) throw new Error(again.reason);
    const rerun = await eventually(async () => {
      const status = await runtime.jobStatus('calendar-import', again.jobId);
      return status?.state === 'completed' ? status : undefined;
    });
    expect(rerun.returnvalue).toMatchObject({ calendars: [{ sources: [{ ok: true, result: { created: 0, unchanged: 3 } }] }] });
    expect(await events()).toHaveLength(3);

    const scheduler = await runtime.queues['calendar-import'].getJobScheduler(CALENDAR_IMPORT_SCHEDULER_ID);
    expect(scheduler).toMatchObject({ every: 3_600_000 });
    expect(log.at('error')).toEqual([]);
  });
});
