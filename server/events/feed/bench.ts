/**
 * Feed benchmark (`npm run bench:feed`): the feed of a calendar of 1,000 weekly series (12
 * occurrences each, New York, across the March change) against ical-generator alone writing the
 * same 1,000 VEVENTs (RRULE given, no expansion). Prints both times (the best of 15 rounds after a
 * warm-up, the two taking turns), the ratio, and how much of the feed's time is the product's own expansion of the
 * rules (`occurrenceStarts`).
 *
 * Then the served feed: the same calendar is written into an embedded database, its feed built
 * and stored by the calendar-feed job's own code (publishCalendarFeed) on local-disk storage, and
 * served over HTTP by a node:http server calling the /files route's serveFile; autocannon sends
 * requests with the feed's ETag in If-None-Match (a subscribed client's refresh) and without it,
 * for `--duration` seconds each (default 3), counting 304s and 200s and their rates; then the
 * calendar's icsBuildTime is set again with nothing changed, the feed rebuilt, and the old ETag
 * must still get 304. Always exits 0: it is a report.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import autocannon from 'autocannon';
import { fromZonedTime } from 'date-fns-tz';
import ical from 'ical-generator';
import { DateTime } from 'luxon';
import { createEmbeddedDb } from '@server/db';
import { createPaths, storagePaths } from '@server/paths';
import { createStorage } from '@server/storage';
import { serveFile } from '@server/storage/serve';
import { hrefs } from '~/lib/hrefs';
import { makeTempDir } from '../../../tests/setup/tmp';
import type { EventRecord } from '../records';
import { occurrenceStarts, type RecurrenceRule } from '../recurrence';
import { calendarFeed } from './feed';
import { publishCalendarFeed } from './publish';

const NY = 'America/New_York';
const SERIES = 1000;
const events: Record<string, EventRecord> = {};
const recurrences: Record<string, EventRecord> = {};
const rules: Array<{ first: number; rule: RecurrenceRule }> = [];
for (let index = 0; index < SERIES; index += 1) {
  const hour = String(8 + (index % 10)).padStart(2, '0');
  const first = fromZonedTime(`2026-03-0${(index % 7) + 1}T${hour}:00`, NY).getTime();
  const original: EventRecord = {
    title: `Event ${index}`,
    description: '<p>Bring a friend &amp; a chair.</p>',
    startDate: first,
    endDate: first + 36e5,
    allDay: false,
  };
  const rule: RecurrenceRule = { recurrence: 'weekly', validDays: [], recurrenceEndDate: first + 11 * 7 * 864e5 };
  rules.push({ first, rule });
  recurrences[`r${index}`] = { recurrence: 'weekly', validDays: [], recurrenceEndDate: rule.recurrenceEndDate, originalItem: original };
  occurrenceStarts(first, rule, NY).forEach((start, occurrence) => {
    events[`e${index}-${occurrence}`] = { ...original, startDate: start, endDate: start + 36e5, recurrenceId: `r${index}` };
  });
}

function icalGeneratorAlone(): string {
  const calendar = ical({ name: 'Bench', ttl: 3600, timezone: { name: null, generator: getVtimezoneComponent } });
  for (let index = 0; index < SERIES; index += 1) {
    const original = recurrences[`r${index}`]!.originalItem as EventRecord;
    calendar.createEvent({
      id: `r${index}@bench`,
      start: DateTime.fromMillis(original.startDate as number, { zone: NY }),
      end: DateTime.fromMillis(original.endDate as number, { zone: NY }),
      timezone: NY,
      summary: original.title as string,
      description: { plain: 'Bring a friend & a chair.', html: original.description as string },
      repeating: 'RRULE:FREQ=WEEKLY;UNTIL=20260601T035959Z;BYDAY=MO',
      stamp: new Date(0),
      lastModified: new Date(0),
    });
  }
  return calendar.toString();
}

const feed = () =>
  calendarFeed({ community: 'bench', calendarId: 'activities', title: 'Bench', timeZone: NY, events, recurrences, now: 0 });
// What the feed spends in the product's own expansion of the rules (occurrences at their rule's
// exact start need no matching by day).
const expansion = () => rules.map(({ first, rule }) => occurrenceStarts(first, rule, NY));

/**
 * The best time of each function over ROUNDS rounds after a warm-up, the functions taking turns
 * within each round, so a neighbour's load on a shared machine falls on both alike.
 */
const ROUNDS = 15;
function bestOf(...runs: Array<() => unknown>): number[] {
  for (const run of runs) run();
  const fastest = runs.map(() => Number.POSITIVE_INFINITY);
  for (let round = 0; round < ROUNDS; round += 1) {
    runs.forEach((run, index) => {
      const started = performance.now();
      run();
      fastest[index] = Math.min(fastest[index]!, performance.now() - started);
    });
  }
  return fastest;
}

const [ours, theirs, expanding] = bestOf(feed, icalGeneratorAlone, expansion) as [number, number, number];
console.log(`Feed of ${SERIES} weekly series (${Object.keys(events).length} stored occurrences), ${NY}:`);
console.log(`  product feed           ${ours.toFixed(1)} ms (${feed().ics.length} characters)`);
console.log(`  ical-generator alone   ${theirs.toFixed(1)} ms`);
console.log(`  ratio                  ${(ours / theirs).toFixed(2)} (target: at most 1)`);
console.log(`  of which expansion     ${expanding.toFixed(1)} ms (occurrenceStarts)`);
console.log(`  without the expansion  ${(ours - expanding).toFixed(1)} ms, ratio ${((ours - expanding) / theirs).toFixed(2)}`);

// ── The served feed ─────────────────────────────────────────────────────────────────────────
const DURATION = Number(/^--duration=(\d+)$/.exec(process.argv.find((arg) => arg.startsWith('--duration=')) ?? '')?.[1] ?? 3);
const paths = createPaths('amc');
const folder = makeTempDir('bench-feed');
const db = createEmbeddedDb({ file: join(folder, 'rtdb.sqlite') });
const storage = createStorage({ kind: 'local', root: join(folder, 'storage') });
const deps = { db, paths, storage };
await db.ref().update({
  [paths.community('bench')]: { name: 'Bench', timeZone: NY },
  [paths.calendarConfig('bench', 'activities')]: { title: 'Bench', icsBuildTime: 1 },
  [paths.calendarEvents('bench', 'activities')]: events,
  [paths.calendarRecurrences('bench', 'activities')]: recurrences,
});
const built = await publishCalendarFeed(deps, { community: 'bench', calendarId: 'activities', now: Date.UTC(2026, 1, 1) });
const objectPath = storagePaths.calendarIcs('bench', 'activities');
const server = createServer((incoming, outgoing) => {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === 'string') headers.set(name, value);
  void serveFile(storage, new Request(`http://bench${incoming.url}`, { method: incoming.method, headers }), objectPath).then((response) => {
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body) Readable.fromWeb(response.body as never).pipe(outgoing);
    else outgoing.end();
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${hrefs.calendarFeed('bench', 'activities')}`;
const first = await fetch(url);
const etag = first.headers.get('etag')!;
await first.arrayBuffer();

async function load(headers: Record<string, string>) {
  const result = await autocannon({ url, connections: 10, duration: DURATION, headers });
  // autocannon counts answers by class ('2xx', '3xx' …) beside its typed fields.
  const byClass = result as unknown as Record<'2xx' | '3xx', number>;
  return {
    rate: result.requests.average,
    total: result.requests.total,
    ok: byClass['2xx'],
    notModified: byClass['3xx'],
    failed: result.non2xx - byClass['3xx'] + result.errors,
  };
}
const revalidating = await load({ 'if-none-match': etag });
const fetching = await load({});
// An unchanged calendar built again (a save of the same fields sets icsBuildTime): the same bytes, the same ETag.
await db.ref(paths.calendarIcsBuildTime('bench', 'activities')).set(2);
const rebuilt = await publishCalendarFeed(deps, { community: 'bench', calendarId: 'activities', now: Date.UTC(2026, 1, 2) });
const after = await fetch(url, { headers: { 'if-none-match': etag } });
server.close();
await db.close();

console.log('');
console.log(
  `Served feed (${built.kind === 'built' ? `${built.size.toLocaleString('en-US')} bytes` : built.kind}, ${first.headers.get('content-type')}, ${first.headers.get('cache-control')}), ${DURATION} s each, 10 connections:`,
);
console.log(
  `  with If-None-Match     ${Math.round(revalidating.rate)} requests/s: ${revalidating.notModified} × 304, ${revalidating.ok} × 200, ${revalidating.failed} failed`,
);
console.log(
  `  without                ${Math.round(fetching.rate)} requests/s: ${fetching.ok} × 200, ${fetching.notModified} × 304, ${fetching.failed} failed`,
);
console.log(
  `  304 share of revalidations ${((revalidating.notModified / Math.max(1, revalidating.total)) * 100).toFixed(1)} %, 304 rate ${(revalidating.rate / Math.max(1, fetching.rate)).toFixed(1)}× the 200 rate`,
);
console.log(
  `  rebuilt unchanged      ${rebuilt.kind === 'built' && !rebuilt.written ? 'not written again' : 'WRITTEN AGAIN'}; the old ETag then gets ${after.status}`,
);
