import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';

/**
 * Server-only code never reaches the browser: the browser build's esbuild metafile lists every
 * input, and the emitted files are searched for each package's tell-tale strings as well.
 */
const SERVER_ONLY_PACKAGES = ['firebase-admin', 'better-sqlite3', 'bullmq', 'ioredis', 'nodemailer', '@google-cloud'];
const SERVER_ONLY_SOURCES = [/^server\//, /^jobs\//, /\.server\.tsx?$/];

type Metafile = { inputs: Record<string, unknown>; outputs: Record<string, { inputs: Record<string, unknown> }> };

const metafile = () => JSON.parse(readFileSync('build/metafile.js.json', 'utf8')) as Metafile;

test('the browser build has no server-only packages or modules', () => {
  const inputs = Object.keys(metafile().inputs);
  expect(inputs.length).toBeGreaterThan(50);
  expect(inputs.some((input) => input.includes('node_modules/react-dom/'))).toBe(true);
  for (const name of SERVER_ONLY_PACKAGES) {
    expect(
      inputs.filter((input) => input.includes(`node_modules/${name}/`)),
      name,
    ).toEqual([]);
  }
  for (const pattern of SERVER_ONLY_SOURCES) {
    expect(
      inputs.filter((input) => pattern.test(input)),
      String(pattern),
    ).toEqual([]);
  }
});

test('no emitted browser file carries server-only code', () => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.js')) files.push(path);
    }
  };
  walk('public/build');
  expect(files.length).toBeGreaterThan(3);
  const tells = [/better[-_]sqlite3/, /firebase-admin/, /\bbullmq\b/i, /\bioredis\b/, /sqlite3_/, /nodemailer/];
  for (const file of files) {
    const code = readFileSync(file, 'utf8');
    for (const tell of tells) expect(tell.test(code), `${file} matches ${tell}`).toBe(false);
  }
});

test("the worker pool's thread entry is bundled beside the server, with the app's own modules inside it, and runs a task", async () => {
  const source = readFileSync('build/pool-worker.js', 'utf8');
  expect(source).not.toMatch(/from ["'](@server|@jobs|~)\//);
  const { default: runTask } = (await import(pathToFileURL(resolve('build/pool-worker.js')).href)) as {
    default: (request: unknown) => Promise<{ ok: boolean; value?: { events: Array<{ id: string }> } }>;
  };
  const text = 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:swim\r\nDTSTART:20990310T100000Z\r\nSUMMARY:Swim\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';
  const answer = await runTask({ kind: 'ics-events', input: { text, window: { now: Date.UTC(2099, 0, 1), timeZone: 'UTC' } } });
  expect(answer).toMatchObject({ ok: true, value: { events: [{ id: 'swim' }] } });
});
