/**
 * Listing engine benchmark (`npm run bench`, after the database's): what list chunks, filtered
 * chunks and bulk deletes cost as a list grows, on the embedded engine.
 *
 * Builds two FAQ-like lists sorted by ordinal (100 and 10,000 items) in a fresh database in a
 * temp folder, then reports the median time of the first chunk (50 rows) of each, whose ratio
 * should be at most 1.3×; a text-filtered first chunk over 10,000 items whose matches are
 * sparse (rows read and time); and a bulk delete of 1,000 selected keys (one multi-path update).
 * Always exits 0 once set up: it is a report.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createEmbeddedDb, generatePushId, type DbValue, type RealtimeDb } from '@server/db';
import { createPaths } from '@server/paths';
import { GENERIC_PAGE_SIZES, type ListContextDefinition } from '~/lib/listing/types';
import { listPath, type ListAddress } from './address';
import { deleteItems, matchingKeys, readPage, type ListFilters } from './engine';

const SIZES = [100, 10_000] as const;
const PAGE = GENERIC_PAGE_SIZES.first;
const RUNS = 200;
const FILTER_RUNS = 20;
const BATCH = 2_000;
const DELETE_COUNT = 1_000;
const TARGET_RATIO = 1.3;
/** One item in this many mentions the searched word. */
const MATCH_EVERY = 100;
const WORD = 'lakeside';

const paths = createPaths('bench');

const definition: ListContextDefinition = {
  title: 'FAQs',
  itemName: 'FAQ',
  tabs: [],
  source: { kind: 'section' },
  order: { by: 'ordinal' },
  fields: { title: 'title', description: 'description' },
  filters: ['text'],
  pageSizes: GENERIC_PAGE_SIZES,
  permission: 'staff',
  editor: { kind: 'detail', detailType: 'faqs' },
  emptyMessage: 'There are no FAQs yet.',
  loadingText: 'Loading FAQs',
  sortable: true,
  menuTypes: [],
};

function median(values: number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  // 0 < middle < length when length > 1; middle = 0 when length is 1.
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function time(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function medianTime(runs: number, work: () => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) samples.push(await time(work));
  return median(samples);
}

async function buildList(db: RealtimeDb, address: ListAddress, size: number): Promise<string[]> {
  const list = db.ref(listPath(paths, address));
  const keys: string[] = [];
  for (let offset = 0; offset < size; offset += BATCH) {
    const batch: Record<string, DbValue> = {};
    for (let index = offset; index < Math.min(size, offset + BATCH); index++) {
      const key = generatePushId();
      batch[key] = {
        title: `Question ${index + 1}`,
        description: `<p>Answer ${index + 1}${index % MATCH_EVERY === MATCH_EVERY - 1 ? ` by the <b>${WORD}</b> trail` : ''}.</p>`,
        // Shuffled ordinals with ties, so the order is not the key order.
        ordinal: (index * 7919) % size,
      };
      keys.push(key);
    }
    await list.update(batch);
  }
  return keys;
}

/** The database, counting multi-path updates. */
function countingUpdates(db: RealtimeDb): { db: RealtimeDb; updates: () => number } {
  let updates = 0;
  return {
    db: {
      engine: db.engine,
      ref: (path?: string) =>
        new Proxy(db.ref(path), {
          get(ref, property) {
            if (property === 'update') {
              return (values: Record<string, DbValue>) => {
                updates += 1;
                return ref.update(values);
              };
            }
            const value: unknown = Reflect.get(ref, property, ref);
            return typeof value === 'function' ? value.bind(ref) : value;
          },
        }),
      ping: () => db.ping(),
      close: () => db.close(),
    },
    updates: () => updates,
  };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'listing-bench-'));
  const db = createEmbeddedDb({ file: join(dir, 'bench.sqlite') });
  try {
    console.log(`Listing engine benchmark (embedded engine; medians of ${RUNS} chunks, ${FILTER_RUNS} filtered chunks)\n`);
    const addresses = SIZES.map((size) => ({ community: `size-${size}`, definition, base: 'faqs', tab: null }) satisfies ListAddress);
    const keys: string[][] = [];
    for (const [index, size] of SIZES.entries()) keys.push(await buildList(db, addresses[index]!, size));

    const firstPage = (address: ListAddress, filters: ListFilters = {}) =>
      readPage(db, paths, address, { filters, after: null, limit: PAGE });
    const pageMs: number[] = [];
    for (const [index, size] of SIZES.entries()) {
      const address = addresses[index]!;
      // Warm-up: the first ordered query builds the list's ordinal index.
      const page = await firstPage(address);
      if (page.rows.length !== PAGE) throw new Error(`the first chunk of ${size} has ${page.rows.length} rows`);
      const ms = await medianTime(RUNS, () => firstPage(address));
      pageMs.push(ms);
      console.log(
        `First chunk (${PAGE}) of ${size.toLocaleString('en-US').padStart(6)} items: ${ms.toFixed(3)} ms, ${page.rowsRead} rows read`,
      );
    }
    const [small, large] = pageMs;
    if (small === undefined || large === undefined) throw new Error('no sizes measured');
    const ratio = large / small;
    console.log(
      `First chunk, ${SIZES[1].toLocaleString('en-US')} vs ${SIZES[0]} items: ${ratio.toFixed(2)}× (target ≤ ${TARGET_RATIO}×) ${ratio <= TARGET_RATIO ? 'PASS' : 'FAIL'}\n`,
    );

    const big = addresses[1];
    const bigKeys = keys[1];
    if (!big || !bigKeys) throw new Error('no large list');
    const filtered = await firstPage(big, { text: WORD });
    const filteredMs = await medianTime(FILTER_RUNS, () => firstPage(big, { text: WORD }));
    console.log(
      `Text-filtered first chunk over ${SIZES[1].toLocaleString('en-US')} items (1 in ${MATCH_EVERY} matches): ` +
        `${filtered.rows.length} rows, ${filtered.rowsRead.toLocaleString('en-US')} rows read, ${filteredMs.toFixed(1)} ms`,
    );
    const none = await firstPage(big, { text: 'no such words anywhere' });
    const noneMs = await medianTime(FILTER_RUNS, () => firstPage(big, { text: 'no such words anywhere' }));
    console.log(
      `Text filter matching nothing (scans to the end): ${none.rowsRead.toLocaleString('en-US')} rows read, ${noneMs.toFixed(1)} ms`,
    );
    const selectAllMs = await time(() => matchingKeys(db, paths, big, { text: WORD }));
    console.log(`Select-all of the filtered list (${SIZES[1] / MATCH_EVERY} keys): ${selectAllMs.toFixed(1)} ms\n`);

    const counted = countingUpdates(db);
    const selected = bigKeys.filter((_key, index) => index % 10 === 0).slice(0, DELETE_COUNT);
    let removed = 0;
    const deleteMs = await time(async () => {
      removed = (await deleteItems(counted.db, paths, big, selected, { view: null })).removed;
    });
    console.log(
      `Bulk delete of ${selected.length.toLocaleString('en-US')} selected keys: ${removed.toLocaleString('en-US')} removed in ` +
        `${counted.updates()} multi-path update, ${deleteMs.toFixed(1)} ms`,
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
