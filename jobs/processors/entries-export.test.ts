import { join } from 'node:path';
import { readSheet } from 'read-excel-file/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DbValue, RealtimeDb } from '@server/db/types';
import { viewJobStatus } from '@server/jobs/status';
import { createOutboxMailer } from '@server/mail/outbox';
import { createPaths } from '@server/paths';
import { createLocalDiskStorage } from '@server/storage';
import type { FileStorage } from '@server/storage/types';
import { makeTempDir } from '../../tests/setup/tmp';
import { readZip } from '../../tests/setup/zip-reader';
import type { EntriesExportJobPayload } from '../payloads';
import { createJobRuntime, type JobRuntime } from '../runtime';
import { closeTestDbs, deleteRedisKeys, eventually, openTestDb, TEST_REDIS_URL, testLogger, testRedisPrefix } from '../testing/fixtures';
import { directJobContext } from '../types';
import { processEntriesExport } from './entries-export';

/**
 * The entries-export job against the embedded database, local-disk storage and the real Redis:
 * the data zip's CSV and spreadsheet (read back with yauzl and read-excel-file, independent of
 * the writer), the photos zip's files, the filters and selection, and the queue's whole path to
 * the job-status view's success text and Download link.
 */

const prefix = testRedisPrefix('entries-export');
const paths = createPaths('amc');
const runtimes: JobRuntime[] = [];
const ZONE = 'America/Denver';
const COMMUNITY = 'export-job';
const FORM = 'guest-form';
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

const JPEG = (seed: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2_000, seed), Buffer.from([0xff, 0xd9])]);

/** A form with a text, a choice, a date and a photo field, and 450 entries (more than two pages), each with a photo; made once for the file. */
beforeAll(async () => {
  db ??= await openTestDb('entries-export');
  storage ??= createLocalDiskStorage({ root: join(makeTempDir('export-storage'), 'storage') });
  const entries: Record<string, DbValue> = {};
  for (let index = 0; index < 450; index++) {
    const key = `e${String(index).padStart(4, '0')}`;
    const photo = await storage.put(`user-written/${COMMUNITY}/forms/${FORM}/${key}/photo.jpg`, JPEG(index % 250), {
      contentType: 'image/jpeg',
    });
    entries[key] = {
      createDate: Date.UTC(2026, 10, 2, 7, 30) + index * 60_000,
      loggedInEmail: `guest${index}@example.com`,
      ...(index % 3 === 0 ? { completed: 2, completedBy: 'staff' } : {}),
      answers: {
        name: { value: index === 0 ? 'Ann "Annie" O\'Neil, Jr.' : `Guest ${index}` },
        site: { value: index === 1 ? '=HYPERLINK("x")' : index },
        meal: { value: 'veg' },
        arrival: { value: Date.UTC(2026, 11, 24, 5, 0) },
        photo: { value: photo.url },
      },
    };
  }
  // A photo of another community's folder is never read.
  (entries.e0002 as { answers: Record<string, { value: string }> }).answers.photo = { value: '/files/other-community/images/x/1/a.jpg' };
  await db.ref().update({
    [paths.community(COMMUNITY)]: { title: 'Export Pines', timeZone: ZONE },
    [paths.customForm(COMMUNITY, FORM)]: {
      title: 'Arrival: Form',
      fields: [
        { type: 'header', label: 'Welcome', name: 'head' },
        { type: 'text', label: 'Your name', name: 'name' },
        { type: 'number', label: 'Site', name: 'site' },
        { type: 'select', label: 'Meal', name: 'meal', values: [{ label: 'Vegetarian', value: 'veg' }] },
        { type: 'date', label: 'Arrival day', name: 'arrival' },
        { type: 'image', label: 'Photo of the site', name: 'photo' },
      ],
    },
    [paths.entries(COMMUNITY, 'custom-forms', FORM)]: entries,
  });
}, 180_000);

function payload(kind: EntriesExportJobPayload['kind'], extra: Partial<EntriesExportJobPayload> = {}): EntriesExportJobPayload {
  counter += 1;
  return {
    product: 'amc',
    community: COMMUNITY,
    context: 'custom-forms',
    itemKey: FORM,
    kind,
    filters: {},
    keys: null,
    expected: 450,
    requestedBy: 'staff-1',
    requestedAt: Date.UTC(2026, 10, 29, 21, 5),
    fileKey: `0000000000000000-${counter}`,
    ...extra,
  };
}

const deps = () => ({ db, paths, storage, mailer: createOutboxMailer({ db, paths }), log: testLogger() });

describe('the entries export job', () => {
  it('zips the entries as a CSV and a spreadsheet named by the time in the community zone', async () => {
    const progress: number[] = [];
    const job = payload('data');
    const result = await processEntriesExport(job, deps(), directJobContext({ onProgress: (percent) => progress.push(percent) }));
    // 21:05 UTC on 29 November is 2:05 PM in Denver.
    expect(result).toMatchObject({
      fileName: '11-29-2026-02-05-PM.zip',
      path: `${COMMUNITY}/exports/entries/${job.fileKey}/11-29-2026-02-05-PM.zip`,
      entries: 450,
      kind: 'data',
    });
    expect(progress.at(-1)).toBe(100);
    const zip = await readZip(await (await storage.get(result.path))!.bytes());
    expect([...zip.keys()]).toEqual(['11-29-2026-02-05-PM.csv', '11-29-2026-02-05-PM.xlsx']);

    const csv = zip.get('11-29-2026-02-05-PM.csv')!.toString('utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('Submitted,Name,E-mail,Completion,Your name,Site,Meal,Arrival day,Photo of the site');
    expect(lines).toHaveLength(452); // header, 450 rows, the empty string after the last CRLF
    // 07:30 UTC on 2 November is 12:30 AM in Denver (MST since 1 November).
    expect(lines[1]).toMatch(
      /^11\/02\/2026 12:30 AM,"Ann ""Annie"" O'Neil, Jr\.",guest0@example\.com,Completed,"Ann ""Annie"" O'Neil, Jr\.",0,Vegetarian,12\/23\/2026,\/files\//,
    );
    expect(lines[2]).toContain(`,Open,Guest 1,"'=HYPERLINK(""x"")",`);

    const rows = await readSheet(zip.get('11-29-2026-02-05-PM.xlsx')!);
    expect(rows).toHaveLength(451);
    expect(rows[0]).toEqual(['Submitted', 'Name', 'E-mail', 'Completion', 'Your name', 'Site', 'Meal', 'Arrival day', 'Photo of the site']);
    expect(rows[1]!.slice(0, 8)).toEqual([
      '11/02/2026 12:30 AM',
      'Ann "Annie" O\'Neil, Jr.',
      'guest0@example.com',
      'Completed',
      'Ann "Annie" O\'Neil, Jr.',
      0,
      'Vegetarian',
      '12/23/2026',
    ]);
    // In the spreadsheet a text is a text: no apostrophe, and no formula either.
    expect(rows[2]![5]).toBe('=HYPERLINK("x")');
    expect(rows[450]![1]).toBe('Guest 449');
  });

  it('exports only what the filters match, or only the rows ticked', async () => {
    const archived = await processEntriesExport(
      payload('data', { filters: { view: 'archive' }, expected: 150 }),
      deps(),
      directJobContext(),
    );
    expect(archived.entries).toBe(150);
    const ticked = await processEntriesExport(payload('data', { keys: ['e0004', 'e0007', 'nope'] }), deps(), directJobContext());
    expect(ticked.entries).toBe(2);
    const csv = (await readZip(await (await storage.get(ticked.path))!.bytes())).values().next().value!.toString('utf8');
    expect(csv).toContain('Guest 4,');
    expect(csv).toContain('Guest 7,');
    expect(csv).not.toContain('Guest 5,');
  });

  it('zips the photos of the entries, one folder per entry, each photo as stored', async () => {
    const result = await processEntriesExport(payload('photos'), deps(), directJobContext());
    expect(result).toMatchObject({ entries: 450, files: 449 });
    const zip = await readZip(await (await storage.get(result.path))!.bytes());
    expect(zip.size).toBe(449);
    expect(zip.get('Guest 1 e0001/Photo of the site.jpg')).toEqual(JPEG(1));
    expect(zip.get('Ann Annie ONeil Jr e0000/Photo of the site.jpg')).toEqual(JPEG(0));
    expect([...zip.keys()].some((name) => name.includes('e0002'))).toBe(false);
  });

  it('runs on the queue and ends on the job-status view with the success text and Download', async () => {
    const runtime = createJobRuntime({ redisUrl: TEST_REDIS_URL, prefix, deps: deps() });
    runtimes.push(runtime);
    const job = payload('photos', { keys: ['e0010', 'e0011'], expected: 2 });
    const queued = await runtime.enqueue('entries-export', job, { jobId: `entries-export--${job.fileKey}` });
    if (!queued.queued) throw new Error(queued.reason);
    expect(await runtime.startWorkers()).toBe(true);
    const view = await eventually(
      async () => {
        const seen = await viewJobStatus({ jobs: runtime }, { queue: 'entries-export', id: queued.jobId, communities: [COMMUNITY] });
        return seen?.state === 'done' || seen?.state === 'failed' ? seen : undefined;
      },
      { timeoutMs: 20_000 },
    );
    expect(view).toMatchObject({
      title: 'Export',
      state: 'done',
      lines: ['Data was exported successfully. Click Download button to start downloading zip file', '2 files of 2 entries.'],
      download: { href: `/files/${COMMUNITY}/exports/entries/${job.fileKey}/11-29-2026-02-05-PM.zip`, label: 'Download' },
    });
    expect(await viewJobStatus({ jobs: runtime }, { queue: 'entries-export', id: queued.jobId, communities: ['someone-else'] })).toBeNull();
  });

  it('fails for good when the form is gone', async () => {
    await expect(processEntriesExport(payload('data', { itemKey: 'no-such-form' }), deps(), directJobContext())).rejects.toMatchObject({
      name: 'PermanentJobError',
      message: 'This form no longer exists.',
    });
  });
});
