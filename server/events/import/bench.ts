/**
 * Import benchmark (`npm run bench:import`): a generated .ics of 2,000 events (1,600 single
 * events, 40 weekly series of 10, in America/New_York with a VTIMEZONE, a third of the singles
 * all-day) read and expanded, then imported into a calendar of the embedded engine in a temp
 * folder; then the same feed again (nothing to write), then with every tenth event retitled
 * and ten dropped. Reports the time of each step and the paths of each update. Always exits 0
 * once set up: it is a report.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fromZonedTime } from 'date-fns-tz';
import { createEmbeddedDb } from '@server/db';
import { createPaths } from '@server/paths';
import { applyImport, importSourcesOf, planImport } from './apply';
import { icsEvents } from './expand';

const NY = 'America/New_York';
const NOW = fromZonedTime('2026-01-01T00:00', NY).getTime();
const SINGLES = 1_600;
const SERIES = 40;
const PER_SERIES = 10;

const pad = (value: number) => String(value).padStart(2, '0');
function stamp(day: number, hour: number): string {
  const date = new Date(Date.UTC(2026, 0, 2 + day));
  return `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}T${pad(hour)}0000`;
}

/** The feed: `retitled` every tenth single gets a new title; `dropped` singles left out. */
function feed(options: { retitle?: boolean; drop?: number } = {}): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Bench//EN',
    'BEGIN:VTIMEZONE',
    'TZID:America/New_York',
    'BEGIN:DAYLIGHT',
    'TZOFFSETFROM:-0500',
    'TZOFFSETTO:-0400',
    'DTSTART:19700308T020000',
    'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
    'END:DAYLIGHT',
    'BEGIN:STANDARD',
    'TZOFFSETFROM:-0400',
    'TZOFFSETTO:-0500',
    'DTSTART:19701101T020000',
    'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
    'END:STANDARD',
    'END:VTIMEZONE',
  ];
  for (let index = options.drop ?? 0; index < SINGLES; index += 1) {
    const day = index % 360;
    const title = options.retitle && index % 10 === 0 ? `Event ${index} (moved)` : `Event ${index}`;
    lines.push('BEGIN:VEVENT', `UID:single-${index}@bench.example`, `SUMMARY:${title}`);
    if (index % 3 === 0) {
      const start = stamp(day, 0).slice(0, 8);
      lines.push(`DTSTART;VALUE=DATE:${start}`);
    } else {
      lines.push(`DTSTART;TZID=America/New_York:${stamp(day, 8 + (index % 10))}`, 'DURATION:PT1H30M');
    }
    lines.push(`DESCRIPTION:Bench event ${index}\\nSecond line`, 'LOCATION:Main Hall', 'END:VEVENT');
  }
  for (let series = 0; series < SERIES; series += 1) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:series-${series}@bench.example`,
      `SUMMARY:Series ${series}`,
      `DTSTART;TZID=America/New_York:${stamp(series, 18)}`,
      `DTEND;TZID=America/New_York:${stamp(series, 19)}`,
      `RRULE:FREQ=WEEKLY;COUNT=${PER_SERIES}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR', '');
  return lines.join('\r\n');
}

const dir = mkdtempSync(join(tmpdir(), 'import-bench-'));
const db = createEmbeddedDb({ file: join(dir, 'rtdb.sqlite') });
const deps = { db, paths: createPaths('bench') };
const community = 'bench';

async function step(label: string, text: string, now: number) {
  let started = performance.now();
  const fetched = icsEvents(text, { now, timeZone: NY });
  const parseMs = performance.now() - started;
  const config = (await db.ref(deps.paths.calendarConfig(community, 'activities')).get()).val();
  const [source] = importSourcesOf(config);
  started = performance.now();
  const planned = await planImport(deps, { community, calendarId: 'activities', source: source!, fetched, now });
  const planMs = performance.now() - started;
  started = performance.now();
  const result = await applyImport(deps, { community, calendarId: 'activities', source: source!, fetched, now });
  const totalMs = performance.now() - started;
  console.log(
    `${label}: ${(text.length / 1024).toFixed(0)} KB, ${fetched.events.length} events; read+expand ${parseMs.toFixed(0)} ms, ` +
      `plan ${planMs.toFixed(0)} ms, plan+write ${totalMs.toFixed(0)} ms, ${Object.keys(planned.updates).length} paths ` +
      `(created ${result.created}, updated ${result.updated}, unchanged ${result.unchanged}, removed ${result.removed})`,
  );
}

try {
  await db.ref(deps.paths.calendarConfig(community, 'activities')).set({
    title: 'Activities',
    import: [{ title: 'Bench', type: 'iCal', calendarId: 'https://bench.example/feed.ics', audience: 'Family', eventContext: 'resort' }],
  });
  await step('first import', feed(), NOW);
  await step('same feed again', feed(), NOW + 60_000);
  await step('every tenth retitled, ten dropped', feed({ retitle: true, drop: 10 }), NOW + 120_000);
} finally {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
}
