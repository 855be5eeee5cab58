import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeDb } from '@server/db/types';
import { deleteCalendar } from '@server/events/calendars';
import { queueFeedBuilds } from '@server/events/feed/requests';
import { saveEvent } from '@server/events/save';
import { at, eventFields, saveInput } from '@server/events/testing';
import { createOutboxMailer } from '@server/mail/outbox';
import { createPaths, storagePaths } from '@server/paths';
import { createStorage } from '@server/storage';
import type { FileStorage } from '@server/storage/types';
import { makeTempDir } from '../../tests/setup/tmp';
import { createJobRuntime, type JobRuntime } from '../runtime';
import { closeTestDbs, deleteRedisKeys, eventually, openTestDb, TEST_REDIS_URL, testLogger, testRedisPrefix } from '../testing/fixtures';
import { directJobContext } from '../types';
import { processCalendarFeed } from './calendar-feed';

/**
 * The calendar-feed queue on the real Redis and the embedded database: the workers' start-up
 * sweep builds the feeds behind their calendar, an event save asks for a build of its calendar,
 * a burst is coalesced into one job, and a deleted calendar loses its feed.
 */

const prefix = testRedisPrefix('calendar-feed');
const paths = createPaths('amc');
const runtimes: JobRuntime[] = [];
let db: RealtimeDb;
let storage: FileStorage;
const T0 = at('2026-03-02T09:00');

beforeAll(async () => {
  await deleteRedisKeys(prefix);
  db = await openTestDb('calendar-feed');
  storage = createStorage({ kind: 'local', root: makeTempDir('calendar-feed-storage') });
});
afterEach(async () => {
  await Promise.all(runtimes.splice(0).map((runtime) => runtime.close()));
});
afterAll(async () => {
  await deleteRedisKeys(prefix);
  await closeTestDbs();
});

async function community(): Promise<string> {
  const key = `feed-${Math.random().toString(36).slice(2, 8)}`;
  await db.ref().update({
    [paths.community(key)]: { name: 'Pine Hollow', timeZone: 'America/New_York' },
    [paths.calendarConfig(key, 'activities')]: { title: 'Activities', icsBuildTime: T0 },
    [paths.calendarConfig(key, 'kids-club')]: { title: 'Kids Club' },
  });
  return key;
}

function runtime(): JobRuntime {
  const created = createJobRuntime({
    redisUrl: TEST_REDIS_URL,
    prefix,
    deps: { db, paths, mailer: createOutboxMailer({ db, paths }), storage, log: testLogger() },
  });
  runtimes.push(created);
  return created;
}

const feedText = async (key: string, calendarId = 'activities') => {
  const object = await storage.get(storagePaths.calendarIcs(key, calendarId));
  // The job may remove the file between the two reads.
  const bytes = object ? await object.bytes().catch(() => null) : null;
  return bytes ? Buffer.from(bytes).toString('utf8') : undefined;
};

describe('processCalendarFeed', () => {
  it('builds and stores the feed, then skips it while icsBuildTime stays', async () => {
    const key = await community();
    const deps = { db, paths, mailer: createOutboxMailer({ db, paths }), storage, log: testLogger() };
    expect(await processCalendarFeed({ community: key, calendarId: 'activities' }, deps, directJobContext())).toMatchObject({
      kind: 'built',
      builtFrom: T0,
      components: 0,
    });
    expect(await feedText(key)).toContain('X-WR-CALNAME:Activities\r\n');
    expect(await processCalendarFeed({ community: key, calendarId: 'activities' }, deps, directJobContext())).toEqual({
      kind: 'current',
      builtFrom: T0,
    });
  });

  it('fails without the file storage', async () => {
    const key = await community();
    await expect(
      processCalendarFeed(
        { community: key, calendarId: 'activities' },
        { db, paths, mailer: createOutboxMailer({ db, paths }), log: testLogger() },
        directJobContext(),
      ),
    ).rejects.toThrow(/file storage/);
  });
});

describe('the calendar-feed queue', () => {
  it('builds at start-up the feeds behind their icsBuildTime, rebuilds after an event save and removes a deleted calendar’s feed', async () => {
    const key = await community();
    const jobs = runtime();
    expect(await jobs.startWorkers()).toBe(true);
    // The sweep: 'activities' has an icsBuildTime and no feed; 'kids-club' has none and gets none.
    await eventually(async () => (await feedText(key)) !== undefined);
    expect(await storage.exists(storagePaths.calendarIcs(key, 'kids-club'))).toBe(false);

    const saved = await saveEvent(
      { db, paths, jobs },
      saveInput(key, {
        eventId: 'swim',
        fields: eventFields(at('2026-03-10T07:00'), at('2026-03-10T08:00'), { title: 'Lap Swim' }),
        now: T0 + 1000,
      }),
    );
    expect(saved.ok).toBe(true);
    const text = await eventually(async () => ((await feedText(key))?.includes('SUMMARY:Lap Swim') ? feedText(key) : undefined), {
      timeoutMs: 15_000,
    });
    expect(text).toContain('UID:swim@activities.');
    expect(
      await db
        .ref(paths.calendarFeed(key, 'activities'))
        .child('builtFrom')
        .get()
        .then((s) => s.val()),
    ).toBe(T0 + 1000);

    await deleteCalendar({ db, paths, jobs }, { community: key, calendarId: 'activities', now: T0 + 2000 });
    await eventually(async () => (await feedText(key)) === undefined, { timeoutMs: 15_000 });
    // The file goes first, then the records (a crash between leaves a record the sweep finds).
    await eventually(async () => (await db.ref(paths.calendarFeed(key, 'activities')).get()).val() === null);
  });

  it('coalesces a burst of requests for one calendar into one job', async () => {
    const key = await community();
    const jobs = runtime();
    const target = { community: key, calendarId: 'activities' };
    const results = await queueFeedBuilds(jobs, [target, target, target, target, target], { delayMs: 60_000 });
    const ids = new Set(results.map((result) => (result.queued ? result.jobId : result.reason)));
    expect(results.every((result) => result.queued)).toBe(true);
    expect(ids.size).toBe(1);
    expect(await jobs.queues['calendar-feed'].getDelayedCount()).toBe(1);
    // Another calendar is not held up by it.
    const other = await queueFeedBuilds(jobs, [{ community: key, calendarId: 'kids-club' }], { delayMs: 60_000 });
    expect(other[0]!.queued && !ids.has(other[0]!.jobId)).toBe(true);
    await jobs.queues['calendar-feed'].obliterate({ force: true });
  });
});
