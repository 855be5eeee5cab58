import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, PDFName, PDFArray, type PDFNumber } from 'pdf-lib';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { DbValue, RealtimeDb } from '@server/db/types';
import { viewJobStatus } from '@server/jobs/status';
import { createOutboxMailer } from '@server/mail/outbox';
import { createPaths } from '@server/paths';
import { createLocalDiskStorage } from '@server/storage';
import type { FileStorage } from '@server/storage/types';
import { zonedInstant } from '~/lib/date-time';
import { makeTempDir } from '../../tests/setup/tmp';
import type { PrintoutOptions } from '../payloads';
import { createJobRuntime, type JobRuntime } from '../runtime';
import { closeTestDbs, deleteRedisKeys, eventually, openTestDb, TEST_REDIS_URL, testLogger, testRedisPrefix } from '../testing/fixtures';
import { directJobContext } from '../types';
import { processActivitiesPrintout } from './activities-printout';

/**
 * The activities-printout job: its PDF (page size, TrimBox and BleedBox, every font embedded,
 * the events' text in it, the header image at print resolution) made by the processor, and the
 * whole path through the real Redis: queued, run by a worker, followed on the job-status view to
 * its download link.
 */

const prefix = testRedisPrefix('activities-printout');
const paths = createPaths('amc');
const runtimes: JobRuntime[] = [];
const ZONE = 'America/Denver';
const COMMUNITY = 'printout-job';
let db: RealtimeDb;
let storage: FileStorage;
let counter = 0;

afterEach(async () => {
  await Promise.all(runtimes.splice(0).map((runtime) => runtime.close()));
});

afterAll(async () => {
  await deleteRedisKeys(prefix);
  await closeTestDbs();
});

const OPTIONS: PrintoutOptions = {
  start: '2026-12-07',
  end: '2026-12-09',
  type: 'column',
  eventsPerColumn: null,
  titleFontSize: 10,
  textFontSize: 8,
  headerText: '',
  headerDrawable: '',
  headerScrim: true,
  scrimFade: true,
  rightColumnTitle: 'Good to know',
  rightColumnContent: '<p>Pool <strong>open</strong> 9–5</p><ul><li>Quiet hours 10 PM</li></ul>',
  leftSectionContent: '<h3>Welcome</h3>',
  midSectionContent: '',
  rightSectionContent: '',
  footerContent: '<p><em>Subject to change.</em></p>',
};

/** A calendar of 60 events over the three days (20 a day), one deleted and one the day after. */
async function seedCalendar(calendarId: string) {
  db ??= await openTestDb('activities-printout');
  storage ??= createLocalDiskStorage({ root: join(makeTempDir('printout-storage'), 'storage') });
  const events: Record<string, DbValue> = {};
  for (let day = 0; day < 3; day++)
    for (let index = 0; index < 20; index++) {
      const start = zonedInstant(
        { year: 2026, month: 12, day: 7 + day },
        { hour: 7 + Math.floor(index / 2), minute: (index % 2) * 30 },
        ZONE,
      );
      events[`ev-${day}-${String(index).padStart(2, '0')}`] = {
        title: `Activity ${day}-${index}`,
        startDate: start,
        endDate: start + 45 * 60_000,
        resortLocationId: index % 4 === 0 ? 'pavilion' : '',
        location: index % 4 === 0 ? '' : 'Lake Shore',
        description: '<p>Bring a friend.</p>',
      };
    }
  const deletedStart = zonedInstant({ year: 2026, month: 12, day: 8 }, { hour: 9, minute: 0 }, ZONE);
  events['ev-deleted'] = { title: 'Removed Bingo', startDate: deletedStart, endDate: deletedStart + 1, deleted: { time: 1 } };
  const later = zonedInstant({ year: 2026, month: 12, day: 10 }, { hour: 9, minute: 0 }, ZONE);
  events['ev-later'] = { title: 'Too Late Karaoke', startDate: later, endDate: later + 1 };
  await db.ref().update({
    [paths.community(COMMUNITY)]: { title: 'Printout Pines', timeZone: ZONE },
    [`${paths.locations(COMMUNITY)}/pavilion`]: { title: 'Main Pavilion' },
    [paths.calendarConfig(COMMUNITY, calendarId)]: { title: 'Pine Activities', allowUserCreated: false, priorNotificationTime: 15 },
    [paths.calendarEvents(COMMUNITY, calendarId)]: events,
  });
}

function payload(calendarId: string, options: Partial<PrintoutOptions> = {}) {
  counter += 1;
  return {
    product: 'amc',
    community: COMMUNITY,
    calendarId,
    requestedBy: 'staff-1',
    requestedAt: Date.UTC(2026, 11, 1),
    fileKey: `0000000000000000-${counter}`,
    options: { ...OPTIONS, ...options },
  };
}

const hasPoppler = spawnSync('pdffonts', ['-v']).status === 0;

function writeTemp(bytes: Uint8Array, name: string): string {
  const dir = makeTempDir('printout-pdf');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

const boxOf = (page: ReturnType<PDFDocument['getPage']>, name: string) => {
  const box = page.node.lookup(PDFName.of(name), PDFArray);
  return box.asArray().map((value) => (value as PDFNumber).asNumber());
};

describe('the activities printout job', () => {
  it('makes an 11 x 8.5 in PDF with its page boxes, embedded fonts and the visible events of the days', async () => {
    await seedCalendar('activities');
    const progress: number[] = [];
    const job = payload('activities');
    const result = await processActivitiesPrintout(
      job,
      { db, paths, storage, mailer: createOutboxMailer({ db, paths }), log: testLogger() },
      directJobContext({ onProgress: (percent) => progress.push(percent) }),
    );
    expect(result).toMatchObject({
      events: 60,
      pages: 1,
      path: `${COMMUNITY}/amc-events/printouts/activities/${job.fileKey}.pdf`,
      notes: [],
    });
    expect(progress.at(-1)).toBe(90);
    const stored = await storage.get(result.path);
    expect(stored?.contentType).toBe('application/pdf');
    const bytes = await stored!.bytes();

    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    const page = pdf.getPage(0);
    expect(page.getSize()).toEqual({ width: 792, height: 612 });
    expect(boxOf(page, 'TrimBox')).toEqual([0, 0, 792, 612]);
    expect(boxOf(page, 'BleedBox')).toEqual([0, 0, 792, 612]);
    expect(pdf.getTitle()).toContain('Pine Activities');

    if (hasPoppler) {
      const file = writeTemp(bytes, 'printout.pdf');
      const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' }).trim().split('\n').slice(2);
      expect(fonts.length).toBeGreaterThanOrEqual(2);
      // Every font embedded: the 'emb' column says yes, and no standard font is named.
      for (const line of fonts) {
        expect(line).toMatch(/LiberationSans/);
        expect(line.split(/\s+/).slice(-5)[0]).toBe('yes');
      }
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(text).toContain('Pine Activities');
      expect(text).toContain('Activity 0-0');
      expect(text).toContain('Activity 2-19');
      expect(text).toContain('Main Pavilion');
      expect(text).toContain('Good to know');
      expect(text).not.toContain('Removed Bingo');
      expect(text).not.toContain('Too Late Karaoke');
      // Text is text: the first event's time is found as written.
      expect(text).toMatch(/7:00 AM – 7:45 AM/);
    }
  });

  it('draws the header image at print resolution, and refuses one of another community', async () => {
    await seedCalendar('activities');
    const canvas = createCanvas(4000, 600);
    const context = canvas.getContext('2d');
    context.fillStyle = '#1d6fa5';
    context.fillRect(0, 0, 4000, 600);
    const header = await storage.put(`${COMMUNITY}/images/printout/1/lake_print.png`, canvas.toBuffer('image/png'), {
      contentType: 'image/png',
    });
    const deps = { db, paths, storage, mailer: createOutboxMailer({ db, paths }), log: testLogger() };
    const withImage = await processActivitiesPrintout(
      payload('activities', { headerDrawable: header.url, type: 'daily' }),
      deps,
      directJobContext(),
    );
    expect(withImage.notes).toEqual([]);
    const pdf = await PDFDocument.load(await (await storage.get(withImage.path))!.bytes());
    if (hasPoppler) {
      const file = writeTemp(await (await storage.get(withImage.path))!.bytes(), 'header.pdf');
      const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').slice(2);
      expect(images).toHaveLength(1);
      const [, , , width, height] = images[0]!.trim().split(/\s+/);
      // The header band is 744 x 84 pt: 3100 x 350 px at 300 dpi (cut to its shape, a pixel or three of rounding).
      expect(Number(height)).toBe(350);
      expect(Number(width)).toBeGreaterThanOrEqual(3090);
      expect(Number(width)).toBeLessThanOrEqual(3100);
    }
    expect(pdf.getPageCount()).toBe(1);

    const foreign = await processActivitiesPrintout(
      payload('activities', { headerDrawable: '/files/other-community/images/printout/1/x.png' }),
      deps,
      directJobContext(),
    );
    expect(foreign.notes).toEqual(['The header image is not a file of this community, so the printout has none.']);
  });

  it('runs on the queue and ends on the job-status view with its download link', async () => {
    await seedCalendar('activities');
    const runtime = createJobRuntime({
      redisUrl: TEST_REDIS_URL,
      prefix,
      deps: { db, paths, storage, mailer: createOutboxMailer({ db, paths }), log: testLogger() },
    });
    runtimes.push(runtime);
    const job = payload('activities', { type: 'agenda' });
    const queued = await runtime.enqueue('activities-printout', job, { jobId: `activities-printout--${job.fileKey}` });
    if (!queued.queued) throw new Error(queued.reason);
    expect(await runtime.startWorkers()).toBe(true);
    const view = await eventually(
      async () => {
        const seen = await viewJobStatus({ jobs: runtime }, { queue: 'activities-printout', id: queued.jobId, communities: [COMMUNITY] });
        return seen?.state === 'done' || seen?.state === 'failed' ? seen : undefined;
      },
      { timeoutMs: 20_000 },
    );
    expect(view).toMatchObject({
      title: 'Activities Printout',
      state: 'done',
      percent: 100,
      lines: [expect.stringMatching(/^60 events on \d+ pages\.$/)],
      download: { href: `/files/${COMMUNITY}/amc-events/printouts/activities/${job.fileKey}.pdf`, label: 'Download the printout (PDF)' },
    });
    expect(
      await viewJobStatus({ jobs: runtime }, { queue: 'activities-printout', id: queued.jobId, communities: ['someone-else'] }),
    ).toBeNull();
  });

  it('fails for good when the calendar is gone', async () => {
    await seedCalendar('activities');
    await expect(
      processActivitiesPrintout(
        payload('no-such-calendar'),
        { db, paths, storage, mailer: createOutboxMailer({ db, paths }), log: testLogger() },
        directJobContext(),
      ),
    ).rejects.toMatchObject({ name: 'PermanentJobError', message: 'This calendar no longer exists.' });
  });
});
