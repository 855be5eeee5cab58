import { Readable } from 'node:stream';
import { cert, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBucketStorage, DOWNLOAD_TOKENS_KEY } from './firebase-bucket';
import { FakeCloudStorage, fakeServiceAccount } from './testing/fake-cloud-storage';
import type { FileStorage } from './types';

/**
 * The bucket adapter against the Cloud Storage JSON API as firebase-admin's client calls it
 * (msw intercepts the client's HTTP requests; see testing/fake-cloud-storage.ts).
 */

const BUCKET = 'demo-console.appspot.com';
const cloud = new FakeCloudStorage();
const server = setupServer(...cloud.handlers());
let app: App;
let storage: FileStorage;

const text = (value: string) => new TextEncoder().encode(value);
const TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  app = initializeApp({ credential: cert(fakeServiceAccount()), projectId: 'demo-console' }, 'bucket-adapter');
});
afterAll(async () => {
  await deleteApp(app);
  server.close();
});
beforeEach(() => {
  cloud.reset();
  storage = createBucketStorage({ app, bucket: BUCKET });
});
afterEach(() => server.resetHandlers());

describe('bucket uploads', () => {
  it('stores the content type, Cache-Control and a Firebase download token with the object', async () => {
    const path = 'demo-campground/images/header/1717200000000/lake.jpg';
    const stored = await storage.put(path, text('jpeg'), { contentType: 'image/jpeg', cacheControl: 'public, max-age=60' });

    const object = cloud.object(BUCKET, path)!;
    expect(object.contentType).toBe('image/jpeg');
    expect(object.cacheControl).toBe('public, max-age=60');
    const token = object.metadata[DOWNLOAD_TOKENS_KEY];
    expect(token).toMatch(TOKEN);
    expect(stored).toEqual({
      path,
      size: 4,
      contentType: 'image/jpeg',
      url: `https://firebasestorage.googleapis.com/v0/b/${BUCKET}/o/demo-campground%2Fimages%2Fheader%2F1717200000000%2Flake.jpg?alt=media&token=${token}`,
    });
  });

  it('sends small files in one request and streams through a resumable session', async () => {
    await storage.put('c1/small.png', text('small'), { contentType: 'image/png' });
    await storage.put('c1/streamed.pdf', Readable.from([Buffer.from('%PDF'), Buffer.from('-1.7')]), { contentType: 'application/pdf' });
    const uploads = cloud.requests.filter((request) => request.url.pathname.startsWith('/upload/'));
    expect(uploads.map((request) => `${request.method} ${request.url.searchParams.get('uploadType')}`)).toEqual([
      'POST multipart',
      'POST resumable',
      'PUT resumable',
    ]);
    // The session carries the custom metadata; the type travels as X-Upload-Content-Type.
    expect(uploads[1]?.body).toMatchObject({ metadata: { [DOWNLOAD_TOKENS_KEY]: expect.stringMatching(TOKEN) } });
    const streamed = cloud.object(BUCKET, 'c1/streamed.pdf')!;
    expect(new TextDecoder().decode(streamed.data)).toBe('%PDF-1.7');
    expect(streamed.contentType).toBe('application/pdf');
  });

  it('keeps the download token when an object is replaced, so saved URLs keep working', async () => {
    const first = await storage.put('app-icons/pine-hollow/app-icon.png', text('one'), { contentType: 'image/png' });
    const second = await storage.put('app-icons/pine-hollow/app-icon.png', text('two'), { contentType: 'image/png' });
    expect(second.url).toBe(first.url);
    expect(new TextDecoder().decode(cloud.object(BUCKET, 'app-icons/pine-hollow/app-icon.png')!.data)).toBe('two');
  });

  it('reports a failing service as a backend error', async () => {
    server.use(
      http.post('https://storage.googleapis.com/upload/storage/v1/b/:bucket/o', () =>
        HttpResponse.json(
          { error: { code: 403, message: 'The caller does not have permission', errors: [{ reason: 'forbidden' }] } },
          { status: 403 },
        ),
      ),
    );
    await expect(storage.put('c1/a.png', text('a'), { contentType: 'image/png' })).rejects.toMatchObject({
      name: 'StorageError',
      code: 'backend',
    });
  });
});

describe('bucket download URLs', () => {
  it('uses the first of several tokens', async () => {
    cloud.seed(BUCKET, 'c1/a.png', 'a', { contentType: 'image/png', metadata: { [DOWNLOAD_TOKENS_KEY]: 'first-token,second-token' } });
    expect(await storage.url('c1/a.png')).toBe(
      `https://firebasestorage.googleapis.com/v0/b/${BUCKET}/o/c1%2Fa.png?alt=media&token=first-token`,
    );
  });

  it('adds a token to an object stored without one, once', async () => {
    cloud.seed(BUCKET, 'images/marketing/social_marketing_introducing.png', 'png', { contentType: 'image/png' });
    const url = await storage.url('images/marketing/social_marketing_introducing.png');
    const token = cloud.object(BUCKET, 'images/marketing/social_marketing_introducing.png')!.metadata[DOWNLOAD_TOKENS_KEY];
    expect(token).toMatch(TOKEN);
    expect(url).toBe(
      `https://firebasestorage.googleapis.com/v0/b/${BUCKET}/o/images%2Fmarketing%2Fsocial_marketing_introducing.png?alt=media&token=${token}`,
    );
    expect(await storage.url('images/marketing/social_marketing_introducing.png')).toBe(url);
    const patches = cloud.requests.filter((request) => request.method === 'PATCH');
    expect(patches).toHaveLength(1);
    expect(patches[0]?.url.searchParams.get('ifMetagenerationMatch')).toBe('1');
  });

  it('takes the token another process added meanwhile', async () => {
    cloud.seed(BUCKET, 'c1/race.png', 'png', { contentType: 'image/png' });
    let raced = false;
    server.use(
      http.patch('https://storage.googleapis.com/storage/v1/b/:bucket/o/:name', () => {
        if (raced) return undefined;
        raced = true;
        // Another console process wins the race.
        const object = cloud.object(BUCKET, 'c1/race.png')!;
        object.metadata[DOWNLOAD_TOKENS_KEY] = 'other-process-token';
        object.metageneration++;
        return HttpResponse.json({ error: { code: 412, message: 'Precondition Failed' } }, { status: 412 });
      }),
    );
    expect(await storage.url('c1/race.png')).toBe(
      `https://firebasestorage.googleapis.com/v0/b/${BUCKET}/o/c1%2Frace.png?alt=media&token=other-process-token`,
    );
  });

  it('builds URLs on another origin (the Storage emulator)', async () => {
    const emulated = createBucketStorage({ app, bucket: BUCKET, downloadOrigin: 'http://127.0.0.1:9199/' });
    const stored = await emulated.put('c1/a.png', text('a'), { contentType: 'image/png' });
    expect(stored.url).toMatch(/^http:\/\/127\.0\.0\.1:9199\/v0\/b\/demo-console\.appspot\.com\/o\/c1%2Fa\.png\?alt=media&token=/);
  });
});

describe('bucket reads and listings', () => {
  it('types an object stored without a content type by its extension', async () => {
    cloud.seed(BUCKET, 'c1/amc-events/activities-calendar.ics', 'BEGIN:VCALENDAR');
    expect((await storage.get('c1/amc-events/activities-calendar.ics'))!.contentType).toBe('text/calendar');
  });

  it('reads the generation it described, even after the object is replaced', async () => {
    await storage.put('c1/a.txt', text('first'), { contentType: 'text/plain' });
    const object = await storage.get('c1/a.txt');
    await storage.put('c1/a.txt', text('second'), { contentType: 'text/plain' });
    await expect(object!.bytes()).rejects.toMatchObject({ code: 'not-found' });
    expect(new TextDecoder().decode(await (await storage.get('c1/a.txt'))!.bytes())).toBe('second');
  });

  it('skips the folder placeholders the Firebase console creates', async () => {
    cloud.seed(BUCKET, 'c1/images/', '');
    cloud.seed(BUCKET, 'c1/images/a.png', 'a', { contentType: 'image/png' });
    expect((await storage.list('c1')).map((entry) => entry.path)).toEqual(['c1/images/a.png']);
    expect(await storage.listFolder('c1/images')).toMatchObject({ folders: [], files: [{ path: 'c1/images/a.png' }] });
  });

  it('pages through large folders', async () => {
    for (let i = 0; i < 1005; i++) cloud.seed(BUCKET, `c1/flyers/${String(i).padStart(4, '0')}.png`, 'x', { contentType: 'image/png' });
    cloud.seed(BUCKET, 'c1/flyers/sub/x.png', 'x');
    const listing = await storage.listFolder('c1/flyers/');
    expect(listing.files).toHaveLength(1005);
    expect(listing.folders).toEqual(['c1/flyers/sub/']);
    expect(cloud.requests.filter((request) => request.method === 'GET' && request.url.pathname.endsWith('/o'))).toHaveLength(2);
    expect(await storage.list('c1/flyers')).toHaveLength(1006);
  });
});
