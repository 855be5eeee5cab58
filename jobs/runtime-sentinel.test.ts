import { afterAll, describe, expect, it } from 'vitest';
import type { RealtimeDb } from '@server/db/types';
import { parseEnv } from '@server/env';
import { checkHealth } from '@server/health';
import { createOutboxMailer } from '@server/mail/outbox';
import { notificationJobId } from '@server/messages/dispatch';
import { createPaths } from '@server/paths';
import { CALENDAR_IMPORT_SCHEDULER_ID } from './processors/calendar-import.queue';
import { createJobRuntime, type JobRuntime } from './runtime';
import { closeTestDbs, deleteRedisKeys, eventually, openTestDb, testLogger, testRedisPrefix, TEST_REDIS_URL } from './testing/fixtures';

/**
 * A Redis that loses its data while the connection stays up (FLUSHDB, eviction, a failover to an
 * empty replica): the workers notice the missing sentinel and rebuild the queues from the
 * database. Only this file's own prefix is deleted; other tests share the Redis.
 */

const prefix = testRedisPrefix('sentinel');
const paths = createPaths('amc');
const runtimes: JobRuntime[] = [];

afterAll(async () => {
  await Promise.all(runtimes.map((runtime) => runtime.close({ timeoutMs: 2_000 })));
  await deleteRedisKeys(prefix);
  await closeTestDbs();
});

function startRuntime(db: RealtimeDb, log = testLogger()) {
  const runtime = createJobRuntime({
    redisUrl: TEST_REDIS_URL,
    prefix,
    deps: { db, paths, mailer: createOutboxMailer({ db, paths }), log },
    sentinelIntervalMs: 100,
  });
  runtimes.push(runtime);
  return runtime;
}

const env = parseEnv({ REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix });

describe('a Redis that loses its data under running workers', () => {
  it('is noticed, the scheduled notifications and the hourly import schedule are rebuilt, and the health check says so', async () => {
    const db = await openTestDb('sentinel');
    await db.ref(paths.community('pine-lake')).set({ title: 'Pine Lake', timeZone: 'America/New_York' });
    const due = Date.now() + 3_600_000;
    await db.ref(paths.scheduledMessage('pine-lake', '-Later')).set({
      title: 'Pancake breakfast',
      description: 'Sunday 8 AM',
      userGroup: 'currentGuest',
      sendNotification: true,
      deliveryTime: due,
      endTime: 0,
    });
    const target = { area: 'community', community: 'pine-lake', list: 'messages-scheduled', key: '-Later' } as const;
    const jobId = notificationJobId('amc', target, due);
    const log = testLogger();
    const runtime = startRuntime(db, log);
    const services = { db, jobs: runtime, env };

    expect(await runtime.startWorkers()).toBe(true);
    expect((await runtime.jobStatus('notification', jobId))?.state).toBe('delayed');
    const queuedAt = (await runtime.queues.notification.getJob(jobId))!.timestamp;
    const schedulers = async () => (await runtime.queues['calendar-import'].getJobSchedulers()).map((scheduler) => scheduler.key);
    expect(await schedulers()).toContain(CALENDAR_IMPORT_SCHEDULER_ID);
    const before = await checkHealth(services);
    expect(before).toMatchObject({ status: 'ok', jobs: { data: 'present' } });
    expect(before.jobs.lostAt).toBeUndefined();

    // FLUSHDB, as far as this prefix goes; the connection stays up.
    // The sentinel may notice within its 100 ms before any read here, so the proof that the job
    // went and came back is a new job under the same id: queued later than the first.
    expect(await deleteRedisKeys(prefix)).toBeGreaterThan(0);

    await eventually(async () => ((await runtime.queues.notification.getJob(jobId))?.timestamp ?? queuedAt) > queuedAt, {
      timeoutMs: 10_000,
    });
    expect((await runtime.jobStatus('notification', jobId))?.state).toBe('delayed');
    await eventually(async () => (await schedulers()).includes(CALENDAR_IMPORT_SCHEDULER_ID));
    await eventually(async () => (await runtime.jobData()).state === 'present');
    expect(log.at('warn')).toContain(
      `Redis at ${TEST_REDIS_URL} lost the queued jobs (flushed, evicted or failed over); rebuilding them from the database.`,
    );
    expect(log.at('info').some((line) => line.startsWith('Rebuilt the queued jobs from the database in'))).toBe(true);

    const after = await checkHealth(services);
    expect(after).toMatchObject({ status: 'ok', jobs: { data: 'present' } });
    expect(Date.parse(after.jobs.lostAt!)).toBeGreaterThan(Date.parse(before.checkedAt));
    expect(Date.parse(after.jobs.rebuiltAt!)).toBeGreaterThanOrEqual(Date.parse(after.jobs.lostAt!));
    expect(log.at('error')).toEqual([]);
  });

  it('an eviction that keeps the sentinel but takes a job is repaired by the periodic reconcile, the job not doubled', async () => {
    const db = await openTestDb('sentinel-evict');
    const ownPrefix = `${prefix}-evict`;
    await db.ref(paths.community('pine-lake')).set({ title: 'Pine Lake', timeZone: 'America/New_York' });
    const due = Date.now() + 3_600_000;
    await db.ref(paths.scheduledMessage('pine-lake', '-Evicted')).set({
      title: 'Pool party',
      description: 'Saturday 2 PM',
      userGroup: 'currentGuest',
      sendNotification: true,
      deliveryTime: due,
      endTime: 0,
    });
    const jobId = notificationJobId('amc', { area: 'community', community: 'pine-lake', list: 'messages-scheduled', key: '-Evicted' }, due);
    const log = testLogger();
    const runtime = createJobRuntime({
      redisUrl: TEST_REDIS_URL,
      prefix: ownPrefix,
      deps: { db, paths, mailer: createOutboxMailer({ db, paths }), log },
      sentinelIntervalMs: 50,
      reconcileIntervalMs: 300,
    });
    runtimes.push(runtime);
    expect(await runtime.startWorkers()).toBe(true);
    expect((await runtime.jobStatus('notification', jobId))?.state).toBe('delayed');

    // The job alone goes (maxmemory eviction); the sentinel stays. The reconcile may run before
    // any read here, so the proof is a new job under the same id, queued later than the first.
    const job = (await runtime.queues.notification.getJob(jobId))!;
    await job.remove();
    expect((await runtime.jobData()).state).toBe('present');

    await eventually(async () => ((await runtime.queues.notification.getJob(jobId))?.timestamp ?? job.timestamp) > job.timestamp, {
      timeoutMs: 10_000,
    });
    expect((await runtime.jobStatus('notification', jobId))?.state).toBe('delayed');
    // Reconciled again and again while the job is queued: still one job.
    const copies = async () => (await runtime.queues.notification.getDelayed()).filter((job) => job.id === jobId).length;
    expect(await copies()).toBe(1);
    expect(log.at('error')).toEqual([]);
    await runtime.close({ timeoutMs: 2_000 });
    await deleteRedisKeys(ownPrefix);
  });

  it('the health check of a process whose Redis holds no built jobs says degraded and why', async () => {
    const db = await openTestDb('sentinel-empty');
    const ownPrefix = `${prefix}-empty`;
    const runtime = createJobRuntime({
      redisUrl: TEST_REDIS_URL,
      prefix: ownPrefix,
      deps: { db, paths, mailer: createOutboxMailer({ db, paths }), log: testLogger() },
    });
    runtimes.push(runtime);
    const report = await checkHealth({ db, jobs: runtime, env: { ...env, REDIS_PREFIX: ownPrefix } });
    expect(report).toMatchObject({ status: 'degraded', redis: { ok: true }, jobs: { data: 'missing' } });
    expect(report.jobs.hint).toMatch(/rebuild/);
  });
});
