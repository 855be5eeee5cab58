/**
 * What a signed-in page costs (`npm run bench:pages`, after `npm run build`): the production
 * server (`node build/server.js`, demo mode, the environment the end-to-end tests' server runs
 * with, a port, database folder and Redis prefix of its own) is started, a demo staff member is
 * signed in the way the end-to-end tests sign in (a session written into the server's database,
 * the signed cookie sent back), and autocannon measures, one after the other in the same run:
 * a static file of public/build, the login page signed out (the cheapest document: the
 * framework's floor), the signed-in home screen and the FAQ list (`/listnm/faqs`). Prints the
 * requests per second of each, each page's rate as a share of the static file's and the
 * signed-in pages' share of the login page's (decision 023).
 *
 * Options: `--duration=SECONDS` (per target, default 10), `--connections=N` (default 10),
 * `--port=N` (default 3430), `--user=EMAIL` (a demo login, default admin@demo.example),
 * `--gzip` (ask for compressed answers; by default autocannon asks for none, so the static file
 * is sent as it is stored), `--profile` (the server runs with `--cpu-prof`; the .cpuprofile written when it stops is in
 * the folder printed at the end: open it in Chrome DevTools' Performance panel or speedscope),
 * `--only=static|login|home|faqs` (measure that target alone, so a profile holds nothing else; no ratio is printed).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { cookiePair, createStaffSessionStorage, newStaffSession } from '@server/auth/session';
import { createEmbeddedDb } from '@server/db';
import { createPaths } from '@server/paths';

const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    port: { type: 'string', default: '3430' },
    user: { type: 'string', default: 'admin@demo.example' },
    profile: { type: 'boolean', default: false },
    gzip: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});

const PORT = Number(options.port);
const DURATION = Number(options.duration);
const CONNECTIONS = Number(options.connections);
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = resolve(`tests/.tmp/bench-pages-${PORT}`);
const PROFILE_DIR = resolve(`tests/.tmp/bench-pages-profile-${PORT}`);
const SECRET = 'bench-pages-session-secret-that-is-at-least-32-chars';
const TARGET_SHARE = 0.1;

if (!existsSync('build/server.js') || !existsSync('public/build')) {
  console.error('No build: run `npm run build` first.');
  process.exit(1);
}

/** The environment of the end-to-end tests' server (playwright.config.ts), on this run's own port, folder and prefix. */
const serverEnv: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(PORT),
  HOST: '127.0.0.1',
  NODE_ENV: 'production',
  DEMO_MODE: 'on',
  DATA_DIR,
  REDIS_PREFIX: `bench-pages-${PORT}`,
  SEED_DEMO_DATA: 'auto',
  SESSION_SECRET: SECRET,
  SMTP_URL: '',
  FIREBASE_DATABASE_URL: '',
  FIREBASE_SERVICE_ACCOUNT: '',
  FIREBASE_DATABASE_EMULATOR_HOST: '',
  FIREBASE_STORAGE_BUCKET: '',
};

function startServer(): ChildProcess {
  rmSync(DATA_DIR, { recursive: true, force: true });
  const flags: string[] = [];
  if (options.profile) {
    rmSync(PROFILE_DIR, { recursive: true, force: true });
    mkdirSync(PROFILE_DIR, { recursive: true });
    flags.push('--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`);
  }
  const child = spawn(process.execPath, [...flags, 'build/server.js'], { env: serverEnv, stdio: ['ignore', 'ignore', 'inherit'] });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`The server stopped (${signal ?? code}).`);
      process.exit(1);
    }
  });
  return child;
}

let stopping = false;

async function stopServer(child: ChildProcess): Promise<void> {
  stopping = true;
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

async function waitForHealth(): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${BASE}/healthcheck`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error('The server did not become healthy within two minutes.');
}

/** A session for a demo login, written into the server's database as tests/e2e/fixtures.ts does; its cookie pair. */
async function signIn(email: string): Promise<string> {
  const users = JSON.parse(readFileSync('firebase/seed/demo-users.json', 'utf8')) as Array<{
    uid: string;
    email: string;
    displayName: string;
  }>;
  const user = users.find((candidate) => candidate.email === email);
  if (!user) throw new Error(`No demo user ${email}`);
  const db = createEmbeddedDb({ file: resolve(DATA_DIR, 'rtdb.sqlite') });
  try {
    const sessions = createStaffSessionStorage({ db, paths: createPaths('amc'), secrets: [SECRET], secure: false });
    const session = await newStaffSession(sessions, {
      ...user,
      method: 'password',
      persistent: true,
      communityKey: email === 'town-editor@demo.example' ? 'demo-town' : 'demo-campground',
    });
    return cookiePair(await sessions.commitSession(session));
  } finally {
    await db.close();
  }
}

/** The largest script of public/build's top level (the client entry or the manifest): served by express.static. */
function staticFile(): string {
  const files = readdirSync('public/build').filter((name) => name.endsWith('.js'));
  const entry = files.find((name) => name.startsWith('entry.client-')) ?? files[0];
  if (!entry) throw new Error('public/build holds no script.');
  return `/build/${entry}`;
}

interface Target {
  /** What `--only` names it. */
  id: 'static' | 'login' | 'home' | 'faqs';
  name: string;
  path: string;
  cookie?: string;
  /** Text the answer must hold (checked once before measuring). */
  expect?: string;
}

async function check(target: Target): Promise<void> {
  const response = await fetch(`${BASE}${target.path}`, {
    headers: target.cookie ? { Cookie: target.cookie } : {},
    redirect: 'manual',
  });
  const body = await response.text();
  if (response.status !== 200 || (target.expect && !body.includes(target.expect))) {
    throw new Error(`${target.path} answered ${response.status} ${target.expect ? `without "${target.expect}"` : ''}`);
  }
}

async function measure(target: Target, duration: number, warmUp = false): Promise<number> {
  const result = await autocannon({
    url: `${BASE}${target.path}`,
    connections: CONNECTIONS,
    duration,
    headers: { ...(options.gzip ? { 'accept-encoding': 'gzip' } : {}), ...(target.cookie ? { cookie: target.cookie } : {}) },
  });
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0 && !warmUp) throw new Error(`${target.path}: ${failures} of ${result.requests.total} requests failed`);
  return result.requests.average;
}

const server = startServer();
try {
  await waitForHealth();
  const cookie = await signIn(options.user);
  const all: Target[] = [
    { id: 'static', name: 'static file', path: staticFile() },
    // The cheapest document the console renders (signed out, a small form, no database read):
    // the framework's floor for a page, against which the signed-in pages are read (decision 023).
    { id: 'login', name: 'login page', path: '/login', expect: 'Password' },
    { id: 'home', name: 'signed-in home', path: '/', cookie, expect: 'Log Out' },
    { id: 'faqs', name: 'FAQ list', path: '/listnm/faqs', cookie, expect: 'Log Out' },
  ];
  const targets = options.only ? all.filter((target) => target.id === options.only) : all;
  if (targets.length === 0) throw new Error(`--only names one of ${all.map((target) => target.id).join(', ')}`);
  for (const target of targets) await check(target);
  // Warm-up: the first requests compile the render path.
  for (const target of targets) await measure(target, 2, true);
  const rates = new Map<string, number>();
  for (const target of targets) rates.set(target.name, await measure(target, DURATION));

  const staticRate = rates.get('static file') ?? Number.NaN;
  console.log(
    `\nPage benchmark (production build, demo data, ${options.user}; autocannon, ${CONNECTIONS} connections, ${DURATION} s each)\n`,
  );
  for (const target of targets) {
    const rate = rates.get(target.name)!;
    const share = target.name === 'static file' || options.only ? '' : `  ${((rate / staticRate) * 100).toFixed(1)} % of the static file`;
    console.log(`${target.name.padEnd(16)} ${target.path.padEnd(36)} ${rate.toFixed(0).padStart(6)} requests/s${share}`);
  }
  const slowest = Math.min(rates.get('signed-in home') ?? Number.NaN, rates.get('FAQ list') ?? Number.NaN);
  if (!options.only) {
    const floor = rates.get('login page')! / staticRate;
    console.log(`\nThe framework's floor: the login page at ${(floor * 100).toFixed(1)} % of the static file.`);
    console.log(`The slower signed-in page at ${((slowest / rates.get('login page')!) * 100).toFixed(0)} % of the login page's rate.`);
    console.log(
      `Target: a signed-in page at ≥ ${TARGET_SHARE * 100} % of the static file: ${slowest / staticRate >= TARGET_SHARE ? 'PASS' : 'UNDER'}` +
        (floor < TARGET_SHARE ? ' (below the floor: no page of this framework reaches it here, decision 023)' : ''),
    );
  }
} finally {
  await stopServer(server);
  if (options.profile) {
    const profiles = existsSync(PROFILE_DIR) ? readdirSync(PROFILE_DIR) : [];
    console.log(`\nServer CPU profile: ${profiles.map((name) => resolve(PROFILE_DIR, name)).join(', ') || '(none written)'}`);
  }
}
