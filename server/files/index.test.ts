import { join } from 'node:path';
import { cert, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEmbeddedDb, type EmbeddedDb } from '@server/db';
import { createPaths } from '@server/paths';
import { createBucketStorage } from '@server/storage/firebase-bucket';
import { createLocalDiskStorage } from '@server/storage/local-disk';
import { FakeCloudStorage, fakeServiceAccount } from '@server/storage/testing/fake-cloud-storage';
import type { FileStorage } from '@server/storage/types';
import { makeTempDir } from '../../tests/setup/tmp';
import {
  deleteFile,
  FILES_PAGE_SIZE,
  FILES_TEXTS,
  FilesError,
  MAX_RENAME_REWRITES,
  readFilesPage,
  renameFile,
  uploadFiles,
  type FilesDeps,
} from './index';
import { PATH_TEXTS } from './names';

/** File management's use cases on both adapters: a folder page by page, upload, rename, delete with its uses. */

const BUCKET = 'demo-console.appspot.com';
const cloud = new FakeCloudStorage();
const server = setupServer(...cloud.handlers());
const paths = createPaths('amc');
let app: App;
let db: EmbeddedDb;

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  app = initializeApp({ credential: cert(fakeServiceAccount()), projectId: 'demo-console' }, 'file-management');
  db = createEmbeddedDb({ file: join(makeTempDir('file-management'), 'rtdb.sqlite') });
});

afterAll(async () => {
  await deleteApp(app);
  server.close();
  await db.close();
});

beforeEach(async () => {
  await db.ref('amc').remove();
});

const engines: Array<{ name: string; make: () => FileStorage }> = [
  { name: 'local disk', make: () => createLocalDiskStorage({ root: makeTempDir('file-management-disk') }) },
  {
    name: 'bucket',
    make: () => {
      cloud.reset();
      return createBucketStorage({ app, bucket: BUCKET });
    },
  },
];

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

async function refusal(promise: Promise<unknown>): Promise<FilesError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(FilesError);
    return error as FilesError;
  }
  throw new Error('expected a refusal');
}

describe.each(engines)('file management: $name', ({ make }) => {
  let deps: FilesDeps;
  beforeEach(() => {
    deps = { db, paths, storage: make() };
  });

  it('lists a folder of the community only, a page at a time over the listing', async () => {
    const names = Array.from({ length: FILES_PAGE_SIZE + 3 }, (_, index) => `f${String(index).padStart(3, '0')}.png`);
    for (const name of names) await deps.storage.put(`pines/images/many/${name}`, new Uint8Array([1]), { contentType: 'image/png' });
    await deps.storage.put('lakes/images/many/other.png', new Uint8Array([1]), { contentType: 'image/png' });

    const top = await readFilesPage(deps, 'pines', '', null);
    expect(top.folders).toEqual([{ path: 'many/', name: 'many' }]);
    const first = await readFilesPage(deps, 'pines', 'many/', null);
    expect(first.files).toHaveLength(FILES_PAGE_SIZE);
    expect(first.files[0]).toMatchObject({ path: 'many/f000.png', name: 'f000.png', contentType: 'image/png', size: 1 });
    expect(first.files[0]!.url).toBe(await deps.storage.url('pines/images/many/f000.png'));
    const second = await readFilesPage(deps, 'pines', 'many/', first.nextPageToken);
    expect(second.files.map((file) => file.name)).toEqual(names.slice(FILES_PAGE_SIZE));
    expect(second.nextPageToken).toBeNull();
  });

  it('uploads into the folder under safe names, never over a file', async () => {
    expect(await uploadFiles(deps, 'pines', 'maps/', [png('Pool Map.png'), png('trail.png')])).toBe(2);
    expect(await deps.storage.exists('pines/images/maps/Pool-Map.png')).toBe(true);
    expect((await refusal(uploadFiles(deps, 'pines', 'maps/', [png('trail.png')]))).message).toBe(FILES_TEXTS.exists('trail.png'));
    expect((await refusal(uploadFiles(deps, 'pines', '../lakes/', [png('x.png')]))).message).toBe(PATH_TEXTS.traversal);
    expect((await refusal(uploadFiles(deps, 'pines', '', []))).message).toBe(FILES_TEXTS.noFile);
  });

  it('keeps the first of two uploads of one name at the same moment and refuses the other', async () => {
    const both = await Promise.allSettled([
      uploadFiles(deps, 'pines', 'race/', [png('map.png')]),
      uploadFiles(deps, 'pines', 'race/', [png('map.png')]),
    ]);
    expect(both.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = both.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 409, message: FILES_TEXTS.exists('map.png') });
  });

  it('renames within the folder, refusing bad names, a name taken and paths outside', async () => {
    await uploadFiles(deps, 'pines', 'maps/', [png('a.png'), png('b.png')]);
    // No record names a.png: renamed at once, nothing asked.
    expect(await renameFile(deps, 'pines', 'maps/a.png', ' pool.png ')).toEqual({
      kind: 'renamed',
      from: 'a.png',
      to: 'pool.png',
      updated: 0,
    });
    expect(await deps.storage.exists('pines/images/maps/pool.png')).toBe(true);
    expect(await deps.storage.exists('pines/images/maps/a.png')).toBe(false);
    expect((await refusal(renameFile(deps, 'pines', 'maps/pool.png', 'b.png'))).status).toBe(409);
    expect((await refusal(renameFile(deps, 'pines', 'maps/pool.png', '../x.png'))).status).toBe(400);
    expect((await refusal(renameFile(deps, 'pines', 'maps/none.png', 'x.png'))).status).toBe(404);
    expect((await refusal(renameFile(deps, 'pines', '/etc/passwd', 'x'))).message).toBe(PATH_TEXTS.absolute);
  });

  it('asks before deleting, naming the records that use the file, then deletes', async () => {
    await uploadFiles(deps, 'pines', 'maps/', [png('pool.png')]);
    const url = await deps.storage.url('pines/images/maps/pool.png');
    await db.ref(paths.menu('pines', 'main-menu')).set([{ title: 'Pool', url }]);
    await db.ref(paths.listItem('pines', 'dining', 'grill')).set({ title: 'Grill', description: `<img src="${url}">` });

    const asked = await deleteFile(deps, 'pines', 'maps/pool.png', false);
    expect(asked).toMatchObject({ kind: 'confirm', name: 'pool.png' });
    expect(asked.kind === 'confirm' && asked.uses.map((use) => use.label).sort()).toEqual(['dining “Grill”', 'main-menu “Pool”']);
    expect(await deps.storage.exists('pines/images/maps/pool.png')).toBe(true);
    expect(await deleteFile(deps, 'pines', 'maps/pool.png', true)).toEqual({ kind: 'deleted', name: 'pool.png' });
    expect(await deps.storage.exists('pines/images/maps/pool.png')).toBe(false);
    expect((await refusal(deleteFile(deps, 'pines', 'maps/pool.png', true))).status).toBe(404);
    expect((await refusal(deleteFile(deps, 'pines', '../../lakes/images/x.png', true))).status).toBe(400);
  });

  it('asks before renaming a file records use, then rewrites every address of it in the form it was written', async () => {
    await uploadFiles(deps, 'pines', 'maps/', [png('pool map.png'), png('trail.png')]);
    const oldUrl = await deps.storage.url('pines/images/maps/pool-map.png');
    const trailUrl = await deps.storage.url('pines/images/maps/trail.png');
    await db.ref(paths.menu('pines', 'main-menu')).set([
      { title: 'Pool', iconData: { url: oldUrl } },
      { title: 'Trail', url: trailUrl },
    ]);
    await db
      .ref(paths.listItem('pines', 'dining', 'grill'))
      .set({ title: 'Grill', description: `<p><img src="${oldUrl}"> and <img src="${trailUrl}"></p>` });
    await db
      .ref(paths.community('pines'))
      .update({ headerImage: 'gs://demo/pines/images/maps/pool-map.png', logo: 'pines/images/maps/pool-map.png' });
    // Another community's record naming the same address is not this community's to change.
    await db.ref(paths.menu('lakes', 'main-menu')).set([{ title: 'Elsewhere', url: oldUrl }]);

    const asked = await renameFile(deps, 'pines', 'maps/pool-map.png', 'lake view.png');
    expect(asked).toMatchObject({ kind: 'confirm', path: 'maps/pool-map.png', from: 'pool-map.png', to: 'lake view.png' });
    expect(asked.kind === 'confirm' && asked.uses.map((use) => use.label).sort()).toEqual([
      'community headerImage',
      'community logo',
      'dining “Grill”',
      'main-menu “Pool”',
    ]);
    expect(await deps.storage.exists('pines/images/maps/pool-map.png')).toBe(true);

    expect(await renameFile(deps, 'pines', 'maps/pool-map.png', 'lake view.png', true)).toEqual({
      kind: 'renamed',
      from: 'pool-map.png',
      to: 'lake view.png',
      updated: 4,
    });
    expect(await deps.storage.exists('pines/images/maps/pool-map.png')).toBe(false);
    const newUrl = await deps.storage.url('pines/images/maps/lake view.png');
    const menu = (await db.ref(paths.menu('pines', 'main-menu')).get()).val() as Array<Record<string, unknown>>;
    expect(menu[0]).toEqual({ title: 'Pool', iconData: { url: newUrl } });
    expect(menu[1]).toEqual({ title: 'Trail', url: trailUrl });
    expect((await db.ref(paths.listItem('pines', 'dining', 'grill')).get()).val()).toEqual({
      title: 'Grill',
      description: `<p><img src="${newUrl}"> and <img src="${trailUrl}"></p>`,
    });
    expect((await db.ref(`${paths.community('pines')}/headerImage`).get()).val()).toBe('gs://demo/pines/images/maps/lake view.png');
    expect((await db.ref(`${paths.community('pines')}/logo`).get()).val()).toBe('pines/images/maps/lake view.png');
    expect((await db.ref(paths.menu('lakes', 'main-menu')).get()).val()).toEqual([{ title: 'Elsewhere', url: oldUrl }]);
    // The address written is the one the port now gives: the bucket kept the object's download token.
    expect(new URL(newUrl, 'http://site').search).toBe(new URL(oldUrl, 'http://site').search);
  });

  it('never writes over an edit saved between the read and the write', async () => {
    await uploadFiles(deps, 'pines', 'maps/', [png('pool.png')]);
    const oldUrl = await deps.storage.url('pines/images/maps/pool.png');
    const menuPath = paths.menu('pines', 'main-menu');
    await db.ref(menuPath).set([
      { title: 'Pool', description: `Old <img src="${oldUrl}">` },
      { title: 'Spa', description: `Spa <img src="${oldUrl}">` },
    ]);
    // Staff save both items after the rename read them: one still shows the image, one no longer does.
    let raced = false;
    const racing: FilesDeps = {
      ...deps,
      db: {
        ...db,
        ref: (path?: string) => {
          const ref = db.ref(path);
          if (path !== undefined) return ref;
          return {
            guardedUpdate: async (...args: Parameters<typeof ref.guardedUpdate>) => {
              if (!raced) {
                raced = true;
                await db.ref(`${menuPath}/0/description`).set(`Edited <img src="${oldUrl}">`);
                await db.ref(`${menuPath}/1/description`).set('Spa, no picture');
              }
              return ref.guardedUpdate(...args);
            },
          } as unknown as typeof ref;
        },
      } as FilesDeps['db'],
    };
    const renamed = await renameFile(racing, 'pines', 'maps/pool.png', 'lake.png', true);
    expect(renamed).toMatchObject({ kind: 'renamed', updated: 1 });
    const newUrl = await deps.storage.url('pines/images/maps/lake.png');
    expect((await db.ref(menuPath).get()).val()).toEqual([
      { title: 'Pool', description: `Edited <img src="${newUrl}">` },
      { title: 'Spa', description: 'Spa, no picture' },
    ]);
  });

  it(`refuses a rename that would rewrite more than ${MAX_RENAME_REWRITES} strings, before anything moves`, async () => {
    await uploadFiles(deps, 'pines', 'maps/', [png('pool.png')]);
    const url = await deps.storage.url('pines/images/maps/pool.png');
    await db
      .ref(paths.menu('pines', 'main-menu'))
      .set(Array.from({ length: MAX_RENAME_REWRITES + 1 }, (_, index) => ({ title: `i${index}`, url })));
    const refused = await refusal(renameFile(deps, 'pines', 'maps/pool.png', 'lake.png', true));
    expect(refused).toMatchObject({ status: 409, message: FILES_TEXTS.tooManyUses(MAX_RENAME_REWRITES) });
    expect(await deps.storage.exists('pines/images/maps/pool.png')).toBe(true);
  });
});
