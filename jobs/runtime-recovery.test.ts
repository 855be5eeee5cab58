import { afterAll, describe, expect, it } from 'vitest';
import { queueEmail } from '@server/mail/email-queue';
import { createOutboxMailer, listOutbox } from '@server/mail/outbox';
import { createPaths } from '@server/paths';
import { createJobRuntime } from './runtime';
import { closeTestDbs, deleteRedisKeys, eventually, openTestDb, testLogger, testRedisPrefix } from './testing/fixtures';
import { createRedisProxy } from './testing/redis-proxy';

/** Redis going away and coming back, through a relay the test switches off and on. */

const prefix = testRedisPrefix('recovery');
const paths = createPaths('amc');

afterAll(async () => {
  await deleteRedisKeys(prefix);
  await closeTestDbs();
});

describe('job runtime when Redis comes and goes', () => {
  it('starts the workers and delivers what waited once Redis answers', async () => {
    const proxy = await createRedisProxy();
    const db = await openTestDb();
    const log = testLogger();
    const runtime = createJobRuntime({
      redisUrl: proxy.url,
      prefix,
      deps: { db, paths, mailer: createOutboxMailer({ db, paths }), log },
      retryIntervalMs: 100,
    });
    try {
      expect(await runtime.startWorkers()).toBe(false);
      const { queueKey, queued } = await queueEmail(
        { db, paths, jobs: runtime },
        { to: 'ann@example.com', subject: 'Waited', body: '<p>Hi</p>' },
      );
      expect(queued).toBe(false);

      await proxy.start();
      await eventually(async () => (await db.ref(paths.emailQueue(queueKey)).get()).val()?.status === 'sent');
      expect(runtime.workersRunning).toBe(true);
      expect(await runtime.ping()).toBe(true);
      expect(await listOutbox(db, paths)).toHaveLength(1);
      expect(log.at('warn')).toHaveLength(1);
      expect(log.at('info')).toContain(`Redis answers at ${proxy.url}; job workers started.`);

      // Redis drops away under running workers: one message, ping false, enqueue does not hang.
      await proxy.stop();
      await eventually(async () => (await runtime.ping()) === false);
      const during = await queueEmail({ db, paths, jobs: runtime }, { to: 'bo@example.com', subject: 'During', body: '<p>Hi</p>' });
      expect(during.queued).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(log.at('warn').filter((line) => line.startsWith('Lost the connection to Redis'))).toHaveLength(1);

      // It comes back: the connection recovers by itself and new jobs run.
      await proxy.start();
      await eventually(() => runtime.ping(), { timeoutMs: 15_000 });
      const after = await queueEmail({ db, paths, jobs: runtime }, { to: 'cy@example.com', subject: 'After', body: '<p>Hi</p>' });
      expect(after.queued).toBe(true);
      await eventually(async () => (await db.ref(paths.emailQueue(after.queueKey)).get()).val()?.status === 'sent', { timeoutMs: 15_000 });
      // The one written during the outage was requeued from the database when Redis came back.
      await eventually(async () => (await db.ref(paths.emailQueue(during.queueKey)).get()).val()?.status === 'sent');
      expect(log.at('error')).toEqual([]);
    } finally {
      await runtime.close();
      await proxy.stop();
    }
  });
});
