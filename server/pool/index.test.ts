import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../tests/setup/tmp';
import { secondlyFeed } from './hostile';
import { closePool, configurePool, PoolBusyError, PoolLimitError, PoolTaskError, poolLoad, runInPool, workerEntry } from './index';

/** The worker pool: typed tasks in threads, the time and heap limits, the bounded queue, the thread entry. */

const window = { now: Date.UTC(2026, 2, 1), timeZone: 'America/New_York' };
const feed = (events: string) => `BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${events}END:VCALENDAR\r\n`;
const swim = feed('BEGIN:VEVENT\r\nUID:swim\r\nDTSTART:20260310T100000Z\r\nSUMMARY:Swim\r\nEND:VEVENT\r\n');

afterAll(closePool);

describe('runInPool', () => {
  beforeEach(() => configurePool({ timeLimitMs: { 'ics-events': 1_500 } }));

  it('runs a typed task in a thread and answers its output', async () => {
    const out = await runInPool('ics-events', { text: swim, window });
    expect(out.events.map((event) => [event.id, event.title])).toEqual([['swim', 'Swim']]);
    expect(poolLoad()).toMatchObject({ running: 0, waiting: 0 });
  });

  it("answers the task's own error by name and message", async () => {
    const failure = await runInPool('ics-events', { text: 'hello', window }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PoolTaskError);
    expect(failure).toMatchObject({ errorName: 'IcsError', message: expect.stringMatching(/not an iCalendar file/) });
  });

  it('terminates a task that passes its time limit, and the next task runs on a new thread', async () => {
    const started = performance.now();
    const failure = await runInPool('ics-events', { text: secondlyFeed(), window }).catch((error: unknown) => error);
    const took = performance.now() - started;
    expect(failure).toBeInstanceOf(PoolLimitError);
    expect(failure).toMatchObject({ limit: 'time', task: 'ics-events' });
    // The feed alone takes about 40 s; the limit is 1.5 s (plus the thread's start).
    expect(took).toBeLessThan(8_000);
    expect((await runInPool('ics-events', { text: swim, window })).events).toHaveLength(1);
  });

  it('refuses a task at once when the queue is full, and counts the time limit from the start of each task', async () => {
    await configurePool({ threads: 1, maxQueue: 1, timeLimitMs: { 'ics-events': 1_500 } });
    const first = runInPool('ics-events', { text: secondlyFeed(), window }).catch((error: unknown) => error);
    const second = runInPool('ics-events', { text: swim, window });
    expect(poolLoad()).toMatchObject({ running: 1, waiting: 1 });
    await expect(runInPool('ics-events', { text: swim, window })).rejects.toBeInstanceOf(PoolBusyError);
    expect(await first).toBeInstanceOf(PoolLimitError);
    // The second waited for the first's whole limit, yet had its own time.
    expect((await second).events).toHaveLength(1);
  });

  it('terminates a task that passes the heap limit', async () => {
    await configurePool({ maxHeapMb: 48, timeLimitMs: { 'ics-events': 20_000 } });
    const many = Array.from(
      { length: 60_000 },
      (_, index) => `BEGIN:VEVENT\r\nUID:e${index}\r\nDTSTART:20260310T100000Z\r\nSUMMARY:${'x'.repeat(200)}\r\nEND:VEVENT\r\n`,
    );
    const failure = await runInPool('ics-events', { text: feed(many.join('')), window }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ limit: 'memory' });
  });
});

describe('workerEntry', () => {
  it('is the TypeScript source through tsx from the sources, and the bundled pool-worker.js beside a bundle', () => {
    expect(workerEntry('file:///app/server/pool/index.ts')).toEqual({
      filename: 'file:///app/server/pool/worker.ts',
      execArgv: ['--import', 'tsx'],
    });
    const build = join(makeTempDir('pool-entry'), 'build');
    mkdirSync(build, { recursive: true });
    writeFileSync(join(build, 'pool-worker.js'), '');
    expect(workerEntry(pathToFileURL(join(build, 'server.js')).href)).toEqual({
      filename: pathToFileURL(join(build, 'pool-worker.js')).href,
      execArgv: [],
    });
    // A bundle without the worker beside it (remix dev's): the source.
    expect(workerEntry('file:///elsewhere/index.js').filename).toBe(pathToFileURL(join(process.cwd(), 'server/pool/worker.ts')).href);
  });
});
