import { readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { cert, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportZipPath } from '@server/entries/export/make';
import { storagePaths } from '@server/paths';
import { createBucketStorage } from '@server/storage/firebase-bucket';
import { createLocalDiskStorage } from '@server/storage/local-disk';
import { FakeCloudStorage, fakeServiceAccount } from '@server/storage/testing/fake-cloud-storage';
import type { FileStorage } from '@server/storage/types';
import { makeTempDir } from '../../tests/setup/tmp';
import { GENERATED_RETENTION_MS, PARTIAL_WRITE_GRACE_MS, sweepStorage } from './sweep';

const cloud = new FakeCloudStorage();
const server = setupServer(...cloud.handlers());
let app: App;

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  app = initializeApp({ credential: cert(fakeServiceAccount()), projectId: 'demo-console' }, 'export-sweep');
});

afterAll(async () => {
  await deleteApp(app);
  server.close();
});

const engines: Array<{ name: string; make: () => FileStorage }> = [
  { name: 'local disk', make: () => createLocalDiskStorage({ root: makeTempDir('export-sweep') }) },
  {
    name: 'bucket',
    make: () => {
      cloud.reset();
      return createBucketStorage({ app, bucket: 'demo-console.appspot.com' });
    },
  },
];

const zip = { contentType: 'application/zip' };
const DAY = 24 * 60 * 60 * 1000;

describe.each(engines)('storage sweep: $name', ({ make }) => {
  it('removes entries exports and printouts past the retention and keeps newer ones and everything else', async () => {
    const storage = make();
    const old = exportZipPath('pines', 'aaaaaaaaaaaaaaaa', '11-01-2026-09-00-AM');
    const other = exportZipPath('lakeside', 'bbbbbbbbbbbbbbbb', '11-01-2026-09-00-AM');
    await storage.put(old, new Uint8Array([1]), zip);
    await storage.put(other, new Uint8Array([2]), zip);
    await storage.put('pines/images/header/1/lake.png', new Uint8Array([3]), { contentType: 'image/png' });
    await storage.put('forms/completed/f1/e1-x.pdf', new Uint8Array([4]), { contentType: 'application/pdf' });
    const printout = storagePaths.printoutPdf('pines', 'activities', 'activities-printout-abc123');
    await storage.put(printout, new Uint8Array([5]), { contentType: 'application/pdf' });

    // Within the retention: nothing goes.
    expect(await sweepStorage(storage, Date.now() + GENERATED_RETENTION_MS - DAY)).toEqual({
      partialWrites: 0,
      exports: 0,
      printouts: 0,
      images: 0,
      communityExports: 0,
      imports: 0,
    });
    expect(await storage.exists(old)).toBe(true);

    // Past it: both communities' zips go, nothing else does.
    expect(await sweepStorage(storage, Date.now() + GENERATED_RETENTION_MS + 60_000)).toEqual({
      partialWrites: 0,
      exports: 2,
      printouts: 1,
      images: 0,
      communityExports: 0,
      imports: 0,
    });
    expect(await storage.exists(printout)).toBe(false);
    expect(await storage.exists(old)).toBe(false);
    expect(await storage.exists(other)).toBe(false);
    expect(await storage.exists('pines/images/header/1/lake.png')).toBe(true);
    expect(await storage.exists('forms/completed/f1/e1-x.pdf')).toBe(true);
  });
});

describe('storage sweep: partial writes on local disk', () => {
  it('removes temp files untouched for the grace period, never one being written', async () => {
    const root = makeTempDir('export-sweep-tmp');
    const storage = createLocalDiskStorage({ root });
    await storage.list(''); // creates the folders
    const tmp = join(root, 'tmp');
    // A killed worker's partial zip, last written seven hours ago.
    writeFileSync(join(tmp, 'dead-write'), 'PK partial');
    const sevenHoursAgo = new Date(Date.now() - 7 * 60 * 60 * 1000);
    utimesSync(join(tmp, 'dead-write'), sevenHoursAgo, sevenHoursAgo);

    // A write in progress: its temp file exists while the zip still streams.
    const body = new PassThrough();
    const writing = storage.put(exportZipPath('pines', 'cccccccccccccccc', 'now'), body, zip);
    body.write(Buffer.alloc(1024, 1));
    await expect.poll(() => readdirSync(tmp).length).toBe(2);

    expect(await sweepStorage(storage)).toEqual({ partialWrites: 1, exports: 0, printouts: 0, images: 0, communityExports: 0, imports: 0 });
    expect(readdirSync(tmp)).toHaveLength(1); // the live write's

    body.end(Buffer.alloc(1024, 2));
    expect((await writing).size).toBe(2048);
    expect(readdirSync(tmp)).toEqual([]);

    // Once untouched past the grace period, any leftover goes.
    writeFileSync(join(tmp, 'later'), 'x');
    expect((await sweepStorage(storage, Date.now() + PARTIAL_WRITE_GRACE_MS - 60_000)).partialWrites).toBe(0);
    expect((await sweepStorage(storage, Date.now() + PARTIAL_WRITE_GRACE_MS + 60_000)).partialWrites).toBe(1);
  });

  it('the bucket has no partial writes to remove', async () => {
    cloud.reset();
    const storage = createBucketStorage({ app, bucket: 'demo-console.appspot.com' });
    expect(await storage.removePartialWrites(new Date(Date.now() + DAY))).toBe(0);
  });
});
