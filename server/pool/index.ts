import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { defaultImageConcurrency } from '@server/images/limit';
import type { PoolAnswer, PoolRequest, PoolTaskKind, PoolTasks } from './tasks';

export type { PoolTaskKind, PoolTasks } from './tasks';

/**
 * The pool of worker threads that does the server's CPU-heavy work (docs/decisions/013): PDF
 * first pages, image decoding and drawing, calendar feed expansion, uploaded .xlsx workbooks.
 * Nothing of it runs on the web process's event loop, so a hostile file or feed can slow its own
 * task only:
 *
 * - at most `threads` tasks run at once (one per two cores, 2 to 4); up to `maxQueue` more wait
 *   in order, and beyond that a task is refused at once with PoolBusyError;
 * - each kind has a wall-clock limit counted from the moment its thread starts it; a task that
 *   passes it has its thread terminated (whatever native memory it held goes with it) and
 *   rejects with PoolLimitError('time');
 * - each thread's JavaScript heap is limited (resourceLimits); a task that passes it loses its
 *   thread and rejects with PoolLimitError('memory');
 * - threads start when work arrives and end after `idleTimeoutMs` without work, so the memory of
 *   a large image is given back to the system.
 *
 * The thread entry is ./worker.ts: run through tsx (`--import tsx`) from the sources (tsx, dev,
 * Vitest), or build/pool-worker.js beside build/server.js in the production bundle.
 */

export interface PoolOptions {
  threads: number;
  maxQueue: number;
  idleTimeoutMs: number;
  /** Wall-clock limit per task kind, from the moment a thread starts the task. */
  timeLimitMs: Record<PoolTaskKind, number>;
  /** The JavaScript heap of each thread (old generation), in MB. */
  maxHeapMb: number;
}

export const DEFAULT_POOL_OPTIONS: PoolOptions = {
  threads: defaultImageConcurrency(),
  maxQueue: 100,
  idleTimeoutMs: 10_000,
  timeLimitMs: {
    'pdf-first-page': 10_000,
    'process-image': 30_000,
    'fit-image': 30_000,
    'design-png': 30_000,
    'flyer-pdf': 30_000,
    'ics-events': 20_000,
    'xlsx-csv': 10_000,
  },
  maxHeapMb: 512,
};

/** A task that passed its time or heap limit; its thread was terminated. */
export class PoolLimitError extends Error {
  constructor(
    readonly limit: 'time' | 'memory',
    readonly task: PoolTaskKind,
  ) {
    super(limit === 'time' ? `The ${task} task took longer than its time limit.` : `The ${task} task ran out of memory.`);
    this.name = 'PoolLimitError';
  }
}

/** The queue is full: the task was not started. */
export class PoolBusyError extends Error {
  constructor(readonly task: PoolTaskKind) {
    super(`The server is busy: the ${task} task was not queued.`);
    this.name = 'PoolBusyError';
  }
}

/** An error the task itself threw, by name and message. */
export class PoolTaskError extends Error {
  constructor(
    readonly errorName: string,
    message: string,
  ) {
    super(message);
    this.name = 'PoolTaskError';
  }
}

/**
 * Where the thread entry is: the TypeScript source run through tsx (tsx, Vitest), or the
 * bundle's pool-worker.js beside the module that was bundled (build/server.js, build/index.js).
 * Under `remix dev` the app bundle has no worker beside it: the source is used.
 */
export function workerEntry(moduleUrl: string = import.meta.url): { filename: string; execArgv: string[] } {
  const source = { execArgv: ['--import', 'tsx'] };
  if (/\.[cm]?ts$/.test(new URL(moduleUrl).pathname)) return { ...source, filename: new URL('./worker.ts', moduleUrl).href };
  const bundled = new URL('./pool-worker.js', moduleUrl);
  if (existsSync(bundled)) return { filename: bundled.href, execArgv: [] };
  return { ...source, filename: pathToFileURL(resolve('server/pool/worker.ts')).href };
}

interface Pool {
  options: PoolOptions;
  piscina: Piscina<PoolRequest, PoolAnswer>;
  running: number;
  waiting: Array<() => void>;
}

/** How long a thread may take to start and load its modules before it is given up. */
const THREAD_START_LIMIT_MS = 30_000;

let current: Pool | null = null;
let configured: PoolOptions = DEFAULT_POOL_OPTIONS;

function pool(): Pool {
  if (current) return current;
  const options = configured;
  const entry = workerEntry();
  const piscina = new Piscina<PoolRequest, PoolAnswer>({
    filename: entry.filename,
    execArgv: entry.execArgv,
    minThreads: 0,
    maxThreads: options.threads,
    idleTimeout: options.idleTimeoutMs,
    resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb, maxYoungGenerationSizeMb: 64 },
  });
  // A thread that fails outside a task (it cannot start, say) is replaced; the pool itself stays.
  piscina.on('error', (error: unknown) => console.error('Worker pool thread failed:', error));
  current = { options, piscina, running: 0, waiting: [] };
  return current;
}

/** Replaces the pool's options (tests, benchmarks); the running pool is closed first. */
export async function configurePool(
  options: Partial<Omit<PoolOptions, 'timeLimitMs'>> & { timeLimitMs?: Partial<PoolOptions['timeLimitMs']> } = {},
): Promise<void> {
  await closePool();
  configured = {
    ...DEFAULT_POOL_OPTIONS,
    ...options,
    timeLimitMs: { ...DEFAULT_POOL_OPTIONS.timeLimitMs, ...options.timeLimitMs },
  };
}

/** Ends the pool's threads (running tasks are terminated). */
export async function closePool(): Promise<void> {
  const closing = current;
  current = null;
  if (closing) await closing.piscina.destroy();
}

/** Tasks asked of the pool since the process started (tests prove work refused before it reached a thread). */
let asked = 0;

/** Tasks running and waiting now, and how many were ever asked. */
export function poolLoad(): { running: number; waiting: number; threads: number; asked: number } {
  return {
    running: current?.running ?? 0,
    waiting: current?.waiting.length ?? 0,
    threads: current?.piscina.threads.length ?? 0,
    asked,
  };
}

const isOutOfMemory = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY';

/**
 * Runs one task in a thread of the pool and answers its output. Rejects with PoolLimitError
 * (time or heap limit: the thread was terminated), PoolBusyError (queue full) or PoolTaskError
 * (the task threw).
 */
export async function runInPool<K extends PoolTaskKind>(
  kind: K,
  input: PoolTasks[K]['input'],
  options: { transfer?: ArrayBuffer[] } = {},
): Promise<PoolTasks[K]['output']> {
  asked += 1;
  const target = pool();
  if (target.running >= target.options.threads) {
    if (target.waiting.length >= target.options.maxQueue) throw new PoolBusyError(kind);
    await new Promise<void>((resolve) => target.waiting.push(resolve));
  } else target.running += 1;
  const controller = new AbortController();
  // The limit runs from the moment the thread starts the task (it says so on `started`), so a
  // thread's own start and module loading do not count; a thread that never gets there is
  // stopped after THREAD_START_LIMIT_MS.
  const { port1: started, port2: startedInThread } = new MessageChannel();
  let timer = setTimeout(() => controller.abort(), THREAD_START_LIMIT_MS + target.options.timeLimitMs[kind]);
  started.once('message', () => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(), target.options.timeLimitMs[kind]);
  });
  try {
    const answer = (await target.piscina.run({ kind, input, started: startedInThread } as PoolRequest, {
      signal: controller.signal,
      transferList: [startedInThread, ...(options.transfer ?? [])],
    })) as PoolAnswer<K>;
    if (!answer.ok) throw new PoolTaskError(answer.error.name, answer.error.message);
    return answer.value;
  } catch (error) {
    if (controller.signal.aborted) throw new PoolLimitError('time', kind);
    if (isOutOfMemory(error)) throw new PoolLimitError('memory', kind);
    throw error;
  } finally {
    clearTimeout(timer);
    started.close();
    // The slot passes to the next waiting task (running stays counted), or is given back.
    const next = target.waiting.shift();
    if (next) next();
    else target.running -= 1;
  }
}

/** A Buffer over the bytes a thread sent back (they arrive as a Uint8Array). */
export const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
