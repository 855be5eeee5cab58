import { afterAll, describe, expect, it } from 'vitest';
import { queueEmail } from '@server/mail/email-queue';
import { createOutboxMailer } from '@server/mail/outbox';
import { createPaths } from '@server/paths';
import { createJobRuntime } from './runtime';
import { closeTestDbs, openTestDb, testLogger, testRedisPrefix } from './testing/fixtures';

/** Nothing listens here. */
const UNREACHABLE = 'redis://127.0.0.1:6390';
const paths = createPaths('amc');

afterAll(closeTestDbs);

describe('job runtime without Redis', () => {
  it('says once how to start Redis, keeps trying quietly and never throws', async () => {
    const db = await openTestDb();
    const log = testLogger();
    const runtime = createJobRuntime({
      redisUrl: UNREACHABLE,
      prefix: testRedisPrefix('offline'),
      deps: { db, paths, mailer: createOutboxMailer({ db, paths }), log },
      retryIntervalMs: 50,
    });

    expect(await runtime.startWorkers()).toBe(false);
    expect(runtime.workersRunning).toBe(false);
    // Several background retries happen meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await runtime.startWorkers()).toBe(false);

    const warnings = log.at('warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('Redis is not reachable at redis://127.0.0.1:6390');
    expect(warnings[0]).toContain('redis-server --daemonize yes');
    expect(warnings[0]).toContain('sudo apt-get install redis-server');
    expect(log.at('error')).toEqual([]);

    expect(await runtime.ping()).toBe(false);

    const started = Date.now();
    const result = await runtime.enqueue('email', { product: 'amc', queueKey: '-Noffline' }, { jobId: '-Noffline' });
    expect(result).toEqual({ queued: false, reason: 'Redis is not reachable at redis://127.0.0.1:6390' });
    expect(Date.now() - started).toBeLessThan(2_000);

    // The e-mail waits in the database until the workers start.
    const queued = await queueEmail({ db, paths, jobs: runtime }, { to: 'ann@example.com', subject: 'Later', body: '<p>Later</p>' });
    expect(queued.queued).toBe(false);
    expect((await db.ref(paths.emailQueue(queued.queueKey)).get()).val()).toMatchObject({ status: 'queued', emailType: 3 });

    expect(await runtime.jobStatus('email', queued.queueKey)).toMatchObject({ state: 'unknown', progress: 0 });

    await runtime.close();
    expect(log.at('warn')).toHaveLength(1);
    expect(log.at('error')).toEqual([]);
  });

  it('hides the password of the Redis URL in its message', async () => {
    const db = await openTestDb();
    const log = testLogger();
    const runtime = createJobRuntime({
      redisUrl: 'redis://:hunter2@127.0.0.1:6390',
      prefix: testRedisPrefix('offline'),
      deps: { db, paths, mailer: createOutboxMailer({ db, paths }), log },
    });
    await runtime.startWorkers();
    await runtime.close();
    expect(log.at('warn')[0]).toContain('redis://:***@127.0.0.1:6390');
    expect(log.lines.map((line) => line.message).join('\n')).not.toContain('hunter2');
  });
});
