import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The job workers as a child process of the web server (WORKERS=process, the default;
 * docs/decisions/014): a job — a feed to expand, an image to render, ten thousand pushes — never
 * runs on the event loop that answers pages. The web server forks the worker entry once start-up
 * has seeded the database, starts it again when it dies (1 s, doubling up to 30 s while it keeps
 * dying), and stops it on SIGTERM/SIGINT: the worker lets running jobs finish, then exits.
 */

/** Set in the child: it was started by this supervisor (it leaves Ctrl-C to the parent). */
export const SUPERVISED_ENV = 'JOB_WORKER_SUPERVISED';

export interface WorkerCommand {
  /** The script the child runs. */
  entry: string;
  /** Node options of the child (tsx's loader for the TypeScript source). */
  execArgv: string[];
}

export interface WorkerProcessLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface WorkerProcessOptions {
  command: WorkerCommand;
  log?: WorkerProcessLog;
  /** Extra environment of the child (the parent's is inherited). */
  env?: Record<string, string>;
  /** First restart delay (1 s); doubles while the worker keeps dying, up to `maxRestartDelayMs`. */
  restartDelayMs?: number;
  maxRestartDelayMs?: number;
  /** A worker that ran this long counts as healthy again: the next restart waits the first delay (60 s). */
  healthyAfterMs?: number;
  /** How long `stop()` waits for running jobs before killing the worker (30 s). */
  stopTimeoutMs?: number;
}

export interface WorkerProcess {
  /** The running child's process id, null between a crash and its restart. */
  readonly pid: number | null;
  /** How many times the worker was started again after it died. */
  readonly restarts: number;
  /** Resolves when a child has started (its first message: 'ready', or its exit). */
  started(): Promise<void>;
  /** Asks the worker to finish its running jobs and exit (SIGTERM), kills it after the time limit. Safe to call twice. */
  stop(): Promise<void>;
}

/**
 * V8 flags of the worker process (docs/decisions/039). A young generation of 2 MB semi-spaces
 * (16 MB by default) is collected often, and with it the stream chunks that die young (an
 * export's photos pass through in 64 KB Buffers): the worker's peak RSS during a 2,000-photo
 * export drops by about 40 MB, for a little more time spent in scavenges. `npm run worker`
 * starts the worker with the same flag.
 */
export const WORKER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=2'];

/**
 * The worker of this installation: `worker.js` beside the server build (`npm run build` bundles
 * jobs/worker.ts there), or the TypeScript source through tsx under `npm run dev` and when no
 * bundle exists.
 */
export function workerCommand(buildDirectory: string, development: boolean): WorkerCommand {
  const bundled = resolve(buildDirectory, 'worker.js');
  if (!development && existsSync(bundled)) return { entry: bundled, execArgv: [...WORKER_NODE_FLAGS] };
  return { entry: resolve('jobs/worker.ts'), execArgv: ['--import', 'tsx', ...WORKER_NODE_FLAGS] };
}

/** The folder of the running server build (build/index.js, or the bundled server). */
export function buildDirectoryOf(moduleUrl: string): string {
  return dirname(fileURLToPath(moduleUrl));
}

const consoleLog: WorkerProcessLog = { info: (message) => console.log(message), warn: (message) => console.warn(message) };

export function startWorkerProcess(options: WorkerProcessOptions): WorkerProcess {
  const log = options.log ?? consoleLog;
  const firstDelay = options.restartDelayMs ?? 1_000;
  const maxDelay = options.maxRestartDelayMs ?? 30_000;
  const healthyAfterMs = options.healthyAfterMs ?? 60_000;
  const stopTimeoutMs = options.stopTimeoutMs ?? 30_000;

  let child: ChildProcess | null = null;
  let restarts = 0;
  let delay = firstDelay;
  let restartTimer: NodeJS.Timeout | null = null;
  let stopping: Promise<void> | null = null;
  let startedOnce: Promise<void>;
  let markStarted: () => void = () => {};

  function launch() {
    const startedAt = Date.now();
    const current = fork(options.command.entry, [], {
      execArgv: options.command.execArgv,
      env: { ...process.env, ...options.env, [SUPERVISED_ENV]: '1' },
      stdio: 'inherit',
    });
    child = current;
    current.once('message', () => markStarted());
    current.once('error', (error) => log.warn(`The job worker could not be started: ${error.message}`));
    current.once('exit', (code, signal) => {
      if (child === current) child = null;
      markStarted();
      if (stopping) return;
      const ranMs = Date.now() - startedAt;
      if (ranMs >= healthyAfterMs) delay = firstDelay;
      const how = signal ? `signal ${signal}` : `code ${code}`;
      log.warn(`The job worker stopped (${how}); starting it again in ${Math.round(delay / 100) / 10} s.`);
      restartTimer = setTimeout(() => {
        restartTimer = null;
        if (stopping) return;
        restarts += 1;
        startedOnce = new Promise((resolve) => (markStarted = resolve));
        launch();
      }, delay);
      delay = Math.min(delay * 2, maxDelay);
    });
  }

  startedOnce = new Promise((resolve) => (markStarted = resolve));
  launch();
  log.info(`Job workers run in a separate process (pid ${child!.pid}); WORKERS=in-process runs them inside the web server.`);

  async function shutDown(): Promise<void> {
    if (restartTimer) clearTimeout(restartTimer);
    restartTimer = null;
    const current = child;
    if (!current || current.exitCode !== null || current.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => current.once('exit', () => resolve()));
    current.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), stopTimeoutMs)));
    if ((await Promise.race([exited, late])) === 'late') {
      log.warn(`The job worker did not stop within ${stopTimeoutMs / 1000} s; it was killed (its running jobs run again later).`);
      current.kill('SIGKILL');
      await exited;
    }
    clearTimeout(timer);
  }

  return {
    get pid() {
      return child?.pid ?? null;
    },
    get restarts() {
      return restarts;
    },
    started: () => startedOnce,
    stop() {
      stopping ??= shutDown();
      return stopping;
    },
  };
}
