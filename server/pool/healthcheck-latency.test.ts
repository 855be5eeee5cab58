import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importUploadedIcs } from '@server/events/import/run';
import { renderPdfFirstPage } from '@server/images/pdf';
import type { Services } from '@server/services';
import { loader as healthcheck } from '~/routes/healthcheck';
import { action as upload } from '~/routes/uploads';
import { COMMUNITY_A, demoPerson, installTestServices, sessionCookie } from '../../tests/setup/services';
import { hugePng, nestedPdf, secondlyFeed } from './hostile';
import { closePool, configurePool, runInPool } from './index';

/**
 * The proof that hostile files and feeds never stop the server answering: while each is being
 * processed through its real entry point (the upload route for the PDF and the PNG, the
 * uploaded-feed import for the feed of never-matching rules), `/healthcheck` (its loader: database and Redis
 * pings) is asked every 25 ms, and every answer comes within a second. What this guards against
 * (decoding a 400-megapixel image, drawing a pathological PDF or expanding the feed on the event
 * loop) stops the loop for tens of seconds; answers are usually a few ms (the figures are
 * printed). The bound leaves room for the run sharing two cores with other test files, where
 * reading the four uploads' bodies once took a single answer to 320 ms.
 */

const BOUND_MS = 1_000;
let services: Services;
let close: () => Promise<void>;
let cookie: string;

beforeAll(async () => {
  ({ services, close } = await installTestServices('healthcheck-latency'));
  cookie = await sessionCookie(services.sessions, demoPerson('editorA'));
  // Limits shorter than production's (10 s and 20 s) keep the test short; what is measured is the
  // web process's event loop while the work runs, whatever the limit.
  await configurePool({ timeLimitMs: { 'pdf-first-page': 4_000, 'ics-events': 4_000 } });
  // Warm threads, as a running server has: thread start-up (here tsx compiling the sources) is not what is measured.
  const window = { now: Date.now(), timeZone: 'America/New_York' };
  await Promise.all([runInPool('ics-events', { text: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', window }), renderPdfFirstPage(nestedPdf(1))]);
  await healthcheck();
});

afterAll(async () => {
  await closePool();
  await close?.();
});

/** Asks /healthcheck every 25 ms until `work` settles; answers each answer's time in ms. */
async function latenciesDuring(work: Promise<unknown>): Promise<number[]> {
  let done = false;
  const settled = work.then(
    () => (done = true),
    () => (done = true),
  );
  const times: number[] = [];
  while (!done) {
    const started = performance.now();
    const response = await healthcheck();
    times.push(performance.now() - started);
    expect(response.status).toBe(200);
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 25))]);
  }
  return times;
}

const uploadOf = (bucket: string, file: File) => {
  const body = new FormData();
  body.append('file', file);
  const request = new Request(`http://console.test/uploads?bucket=${bucket}`, { method: 'POST', headers: { Cookie: cookie }, body });
  return upload({ request, params: {}, context: {} });
};

const report = (label: string, times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  console.info(
    `/healthcheck during ${label}: ${times.length} answers, median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms, slowest ${sorted.at(-1)!.toFixed(1)} ms`,
  );
};

describe('/healthcheck while hostile input is processed', () => {
  it('answers within a second during a PDF of 100,000 nested q…Q (refused as too complex)', async () => {
    let status = 0;
    const times = await latenciesDuring(
      uploadOf('detail', new File([nestedPdf(100_000)], 'menu.pdf', { type: 'application/pdf' })).then(
        (response) => (status = response.status),
      ),
    );
    report('the nested PDF', times);
    expect(status).toBe(422);
    expect(times.length).toBeGreaterThan(20);
    expect(Math.max(...times)).toBeLessThan(BOUND_MS);
  });

  it('answers within a second during four 20000x20000 PNG uploads at once (refused from their headers)', async () => {
    const png = hugePng(20_000, 20_000);
    const statuses: number[] = [];
    const times = await latenciesDuring(
      Promise.all(
        Array.from({ length: 4 }, (_, index) =>
          uploadOf('header', new File([png], `huge-${index}.png`, { type: 'image/png' })).then((response) =>
            statuses.push(response.status),
          ),
        ),
      ),
    );
    report('four 20000x20000 PNGs', times);
    expect(statuses).toEqual([413, 413, 413, 413]);
    expect(Math.max(...times)).toBeLessThan(BOUND_MS);
  });

  it('answers within a second during the import of a feed of never-matching rules (SECONDLY ones and ones that walk centuries; refused as too complex)', async () => {
    await services.db
      .ref(services.paths.calendarImports(COMMUNITY_A, 'latency'))
      .set([{ title: 'Hostile', type: 'iCal', calendarId: 'upload:hostile.ics', audience: 'Kids', eventContext: 'resort' }]);
    let outcome: unknown;
    const times = await latenciesDuring(
      importUploadedIcs(services, {
        community: COMMUNITY_A,
        calendarId: 'latency',
        sourceKey: '0',
        text: secondlyFeed(3),
        now: Date.now(),
      }).then((result) => (outcome = result)),
    );
    report('the never-matching feed', times);
    expect(outcome).toMatchObject({ ok: false, message: 'This feed is too complex to import.' });
    expect(times.length).toBeGreaterThan(20);
    expect(Math.max(...times)).toBeLessThan(BOUND_MS);
  });
});
