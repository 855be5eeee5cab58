import { Readable } from 'node:stream';
import { cert, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../tests/setup/tmp';
import { createBucketStorage } from './firebase-bucket';
import { createLocalDiskStorage } from './local-disk';
import { FakeCloudStorage, fakeServiceAccount } from './testing/fake-cloud-storage';
import { StorageError, type FileStorage } from './types';

/**
 * One contract for both adapters: local disk, and the bucket adapter driving firebase-admin's
 * real Storage client against an in-memory Cloud Storage JSON API (msw).
 */

const BUCKET = 'demo-console.appspot.com';
const cloud = new FakeCloudStorage();
const server = setupServer(...cloud.handlers());
let app: App;

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  app = initializeApp({ credential: cert(fakeServiceAccount()), projectId: 'demo-console' }, 'storage-contract');
});

afterAll(async () => {
  await deleteApp(app);
  server.close();
});

const engines: Array<{ name: string; make: () => FileStorage }> = [
  { name: 'local disk', make: () => createLocalDiskStorage({ root: makeTempDir('storage-contract') }) },
  {
    name: 'bucket',
    make: () => {
      cloud.reset();
      return createBucketStorage({ app, bucket: BUCKET });
    },
  },
];

const text = (value: string) => new TextEncoder().encode(value);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

async function readAll(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return new Uint8Array(Buffer.concat(chunks));
}

async function rejection(promise: Promise<unknown>): Promise<StorageError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(StorageError);
    return error as StorageError;
  }
  throw new Error('expected a rejection');
}

describe.each(engines)('FileStorage contract: $name', ({ make }) => {
  let storage: FileStorage;
  beforeEach(() => {
    storage = make();
  });

  it('stores bytes and reads them back with their content type, size and validators', async () => {
    const path = 'demo-campground/images/header/1717200000000/lake.png';
    const stored = await storage.put(path, text('not really a png'), { contentType: 'image/png' });
    expect(stored).toMatchObject({ path, size: 16, contentType: 'image/png' });
    expect(stored.url).toBe(await storage.url(path));

    const object = await storage.get(path);
    expect(object).not.toBeNull();
    expect(object!).toMatchObject({ path, contentType: 'image/png', size: 16, cacheControl: null });
    expect(object!.etag).toMatch(/^".+"$/);
    expect(object!.updated).toBeInstanceOf(Date);
    expect(Math.abs(object!.updated.getTime() - Date.now())).toBeLessThan(60_000);
    expect(decode(await object!.bytes())).toBe('not really a png');
    expect(decode(await readAll(object!.stream()))).toBe('not really a png');
  });

  it('stores a stream', async () => {
    const path = 'forms/completed/visitor-registration/e1.pdf';
    const stored = await storage.put(path, Readable.from([Buffer.from('%PDF-1.7 '), Buffer.from('body'), Buffer.from(' %%EOF')]), {
      contentType: 'application/pdf',
    });
    expect(stored.size).toBe(19);
    const object = await storage.get(path);
    expect(decode(await object!.bytes())).toBe('%PDF-1.7 body %%EOF');
    expect(object!.contentType).toBe('application/pdf');
  });

  it('keeps every byte value intact', async () => {
    const bytes = new Uint8Array(512).map((_, i) => i % 256);
    await storage.put('c1/binary', bytes, { contentType: 'application/octet-stream' });
    expect(await (await storage.get('c1/binary'))!.bytes()).toEqual(bytes);
  });

  it('stores a file of several megabytes', async () => {
    const bytes = new Uint8Array(6 * 1024 * 1024).map((_, i) => (i * 7) % 251);
    const stored = await storage.put('c1/images/header/1717200000000/big.jpg', bytes, { contentType: 'image/jpeg' });
    expect(stored.size).toBe(bytes.byteLength);
    const back = await (await storage.get('c1/images/header/1717200000000/big.jpg'))!.bytes();
    expect(back.byteLength).toBe(bytes.byteLength);
    expect(Buffer.compare(Buffer.from(back), Buffer.from(bytes))).toBe(0);
  });

  it('keeps the content type of extensionless objects', async () => {
    await storage.put('c1/images/header/1717200000000/photo_blur', text('blurred'), { contentType: 'image/jpeg' });
    expect((await storage.get('c1/images/header/1717200000000/photo_blur'))!.contentType).toBe('image/jpeg');
  });

  it('stores Cache-Control with the object', async () => {
    await storage.put('c1/amc-events/activities-calendar.ics', text('BEGIN:VCALENDAR'), {
      contentType: 'text/calendar',
      cacheControl: 'public, max-age=60',
    });
    expect((await storage.get('c1/amc-events/activities-calendar.ics'))!.cacheControl).toBe('public, max-age=60');
  });

  it('replaces an object in place, keeping its URL', async () => {
    const path = 'app-icons/pine-hollow/app-icon.png';
    const first = await storage.put(path, text('first'), { contentType: 'image/png' });
    const before = await storage.get(path);
    const second = await storage.put(path, text('second version'), { contentType: 'image/jpeg' });
    expect(second.url).toBe(first.url);
    const after = await storage.get(path);
    expect(decode(await after!.bytes())).toBe('second version');
    expect(after!.contentType).toBe('image/jpeg');
    expect(after!.size).toBe(14);
    expect(after!.etag).not.toBe(before!.etag);
  });

  it('reads a byte range', async () => {
    await storage.put('c1/range.txt', text('0123456789'), { contentType: 'text/plain' });
    const object = await storage.get('c1/range.txt');
    expect(decode(await readAll(object!.stream({ start: 2, end: 5 })))).toBe('2345');
    expect(decode(await readAll(object!.stream({ start: 9, end: 9 })))).toBe('9');
    expect(() => object!.stream({ start: 5, end: 10 })).toThrow(StorageError);
    expect(() => object!.stream({ start: 5, end: 4 })).toThrow(StorageError);
  });

  it('answers null, false and not-found for a missing object', async () => {
    expect(await storage.get('c1/images/missing.png')).toBeNull();
    expect(await storage.exists('c1/images/missing.png')).toBe(false);
    expect(await storage.delete('c1/images/missing.png')).toBe(false);
    expect((await rejection(storage.url('c1/images/missing.png'))).code).toBe('not-found');
  });

  it('tells whether an object exists and deletes it', async () => {
    await storage.put('c1/images/a.png', text('a'), { contentType: 'image/png' });
    expect(await storage.exists('c1/images/a.png')).toBe(true);
    // A folder is not an object.
    expect(await storage.exists('c1/images')).toBe(false);
    expect(await storage.get('c1/images')).toBeNull();
    expect(await storage.delete('c1/images/a.png')).toBe(true);
    expect(await storage.exists('c1/images/a.png')).toBe(false);
    expect(await storage.get('c1/images/a.png')).toBeNull();
    expect(await storage.list('c1')).toEqual([]);
  });

  it('lists a folder at any depth, sorted, and nothing beside it', async () => {
    const put = (path: string, body: string) => storage.put(path, text(body), { contentType: 'image/png' });
    await put('c1/images/header/2/b.png', 'bb');
    await put('c1/images/header/1/a.png', 'a');
    await put('c1/images/logo.png', 'logo');
    await put('c1/imagesX/other.png', 'x');
    await put('c2/images/z.png', 'z');

    const listed = await storage.list('c1/images');
    expect(listed.map((entry) => entry.path)).toEqual(['c1/images/header/1/a.png', 'c1/images/header/2/b.png', 'c1/images/logo.png']);
    expect(listed[1]).toMatchObject({ size: 2, contentType: 'image/png' });
    expect(listed[1]?.updated).toBeInstanceOf(Date);
    expect((await storage.list('c1/images/')).map((entry) => entry.path)).toEqual(listed.map((entry) => entry.path));
    expect(await storage.list('')).toHaveLength(5);
    expect(await storage.list('nothing/here')).toEqual([]);
  });

  it('lists the direct children of a folder', async () => {
    const put = (path: string) => storage.put(path, text(path), { contentType: 'image/jpeg' });
    await put('c1/images/header/1/a.jpg');
    await put('c1/images/flyers/9/f.jpg');
    await put('c1/images/logo.jpg');
    await put('c1/top.jpg');

    const listing = await storage.listFolder('c1/images');
    expect(listing.folders).toEqual(['c1/images/flyers/', 'c1/images/header/']);
    expect(listing.files.map((entry) => entry.path)).toEqual(['c1/images/logo.jpg']);
    expect(listing.files[0]).toMatchObject({ size: 'c1/images/logo.jpg'.length, contentType: 'image/jpeg' });

    const top = await storage.listFolder('');
    expect(top.folders).toEqual(['c1/']);
    expect(top.files).toEqual([]);
    expect(await storage.listFolder('none')).toEqual({ folders: [], files: [] });
  });

  it('pages over a folder, folders and files in one name order, each page a listing request', async () => {
    const put = (path: string) => storage.put(path, text(path), { contentType: 'image/png' });
    for (const name of ['a.png', 'b/1.png', 'c.png', 'd/2.png', 'e.png']) await put(`c1/images/${name}`);
    const seen: string[] = [];
    let pageToken: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<FileStorage['listFolderPage']>> = await storage.listFolderPage('c1/images', {
        pageToken,
        maxResults: 2,
      });
      pages += 1;
      seen.push(...page.folders, ...page.files.map((file) => file.path));
      expect(page.folders.length + page.files.length).toBeLessThanOrEqual(2);
      pageToken = page.nextPageToken;
    } while (pageToken && pages < 10);
    expect(pages).toBe(3);
    expect(seen.sort()).toEqual(['c1/images/a.png', 'c1/images/b/', 'c1/images/c.png', 'c1/images/d/', 'c1/images/e.png']);
    expect(await storage.listFolderPage('c1/none', { maxResults: 10 })).toEqual({ folders: [], files: [], nextPageToken: null });
    expect((await rejection(storage.listFolderPage('../x', { maxResults: 10 }))).code).toBe('invalid-path');
    expect((await rejection(storage.listFolderPage('c1', { maxResults: 0 }))).code).toBe('invalid-argument');
  });

  it('moves an object, keeping its content and type, and never onto another', async () => {
    await storage.put('c1/images/x/old name.png', text('png bytes'), { contentType: 'image/png', cacheControl: 'public, max-age=60' });
    await storage.put('c1/images/taken.png', text('other'), { contentType: 'image/png' });
    const moved = await storage.move('c1/images/x/old name.png', 'c1/images/new.png');
    expect(moved).toMatchObject({ path: 'c1/images/new.png', size: 9, contentType: 'image/png' });
    expect(moved.url).toBe(await storage.url('c1/images/new.png'));
    expect(await storage.exists('c1/images/x/old name.png')).toBe(false);
    const object = await storage.get('c1/images/new.png');
    expect(decode(await object!.bytes())).toBe('png bytes');
    expect(object!.cacheControl).toBe('public, max-age=60');
    expect((await storage.listFolder('c1/images')).folders).toEqual([]);

    expect((await rejection(storage.move('c1/images/new.png', 'c1/images/taken.png'))).code).toBe('conflict');
    expect(decode(await (await storage.get('c1/images/taken.png'))!.bytes())).toBe('other');
    expect(await storage.exists('c1/images/new.png')).toBe(true);
    expect((await rejection(storage.move('c1/images/none.png', 'c1/images/z.png'))).code).toBe('not-found');
    expect((await rejection(storage.move('c1/images/new.png', '../z.png'))).code).toBe('invalid-path');
  });

  it('stores only when nothing is there when asked to, also for two puts at once', async () => {
    const first = await storage.put('c1/files/menu.pdf', text('first'), { contentType: 'application/pdf', ifAbsent: true });
    expect(first).toMatchObject({ path: 'c1/files/menu.pdf', size: 5 });
    expect(
      (await rejection(storage.put('c1/files/menu.pdf', text('second'), { contentType: 'application/pdf', ifAbsent: true }))).code,
    ).toBe('conflict');
    expect(
      (
        await rejection(
          storage.put('c1/files/menu.pdf', Readable.from([Buffer.from('third')]), { contentType: 'application/pdf', ifAbsent: true }),
        )
      ).code,
    ).toBe('conflict');
    expect(decode(await (await storage.get('c1/files/menu.pdf'))!.bytes())).toBe('first');

    const both = await Promise.allSettled([
      storage.put('c1/files/race.pdf', text('one'), { contentType: 'application/pdf', ifAbsent: true }),
      storage.put('c1/files/race.pdf', text('two'), { contentType: 'application/pdf', ifAbsent: true }),
    ]);
    expect(both.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const won = both.findIndex((result) => result.status === 'fulfilled');
    expect(decode(await (await storage.get('c1/files/race.pdf'))!.bytes())).toBe(won === 0 ? 'one' : 'two');
  });

  it('keeps names with spaces and non-ASCII letters, encoding them in URLs', async () => {
    const path = 'demo-campground/images/header/1717200000000/lake view #2 café.jpg';
    const stored = await storage.put(path, text('x'), { contentType: 'image/jpeg' });
    if (storage.kind === 'local') {
      expect(stored.url).toBe('/files/demo-campground/images/header/1717200000000/lake%20view%20%232%20caf%C3%A9.jpg');
    } else {
      expect(stored.url).toMatch(
        /^https:\/\/firebasestorage\.googleapis\.com\/v0\/b\/demo-console\.appspot\.com\/o\/demo-campground%2Fimages%2Fheader%2F1717200000000%2Flake%20view%20%232%20caf%C3%A9\.jpg\?alt=media&token=[0-9a-f-]{36}$/,
      );
    }
    expect((await storage.list('demo-campground')).map((entry) => entry.path)).toEqual([path]);
    expect(await storage.exists(path)).toBe(true);
  });

  it.each([
    ['', 'empty'],
    ['/etc/passwd', 'absolute'],
    ['../outside.png', 'parent segment'],
    ['c1/../../outside.png', 'parent segment inside'],
    ['c1/./a.png', 'dot segment'],
    ['c1//a.png', 'empty segment'],
    ['c1/images/', 'trailing slash'],
    ['c1\\images\\a.png', 'backslashes'],
    ['c1/a\u0000.png', 'NUL'],
    ['c1/a\n.png', 'newline'],
    ['C:/Windows/win.ini', 'drive letter'],
    ['a/'.repeat(600) + 'x', 'too long'],
  ])('refuses the path %j (%s)', async (path) => {
    expect((await rejection(storage.put(path, text('x'), { contentType: 'image/png' }))).code).toBe('invalid-path');
    expect((await rejection(storage.get(path))).code).toBe('invalid-path');
    expect((await rejection(storage.exists(path))).code).toBe('invalid-path');
    expect((await rejection(storage.delete(path))).code).toBe('invalid-path');
    expect((await rejection(storage.url(path))).code).toBe('invalid-path');
  });

  it('refuses folder prefixes that leave the root', async () => {
    for (const prefix of ['..', '../', 'c1/../..', '/etc', 'c1//x']) {
      expect((await rejection(storage.list(prefix))).code).toBe('invalid-path');
      expect((await rejection(storage.listFolder(prefix))).code).toBe('invalid-path');
    }
  });

  it('refuses a malformed content type or Cache-Control', async () => {
    expect((await rejection(storage.put('c1/a.png', text('x'), { contentType: 'png' }))).code).toBe('invalid-argument');
    expect((await rejection(storage.put('c1/a.png', text('x'), { contentType: 'image/png\r\nX-Evil: 1' }))).code).toBe('invalid-argument');
    expect((await rejection(storage.put('c1/a.png', text('x'), { contentType: 'image/png', cacheControl: 'a\nb' }))).code).toBe(
      'invalid-argument',
    );
    expect(await storage.exists('c1/a.png')).toBe(false);
  });
});
