import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeDb } from '@server/db/types';
import { queueEmail } from '@server/mail/email-queue';
import { createOutboxMailer, listOutbox } from '@server/mail/outbox';
import type { Mailer, MailMessage, SentMail } from '@server/mail/types';
import { createPaths } from '@server/paths';
import { EMAIL_CLAIM_LEASE_MS } from './processors/email';
import { JobPayloadError } from './queues';
import { createJobRuntime, type JobRuntime } from './runtime';
import {
  TEST_REDIS_URL,
  closeTestDbs,
  deleteRedisKeys,
  eventually,
  flakyMailer,
  openTestDb,
  recordingSmtpMailer,
  testLogger,
  testRedisPrefix,
  type TestLogger,
} from './testing/fixtures';

/** Integration: the runtime on the real Redis, with the outbox mailer. */

const prefix = testRedisPrefix('runtime');
const paths = createPaths('amc');
const runtimes: JobRuntime[] = [];

let db: RealtimeDb;
let log: TestLogger = testLogger();

function runtimeWith(mailer: Mailer): JobRuntime {
  const runtime = createJobRuntime({
    redisUrl: TEST_REDIS_URL,
    prefix,
    deps: { db, paths, mailer, log },
    // Quick retries keep the failure tests short.
    jobDefaults: { backoff: { type: 'fixed', delay: 50 } },
  });
  runtimes.push(runtime);
  return runtime;
}

const itemOf = async (key: string) => (await db.ref(paths.emailQueue(key)).get()).val();

beforeAll(async () => {
  await deleteRedisKeys(prefix);
});

afterEach(async () => {
  await Promise.all(runtimes.splice(0).map((runtime) => runtime.close()));
  expect(log.at('error')).toEqual([]);
});

afterAll(async () => {
  await deleteRedisKeys(prefix);
  await closeTestDbs();
});

async function freshDb() {
  db = await openTestDb();
  log = testLogger();
}

describe('job runtime on Redis', () => {
  it('answers a ping', async () => {
    await freshDb();
    const runtime = runtimeWith(createOutboxMailer({ db, paths }));
    expect(await runtime.ping()).toBe(true);
  });

  it('validates a payload before it reaches Redis', async () => {
    await freshDb();
    const runtime = runtimeWith(createOutboxMailer({ db, paths }));
    await expect(runtime.enqueue('email', { product: 'amc', queueKey: 'a/b' })).rejects.toBeInstanceOf(JobPayloadError);
    await expect(runtime.enqueue('email', { product: 'amc' } as never)).rejects.toThrow(/queueKey/);
  });

  it('delivers a queued e-mail exactly once, even when its job is added twice', async () => {
    await freshDb();
    const runtime = runtimeWith(createOutboxMailer({ db, paths }));
    expect(await runtime.startWorkers()).toBe(true);
    expect(runtime.workersRunning).toBe(true);

    const { queueKey, queued } = await queueEmail(
      { db, paths, jobs: runtime },
      { to: 'ann@example.com', subject: 'Welcome', body: '<p>Hello Ann</p>' },
    );
    expect(queued).toBe(true);
    // The same job again: same id, so BullMQ keeps one.
    expect(await runtime.enqueue('email', { product: 'amc', queueKey }, { jobId: queueKey })).toEqual({ queued: true, jobId: queueKey });

    await eventually(async () => (await itemOf(queueKey))?.status === 'sent');
    const status = await eventually(async () => {
      const current = await runtime.jobStatus('email', queueKey);
      return current?.state === 'completed' ? current : undefined;
    });
    expect(status).toMatchObject({ state: 'completed', progress: 100, progressMessage: 'Sent', attemptsMade: 1, failedReason: null });
    expect(status.returnvalue).toMatchObject({ outcome: 'sent', transport: 'outbox' });

    // Added again after it finished (a rebuild from the database): it runs, sees 'sent', sends nothing.
    expect(await runtime.enqueue('email', { product: 'amc', queueKey }, { jobId: queueKey, replaceFinished: true })).toMatchObject({
      queued: true,
    });
    await eventually(async () => {
      const current = await runtime.jobStatus('email', queueKey);
      return (current?.returnvalue as { outcome?: string } | null)?.outcome === 'already-sent';
    });

    const outbox = await listOutbox(db, paths);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ to: 'ann@example.com', subject: 'Welcome', idempotencyKey: queueKey });
  });

  it('retries after a failed attempt and still delivers once', async () => {
    await freshDb();
    const mailer = flakyMailer(createOutboxMailer({ db, paths }));
    const runtime = runtimeWith(mailer);
    await runtime.startWorkers();

    const { queueKey } = await queueEmail({ db, paths, jobs: runtime }, { to: 'bo@example.com', subject: 'Try again', body: '<p>Hi</p>' });
    const status = await eventually(async () => {
      const current = await runtime.jobStatus('email', queueKey);
      return current?.state === 'completed' ? current : undefined;
    });

    expect(status.attemptsMade).toBe(2);
    expect(mailer.calls).toBe(2);
    expect(await listOutbox(db, paths)).toHaveLength(1);
    const item = await itemOf(queueKey);
    expect(item.status).toBe('sent');
    expect(item.lastError).toBeUndefined();
    expect(
      log.at('warn').some((line) => line.includes(`email job ${queueKey} failed (attempt 1 of 5), will retry: SMTP connection reset`)),
    ).toBe(true);
  });

  it('shows a running job’s progress', async () => {
    await freshDb();
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const outbox = createOutboxMailer({ db, paths });
    const slow: Mailer = {
      transport: 'outbox',
      send: (message: MailMessage) => outbox.send(message),
      async sendWithUpdates(message: MailMessage, updatesFor: (sent: SentMail) => Record<string, never>) {
        await released;
        return outbox.sendWithUpdates!(message, updatesFor);
      },
    };
    const runtime = runtimeWith(slow);
    await runtime.startWorkers();
    const { queueKey } = await queueEmail({ db, paths, jobs: runtime }, { to: 'cy@example.com', subject: 'Slow', body: '<p>…</p>' });

    const running = await eventually(async () => {
      const current = await runtime.jobStatus('email', queueKey);
      return current?.state === 'active' && current.progress === 50 ? current : undefined;
    });
    expect(running).toMatchObject({ state: 'active', progress: 50, progressMessage: 'Sending', attemptsMade: 0 });

    release();
    await eventually(async () => (await runtime.jobStatus('email', queueKey))?.state === 'completed');
    expect(await runtime.jobStatus('email', 'no-such-job')).toBeNull();
  });

  it('waits out another worker’s claim without spending an attempt', async () => {
    await freshDb();
    const mailer = recordingSmtpMailer();
    const runtime = runtimeWith(mailer);
    await runtime.startWorkers();
    // Claimed by a worker that died: the lease runs out in half a second.
    const attemptAt = Date.now() - EMAIL_CLAIM_LEASE_MS + 500;
    await db.ref(paths.emailQueue('-claimed')).set({
      subject: 'Claimed',
      body: '<p>1</p>',
      emailType: 3,
      email: 'ed@example.com',
      status: 'sending',
      attemptAt,
      attempts: 1,
      createdAt: 1,
    });
    await runtime.enqueue('email', { product: 'amc', queueKey: '-claimed' }, { jobId: '-claimed' });

    await eventually(async () => (await runtime.jobStatus('email', '-claimed'))?.state === 'delayed');
    expect(mailer.sent).toEqual([]);
    const done = await eventually(async () => {
      const current = await runtime.jobStatus('email', '-claimed');
      return current?.state === 'completed' ? current : undefined;
    });
    expect(done.attemptsMade).toBe(1);
    expect(mailer.sent).toHaveLength(1);
    expect(await itemOf('-claimed')).toMatchObject({ status: 'sent', attempts: 2, transport: 'smtp' });
  });

  it('requeues the e-mails the database holds when the workers start', async () => {
    await freshDb();
    // Written while Redis was away: in the database, not in any queue.
    await db
      .ref(paths.emailQueue('-waiting-1'))
      .set({ subject: 'Held', body: '<p>1</p>', emailType: 3, email: 'di@example.com', status: 'queued', createdAt: 1 });
    await db.ref(paths.emailQueue('-waiting-2')).set({
      subject: 'Failed before',
      body: '<p>2</p>',
      emailType: 3,
      email: 'di@example.com',
      status: 'failed',
      failure: 'attempts',
      createdAt: 2,
    });
    const runtime = runtimeWith(createOutboxMailer({ db, paths }));
    await runtime.startWorkers();

    await eventually(async () => (await itemOf('-waiting-1'))?.status === 'sent' && (await itemOf('-waiting-2'))?.status === 'sent');
    expect((await listOutbox(db, paths)).map((message) => message.subject).sort()).toEqual(['Failed before', 'Held']);
    expect(log.at('info')).toContain('Requeued 2 e-mail(s) waiting in the database.');
  });

  it('closes twice without complaint and refuses work afterwards', async () => {
    await freshDb();
    const runtime = runtimeWith(createOutboxMailer({ db, paths }));
    await runtime.startWorkers();
    await runtime.close();
    await runtime.close();
    expect(runtime.workersRunning).toBe(false);
    expect(await runtime.ping()).toBe(false);
    expect(await runtime.enqueue('email', { product: 'amc', queueKey: '-late' })).toEqual({
      queued: false,
      reason: 'The job runtime is closed',
    });
    expect(await runtime.startWorkers()).toBe(false);
  });
});
