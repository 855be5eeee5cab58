/**
 * Entries export benchmark (`npm run bench:export`, docs/decisions/034): a form with 2,000
 * entries and one 1 MB photo each, generated into a temp embedded database and local-disk
 * storage, exported (Export Photos) by the production worker in a process of its own
 * (build/worker.js with its Node flags, as the web server forks it; bundled first: decision 039).
 * Prints the time and the worker's peak RSS (VmHWM from /proc) for 500 and for 2,000 entries, then runs the 2,000 again and SIGKILLs the worker half way: a new
 * worker finishes the retried job, and the benchmark counts the zips stored (one) and reads
 * that zip through with an independent reader (yauzl: every entry's size and CRC).
 * A report, not a test: exits 0 once done.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Redis } from 'ioredis';
import { open as openZip, type Entry } from 'yauzl';
import { createJobRuntime } from '@jobs/runtime';
import { createEmbeddedDb } from '@server/db';
import type { DbValue } from '@server/db/types';
import { bundleNodeEntries } from '@server/http/bundle';
import { createOutboxMailer } from '@server/mail/outbox';
import { createPaths } from '@server/paths';
import { createLocalDiskStorage } from '@server/storage';
import { PARTIAL_WRITE_GRACE_MS, sweepStorage } from '@server/storage/sweep';
import { workerCommand } from '@server/worker-process';

const BIG = Number(process.env.EXPORT_BENCH_ENTRIES ?? 2_000);
const SMALL = Math.min(500, BIG);
const PHOTO_BYTES = 1_000_000;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const product = 'bench';
const paths = createPaths(product);
const COMMUNITY = 'bench-export';
const dir = mkdtempSync(join(tmpdir(), 'export-bench-'));
const file = join(dir, 'db.sqlite');
const storageRoot = join(dir, 'storage');
const prefix = `bench-export-${randomBytes(4).toString('hex')}`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;

async function seed() {
  const db = createEmbeddedDb({ file });
  const storage = createLocalDiskStorage({ root: storageRoot });
  const photo = randomBytes(PHOTO_BYTES);
  photo.set([0xff, 0xd8, 0xff, 0xe0], 0);
  const entries: Record<string, DbValue> = {};
  const small: Record<string, DbValue> = {};
  for (let index = 0; index < BIG; index++) {
    const key = `-E${String(index).padStart(5, '0')}`;
    photo.writeUInt32BE(index, 8); // each photo its own bytes
    const stored = await storage.put(`user-written/${COMMUNITY}/forms/big/${key}/photo.jpg`, photo, { contentType: 'image/jpeg' });
    const entry = {
      createDate: Date.UTC(2026, 10, 1) + index * 60_000,
      loggedInEmail: `guest${index}@example.com`,
      answers: { name: { value: `Guest ${index}` }, photo: { value: stored.url } },
    };
    entries[key] = entry;
    if (index < SMALL) small[key] = entry;
  }
  const fields = [
    { type: 'text', label: 'Name', name: 'name' },
    { type: 'image', label: 'Site photo', name: 'photo' },
  ];
  await db.ref().update({
    [paths.community(COMMUNITY)]: { title: 'Bench Pines', timeZone: 'America/Denver' },
    [paths.customForm(COMMUNITY, 'big')]: { title: 'Big', fields },
    [paths.customForm(COMMUNITY, 'small')]: { title: 'Small', fields },
    [paths.entries(COMMUNITY, 'custom-forms', 'big')]: entries,
    [paths.entries(COMMUNITY, 'custom-forms', 'small')]: small,
  });
  await db.close();
}

/**
 * The production worker (`node build/worker.js`, as the web server forks it: decision 014), on
 * the benchmark's database file, storage folder and Redis prefix.
 */
function startWorker(): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production' as const,
    DEMO_MODE: 'off',
    PRODUCT: product,
    DATA_DIR: dir,
    DATABASE_FILE: file,
    PUBLIC_URL: 'http://127.0.0.1:3999',
    REDIS_URL,
    REDIS_PREFIX: prefix,
  };
  const command = workerCommand(resolve('build'), false);
  if (!command.entry.endsWith('.js')) throw new Error('The bundled worker (build/worker.js) is missing');
  const child = spawn(process.execPath, [...command.execArgv, command.entry], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`The worker exited with ${code} before it was ready`)));
    let said = '';
    const onData = (chunk: Buffer) => {
      said += chunk.toString('utf8');
      if (!said.includes('Job worker running')) return;
      child.stdout!.off('data', onData);
      child.stdout!.resume();
      resolve(child);
    };
    child.stdout!.on('data', onData);
  });
}

/** The process's peak resident set so far (VmHWM), in bytes. */
function peakRss(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : NaN;
}

async function stop(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.removeAllListeners('exit');
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}

async function deleteKeys() {
  const client = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  let cursor = '0';
  do {
    const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length) await client.del(...keys);
  } while (cursor !== '0');
  client.disconnect();
}

/** Reads the zip through (sizes and CRCs checked by yauzl) and answers its entry count. */
function checkZip(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    openZip(path, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      let count = 0;
      zip.on('error', reject);
      zip.on('end', () => resolve(count));
      zip.on('entry', (entry: Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
          pipeline(stream, sink).then(() => {
            count += 1;
            zip.readEntry();
          }, reject);
        });
      });
      zip.readEntry();
    });
  });
}

const producerDb = () => createEmbeddedDb({ file });

async function exportRun(form: 'big' | 'small', count: number, killHalfWay: boolean) {
  const db = producerDb();
  const producer = createJobRuntime({
    redisUrl: REDIS_URL,
    prefix,
    deps: { db, paths, mailer: createOutboxMailer({ db, paths }), log: console },
  });
  const fileKey = randomUUID();
  const jobId = `entries-export--bench-${fileKey}`;
  let worker = await startWorker();
  const baseline = peakRss(worker.pid!);
  const started = Date.now();
  const queued = await producer.enqueue(
    'entries-export',
    {
      product,
      community: COMMUNITY,
      context: 'custom-forms',
      itemKey: form,
      kind: 'photos',
      filters: {},
      keys: null,
      expected: count,
      requestedBy: 'bench',
      requestedAt: started,
      fileKey,
    },
    { jobId, attempts: 3 },
  );
  if (!queued.queued) throw new Error(queued.reason);
  let killedAt: number | null = null;
  let peak = 0;
  let restartedAt = 0;
  for (;;) {
    const status = await producer.jobStatus('entries-export', jobId);
    peak = Math.max(peak, peakRss(worker.pid!));
    if (status?.state === 'completed') break;
    if (status?.state === 'failed') throw new Error(`The export failed: ${status.failedReason}`);
    if (killHalfWay && killedAt === null && (status?.progress ?? 0) >= 50) {
      killedAt = Date.now() - started;
      await stop(worker, 'SIGKILL');
      worker = await startWorker();
      restartedAt = Date.now();
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const elapsed = Date.now() - started;
  peak = Math.max(peak, peakRss(worker.pid!));
  await stop(worker, 'SIGTERM');
  const status = await producer.jobStatus('entries-export', jobId);
  await producer.close();
  await db.close();
  const folder = join(storageRoot, 'objects', COMMUNITY, 'exports', 'entries', fileKey);
  const zips = readdirSync(folder);
  const zipPath = join(folder, zips[0]!);
  const bytes = statSync(zipPath).size;
  const files = await checkZip(zipPath);
  return {
    elapsed,
    baseline,
    peak,
    killedAt,
    restartedAt: restartedAt ? restartedAt - started : null,
    zips,
    files,
    bytes,
    attempts: status?.attemptsMade ?? 0,
  };
}

async function main() {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true });
  try {
    await redis.connect();
    await redis.ping();
  } finally {
    redis.disconnect();
  }
  await bundleNodeEntries();
  console.log(`Entries export benchmark: ${BIG} entries with one ${mb(PHOTO_BYTES)} photo each (Export Photos), worker in its own process`);
  const seedStart = Date.now();
  await seed();
  console.log(`  seeded in ${seconds(Date.now() - seedStart)} (${dir})`);
  try {
    for (const [form, count] of [
      ['small', SMALL],
      ['big', BIG],
    ] as const) {
      const run = await exportRun(form, count, false);
      console.log(
        `  ${String(count).padStart(5)} entries: ${seconds(run.elapsed)}, worker peak RSS ${mb(run.peak)} (${mb(run.baseline)} when ready), zip ${mb(run.bytes)} with ${run.files} photos, ${run.zips.length} zip stored`,
      );
    }
    const killed = await exportRun('big', BIG, true);
    console.log(
      `  ${String(BIG).padStart(5)} entries, worker SIGKILLed half way at ${seconds(killed.killedAt ?? 0)}: finished at ${seconds(killed.elapsed)} by a new worker ` +
        `(peak RSS ${mb(killed.peak)}), ${killed.zips.length} zip stored (${killed.zips.join(', ')}), ${killed.files} photos read back whole, ${killed.attempts} attempt(s) recorded`,
    );
    const leftovers = readdirSync(join(storageRoot, 'tmp'));
    const swept = await sweepStorage(createLocalDiskStorage({ root: storageRoot }), Date.now() + PARTIAL_WRITE_GRACE_MS + 60_000);
    console.log(
      `  partial writes left in the storage's tmp/ folder by the killed worker: ${leftovers.length}; removed by the storage sweep once ${PARTIAL_WRITE_GRACE_MS / 3_600_000} h old: ${swept.partialWrites}`,
    );
  } finally {
    await deleteKeys();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
