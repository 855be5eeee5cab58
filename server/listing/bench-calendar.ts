/**
 * The calendar of events' first page (`npm run bench`, after `npm run build`): the whole
 * document of `/amc-calendar/{calendar}/active` (the shell's loaders, the list's loader and
 * React's render) for a calendar of 50 events and one of 5,000 (4,000 ended over the past two
 * years, 1,000 to come), through Remix's request handler of the production build; both pages
 * show 50 rows. The issue's target: 5,000 within 1.3× of 50. Also the engine's first chunk of
 * the active view alone (rows read and time). Reports the medians; skips (exit 0) when there
 * is no build.
 */
import { performance } from 'node:perf_hooks';
import { median, startPageBench } from './page-bench-harness';

const SIZES = [50, 5_000] as const;
const ENDED = { 50: 0, 5_000: 4_000 } as const;
const RUNS = 60;
const TARGET_RATIO = 1.3;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const bench = await startPageBench('Calendar page');
if (bench) {
  try {
    const { readPage } = await import('./engine');
    const { listContext } = await import('~/lib/listing/contexts');
    const { calendarViewOrder } = await import('./resolved');
    const { db, paths } = bench.services;
    const definition = listContext('calendar-events');
    if (!definition) throw new Error('no calendar-events list context');
    const cookies = new Map<number, string>();
    const now = Date.now();
    for (const size of SIZES) {
      const community = `bench-${size}`;
      const ended = ENDED[size];
      const events: Record<string, unknown> = {};
      for (let index = 0; index < size; index += 1) {
        // Ended ones over the past two years, the others from tomorrow on, a few hours apart.
        const start = index < ended ? now - 730 * DAY + index * Math.floor((728 * DAY) / ended) : now + DAY + (index - ended) * 5 * HOUR;
        events[`ev-${String(index).padStart(5, '0')}`] = {
          title: `Event ${index}`,
          description: `<p>About event ${index}</p>`,
          startDate: start,
          endDate: start + HOUR,
          endDateDuration: HOUR,
          allDay: false,
          audience: 'family',
          contexts: [`${community}/amc-events/calendars/activities`],
        };
      }
      cookies.set(
        size,
        await bench.signInEditor(community, `bench-editor-${size}`, { title: `Bench ${size}`, timeZone: 'America/New_York' }),
      );
      await db.ref(paths.calendarConfig(community, 'activities')).set({ title: 'Activities', priorNotificationTime: 15 });
      await db.ref(paths.calendarEvents(community, 'activities')).set(events as never);
    }

    const render = (size: number) =>
      bench.render('/amc-calendar/activities/active', cookies.get(size) ?? '', `Event ${ENDED[size as keyof typeof ENDED] + 49}<`);
    const chunk = async (size: number) => {
      const address = {
        community: `bench-${size}`,
        definition,
        base: 'activities',
        tab: null,
        ...calendarViewOrder('active', 'America/New_York'),
      };
      const started = performance.now();
      const page = await readPage(db, paths, address, { filters: { view: 'active' }, after: null, limit: definition.pageSizes.first });
      return { ms: performance.now() - started, rowsRead: page.rowsRead, rows: page.rows.length };
    };

    // Warm up both (first compilation of the render path, the indexes).
    for (const size of SIZES) for (let run = 0; run < 10; run += 1) await render(size);
    const medians = new Map<number, number>();
    for (const size of SIZES) {
      const times: number[] = [];
      for (let run = 0; run < RUNS; run += 1) times.push(await render(size));
      medians.set(size, median(times));
    }
    console.log(`Calendar of events benchmark (production build, Remix request handler; medians of ${RUNS})\n`);
    for (const size of SIZES) {
      const samples = [];
      for (let run = 0; run < RUNS; run += 1) samples.push(await chunk(size));
      const { rowsRead, rows } = samples[0]!;
      console.log(
        `/amc-calendar/activities/active with ${size.toLocaleString('en-US').padStart(5)} events (${ENDED[size].toLocaleString('en-US')} ended): ` +
          `page ${medians.get(size)!.toFixed(1)} ms; first chunk ${rows} rows, ${rowsRead} read, ${median(samples.map((sample) => sample.ms)).toFixed(2)} ms`,
      );
    }
    const ratio = medians.get(SIZES[1])! / medians.get(SIZES[0])!;
    console.log(`5,000 vs 50 events: ${ratio.toFixed(2)}× (target ≤ ${TARGET_RATIO}×) ${ratio <= TARGET_RATIO ? 'PASS' : 'OVER'}`);
  } finally {
    await bench.close();
  }
}
