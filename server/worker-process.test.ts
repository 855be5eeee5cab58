import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../tests/setup/tmp';
import { startWorkerProcess, workerCommand, type WorkerProcess, type WorkerProcessLog } from './worker-process';

/**
 * The supervisor of the job worker process, on a stand-in worker script: it says 'ready', writes
 * a line to a file when SIGTERM lets it finish, and otherwise idles.
 */

const STAND_IN = `
import { appendFileSync } from 'node:fs';
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {
  appendFileSync(process.env.STOPS_FILE, 'finished running jobs\\n');
  process.exit(0);
});
setInterval(() => {}, 1 << 30);
process.send('ready');
`;

const running: WorkerProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((worker) => worker.stop()));
});

function recordingLog(): WorkerProcessLog & { lines: string[] } {
  const lines: string[] = [];
  return { lines, info: (line) => lines.push(line), warn: (line) => lines.push(line) };
}

async function until(check: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('Timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function standIn() {
  const dir = makeTempDir('worker-process');
  const entry = join(dir, 'worker.mjs');
  const stops = join(dir, 'stops.txt');
  writeFileSync(entry, STAND_IN);
  writeFileSync(stops, '');
  return { entry, stops };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the job worker process', () => {
  it('is started again when it dies, and stopped with SIGTERM (running jobs finish) on shutdown', async () => {
    const { entry, stops } = standIn();
    const log = recordingLog();
    const worker = startWorkerProcess({
      command: { entry, execArgv: [] },
      env: { STOPS_FILE: stops },
      log,
      restartDelayMs: 50,
    });
    running.push(worker);
    await worker.started();
    const first = worker.pid!;
    expect(alive(first)).toBe(true);
    expect(log.lines[0]).toBe(`Job workers run in a separate process (pid ${first}); WORKERS=in-process runs them inside the web server.`);

    process.kill(first, 'SIGKILL');
    await until(() => worker.pid !== null && worker.pid !== first);
    await worker.started();
    expect(worker.restarts).toBe(1);
    expect(log.lines).toContain('The job worker stopped (signal SIGKILL); starting it again in 0.1 s.');
    const second = worker.pid!;

    await worker.stop();
    expect(alive(second)).toBe(false);
    expect(worker.pid).toBeNull();
    expect(readFileSync(stops, 'utf8')).toBe('finished running jobs\n');
    // Stopped on purpose: never started again.
    expect(worker.restarts).toBe(1);
  });

  it('kills a worker that does not stop within the time limit', async () => {
    const dir = makeTempDir('worker-process-stuck');
    const entry = join(dir, 'stuck.mjs');
    writeFileSync(entry, "process.on('SIGTERM', () => {}); setInterval(() => {}, 1 << 30); process.send('ready');");
    const log = recordingLog();
    const worker = startWorkerProcess({ command: { entry, execArgv: [] }, log, stopTimeoutMs: 300 });
    running.push(worker);
    await worker.started();
    const pid = worker.pid!;
    await worker.stop();
    expect(alive(pid)).toBe(false);
    expect(log.lines.at(-1)).toBe('The job worker did not stop within 0.3 s; it was killed (its running jobs run again later).');
  });

  it('runs the bundled build/worker.js from a production build, the TypeScript source through tsx otherwise', () => {
    const dir = makeTempDir('worker-process-build');
    expect(workerCommand(dir, false)).toEqual({
      entry: join(process.cwd(), 'jobs/worker.ts'),
      execArgv: ['--import', 'tsx', '--max-semi-space-size=2'],
    });
    writeFileSync(join(dir, 'worker.js'), '');
    expect(workerCommand(dir, false)).toEqual({ entry: join(dir, 'worker.js'), execArgv: ['--max-semi-space-size=2'] });
    expect(workerCommand(dir, true).entry).toBe(join(process.cwd(), 'jobs/worker.ts'));
  });
});
