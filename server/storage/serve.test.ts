import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cert, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../tests/setup/tmp';
import { createBucketStorage, DOWNLOAD_TOKENS_KEY } from './firebase-bucket';
import { createLocalDiskStorage } from './local-disk';
import { cacheControlFor, parseRange, serveFile, storagePathFromUrl } from './serve';
import { FakeCloudStorage, fakeServiceAccount } from './testing/fake-cloud-storage';
import type { FileStorage } from './types';

const UPLOAD = 'demo-campground/images/header/1717200000000/lake view.png';
const ICON = 'app-icons/pine-hollow/app-icon.png';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8]);

let root: string;
let storage: FileStorage;

beforeEach(async () => {
  root = makeTempDir('serve');
  storage = createLocalDiskStorage({ root });
  await storage.put(UPLOAD, PNG, { contentType: 'image/png' });
  await storage.put(ICON, PNG, { contentType: 'image/png' });
});

/** A request for `/files/{path}` as the route receives it. */
function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  const url = `http://console.test/files/${path.split('/').map(encodeURIComponent).join('/')}`;
  return { request: new Request(url, { method, headers }), path: storagePathFromUrl(url) ?? '' };
}

async function serve(path: string, headers: Record<string, string> = {}, method = 'GET') {
  const { request, path: decoded } = get(path, headers, method);
  return serveFile(storage, request, decoded);
}

async function bytes(response: Response) {
  return new Uint8Array(await response.arrayBuffer());
}

describe('serving a local file', () => {
  it('sends the bytes with type, length, validators and immutable caching for timestamped uploads', async () => {
    const response = await serve(UPLOAD);
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'image/png',
      'content-length': '16',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
      'accept-ranges': 'bytes',
    });
    const object = await storage.get(UPLOAD);
    expect(response.headers.get('etag')).toBe(object!.etag);
    expect(response.headers.get('last-modified')).toBe(object!.updated.toUTCString());
    expect(response.headers.get('content-security-policy')).toBeNull();
    expect(await bytes(response)).toEqual(PNG);
  });

  it('caches files at fixed paths for five minutes', async () => {
    const response = await serve(ICON);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('sends the Cache-Control stored with the file', async () => {
    await storage.put('c1/amc-events/activities-calendar.ics', new TextEncoder().encode('BEGIN:VCALENDAR'), {
      contentType: 'text/calendar',
      cacheControl: 'no-cache',
    });
    const response = await serve('c1/amc-events/activities-calendar.ics');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-type')).toBe('text/calendar');
  });

  it('falls back to the extension, then to application/octet-stream', async () => {
    await mkdir(join(root, 'objects/seed'), { recursive: true });
    await writeFile(join(root, 'objects/seed/photo.jpg'), 'jpeg');
    await writeFile(join(root, 'objects/seed/photo_blur'), 'blur');
    expect((await serve('seed/photo.jpg')).headers.get('content-type')).toBe('image/jpeg');
    const unknown = await serve('seed/photo_blur');
    expect(unknown.headers.get('content-type')).toBe('application/octet-stream');
    expect(unknown.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await serve(UPLOAD, {}, 'HEAD');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe('16');
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('etag')).toBeTruthy();
    expect(response.body).toBeNull();
  });

  it('refuses other methods', async () => {
    const response = await serve(UPLOAD, {}, 'POST');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });

  it('confines SVGs with a Content-Security-Policy', async () => {
    await storage.put('c1/icons/tent.svg', new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), {
      contentType: 'image/svg+xml',
    });
    const response = await serve('c1/icons/tent.svg');
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(response.headers.get('content-disposition')).toBeNull();
  });

  it('never lets stored markup or scripts run on the console’s origin', async () => {
    await storage.put('c1/page.html', new TextEncoder().encode('<script>alert(1)</script>'), { contentType: 'text/html' });
    const page = await serve('c1/page.html');
    expect(page.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(page.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''page.html");

    await storage.put('c1/app.js', new TextEncoder().encode('alert(1)'), { contentType: 'text/javascript' });
    const script = await serve('c1/app.js');
    expect(script.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(script.headers.get('content-disposition')).toMatch(/^attachment/);
  });
});

describe('conditional requests', () => {
  it('answers 304 to a matching If-None-Match', async () => {
    const { headers } = await serve(UPLOAD);
    const etag = headers.get('etag')!;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const response = await serve(UPLOAD, { 'If-None-Match': ifNoneMatch });
      expect(response.status).toBe(304);
      expect(response.body).toBeNull();
      expect(response.headers.get('etag')).toBe(etag);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('content-length')).toBeNull();
    }
    expect((await serve(UPLOAD, { 'If-None-Match': '"other"' })).status).toBe(200);
  });

  it('answers 304 when not modified since', async () => {
    const { headers } = await serve(UPLOAD);
    const lastModified = headers.get('last-modified')!;
    expect((await serve(UPLOAD, { 'If-Modified-Since': lastModified })).status).toBe(304);
    expect((await serve(UPLOAD, { 'If-Modified-Since': new Date(Date.now() + 60_000).toUTCString() })).status).toBe(304);
    expect((await serve(UPLOAD, { 'If-Modified-Since': new Date(Date.parse(lastModified) - 1000).toUTCString() })).status).toBe(200);
    expect((await serve(UPLOAD, { 'If-Modified-Since': 'yesterday' })).status).toBe(200);
  });

  it('lets If-None-Match win over If-Modified-Since', async () => {
    const { headers } = await serve(UPLOAD);
    const response = await serve(UPLOAD, { 'If-None-Match': '"other"', 'If-Modified-Since': headers.get('last-modified')! });
    expect(response.status).toBe(200);
  });

  it('changes the ETag when the file is replaced', async () => {
    const etag = (await serve(ICON)).headers.get('etag')!;
    await storage.put(ICON, new Uint8Array([1, 2, 3]), { contentType: 'image/png' });
    const response = await serve(ICON, { 'If-None-Match': etag });
    expect(response.status).toBe(200);
    expect(await bytes(response)).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('answers 304 to HEAD as well', async () => {
    const etag = (await serve(UPLOAD)).headers.get('etag')!;
    expect((await serve(UPLOAD, { 'If-None-Match': etag }, 'HEAD')).status).toBe(304);
  });
});

describe('byte ranges', () => {
  it('sends one range with 206', async () => {
    const response = await serve(UPLOAD, { Range: 'bytes=8-11' });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 8-11/16');
    expect(response.headers.get('content-length')).toBe('4');
    expect(await bytes(response)).toEqual(new Uint8Array([1, 2, 3, 4]));
  });

  it('sends open-ended and suffix ranges', async () => {
    const open = await serve(UPLOAD, { Range: 'bytes=14-' });
    expect(open.headers.get('content-range')).toBe('bytes 14-15/16');
    expect(await bytes(open)).toEqual(new Uint8Array([7, 8]));
    const suffix = await serve(UPLOAD, { Range: 'bytes=-3' });
    expect(suffix.headers.get('content-range')).toBe('bytes 13-15/16');
    expect(await bytes(suffix)).toEqual(new Uint8Array([6, 7, 8]));
    const clipped = await serve(UPLOAD, { Range: 'bytes=10-999' });
    expect(clipped.headers.get('content-range')).toBe('bytes 10-15/16');
  });

  it('answers 416 to a range beyond the end', async () => {
    const response = await serve(UPLOAD, { Range: 'bytes=16-20' });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe('bytes */16');
  });

  it('sends the whole file for several ranges or a malformed one', async () => {
    for (const range of ['bytes=0-1,4-5', 'bytes=5-2', 'lines=1-2', 'bytes=abc']) {
      const response = await serve(UPLOAD, { Range: range });
      expect(response.status).toBe(200);
      expect((await bytes(response)).byteLength).toBe(16);
    }
  });

  it('honours If-Range', async () => {
    const etag = (await serve(UPLOAD)).headers.get('etag')!;
    expect((await serve(UPLOAD, { Range: 'bytes=0-1', 'If-Range': etag })).status).toBe(206);
    expect((await serve(UPLOAD, { Range: 'bytes=0-1', 'If-Range': '"stale"' })).status).toBe(200);
    expect((await serve(UPLOAD, { Range: 'bytes=0-1', 'If-Range': `W/${etag}` })).status).toBe(200);
  });

  it('answers HEAD with the range headers', async () => {
    const response = await serve(UPLOAD, { Range: 'bytes=0-3' }, 'HEAD');
    expect(response.status).toBe(206);
    expect(response.headers.get('content-length')).toBe('4');
    expect(response.body).toBeNull();
  });

  it('parses ranges', () => {
    expect(parseRange('bytes=0-0', 1)).toEqual({ start: 0, end: 0 });
    expect(parseRange('bytes=-0', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=-20', 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=-', 10)).toBeNull();
  });
});

describe('paths that are not stored files', () => {
  it('answers 404 for a missing file and for a folder', async () => {
    for (const path of ['c1/missing.png', 'demo-campground/images', 'demo-campground']) {
      const response = await serve(path);
      expect(response.status).toBe(404);
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it.each([
    '../meta/' + ICON,
    '../../../../etc/passwd',
    '/etc/passwd',
    'demo-campground/../app-icons/pine-hollow/app-icon.png',
    'app-icons//pine-hollow/app-icon.png',
    'app-icons\\pine-hollow\\app-icon.png',
    'app-icons/pine-hollow/app-icon.png\u0000.txt',
    '',
  ])('answers 404 to %j passed as the path', async (path) => {
    const response = await serveFile(storage, new Request('http://console.test/files/x'), path);
    expect(response.status).toBe(404);
  });

  it.each([
    '/files/%2e%2e/meta/app-icons/pine-hollow/app-icon.png',
    '/files/%2E%2E/%2E%2E/etc/passwd',
    '/files/..%2fmeta%2fapp-icons%2fpine-hollow%2fapp-icon.png',
    '/files/app-icons%2Fpine-hollow%2Fapp-icon.png',
    '/files/..%5c..%5cetc%5cpasswd',
    '/files/app-icons/pine-hollow/app-icon.png%00',
    '/files//etc/passwd',
    '/files/%2Fetc%2Fpasswd',
    '/files/%E0%A4%A',
    '/files/',
    '/meta/app-icons/pine-hollow/app-icon.png',
  ])('finds no file for the URL %s', async (pathname) => {
    const url = `http://console.test${pathname}`;
    const path = storagePathFromUrl(url);
    expect(path).toBeNull();
    const response = await serveFile(storage, new Request(url), path ?? '');
    expect(response.status).toBe(404);
  });

  it('decodes each segment of a URL once', () => {
    expect(storagePathFromUrl('http://console.test/files/demo-campground/images/header/1717200000000/lake%20view.png')).toBe(UPLOAD);
    expect(storagePathFromUrl('http://console.test/files/c1/100%2525.png')).toBe('c1/100%25.png');
    expect(storagePathFromUrl('http://console.test/files/c1/a.png?token=x#y')).toBe('c1/a.png');
  });
});

describe('cache rules', () => {
  it('treats a timestamp folder below the community as immutable', () => {
    expect(cacheControlFor('c1/images/header/1717200000000/a.jpg')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('c1/images/flyers/1717200000/a.png')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('c1/images/marketing_asset_editor/bg.jpg')).toBe('public, max-age=300');
    expect(cacheControlFor('c1/images/header/1717200000000')).toBe('public, max-age=300');
    expect(cacheControlFor('1717200000000/a.png')).toBe('public, max-age=300');
    expect(cacheControlFor('c1/images/header/123/a.png')).toBe('public, max-age=300');
  });
});

describe('serving from the bucket', () => {
  const BUCKET = 'demo-console.appspot.com';
  const cloud = new FakeCloudStorage();
  const server = setupServer(...cloud.handlers());
  let app: App;

  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
    app = initializeApp({ credential: cert(fakeServiceAccount()), projectId: 'demo-console' }, 'serve-bucket');
  });
  afterAll(async () => {
    await deleteApp(app);
    server.close();
  });

  it('redirects to the download URL, and answers 404 for a missing object', async () => {
    const bucket = createBucketStorage({ app, bucket: BUCKET });
    cloud.seed(BUCKET, ICON, 'png', { contentType: 'image/png', metadata: { [DOWNLOAD_TOKENS_KEY]: 'token-1' } });
    const { request, path } = get(ICON);
    const response = await serveFile(bucket, request, path);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(
      `https://firebasestorage.googleapis.com/v0/b/${BUCKET}/o/app-icons%2Fpine-hollow%2Fapp-icon.png?alt=media&token=token-1`,
    );
    const missing = get('c1/missing.png');
    expect((await serveFile(bucket, missing.request, missing.path)).status).toBe(404);
    expect((await serveFile(bucket, missing.request, '../x')).status).toBe(404);
  });
});
