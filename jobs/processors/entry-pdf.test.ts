import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import Database from 'better-sqlite3';
import { PDFDocument } from 'pdf-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedIdentity } from '@server/auth/identity/embedded';
import type { DbValue, RealtimeDb } from '@server/db/types';
import { entryPdfJobId, openEntryPdf } from '@server/entries/pdf';
import { entryPdfUrl } from '@server/entries/store';
import { viewJobStatus } from '@server/jobs/status';
import { createOutboxMailer } from '@server/mail/outbox';
import { createPaths } from '@server/paths';
import { seedDemoData } from '@server/seed';
import { createLocalDiskStorage } from '@server/storage';
import type { FileStorage } from '@server/storage/types';
import { ENTRY_PDF_TEXTS } from '~/lib/entry-pdf';
import { makeTempDir } from '../../tests/setup/tmp';
import { createJobRuntime, type JobRuntime } from '../runtime';
import { closeTestDbs, deleteRedisKeys, eventually, openTestDb, TEST_REDIS_URL, testLogger, testRedisPrefix } from '../testing/fixtures';
import { directJobContext } from '../types';
import { processEntryPdf } from './entry-pdf';

/**
 * The entry-pdf job: the PDFs of the demo data's form entries (every font embedded, the answers
 * in the form's order, the photo and the signature drawn), an entry of hostile answers (a long
 * answer over pages, non-Latin text, images that are no images, too large, of another site or
 * missing), and the whole path through the real Redis: the link queues one job however often
 * it is clicked, the job-status view ends in the download, and the entry then links to its file.
 * ENTRY_PDF_DIR=<folder> keeps the demo entries' PDFs there to look at.
 */

const prefix = testRedisPrefix('entry-pdf');
const paths = createPaths('amc');
const runtimes: JobRuntime[] = [];
const sqlite = new Database(':memory:');
let db: RealtimeDb;
let storage: FileStorage;

beforeAll(async () => {
  db = await openTestDb('entry-pdf');
  storage = createLocalDiskStorage({ root: join(makeTempDir('entry-pdf-storage'), 'storage') });
  await seedDemoData({ db, identity: createEmbeddedIdentity(sqlite), product: 'amc', storage });
});

afterEach(async () => {
  await Promise.all(runtimes.splice(0).map((runtime) => runtime.close()));
});

afterAll(async () => {
  await deleteRedisKeys(prefix);
  await closeTestDbs();
  sqlite.close();
});

const deps = () => ({ db, paths, storage, mailer: createOutboxMailer({ db, paths }), log: testLogger() });
let counter = 0;
const payload = (community: string, item: string, entryId: string) => ({
  product: 'amc',
  community,
  item,
  entryId,
  requestedBy: 'demo-admin',
  requestedAt: Date.UTC(2026, 10, 29, 15),
  fileKey: `0000000000000000-${++counter}`,
});

const hasPoppler = spawnSync('pdffonts', ['-v']).status === 0;
const keepDir = process.env.ENTRY_PDF_DIR;

function writePdf(bytes: Uint8Array, name: string): string {
  const dir = keepDir ?? makeTempDir('entry-pdf-files');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

function expectFontsEmbedded(file: string) {
  const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' }).trim().split('\n').slice(2);
  expect(fonts.length).toBeGreaterThanOrEqual(2);
  expect(fonts.some((line) => /LiberationSans/.test(line))).toBe(true);
  for (const line of fonts) {
    // Liberation Sans, or the fallback of a script it lacks (server/pdf/scripts.ts).
    expect(line).toMatch(/LiberationSans|DroidSansFallback|NanumSquare|NotoNaskhArabic|NotoSansHebrew/);
    expect(line.split(/\s+/).slice(-5)[0]).toBe('yes');
  }
}

async function storedBytes(path: string): Promise<Uint8Array> {
  const object = await storage.get(path);
  if (!object) throw new Error(`nothing stored at ${path}`);
  expect(object.contentType).toBe('application/pdf');
  return object.bytes();
}

async function demoEntries(): Promise<Array<{ community: string; item: string; entryId: string }>> {
  const found: Array<{ community: string; item: string; entryId: string }> = [];
  for (const community of ['demo-campground', 'demo-town']) {
    const forms = ((await db.ref(`${paths.userWritten(community)}/custom-forms`).get()).val() ?? {}) as Record<
      string,
      Record<string, unknown>
    >;
    for (const [item, entries] of Object.entries(forms))
      for (const entryId of Object.keys(entries)) found.push({ community, item, entryId });
  }
  return found;
}

describe('the entry-pdf job', () => {
  it("makes every demo form entry's PDF: the submission, the answers in the form's order, photos and signatures drawn, fonts embedded", async () => {
    const entries = await demoEntries();
    expect(entries.length).toBeGreaterThanOrEqual(12);
    for (const { community, item, entryId } of entries) {
      const progress: number[] = [];
      const result = await processEntryPdf(
        payload(community, item, entryId),
        deps(),
        directJobContext({ onProgress: (percent) => progress.push(percent) }),
      );
      expect(result.notes, `${community}/${item}/${entryId}`).toEqual([]);
      expect(result.path).toMatch(new RegExp(`^forms/completed/${item}/${entryId}-0000000000000000-\\d+\\.pdf$`));
      expect(progress.at(-1)).toBe(90);
      // The entry names its PDF, and the view links to it from now on.
      const entry = (await db.ref(paths.entry(community, 'custom-forms', item, entryId)).get()).val() as Record<string, unknown>;
      expect(entry.file).toBe(result.fileName);
      expect(await entryPdfUrl(storage, item, entry)).toBe(result.url);

      const bytes = await storedBytes(result.path);
      const pdf = await PDFDocument.load(bytes);
      expect(pdf.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
      if (!hasPoppler) continue;
      const file = writePdf(bytes, `${community}--${item}--${entryId}.pdf`);
      expectFontsEmbedded(file);
      const text = pdfText(file);
      expect(text).toContain('Submitted');
      expect(text).toMatch(/Status\s+(Open|Completed|Denied) \(as of 11\/29\/2026/);
      expect(text).toContain(`Entry ${entryId}`);
    }

    if (!hasPoppler) return;
    // Pine Hollow's visitor registration from Linh Nguyen: its header and static text, the answers in order, photo and signature.
    const nguyen = pdfText(
      writePdf(
        await storedBytes(`forms/completed/visitor-registration/${await fileOf('demo-campground', 'visitor-registration', 'vr-nguyen')}`),
        'nguyen.pdf',
      ),
    );
    const order = [
      'Visitor Registration',
      'Up to four visitors per site',
      'Your name',
      'Linh Nguyen',
      'Your site number',
      '57',
      'Visitor names',
      'Bao Tran, Mai Tran',
      'Vehicle license plate',
      'JTR-1187',
      'Visit date',
      "Photo of your visitors' vehicle",
      'Signature',
      'Email address',
    ];
    let at = -1;
    for (const words of order) {
      const next = nguyen.indexOf(words, at + 1);
      expect(next, words).toBeGreaterThan(at);
      at = next;
    }
    expect(nguyen).toContain('User id');
    expect(nguyen).toContain('guest-linh-nguyen');
    const images = execFileSync(
      'pdfimages',
      [
        '-list',
        writePdf(
          await storedBytes(`forms/completed/visitor-registration/${await fileOf('demo-campground', 'visitor-registration', 'vr-nguyen')}`),
          'nguyen-images.pdf',
        ),
      ],
      { encoding: 'utf8' },
    )
      .trim()
      .split('\n')
      .slice(2);
    expect(images).toHaveLength(2);
    // Ngozi Okafor left the plate empty; the RSVP names its event.
    const okafor = pdfText(
      writePdf(
        await storedBytes(`forms/completed/visitor-registration/${await fileOf('demo-campground', 'visitor-registration', 'vr-okafor')}`),
        'okafor.pdf',
      ),
    );
    expect(okafor).toMatch(/Vehicle license plate\s+Not Answered/);
    const rsvp = pdfText(
      writePdf(
        await storedBytes(`forms/completed/rsvp-standard/${await fileOf('demo-campground', 'rsvp-standard', 'rsvp-ellis')}`),
        'rsvp.pdf',
      ),
    );
    expect(rsvp).toContain('Pancake Breakfast at the Pavilion');
  }, 180_000);

  it('draws hostile answers safely: long text over pages, non-Latin text, and images that are not, too large, foreign or missing as notes', async () => {
    const community = 'demo-campground';
    const long = Array.from({ length: 900 }, (_, index) => `word${index}`).join(' ');
    const png = (width: number, height: number) => {
      const canvas = createCanvas(width, height);
      const context = canvas.getContext('2d');
      context.strokeStyle = '#1b3a8a';
      context.lineWidth = 4;
      context.beginPath();
      context.moveTo(10, height - 20);
      context.bezierCurveTo(width / 3, 0, (2 * width) / 3, height, width - 10, 20);
      context.stroke();
      return canvas.toBuffer('image/png');
    };
    // A PNG whose header claims 30000 x 30000 pixels: refused before anything decodes it.
    const huge = Buffer.from(png(4, 4));
    huge.writeUInt32BE(30_000, 16);
    huge.writeUInt32BE(30_000, 20);
    await db.ref().update({
      [paths.customForm(community, 'hostile-form')]: {
        title: 'Hostile Form',
        type: 'form',
        fields: [
          { type: 'header', name: 'h', label: '<h2>Section <b>one</b></h2>' },
          { type: 'textarea', name: 'long', label: 'Long answer' },
          { type: 'text', name: 'greek', label: 'Όνομα' },
          { type: 'text', name: 'cjk', label: 'Name (CJK)' },
          { type: 'image', name: 'not-image', label: 'Not an image' },
          { type: 'image', name: 'huge', label: 'Huge image' },
          { type: 'image', name: 'foreign', label: 'Foreign image' },
          { type: 'image', name: 'other-community', label: 'Other community image' },
          { type: 'image', name: 'missing', label: 'Missing image' },
          { type: 'signature', name: 'signature', label: 'Signature' },
          { type: 'text', name: 'empty', label: 'Left empty' },
        ],
      },
      [paths.entry(community, 'custom-forms', 'hostile-form', 'hostile-1')]: {
        createdBy: 'guest-x',
        createDate: Date.UTC(2026, 10, 20, 18),
        answers: {
          long: { value: long },
          greek: { value: 'Αλέξανδρος Ιβάνοβιч' },
          cjk: { value: '山田太郎' },
          'not-image': { value: `data:image/png;base64,${Buffer.from('not a picture at all').toString('base64')}` },
          huge: { value: `data:image/png;base64,${huge.toString('base64')}` },
          foreign: { value: 'https://tracker.example/pixel.jpg' },
          'other-community': { value: '/files/user-written/demo-town/forms/visitor-registration/vr-castillo/signature.jpg' },
          missing: { value: `user-written/${community}/forms/hostile-form/hostile-1/gone.jpg` },
          signature: { value: `data:image/png;base64,${png(600, 200).toString('base64')}` },
        },
      } as DbValue,
    });
    const result = await processEntryPdf(payload(community, 'hostile-form', 'hostile-1'), deps(), directJobContext());
    expect(result.notes).toEqual([
      `Not an image: ${ENTRY_PDF_TEXTS.imageUnreadable}`,
      `Huge image: ${ENTRY_PDF_TEXTS.imageTooLarge}`,
      `Foreign image: ${ENTRY_PDF_TEXTS.imageForeign}`,
      `Other community image: ${ENTRY_PDF_TEXTS.imageForeign}`,
      `Missing image: ${ENTRY_PDF_TEXTS.imageMissing}`,
    ]);
    expect(result.pages).toBeGreaterThanOrEqual(2);
    if (!hasPoppler) return;
    const file = writePdf(await storedBytes(result.path), 'hostile.pdf');
    expectFontsEmbedded(file);
    const text = pdfText(file);
    expect(text).toContain('Section one');
    expect(text).toContain('word0');
    expect(text).toContain('word899');
    expect(text).toContain('Όνομα');
    expect(text).toContain('Αλέξανδρος');
    expect(text).toContain('山田太郎');
    expect(text).toContain('Left empty');
    expect(text).toMatch(/Left empty\s+Not Answered/);
    expect(text).toContain(ENTRY_PDF_TEXTS.imageForeign);
    // The signature, and nothing of the refused images.
    expect(execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').slice(2)).toHaveLength(1);
  }, 60_000);

  it('runs once however often the link is followed, ends on the job-status view with the download, and runs again when the file is gone', async () => {
    // A busy machine answers the first ping slowly: the queueing below must not find Redis unreachable.
    const runtime = createJobRuntime({ redisUrl: TEST_REDIS_URL, prefix, deps: deps(), pingTimeoutMs: 5_000 });
    runtimes.push(runtime);
    const community = 'demo-campground';
    const ref = { community, item: 'report-an-issue', entryId: 'ri-wifi', uid: 'demo-admin', now: Date.now() };
    const read = async () =>
      (await db.ref(paths.entry(community, 'custom-forms', ref.item, ref.entryId)).get()).val() as Record<string, unknown>;
    const linkDeps = { storage, jobs: runtime, paths };
    // No stored PDF yet (the first test made one).
    await db.ref(`${paths.entry(community, 'custom-forms', ref.item, ref.entryId)}/file`).set(null);
    const first = await openEntryPdf(linkDeps, { ...ref, entry: await read() });
    const second = await openEntryPdf(linkDeps, { ...ref, entry: await read() });
    const jobId = entryPdfJobId({ product: 'amc', community, item: ref.item, entryId: ref.entryId });
    expect(first).toEqual({ kind: 'queued', jobId });
    expect(second).toEqual({ kind: 'queued', jobId });
    expect(await runtime.queues['entry-pdf'].getJobCounts('waiting', 'active', 'completed')).toEqual({
      waiting: 1,
      active: 0,
      completed: 0,
    });

    expect(await runtime.startWorkers()).toBe(true);
    const done = async () =>
      eventually(
        async () => {
          const seen = await viewJobStatus({ jobs: runtime }, { queue: 'entry-pdf', id: jobId, communities: [community] });
          return seen?.state === 'done' || seen?.state === 'failed' ? seen : undefined;
        },
        { timeoutMs: 20_000 },
      );
    const view = await done();
    const entry = await read();
    const url = await entryPdfUrl(storage, ref.item, entry);
    expect(view).toMatchObject({
      title: ENTRY_PDF_TEXTS.jobTitle,
      state: 'done',
      percent: 100,
      lines: [ENTRY_PDF_TEXTS.summary(1)],
      download: { href: url, label: ENTRY_PDF_TEXTS.download },
    });
    expect(await viewJobStatus({ jobs: runtime }, { queue: 'entry-pdf', id: jobId, communities: ['demo-town'] })).toBeNull();
    // Now the link is the stored file.
    expect(await openEntryPdf(linkDeps, { ...ref, entry })).toEqual({ kind: 'stored', url });

    // The file removed: the same job runs again and stores a new one.
    await storage.delete(`forms/completed/${ref.item}/${String(entry.file)}`);
    expect(await openEntryPdf(linkDeps, { ...ref, entry })).toEqual({ kind: 'queued', jobId });
    await eventually(
      async () => {
        const again = await read();
        return again.file !== entry.file && (await entryPdfUrl(storage, ref.item, again)) ? again : undefined;
      },
      { timeoutMs: 20_000 },
    );
  }, 60_000);

  it('fails for good when the entry is gone', async () => {
    await expect(
      processEntryPdf(payload('demo-campground', 'report-an-issue', 'no-such-entry'), deps(), directJobContext()),
    ).rejects.toMatchObject({
      name: 'PermanentJobError',
      message: ENTRY_PDF_TEXTS.gone,
    });
    await expect(processEntryPdf(payload('demo-campground', 'no-such-form', 'ri-wifi'), deps(), directJobContext())).rejects.toMatchObject({
      name: 'PermanentJobError',
    });
  });
});

async function fileOf(community: string, item: string, entryId: string): Promise<string> {
  const entry = (await db.ref(paths.entry(community, 'custom-forms', item, entryId)).get()).val() as Record<string, unknown>;
  return String(entry.file);
}
