import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { icsEventsInPool } from '@server/events/import/pooled';
import { renderPdfFirstPage } from '@server/images/pdf';
import { processImage } from '@server/images/pipeline';
import { hugePng, nestedPdf, secondlyFeed } from './hostile';
import { closePool, DEFAULT_POOL_OPTIONS } from './index';

/**
 * `npm run bench:hostile`: each hostile input of the hardening pass through the code the server
 * runs (the worker pool with its production limits), each in a process of its own so its peak
 * RSS (threads included) is its own: the 865-byte PDF of 100,000 nested q…Q, four 20000x20000
 * PNGs at once (a 48 KB file saying 400 megapixels), four of the largest images allowed (50
 * megapixels) at once, the SECONDLY feed of three VEVENTs. Fails
 * (exit 1) when a peak passes BOUND_MB.
 */

const BOUND_MB = 800;
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const peakRss = () => process.resourceUsage().maxRSS * 1024;

const target = { width: 1125, height: 600 };
const cases = {
  pdf: {
    label: `PDF of 100,000 nested q…Q (${nestedPdf().byteLength} bytes)`,
    input: () => nestedPdf(),
    run: (pdf: Uint8Array) => renderPdfFirstPage(pdf),
  },
  png: {
    label: `four 20000x20000 PNGs at once (${Math.round(hugePng().byteLength / 1024)} KB each)`,
    input: () => hugePng(20_000, 20_000),
    run: (png: Uint8Array) => Promise.all(Array.from({ length: 4 }, () => processImage(png, { crop: null, target }))),
  },
  largest: {
    label: 'four 7071x7071 PNGs at once (the largest images allowed, 50 megapixels)',
    input: () => hugePng(7_071, 7_071),
    run: (png: Uint8Array) => Promise.all(Array.from({ length: 4 }, () => processImage(png, { crop: null, target }))),
  },
  feed: {
    label: `feed of 3 SECONDLY series and 400 whose rule walks centuries (${secondlyFeed(3).length} bytes)`,
    input: () => secondlyFeed(3),
    run: (feed: string) => icsEventsInPool(feed, { now: Date.now(), timeZone: 'America/New_York' }),
  },
} as const;
type Case = keyof typeof cases;

async function child(name: Case) {
  const one = cases[name] as { input: () => unknown; run: (input: unknown) => Promise<unknown> };
  const input = one.input();
  const started = performance.now();
  let outcome: string;
  try {
    await one.run(input);
    outcome = 'processed';
  } catch (error) {
    outcome = `refused: ${(error as Error).message}`;
  }
  const seconds = (performance.now() - started) / 1000;
  await closePool();
  process.stdout.write(JSON.stringify({ seconds, peak: peakRss(), outcome }));
}

function main() {
  const limits = DEFAULT_POOL_OPTIONS.timeLimitMs;
  console.log(
    `Hostile inputs through the worker pool (${DEFAULT_POOL_OPTIONS.threads} threads; limits: PDF ${limits['pdf-first-page'] / 1000} s, ` +
      `feed ${limits['ics-events'] / 1000} s, heap ${DEFAULT_POOL_OPTIONS.maxHeapMb} MB; images over 50 megapixels refused from their headers). Bound: peak RSS under ${BOUND_MB} MB.`,
  );
  const script = fileURLToPath(import.meta.url);
  let over = false;
  for (const name of Object.keys(cases) as Case[]) {
    const out = execFileSync(process.execPath, [...process.execArgv, script, `--child=${name}`], { encoding: 'utf8', maxBuffer: 1 << 20 });
    const { seconds, peak, outcome } = JSON.parse(out) as { seconds: number; peak: number; outcome: string };
    over ||= mb(peak) >= BOUND_MB;
    console.log(`  ${cases[name].label}: ${seconds.toFixed(1)} s, peak RSS ${mb(peak)} MB, ${outcome}`);
  }
  if (over) {
    console.error(`A peak RSS passed the bound of ${BOUND_MB} MB.`);
    process.exitCode = 1;
  }
}

const name = process.argv.find((arg) => arg.startsWith('--child='))?.slice('--child='.length);
if (name && name in cases) await child(name as Case);
else main();
