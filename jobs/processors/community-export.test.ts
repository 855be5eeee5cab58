import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeDb } from '@server/db/types';
import { viewJobStatus } from '@server/jobs/status';
import { createOutboxMailer } from '@server/mail/outbox';
import { createPaths } from '@server/paths';
import { createLocalDiskStorage } from '@server/storage';
import type { FileStorage } from '@server/storage/types';
import { makeTempDir } from '../../tests/setup/tmp';
import { readZip } from '../../tests/setup/zip-reader';
import type { CommunityExportJobPayload } from '../payloads';
import { createJobRuntime, type JobRuntime } from '../runtime';
import { closeTestDbs, deleteRedisKeys, eventually, openTestDb, TEST_REDIS_URL, testLogger, testRedisPrefix } from '../testing/fixtures';
import { directJobContext } from '../types';
import { processCommunityExport } from './community-export';

/**
 * The community-export job (decision 044) against the embedded database, local-disk storage
 * and the real Redis: every node of each chosen community as its own JSON file, read back with
 * an independent zip reader, and the queue's whole path to the job-status view's Download.
 */

const prefix = testRedisPrefix('community-export');
const paths = createPaths('amc');
const runtimes: JobRuntime[] = [];
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

beforeAll(async () => {
  db = await openTestDb('community-export');
  storage = createLocalDiskStorage({ root: join(makeTempDir('community-export'), 'storage') });
  await db.ref().update({
    [paths.community('ce-one')]: { title: 'Export One', timeZone: 'America/Denver' },
    [paths.community('ce-two')]: { title: 'Export Two' },
    [`${paths.locationData('ce-one')}/dining`]: { a: { title: 'Grill', address: '1 Main St' }, b: { title: 'Cafe' } },
    [`${paths.locationData('ce-one')}/main-menu`]: [{ title: 'Dining', uniqueId: 'dining' }],
    [`${paths.locationData('ce-one')}/header-info`]: { 'main-menu': { hideTitle: true } },
    [`${paths.userWritten('ce-one')}/forms`]: { f1: { e1: { createDate: 1 } } },
    [`${paths.locationData('ce-two')}/services`]: { s: { title: 'Laundry' } },
    [`${paths.locationData('ce-other')}/services`]: { s: { title: 'Not exported' } },
  });
});

function payload(extra: Partial<CommunityExportJobPayload> = {}): CommunityExportJobPayload {
  counter += 1;
  return {
    product: 'amc',
    community: 'ce-one',
    communities: ['ce-one'],
    requestedBy: 'staff-1',
    requestedAt: Date.UTC(2026, 10, 29, 21, 5),
    fileKey: `1111111111111111-${counter}`,
    ...extra,
  };
}

const deps = () => ({ db, paths, storage, mailer: createOutboxMailer({ db, paths }), log: testLogger() });

describe('the community export job', () => {
  it("zips each node of the community's data and its guests' entries as JSON, named by the time in its zone", async () => {
    const progress: number[] = [];
    const job = payload();
    const result = await processCommunityExport(job, deps(), directJobContext({ onProgress: (percent) => progress.push(percent) }));
    expect(result).toMatchObject({
      fileName: '11-29-2026-02-05-PM.zip',
      path: `ce-one/exports/community/${job.fileKey}/11-29-2026-02-05-PM.zip`,
      communities: 1,
      files: 6,
    });
    expect(progress.at(-1)).toBe(100);
    const zip = await readZip(await (await storage.get(result.path))!.bytes());
    expect([...zip.keys()].sort()).toEqual([
      'ce-one/community.json',
      'ce-one/location-data/dining.json',
      'ce-one/location-data/header-info.json',
      'ce-one/location-data/main-menu.json',
      'ce-one/user-written/forms.json',
      'manifest.json',
    ]);
    expect(JSON.parse(zip.get('ce-one/location-data/dining.json')!.toString('utf8'))).toEqual({
      a: { title: 'Grill', address: '1 Main St' },
      b: { title: 'Cafe' },
    });
    expect(JSON.parse(zip.get('ce-one/location-data/main-menu.json')!.toString('utf8'))).toEqual([{ title: 'Dining', uniqueId: 'dining' }]);
    expect(JSON.parse(zip.get('manifest.json')!.toString('utf8'))).toMatchObject({ product: 'amc', communities: ['ce-one'] });
  });

  it('puts several communities in one zip, one folder each, and skips communities that do not exist', async () => {
    const result = await processCommunityExport(payload({ communities: ['ce-one', 'ce-two', 'ce-gone'] }), deps(), directJobContext());
    expect(result.communities).toBe(2);
    const zip = await readZip(await (await storage.get(result.path))!.bytes());
    expect(zip.has('ce-two/location-data/services.json')).toBe(true);
    expect([...zip.keys()].some((name) => name.startsWith('ce-other') || name.startsWith('ce-gone'))).toBe(false);
  });

  it('fails for good with "No data to export" when no chosen community exists', async () => {
    await expect(processCommunityExport(payload({ communities: ['ce-gone'] }), deps(), directJobContext())).rejects.toThrow(
      'No data to export',
    );
  });

  it('runs on the queue and ends on the job-status view with the success text and Download', async () => {
    const runtime = createJobRuntime({ redisUrl: TEST_REDIS_URL, prefix, deps: deps() });
    runtimes.push(runtime);
    const job = payload({ communities: ['ce-one', 'ce-two'] });
    const queued = await runtime.enqueue('community-export', job, { jobId: `community-export--${job.fileKey}` });
    if (!queued.queued) throw new Error(queued.reason);
    expect(await runtime.startWorkers()).toBe(true);
    const view = await eventually(
      async () => {
        const seen = await viewJobStatus({ jobs: runtime }, { queue: 'community-export', id: queued.jobId, communities: ['ce-one'] });
        return seen?.state === 'done' || seen?.state === 'failed' ? seen : undefined;
      },
      { timeoutMs: 20_000 },
    );
    expect(view).toMatchObject({
      title: 'Export',
      state: 'done',
      lines: ['Data was exported successfully. Click Download button to start downloading zip file', '2 communities, 8 files.'],
      download: { href: `/files/ce-one/exports/community/${job.fileKey}/11-29-2026-02-05-PM.zip`, label: 'Download' },
    });
    expect(
      await viewJobStatus({ jobs: runtime }, { queue: 'community-export', id: queued.jobId, communities: ['someone-else'] }),
    ).toBeNull();
  });
});
