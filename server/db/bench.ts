/**
 * Embedded engine benchmark (`npm run bench`): how ordered pages scale with the list size.
 *
 * Builds lists of 1,000 / 10,000 / 100,000 event-like children in a fresh database in a temp
 * folder, then reports the median time of ordered pages, a deep startAt page and a 100-path
 * update, plus the one-time index build. The ordered first page of 100,000 children should
 * cost at most 1.3 × the page of 1,000. Always exits 0 once set up: it is a report.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createEmbeddedDb } from './embedded';
import { generatePushId } from './push-id';
import type { DbValue, Query, Reference } from './types';

const SIZES = [1_000, 10_000, 100_000];
const BATCH = 2_000;
const PAGE = 50;
const RUNS = 200;
const UPDATE_RUNS = 50;
const TARGET_RATIO = 1.3;
const AUDIENCES = ['everyone', 'members', 'guests', 'staff'];
const YEAR_START = Date.UTC(2025, 0, 1);
const HOUR = 3_600_000;

interface Row {
  size: number;
  setupMs: number;
  indexBuildMs: number;
  orderedPageMs: number;
  keyPageMs: number;
  deepPageMs: number;
  updateMs: number;
}

function median(values: number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  // 0 < middle < length when length > 1; middle = 0 when length is 1.
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** One of `items`, chosen by `random` (in [0, 1)). */
function pick<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

async function time(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function medianTime(runs: number, work: (run: number) => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) samples.push(await time(() => work(run)));
  return median(samples);
}

/** A deterministic pseudo-random sequence, so every run builds the same lists. */
function randomSequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

async function buildList(list: Reference, size: number): Promise<{ keys: string[]; startDates: string[] }> {
  const random = randomSequence(size);
  const keys: string[] = [];
  const startDates: string[] = [];
  for (let offset = 0; offset < size; offset += BATCH) {
    const batch: Record<string, DbValue> = {};
    for (let i = offset; i < Math.min(size, offset + BATCH); i++) {
      const key = generatePushId();
      const start = YEAR_START + Math.floor(random() * 365 * 24) * HOUR;
      const startDate = new Date(start).toISOString();
      batch[key] = {
        title: `Event ${i + 1}`,
        startDate,
        endDate: new Date(start + 2 * HOUR).toISOString(),
        audience: pick(AUDIENCES, random),
      };
      keys.push(key);
      startDates.push(startDate);
    }
    await list.update(batch);
  }
  return { keys, startDates: startDates.sort() };
}

async function measure(list: Reference, size: number): Promise<Row> {
  let built!: { keys: string[]; startDates: string[] };
  const setupMs = await time(async () => {
    built = await buildList(list, size);
  });
  const orderedPage = (): Query => list.orderByChild('startDate').limitToFirst(PAGE);
  const indexBuildMs = await time(() => orderedPage().get());

  const pageSnapshot = await orderedPage().get();
  if (pageSnapshot.numChildren() !== PAGE) throw new Error(`the ordered page of ${size} has ${pageSnapshot.numChildren()} children`);

  const orderedPageMs = await medianTime(RUNS, () => orderedPage().get());
  const keyPageMs = await medianTime(RUNS, () => list.orderByKey().limitToFirst(PAGE).get());
  const deepStart = built.startDates[Math.floor(size * 0.9)];
  if (deepStart === undefined) throw new Error(`no start date at 90% of ${size}`);
  const deepPageMs = await medianTime(RUNS, () => list.orderByChild('startDate').startAt(deepStart).limitToFirst(PAGE).get());
  const random = randomSequence(size + 1);
  const updateMs = await medianTime(UPDATE_RUNS, (run) => {
    const values: Record<string, DbValue> = {};
    for (let i = 0; i < 100; i++) values[`${pick(built.keys, random)}/title`] = `Renamed ${run}-${i}`;
    return list.update(values);
  });
  return { size, setupMs, indexBuildMs, orderedPageMs, keyPageMs, deepPageMs, updateMs };
}

function printTable(rows: Row[]): void {
  const header = [
    'children',
    'setup',
    'index build',
    `orderByChild first ${PAGE}`,
    `orderByKey first ${PAGE}`,
    'startAt page at 90%',
    '100-path update',
  ];
  const cells = rows.map((row) => [
    row.size.toLocaleString('en-US'),
    `${(row.setupMs / 1000).toFixed(2)} s`,
    `${row.indexBuildMs.toFixed(1)} ms`,
    `${row.orderedPageMs.toFixed(3)} ms`,
    `${row.keyPageMs.toFixed(3)} ms`,
    `${row.deepPageMs.toFixed(3)} ms`,
    `${row.updateMs.toFixed(3)} ms`,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column]?.length ?? 0)));
  const format = (line: string[]) => line.map((cell, column) => cell.padStart(widths[column] ?? 0)).join('  ');
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of cells) console.log(format(line));
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'rtdb-bench-'));
  const db = createEmbeddedDb({ file: join(dir, 'bench.sqlite') });
  try {
    console.log(`Embedded RealtimeDb benchmark (medians of ${RUNS} queries / ${UPDATE_RUNS} updates, after one warm-up query)\n`);
    const rows: Row[] = [];
    for (const size of SIZES) rows.push(await measure(db.ref(`bench/size-${size}/events`), size));
    printTable(rows);

    const small = rows[0];
    const large = rows.at(-1);
    if (!small || !large) throw new Error('no sizes measured');
    const ratio = large.orderedPageMs / small.orderedPageMs;
    const verdict = ratio <= TARGET_RATIO ? 'PASS' : 'FAIL';
    console.log(
      `\nOrdered first page, ${large.size.toLocaleString('en-US')} vs ${small.size.toLocaleString('en-US')} children: ` +
        `${ratio.toFixed(2)}× (target ≤ ${TARGET_RATIO}×) ${verdict}`,
    );
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error('The benchmark could not run:', error);
  process.exit(1);
});
