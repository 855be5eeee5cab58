import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { icsEvents } from '@server/events/import/expand';
import { IMPORT_JOB_TEXTS } from '@server/events/import/job-summary';
import { requestCalendarImport } from '@server/events/import/run';
import type { CalendarImportPort } from '@server/events/import/sources';
import { viewJobStatus } from '@server/jobs/status';
import { createOutboxMailer } from '@server/mail/outbox';
import { createPaths } from '@server/paths';
import { createJobRuntime, type JobRuntime } from './runtime';
import {
  closeTestDbs,
  deleteRedisKeys,
  eventually,
  LAP_SWIM_FEED,
  openTestDb,
  TEST_REDIS_URL,
  testLogger,
  testRedisPrefix,
} from './testing/fixtures';

/**
 * A job's progress and result live in Redis, not in the worker: another runtime (another
 * process, or the same after a restart) reads them while the job runs and after its worker has
 * gone; the job-status view (server/jobs/status.ts) shows them only to its community's staff.
 */

const prefix = testRedisPrefix('job-status');
const paths = createPaths('amc');
const runtimes: JobRuntime[] = [];
const FAST = 'https://feeds.example/fast.ics';
const SLOW = 'https://feeds.example/slow.ics';

const FEED_TEXT = LAP_SWIM_FEED;

/** A port whose SLOW feed answers only once `release` is called. */
function gatedPort(): CalendarImportPort & { release(): void } {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  return {
    release: () => release(),
    offline: () => false,
    async events(source, window) {
      if (source.calendarId === SLOW) await gate;
      return icsEvents(FEED_TEXT, { ...window, horizonMs: 80 * 365 * 24 * 3600 * 1000 });
    },
  };
}

const source = (title: string, calendarId: string) => ({ title, type: 'iCal', calendarId, audience: 'Family', eventContext: 'resort' });

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

describe('job status across worker restarts', () => {
  it('keeps a running import’s progress and its result in Redis, read by runtimes that did not run it', async () => {
    const db = await openTestDb('job-status');
    const community = `pine-${Math.random().toString(36).slice(2, 8)}`;
    await db.ref().update({
      [paths.community(community)]: { name: 'Pine Hollow', timeZone: 'America/New_York' },
      [paths.calendarConfig(community, 'activities')]: { title: 'Activities', import: [source('Pool', FAST), source('Lake', SLOW)] },
    });
    const port = gatedPort();
    const runtime = (deps: { calendarImports?: CalendarImportPort } = {}) => {
      const created = createJobRuntime({
        redisUrl: TEST_REDIS_URL,
        prefix,
        deps: { db, paths, mailer: createOutboxMailer({ db, paths }), log: testLogger(), ...deps },
      });
      runtimes.push(created);
      return created;
    };

    // Queued before the worker starts, so it runs before the schedule's first run.
    const viewer = runtime();
    const queued = await requestCalendarImport(viewer, { product: 'amc', community, calendarId: 'activities' });
    if (!queued.queued) throw new Error(queued.reason);
    const worker = runtime({ calendarImports: port });
    expect(await worker.startWorkers()).toBe(true);

    // Another runtime, sharing nothing with the worker but Redis, sees the progress of the first source.
    const running = await eventually(async () => {
      const status = await viewer.jobStatus('calendar-import', queued.jobId);
      return status?.state === 'active' && status.progress === 50 ? status : undefined;
    });
    expect(running).toMatchObject({ progressMessage: '1 of 2 imports', community });
    expect(await viewJobStatus({ jobs: viewer }, { queue: 'calendar-import', id: queued.jobId, communities: [community] })).toMatchObject({
      state: 'running',
      percent: 50,
      message: '1 of 2 imports',
      title: 'Calendar Import',
    });

    port.release();
    await eventually(async () => (await viewer.jobStatus('calendar-import', queued.jobId))?.state === 'completed');
    // The worker goes away (a restart); a new runtime, and a new worker, still find the outcome.
    await worker.close();
    const restarted = runtime({ calendarImports: gatedPort() });
    expect(await restarted.startWorkers()).toBe(true);
    const after = await restarted.jobStatus('calendar-import', queued.jobId);
    expect(after).toMatchObject({ state: 'completed', progress: 100, progressMessage: '2 of 2 imports', community });
    expect(after?.returnvalue).toMatchObject({
      calendars: [
        {
          community,
          calendarId: 'activities',
          sources: [
            { title: 'Pool', ok: true },
            { title: 'Lake', ok: true },
          ],
        },
      ],
    });
    expect(await viewJobStatus({ jobs: restarted }, { queue: 'calendar-import', id: queued.jobId, communities: [community] })).toEqual({
      queue: 'calendar-import',
      id: queued.jobId,
      title: 'Calendar Import',
      state: 'done',
      percent: 100,
      message: '2 of 2 imports',
      lines: [IMPORT_JOB_TEXTS.imported('Pool', 3, 0, 0, 0), IMPORT_JOB_TEXTS.imported('Lake', 3, 0, 0, 0)],
      download: null,
      error: null,
    });

    // Staff of other communities see no such job; nor does anyone see a queue nobody follows.
    expect(await viewJobStatus({ jobs: restarted }, { queue: 'calendar-import', id: queued.jobId, communities: ['elsewhere'] })).toBeNull();
    expect(await viewJobStatus({ jobs: restarted }, { queue: 'email', id: queued.jobId, communities: [community] })).toBeNull();
    expect(await viewJobStatus({ jobs: restarted }, { queue: 'calendar-import', id: 'no-such-job', communities: [community] })).toBeNull();
  }, 30_000);
});
