/**
 * The worker process of the notification benchmark (server/messages/bench.ts): a job runtime
 * on the benchmark's database file and Redis prefix, delivering through the push outbox. The
 * benchmark starts it, may SIGKILL it mid-run, and starts it again.
 *
 *   node --import tsx server/messages/bench-worker.ts '{"file":"…","prefix":"…","product":"…","redisUrl":"…"}'
 */
import { createJobRuntime } from '@jobs/runtime';
import { createEmbeddedDb } from '@server/db';
import { createOutboxMailer } from '@server/mail/outbox';
import { createPaths } from '@server/paths';
import { createOutboxPush } from './push/outbox';

const { file, prefix, product, redisUrl } = JSON.parse(process.argv[2] ?? '{}') as {
  file: string;
  prefix: string;
  product: string;
  redisUrl: string;
};
const db = createEmbeddedDb({ file });
const paths = createPaths(product);
const quiet = { info() {}, debug() {}, warn: console.warn, error: console.error };
const runtime = createJobRuntime({
  redisUrl,
  prefix,
  deps: { db, paths, mailer: createOutboxMailer({ db, paths }), push: createOutboxPush({ db, paths }), log: quiet },
});
const keepAlive = setInterval(() => {}, 1 << 30);
process.on('SIGTERM', () => {
  void runtime
    .close({ timeoutMs: 5_000 })
    .then(() => db.close())
    .finally(() => {
      clearInterval(keepAlive);
      process.exit(0);
    });
});
if (!(await runtime.startWorkers())) {
  console.error(`Redis is not reachable at ${redisUrl}`);
  process.exit(1);
}
process.stdout.write('ready\n');
