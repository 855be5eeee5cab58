/**
 * Printout benchmark (`npm run bench:printout`): the activities printout of a 3-day, 60-event
 * calendar (20 events a day, rich text in the right column, sections and footer, a 4000x1000
 * header image), as the job makes it (server/printouts/make.ts: events read from the embedded
 * database, the header image decoded and scaled in the pool, the PDF drawn with embedded fonts
 * and stored). The pool's thread is started first and timed on its own; then for each layout the
 * first run (the fonts read on the first) and the best of 5 after it, the PDF's size and pages; then the process's peak memory (max RSS). The target is
 * a PDF in under 2 s; it exits 1 when the first run of any layout takes longer. `--out <dir>`
 * keeps the PDFs; BENCH_TRACE=1 prints each step's time.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createCanvas } from '@napi-rs/canvas';
import { createDb } from '@server/db';
import type { DbValue } from '@server/db/types';
import { fitImage } from '@server/images/pipeline';
import { createPaths } from '@server/paths';
import { closePool } from '@server/pool';
import { createLocalDiskStorage } from '@server/storage';
import { zonedInstant } from '~/lib/date-time';
import { PRINTOUT_TYPES, type PrintoutType } from '~/lib/printout';
import { makeTempDir } from '../../tests/setup/tmp';
import { makePrintout } from './make';

const ZONE = 'America/New_York';
const COMMUNITY = 'bench-community';
const CALENDAR = 'activities';
const TARGET_MS = 2_000;
const outIndex = process.argv.indexOf('--out');
const out = outIndex !== -1 ? process.argv[outIndex + 1] : undefined;

const dir = makeTempDir('bench-printout');
const db = createDb({ engine: 'embedded', file: join(dir, 'rtdb.sqlite') });
const paths = createPaths('amc');
const storage = createLocalDiskStorage({ root: join(dir, 'storage') });

const events: Record<string, DbValue> = {};
for (let day = 0; day < 3; day++)
  for (let index = 0; index < 20; index++) {
    const start = zonedInstant(
      { year: 2027, month: 3, day: 15 + day },
      { hour: 7 + Math.floor(index / 2), minute: (index % 2) * 30 },
      ZONE,
    );
    events[`e${day}-${index}`] = {
      title: index % 3 === 0 ? `Sunrise yoga on the beach with Pat, session ${index}` : `Activity ${index}`,
      startDate: start,
      endDate: start + 45 * 60_000,
      allDay: index === 0,
      resortLocationId: index % 2 === 0 ? 'pavilion' : '',
      location: index % 2 === 0 ? '' : 'Lake Shore',
      description: '<p>Bring a friend &amp; a chair. Snacks <strong>provided</strong>.</p>',
    };
  }
await db.ref().update({
  [paths.community(COMMUNITY)]: { title: 'Bench Pines', timeZone: ZONE },
  [`${paths.locations(COMMUNITY)}/pavilion`]: { title: 'Main Pavilion' },
  [paths.calendarConfig(COMMUNITY, CALENDAR)]: { title: 'Bench Activities', allowUserCreated: false, priorNotificationTime: 15 },
  [paths.calendarEvents(COMMUNITY, CALENDAR)]: events,
});

const canvas = createCanvas(4000, 1000);
const context = canvas.getContext('2d');
const gradient = context.createLinearGradient(0, 0, 4000, 1000);
gradient.addColorStop(0, '#0b4f6c');
gradient.addColorStop(1, '#7ec4cf');
context.fillStyle = gradient;
context.fillRect(0, 0, 4000, 1000);
const header = await storage.put(`${COMMUNITY}/images/printout/1/header_print.png`, canvas.toBuffer('image/png'), {
  contentType: 'image/png',
});

const rich = '<p><strong>Pool</strong> open 9–5 daily.</p><ul><li>Quiet hours <em>10 PM</em></li><li>Check-out 11 AM</li></ul>';
let run = 0;
async function once(type: PrintoutType) {
  run += 1;
  const started = performance.now();
  const result = await makePrintout(
    { db, paths, storage },
    {
      community: COMMUNITY,
      calendarId: CALENDAR,
      jobId: `bench-${run}`,
      requestedAt: Date.UTC(2027, 2, 1),
      options: {
        start: '2027-03-15',
        end: '2027-03-17',
        type,
        eventsPerColumn: null,
        titleFontSize: 10,
        textFontSize: 8,
        headerText: 'Spring Week at Bench Pines',
        headerDrawable: header.url,
        headerScrim: true,
        scrimFade: true,
        rightColumnTitle: 'Good to know',
        rightColumnContent: rich,
        leftSectionContent: '<h3>Welcome!</h3><p>Have a <u>great</u> stay.</p>',
        midSectionContent: '<p class="ql-align-center">Office: 555-0100</p>',
        rightSectionContent: '<p class="ql-align-right">Wi-Fi: <strong>pines-guest</strong></p>',
        footerContent: '<p><em>Schedule subject to change.</em></p>',
      },
    },
    async (percent, message) => {
      if (process.env.BENCH_TRACE) console.log(`    ${(performance.now() - started).toFixed(0)} ms ${percent}% ${message}`);
    },
  );
  return { ms: performance.now() - started, result };
}

let slow = false;
console.log(`Activities printout: 3 days, 60 events, header image 4000x1000 (target: a PDF in under ${TARGET_MS / 1000} s)`);
// The pool's thread starts with the first image; from the sources (tsx) that takes 1–2 s, from
// the bundle (build/pool-worker.js, what the worker process runs) about 0.1 s. Timed on its own.
const warm = performance.now();
await fitImage(new Uint8Array(createCanvas(4, 4).toBuffer('image/png')), { width: 2, height: 2 });
console.log(`  pool thread start (from the sources): ${(performance.now() - warm).toFixed(0)} ms`);
const baseline = process.memoryUsage().rss;
console.log(`  memory before the printouts (RSS, tsx and the pool's thread loaded): ${(baseline / 2 ** 20).toFixed(0)} MB`);
for (const type of PRINTOUT_TYPES) {
  const first = await once(type);
  const times: number[] = [];
  for (let index = 0; index < 5; index++) times.push((await once(type)).ms);
  const best = Math.min(...times);
  if (first.ms > TARGET_MS) slow = true;
  console.log(
    `  ${type.padEnd(7)} first ${first.ms.toFixed(0).padStart(5)} ms, best of 5 ${best.toFixed(0).padStart(5)} ms; ` +
      `${first.result.pages} page(s), ${(first.result.bytes / 1024).toFixed(0)} KB, ${first.result.events} events`,
  );
  if (out) {
    mkdirSync(out, { recursive: true });
    const stored = await storage.get(first.result.path);
    writeFileSync(join(out, `printout-${type}.pdf`), await stored!.bytes());
  }
}
console.log(`Peak memory (max RSS of the process, its pool thread included): ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
await closePool();
await db.close();
if (slow) {
  console.error(`A printout took longer than ${TARGET_MS} ms.`);
  process.exitCode = 1;
}
