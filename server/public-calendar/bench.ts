/**
 * What the public calendar page costs (`npm run bench:calendar-page`, after `npm run build`;
 * docs/decisions/027): the production server (`node build/server.js`, demo mode, a port, folder
 * and Redis prefix of its own) with a community holding one calendar of 5,000 events (two years,
 * about seven a day), and autocannon on
 *
 * 1. the calendar's busiest page, the list of next month (about 210 events, its JSON-LD and
 *    links), as an anonymous visitor gets it: server-rendered, then kept (the page cache);
 * 2. the same bytes as a static file of public/build served by the same server (express.static);
 *
 * and prints the page's rate as a share of the static file's (the target: at least 50 %), the
 * bytes of JavaScript the page needs to show its events (none: the events are in the HTML), and
 * how long a render takes when nothing is kept (distinct addresses, each read from the live
 * calendar index rather than 5,000 records).
 *
 * Options: `--duration=SECONDS` (per target, default 10), `--connections=N` (default 10),
 * `--port=N` (default 3440), `--events=N` (default 5000).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { createEmbeddedDb, type DbValue } from '@server/db';
import { createPaths } from '@server/paths';
import { hrefs } from '~/lib/hrefs';

const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    port: { type: 'string', default: '3440' },
    events: { type: 'string', default: '5000' },
  },
});

const PORT = Number(options.port);
const DURATION = Number(options.duration);
const CONNECTIONS = Number(options.connections);
const EVENTS = Number(options.events);
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = resolve(`tests/.tmp/bench-calendar-page-${PORT}`);
const STATIC_NAME = `bench-calendar-page-${PORT}.html`;
const STATIC_FILE = resolve('public/build', STATIC_NAME);
const COMMUNITY = 'bench-calendar';
const CALENDAR = 'activities';
const TARGET_SHARE = 0.5;
const ZONE = 'America/New_York';

if (!existsSync('build/server.js') || !existsSync('public/build')) {
  console.error('No build: run `npm run build` first.');
  process.exit(1);
}

const serverEnv: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(PORT),
  HOST: '127.0.0.1',
  NODE_ENV: 'production',
  DEMO_MODE: 'on',
  DATA_DIR,
  REDIS_PREFIX: `bench-calendar-page-${PORT}`,
  SEED_DEMO_DATA: 'auto',
  SESSION_SECRET: 'bench-calendar-page-session-secret-at-least-32-chars',
  SMTP_URL: '',
  FIREBASE_DATABASE_URL: '',
  FIREBASE_SERVICE_ACCOUNT: '',
  FIREBASE_DATABASE_EMULATOR_HOST: '',
  FIREBASE_STORAGE_BUCKET: '',
};

let stopping = false;

function startServer(): ChildProcess {
  rmSync(DATA_DIR, { recursive: true, force: true });
  const child = spawn(process.execPath, ['build/server.js'], { env: serverEnv, stdio: ['ignore', 'ignore', 'inherit'] });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`The server stopped (${signal ?? code}).`);
      process.exit(1);
    }
  });
  return child;
}

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
      if ((await fetch(`${BASE}/healthcheck`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error('The server did not become healthy within two minutes.');
}

const TITLES = [
  'Sunrise Yoga',
  'Bingo Night',
  'Kids Craft Hour',
  'Guided Kayak Paddle',
  'Movie Night',
  'Pancake Breakfast',
  'Trivia at the Grill',
];

/** The community and its calendar of EVENTS events, written into the server's database (another connection, as the tests do). */
async function writeCalendar(): Promise<void> {
  const db = createEmbeddedDb({ file: resolve(DATA_DIR, 'rtdb.sqlite') });
  try {
    const paths = createPaths('amc');
    const hour = 36e5;
    const first = Math.floor((Date.now() - 365 * 864e5) / hour) * hour;
    const step = Math.floor((730 * 864e5) / EVENTS / hour) * hour || hour;
    const events: Record<string, DbValue> = {};
    for (let index = 0; index < EVENTS; index++) {
      const start = first + index * step + (index % 3) * hour;
      events[`bench-${String(index).padStart(5, '0')}`] = {
        title: `${TITLES[index % TITLES.length]} ${index}`,
        description: `<p>Event number ${index} of the bench calendar, at the Recreation Hall. Bring a friend.</p>`,
        startDate: start,
        endDate: start + 2 * hour,
        endDateDuration: 2 * hour,
        allDay: false,
        resortLocationId: 'recreation-hall',
        contexts: [`${COMMUNITY}/amc-events/calendars/${CALENDAR}`],
      };
    }
    await db.ref().update({
      [paths.community(COMMUNITY)]: { title: 'Bench Camp', name: 'Bench Camp', timeZone: ZONE, communityKey: COMMUNITY },
      [paths.calendarConfig(COMMUNITY, CALENDAR)]: { title: 'Activities', audiences: ['Family'] },
      [paths.locations(COMMUNITY)]: {
        'recreation-hall': { title: 'Recreation Hall', address: '1 Lake Road', city: 'Lake Luzerne', state: 'NY' },
      },
      [paths.calendarEvents(COMMUNITY, CALENDAR)]: events,
    });
  } finally {
    await db.close();
  }
}

function nextMonth(): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit' }).formatToParts(Date.now());
  const year = Number(parts.find((part) => part.type === 'year')!.value);
  const month = Number(parts.find((part) => part.type === 'month')!.value);
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

async function measure(path: string, duration: number): Promise<{ rate: number }> {
  const result = await autocannon({ url: `${BASE}${path}`, connections: CONNECTIONS, duration });
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0) throw new Error(`${path}: ${failures} of ${result.requests.total} requests failed`);
  return { rate: result.requests.average };
}

const server = startServer();
try {
  await waitForHealth();
  await writeCalendar();
  const page = hrefs.publicCalendar({ clocation: COMMUNITY, selectedTab: CALENDAR, date: nextMonth() });
  const first = Date.now();
  const response = await fetch(`${BASE}${page}`);
  const firstMs = Date.now() - first;
  const html = await response.text();
  if (response.status !== 200 || !html.includes('Recreation Hall'))
    throw new Error(`${page} answered ${response.status} without its events`);
  const rows = (html.match(/class="pc-row/g) ?? []).length;
  // The page's own scripts: what runs after the HTML (the events are all in it without them).
  const scripts = (html.match(/<link rel="modulepreload"/g) ?? []).length;
  writeFileSync(STATIC_FILE, html);

  // Renders with nothing kept: distinct addresses of the same month (each a miss, read from the live index).
  const renders: number[] = [];
  for (let index = 0; index < 30; index++) {
    const started = performance.now();
    const answer = await fetch(`${BASE}${page}&bench=${index}`);
    await answer.text();
    renders.push(performance.now() - started);
  }
  renders.sort((a, b) => a - b);

  await measure(page, 2);
  await measure(`/build/${STATIC_NAME}`, 2);
  const pageRate = await measure(page, DURATION);
  const staticRate = await measure(`/build/${STATIC_NAME}`, DURATION);
  const share = pageRate.rate / staticRate.rate;

  console.log(
    `\nPublic calendar page benchmark (production build; ${EVENTS} events; autocannon, ${CONNECTIONS} connections, ${DURATION} s each)\n`,
  );
  console.log(`page:   ${page}`);
  console.log(
    `        ${html.length} bytes, ${rows} event rows; the events need 0 bytes of JavaScript (${scripts} module scripts, loaded after it, add live updates)`,
  );
  console.log(`first render (the index loads 5,000 events): ${firstMs} ms`);
  console.log(
    `render with nothing kept (30 distinct addresses): median ${renders[15]!.toFixed(1)} ms, slowest ${renders.at(-1)!.toFixed(1)} ms`,
  );
  console.log(`public calendar page  ${pageRate.rate.toFixed(0).padStart(6)} requests/s`);
  console.log(`same bytes, static    ${staticRate.rate.toFixed(0).padStart(6)} requests/s`);
  console.log(
    `\nThe page at ${(share * 100).toFixed(1)} % of the static file: ${share >= TARGET_SHARE ? 'PASS' : 'UNDER'} (target ≥ ${TARGET_SHARE * 100} %)`,
  );
  if (share < TARGET_SHARE) process.exitCode = 1;
} finally {
  rmSync(STATIC_FILE, { force: true });
  await stopServer(server);
}
