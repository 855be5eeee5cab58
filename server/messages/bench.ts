/**
 * Notification delivery benchmark (`npm run bench:notifications`, issue 13 "Performance and
 * faults"): 10,000 scheduled messages across 100 communities, all due in the same minute, on a
 * temp embedded database and a Redis prefix of their own, delivered by a worker in a separate
 * process (server/messages/bench-worker.ts) that rebuilds its jobs from the database when it
 * starts. Prints the time until the last is delivered after the due time and the delivery lag
 * p50 / p99 (push outbox time less due time). A second run SIGKILLs the worker mid-run and
 * starts a new one, then counts the push outbox against the schedule: lost and duplicated.
 * A report, not a test: exits 0 once set up.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { createEmbeddedDb } from '@server/db';
import type { DbValue, RealtimeDb } from '@server/db/types';
import { createPaths } from '@server/paths';
import type { PushOutboxRecord } from './push/outbox';

const COMMUNITIES = 100;
const PER_COMMUNITY = 100;
const TOTAL = COMMUNITIES * PER_COMMUNITY;
/** Time to seed and to start the worker before the messages fall due. */
const LEAD_MS = 20_000;
const TIMEOUT_MS = 180_000;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const product = 'bench';
const paths = createPaths(product);
const dir = mkdtempSync(join(tmpdir(), 'notifications-bench-'));

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function seed(db: RealtimeDb, due: number) {
  for (let c = 0; c < COMMUNITIES; c += 1) {
    const community = `bench-${String(c).padStart(3, '0')}`;
    const writes: Record<string, DbValue> = { [paths.community(community)]: { title: `Bench ${c}`, timeZone: 'America/New_York' } };
    for (let m = 0; m < PER_COMMUNITY; m += 1) {
      writes[paths.scheduledMessage(community, `-M${String(m).padStart(4, '0')}`)] = {
        title: `Notice ${m}`,
        description: '<p>Pool hours change today.</p>',
        userGroup: 'currentGuest',
        category: 'announcements',
        sendNotification: true,
        deliveryTime: due,
        endTime: 0,
        creator: 'bench',
        createdTime: Date.now(),
      };
    }
    await db.ref().update(writes);
  }
}

function startWorker(file: string, prefix: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/messages/bench-worker.ts', JSON.stringify({ file, prefix, product, redisUrl: REDIS_URL })],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`The worker exited with ${code} before it was ready`)));
    child.stdout!.once('data', () => resolve(child));
  });
}

async function outbox(db: RealtimeDb): Promise<PushOutboxRecord[]> {
  return Object.values(((await db.ref(paths.pushOutbox()).get()).val() ?? {}) as Record<string, PushOutboxRecord>);
}

async function deleteKeys(prefix: string) {
  const client = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  let cursor = '0';
  do {
    const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length) await client.del(...keys);
  } while (cursor !== '0');
  client.disconnect();
}

async function stop(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.removeAllListeners('exit');
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}

interface RunResult {
  delivered: number;
  lastAfterDueMs: number;
  p50: number;
  p99: number;
  lost: number;
  duplicated: number;
  repeatedSends: number;
  moved: number;
}

async function run(label: string, killAt: number | null): Promise<RunResult> {
  const file = join(dir, `${label}.sqlite`);
  const prefix = `bench-notifications-${randomBytes(4).toString('hex')}`;
  const db = createEmbeddedDb({ file });
  const due = Date.now() + LEAD_MS;
  await seed(db, due);
  console.info(`[${label}] seeded ${TOTAL} scheduled messages in ${COMMUNITIES} communities, due at +${seconds(due - Date.now())}`);
  let worker = await startWorker(file, prefix);
  console.info(`[${label}] worker ${worker.pid} started; jobs rebuilt from the database`);

  const deadline = due + TIMEOUT_MS;
  let killed = killAt === null;
  let records: PushOutboxRecord[] = [];
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    records = await outbox(db);
    if (!killed && records.length >= killAt!) {
      await stop(worker, 'SIGKILL');
      console.info(`[${label}] SIGKILLed worker ${worker.pid} after ${records.length} pushes; starting a new one`);
      killed = true;
      worker = await startWorker(file, prefix);
      console.info(`[${label}] worker ${worker.pid} started; jobs rebuilt from the database`);
    }
    if (killed && records.length >= TOTAL) break;
  }
  await stop(worker, 'SIGTERM');

  const lags = records.map((record) => record.createdAt - due).sort((a, b) => a - b);
  const perMessage = new Map<string, number>();
  for (const record of records) {
    const key = `${record.data.community}/${record.data.messageKey}`;
    perMessage.set(key, (perMessage.get(key) ?? 0) + 1);
  }
  let lost = 0;
  let moved = 0;
  for (let c = 0; c < COMMUNITIES; c += 1) {
    const community = `bench-${String(c).padStart(3, '0')}`;
    const live = ((await db.ref(paths.messages(community)).get()).val() ?? {}) as Record<string, unknown>;
    moved += Object.keys(live).length;
    for (let m = 0; m < PER_COMMUNITY; m += 1) if (!perMessage.has(`${community}/-M${String(m).padStart(4, '0')}`)) lost += 1;
  }
  const result: RunResult = {
    delivered: records.length,
    lastAfterDueMs: lags.at(-1) ?? NaN,
    p50: percentile(lags, 50),
    p99: percentile(lags, 99),
    lost,
    duplicated: [...perMessage.values()].reduce((sum, count) => sum + (count - 1), 0),
    repeatedSends: records.reduce((sum, record) => sum + ((record.sends ?? 1) - 1), 0),
    moved,
  };
  await db.close();
  await deleteKeys(prefix);
  return result;
}

function print(label: string, result: RunResult) {
  console.info(
    `${label}: delivered ${result.delivered}/${TOTAL} (moved into messages: ${result.moved}); last delivered ${seconds(result.lastAfterDueMs)} after the due time; ` +
      `lag p50 ${seconds(result.p50)}, p99 ${seconds(result.p99)}; lost = ${result.lost}, duplicated = ${result.duplicated}` +
      ` (repeated sends the idempotency key kept to one: ${result.repeatedSends})`,
  );
}

try {
  const plain = await run('run 1', null);
  const killed = await run('run 2 (worker killed)', Math.floor(TOTAL / 3));
  console.info('');
  console.info(
    `Notification delivery, ${TOTAL} scheduled messages across ${COMMUNITIES} communities due at the same time, worker in its own process:`,
  );
  print('Run 1', plain);
  print('Run 2, worker SIGKILLed after a third and restarted', killed);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
