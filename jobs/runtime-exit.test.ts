import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_REDIS_URL, deleteRedisKeys, testRedisPrefix } from './testing/fixtures';

/** close() leaves nothing open: a process that used the runtime ends by itself. */

const prefix = testRedisPrefix('exit');
const script = fileURLToPath(new URL('./testing/exit-check.ts', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));

afterAll(async () => {
  await deleteRedisKeys(prefix);
});

function run(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string; timedOut: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: root, env: { ...process.env, NODE_ENV: 'test' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, 15_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, timedOut });
    });
  });
}

describe('closing the job runtime', () => {
  it('lets the process exit after delivering through the workers', async () => {
    const result = await run('online', TEST_REDIS_URL, prefix);
    expect(result.stderr).toBe('');
    expect(result.timedOut).toBe(false);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('delivered and closed');
  }, 20_000);

  it('lets the process exit after running without Redis', async () => {
    const result = await run('offline');
    expect(result).toMatchObject({ code: 0, timedOut: false, stderr: '' });
    expect(result.stdout).toContain('closed');
  }, 20_000);

  it('does not hold the process open with its retry timer', async () => {
    const result = await run('unclosed-offline');
    expect(result).toMatchObject({ code: 0, timedOut: false, stderr: '' });
    expect(result.stdout).toContain('left open');
  }, 20_000);
});
