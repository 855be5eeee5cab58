/**
 * Run as its own process by runtime-exit.test.ts: uses a job runtime fully, closes it and
 * then must end by itself. Anything left open (a socket, a timer) keeps it alive and fails
 * the test. Modes:
 *   online <redisUrl> <prefix>  deliver one e-mail through the workers, then close
 *   offline                     start against an unreachable Redis (background retries), then close
 *   unclosed-offline            the same without close(): the retry timer must not hold the process
 */
import { join } from 'node:path';
import { createJobRuntime } from '@jobs/runtime';
import { createEmbeddedDb } from '@server/db';
import { queueEmail } from '@server/mail/email-queue';
import { createOutboxMailer } from '@server/mail/outbox';
import { createPaths } from '@server/paths';
import { makeTempDir } from '../../tests/setup/tmp';

const [mode = 'online', redisUrl = 'redis://127.0.0.1:6379', prefix = 'exit-check'] = process.argv.slice(2);
const quiet = { info() {}, warn() {}, error: (...args: unknown[]) => console.error(...args), debug() {} };

async function main() {
  const db = createEmbeddedDb({ file: join(makeTempDir('exit-check'), 'rtdb.sqlite') });
  const paths = createPaths('amc');
  const deps = { db, paths, mailer: createOutboxMailer({ db, paths }), log: quiet };

  if (mode === 'online') {
    const runtime = createJobRuntime({ redisUrl, prefix, deps });
    if (!(await runtime.startWorkers())) throw new Error('workers did not start');
    const { queueKey } = await queueEmail(
      { db, paths, jobs: runtime },
      { to: 'ann@example.com', subject: 'Exit check', body: '<p>Hi</p>' },
    );
    const deadline = Date.now() + 10_000;
    while ((await db.ref(paths.emailQueue(queueKey)).get()).val()?.status !== 'sent') {
      if (Date.now() > deadline) throw new Error('the e-mail was not delivered');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await runtime.jobStatus('email', queueKey);
    await runtime.ping();
    await runtime.close();
    await db.close();
    console.log('delivered and closed');
    return;
  }

  const runtime = createJobRuntime({ redisUrl: 'redis://127.0.0.1:6390', prefix, deps, retryIntervalMs: 100 });
  await runtime.startWorkers();
  await runtime.enqueue('email', { product: 'amc', queueKey: '-Nexit' });
  await runtime.ping();
  await new Promise((resolve) => setTimeout(resolve, 300));
  await db.close();
  if (mode === 'offline') {
    await runtime.close();
    console.log('closed');
  } else {
    console.log('left open');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
