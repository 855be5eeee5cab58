import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { cert, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEmbeddedDb, type EmbeddedDb } from '@server/db';
import { createPaths } from '@server/paths';
import { createBucketStorage } from '@server/storage/firebase-bucket';
import { createLocalDiskStorage } from '@server/storage/local-disk';
import { sweepStorage } from '@server/storage/sweep';
import { FakeCloudStorage, fakeServiceAccount } from '@server/storage/testing/fake-cloud-storage';
import type { FileStorage, StorageEntry } from '@server/storage/types';
import { makeTempDir } from '../../tests/setup/tmp';
import { COMMUNITY_PAGE, isSweptUpload, sweepUnreferencedImages, UNREFERENCED_IMAGE_GRACE_MS, unreferencedUploads } from './sweep';

const GRACE_DAYS = UNREFERENCED_IMAGE_GRACE_MS / (24 * 60 * 60 * 1000);

/**
 * The sweep of images no record names (decision 043): never a file a record names (nor its
 * upload's other copies), always an unnamed upload older than the grace, on both adapters.
 */

const BUCKET = 'demo-console.appspot.com';
const cloud = new FakeCloudStorage();
const server = setupServer(...cloud.handlers());
const paths = createPaths('amc');
let app: App;
let db: EmbeddedDb;
const DAY = 24 * 60 * 60 * 1000;
const png = { contentType: 'image/png' };

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  app = initializeApp({ credential: cert(fakeServiceAccount()), projectId: 'demo-console' }, 'image-sweep');
  db = createEmbeddedDb({ file: join(makeTempDir('image-sweep'), 'rtdb.sqlite') });
});

afterAll(async () => {
  await deleteApp(app);
  server.close();
  await db.close();
});

beforeEach(async () => {
  await db.ref('amc').remove();
});

const entry = (path: string, ageDays: number, now: number): StorageEntry => ({
  path,
  size: 1,
  contentType: 'image/png',
  updated: new Date(now - ageDays * DAY),
});

describe('unreferencedUploads (the rule)', () => {
  const now = Date.UTC(2026, 10, 1);
  const named = new Set(['pines/images/header/100/lake.png']);

  it('never picks a named file, nor the other copies of its upload, whatever their age', () => {
    const files = [entry('pines/images/header/100/lake.png', 400, now), entry('pines/images/header/100/lake_crop.png', 400, now)];
    expect(unreferencedUploads(files, named, now)).toEqual([]);
  });

  it('picks an unnamed upload older than the grace, and not a younger one', () => {
    const old = entry('pines/images/header/200/old.png', GRACE_DAYS + 1, now);
    const young = entry('pines/images/header/300/new.png', GRACE_DAYS - 1, now);
    expect(unreferencedUploads([old, young], named, now)).toEqual([old]);
  });

  it('leaves files outside the uploader’s shape alone (file management’s folders, marketing images)', () => {
    expect(isSweptUpload('pines/images/header/200/old.png')).toBe(true);
    expect(isSweptUpload('pines/images/brochures/old.pdf')).toBe(false);
    expect(isSweptUpload('pines/images/social_marketing_introducing.png')).toBe(false);
    expect(isSweptUpload('pines/images/marketing_asset_editor/bg.png')).toBe(false);
    expect(isSweptUpload('pines/exports/entries/x/a.zip')).toBe(false);
    const kept = [entry('pines/images/brochures/old.pdf', 400, now), entry('pines/images/marketing_asset_editor/bg.png', 400, now)];
    expect(unreferencedUploads(kept, new Set(), now)).toEqual([]);
  });
});

const engines: Array<{ name: string; make: () => { storage: FileStorage; age: (path: string, days: number) => void } }> = [
  {
    name: 'local disk',
    make: () => {
      const root = makeTempDir('image-sweep-disk');
      return {
        storage: createLocalDiskStorage({ root }),
        age: (path, days) => {
          const when = new Date(Date.now() - days * DAY);
          utimesSync(join(root, 'objects', ...path.split('/')), when, when);
        },
      };
    },
  },
  {
    name: 'bucket',
    make: () => {
      cloud.reset();
      return {
        storage: createBucketStorage({ app, bucket: BUCKET }),
        age: (path, days) => cloud.age(BUCKET, path, new Date(Date.now() - days * DAY)),
      };
    },
  },
];

describe.each(engines)('sweepUnreferencedImages: $name', ({ make }) => {
  it('removes an unnamed image past the grace and keeps every named one, in any community’s records', async () => {
    const { storage, age } = make();
    const put = async (path: string, days: number) => {
      const stored = await storage.put(path, new Uint8Array([1]), png);
      age(path, days);
      return stored.url;
    };
    const menuIcon = await put('pines/images/header/100/icon.png', 90);
    await put('pines/images/header/100/icon_crop.png', 90);
    const richText = await put('pines/images/detail/200/menu.png', 90);
    const elsewhere = await put('pines/images/attachments/300/shared.png', 90);
    await put('pines/images/header/400/replaced.png', 90);
    await put('pines/images/header/400/replaced_thumb.png', 90);
    await put('pines/images/header/500/fresh.png', 2);
    await put('pines/images/brochures/price-list.png', 90);
    await put('nobody/images/header/600/orphan.png', 90);

    await db.ref(paths.community('pines')).set({ title: 'Pines' });
    await db.ref(paths.community('lakes')).set({ title: 'Lakes' });
    await db.ref(paths.menu('pines', 'main-menu')).set([{ title: 'Pool', iconData: { url: menuIcon } }]);
    await db.ref(paths.listItem('pines', 'dining', 'grill')).set({ title: 'Grill', description: `<p><img src="${richText}"></p>` });
    // Another community's record names a file of this one.
    await db.ref(paths.listItem('lakes', 'services', 'x')).set({ title: 'X', imageURL: elsewhere });

    const result = await sweepStorage(storage, Date.now(), { db, paths });
    expect(result.images).toBe(2);
    expect(await storage.exists('pines/images/header/400/replaced.png')).toBe(false);
    expect(await storage.exists('pines/images/header/400/replaced_thumb.png')).toBe(false);
    for (const kept of [
      'pines/images/header/100/icon.png',
      'pines/images/header/100/icon_crop.png',
      'pines/images/detail/200/menu.png',
      'pines/images/attachments/300/shared.png',
      'pines/images/header/500/fresh.png',
      'pines/images/brochures/price-list.png',
      'nobody/images/header/600/orphan.png',
    ]) {
      expect(await storage.exists(kept), kept).toBe(true);
    }

    // The menu item goes: its icon is unnamed now, and removed at the next sweep.
    await db.ref(paths.menu('pines', 'main-menu')).remove();
    expect(await sweepUnreferencedImages({ db, paths, storage })).toBe(2);
    expect(await storage.exists('pines/images/header/100/icon.png')).toBe(false);
    expect(await storage.exists('pines/images/detail/200/menu.png')).toBe(true);
  });
});

describe('sweepUnreferencedImages: many communities', () => {
  it('reads the communities a page at a time and still counts a file named by a community past the first page', async () => {
    const { storage, age } = engines[0]!.make();
    const named = await storage.put('pines/images/header/100/named.png', new Uint8Array([1]), png);
    age('pines/images/header/100/named.png', 90);
    await storage.put('pines/images/header/200/unnamed.png', new Uint8Array([1]), png);
    age('pines/images/header/200/unnamed.png', 90);
    const records: Record<string, { title: string; logo?: string }> = {};
    for (let i = 0; i < COMMUNITY_PAGE * 2 + 5; i += 1) records[`c${String(i).padStart(3, '0')}`] = { title: `C${i}` };
    records.pines = { title: 'Pines' };
    // The last community in key order, on the third page, names the file.
    records.zzz = { title: 'Zed', logo: named.url };
    await db.ref(paths.communities()).set(records);

    expect(await sweepUnreferencedImages({ db, paths, storage })).toBe(1);
    expect(await storage.exists('pines/images/header/100/named.png')).toBe(true);
    expect(await storage.exists('pines/images/header/200/unnamed.png')).toBe(false);
  });
});
