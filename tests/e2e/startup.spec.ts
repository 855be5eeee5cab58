import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { createEmbeddedDb } from '@server/db';
import { createPaths } from '@server/paths';
import { E2E_PORT } from '../../playwright.config';

/**
 * Start-up of the production build in its own process: a bad variable stops it with a message
 * naming the variable, and an unreachable Redis leaves the pages serving. Their ports follow the
 * end-to-end port, so runs on other ports never meet.
 */
const BAD_ENV_PORT = E2E_PORT + 1000;
const NO_REDIS_PORT = E2E_PORT + 1001;
const DEPLOYED_PORT = E2E_PORT + 1002;
const WORKER_PORT = E2E_PORT + 1003;
const NO_PUBLIC_URL_PORT = E2E_PORT + 1004;
const SERVE = ['build/server.js'];

function start(port: number, env: Record<string, string>) {
  const dataDir = `tests/.tmp/startup-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  // What `npm run serve` gets on a server: nothing about demo mode unless a test says so.
  const { DEMO_MODE: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, SERVE, {
    env: {
      ...inherited,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      REDIS_PREFIX: `startup-${port}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, dataDir, output: () => output, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
}

async function stop(child: ChildProcess, exited: Promise<number | null>) {
  if (child.exitCode === null) child.kill('SIGTERM');
  return exited;
}

test('a malformed variable stops start-up and names the variable', async () => {
  const server = start(BAD_ENV_PORT, { REDIS_URL: 'localhost:6379', WORKERS: 'sometimes' });
  expect(await server.exited).toBe(1);
  expect(server.output()).toContain('The environment is not valid');
  expect(server.output()).toMatch(/REDIS_URL must be a URL starting with redis:\/\//);
  expect(server.output()).toMatch(/WORKERS /);
  server.cleanup();
});

test('outside demo mode, start-up without PUBLIC_URL stops and names the variable (e-mailed links never come from a Host header)', async () => {
  const server = start(NO_PUBLIC_URL_PORT, { PUBLIC_URL: '' });
  expect(await server.exited).toBe(1);
  expect(server.output()).toContain('PUBLIC_URL is required outside demo mode');
  server.cleanup();
});

test('with Redis unreachable the pages serve, the health check says degraded and the log says how to start Redis', async ({ request }) => {
  const server = start(NO_REDIS_PORT, { REDIS_URL: 'redis://127.0.0.1:6390', SEED_DEMO_DATA: 'off', DEMO_MODE: 'on' });
  try {
    await expect(async () => {
      const response = await request.get(`http://127.0.0.1:${NO_REDIS_PORT}/healthcheck`, { timeout: 3_000 });
      expect(response.status()).toBe(200);
      const body = await response.json();
      expect(body.status).toBe('degraded');
      expect(body.database).toEqual({ engine: 'embedded', ok: true });
      expect(body.redis).toMatchObject({ ok: false, url: 'redis://127.0.0.1:6390' });
      expect(body.redis.hint).toMatch(/redis-server/);
    }).toPass({ timeout: 20_000 });

    const outbox = await request.get(`http://127.0.0.1:${NO_REDIS_PORT}/dev/outbox`);
    expect(outbox.status()).toBe(200);
    expect(await outbox.text()).toContain('No e-mails yet.');

    await expect.poll(server.output).toMatch(/redis-server --daemonize yes/);
    // Said once, not on every retry.
    expect(server.output().match(/redis-server --daemonize yes/g)).toHaveLength(1);
    expect(await stop(server.child, server.exited)).toBe(0);
  } finally {
    await stop(server.child, server.exited);
    server.cleanup();
  }
});

test('served as a deployment (no DEMO_MODE), the outbox is 404, nothing is seeded and start-up says demo mode is off', async ({
  request,
}) => {
  const server = start(DEPLOYED_PORT, { PUBLIC_URL: `http://127.0.0.1:${DEPLOYED_PORT}` });
  try {
    await expect(async () => {
      const response = await request.get(`http://127.0.0.1:${DEPLOYED_PORT}/healthcheck`, { timeout: 3_000 });
      expect(response.status()).toBe(200);
    }).toPass({ timeout: 20_000 });
    expect((await request.get(`http://127.0.0.1:${DEPLOYED_PORT}/dev/outbox`)).status()).toBe(404);
    expect((await request.get(`http://127.0.0.1:${DEPLOYED_PORT}/login`)).status()).toBe(200);
    await expect.poll(server.output).toMatch(/Demo mode is off: no demo data, no default super admin, no \/dev\/outbox/);
    expect(server.output()).not.toMatch(/loading the demo communities/);
    expect(await stop(server.child, server.exited)).toBe(0);
    const db = createEmbeddedDb({ file: `${server.dataDir}/rtdb.sqlite` });
    try {
      expect((await db.ref(createPaths('amc').communities()).get()).exists()).toBe(false);
    } finally {
      await db.close();
    }
  } finally {
    await stop(server.child, server.exited);
    server.cleanup();
  }
});

test('npm start runs the jobs in a worker process of its own: restarted when it dies, stopped with the server', async ({ request }) => {
  const server = start(WORKER_PORT, { DEMO_MODE: 'on', SEED_DEMO_DATA: 'auto' });
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  try {
    // The health check waits through the seeding, then the worker process builds the queues.
    await expect(async () => {
      const response = await request.get(`http://127.0.0.1:${WORKER_PORT}/healthcheck`, { timeout: 3_000 });
      expect(response.status()).toBe(200);
      expect(await response.json()).toMatchObject({ status: 'ok', workers: 'process', jobs: { data: 'present' } });
    }).toPass({ timeout: 30_000 });
    const pid = Number(/Job workers run in a separate process \(pid (\d+)\)/.exec(server.output())?.[1]);
    expect(pid).toBeGreaterThan(0);
    expect(pid).not.toBe(server.child.pid);
    await expect.poll(server.output).toMatch(/Job worker running \(product amc, Redis prefix startup-\d+\)\./);

    process.kill(pid, 'SIGKILL');
    await expect.poll(server.output).toContain('The job worker stopped (signal SIGKILL); starting it again in 1 s.');
    await expect.poll(() => server.output().match(/Job worker running/g)?.length ?? 0, { timeout: 20_000 }).toBe(2);

    expect(await stop(server.child, server.exited)).toBe(0);
    expect(server.output()).toContain('Job worker stopped.');
    expect(alive(pid)).toBe(false);
  } finally {
    await stop(server.child, server.exited);
    server.cleanup();
  }
});
