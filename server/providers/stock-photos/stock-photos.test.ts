import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeImage } from '@server/images/pipeline';
import {
  STOCK_OFFLINE_MESSAGE,
  StockPhotosError,
  stockFileName,
  stockPhotosErrorMessage,
  stockPhotosProvider,
  UNSPLASH_BASE_URL,
  type StockPhotosEnv,
} from '.';
import {
  EVIL_ID,
  imageRequests,
  PEXELS_KEY,
  PIXABAY_KEY,
  stockPhotosHandlers,
  stockRequests,
  UNSPLASH_KEY,
} from '../../../tests/mocks/stock-photos';
import { rejection } from '../../../tests/setup/rejection';
import { downloadImage } from './http';

const server = setupServer(...stockPhotosHandlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  stockRequests.length = 0;
  imageRequests.length = 0;
});
afterAll(() => server.close());

const NONE: StockPhotosEnv = { PEXELS_API_KEY: undefined, UNSPLASH_ACCESS_KEY: undefined, PIXABAY_API_KEY: undefined };
const only = (env: Partial<StockPhotosEnv>) => stockPhotosProvider({ ...NONE, ...env });
const ALL = { PEXELS_API_KEY: PEXELS_KEY, UNSPLASH_ACCESS_KEY: UNSPLASH_KEY, PIXABAY_API_KEY: PIXABAY_KEY };

describe('the file name rule (spec 03 §9)', () => {
  it('takes the last path segment without the query, adding .jpg when it has no extension', () => {
    expect(stockFileName('https://images.pexels.com/photos/1/pexels-photo-1.jpeg?auto=compress&w=940')).toBe('pexels-photo-1.jpeg');
    expect(stockFileName('https://images.unsplash.com/photo-15-abc?ixid=x&w=1080')).toBe('photo-15-abc.jpg');
    expect(stockFileName('https://pixabay.com/get/g7_1280.jpg')).toBe('g7_1280.jpg');
    expect(stockFileName('https://images.unsplash.com/a%20b%2F..%2Fc')).toBe('c.jpg');
    expect(stockFileName('https://images.unsplash.com/')).toBe('photo.jpg');
  });
});

describe('each service', () => {
  it('pexels: 15 a page with the spec fields, a credit, and the key in the Authorization header', async () => {
    const result = await only({ PEXELS_API_KEY: PEXELS_KEY }).search('lake', 1);
    expect(result.photos).toHaveLength(15);
    expect(result.hasMore).toBe(true);
    expect(result.photos[0]).toEqual({
      source: 'pexels',
      id: '1',
      src: 'https://images.pexels.com/photos/1/pexels-photo-1.jpeg?auto=compress&cs=tinysrgb&h=350',
      downloadUrl: 'https://images.pexels.com/photos/1/pexels-photo-1.jpeg?auto=compress&cs=tinysrgb&dpr=2&h=650&w=940',
      url: 'https://www.pexels.com/photo/lake-1/',
      index: 0,
      credit: 'Photo by Pexels Person 1 on Pexels',
      width: 4000,
      height: 3000,
    });
    expect(stockRequests[0]).toMatchObject({ service: 'pexels', auth: PEXELS_KEY });
    expect(new URL(stockRequests[0]!.url).searchParams.get('per_page')).toBe('15');
    expect((await only({ PEXELS_API_KEY: PEXELS_KEY }).search('lake', 3)).hasMore).toBe(false);
  });

  it('unsplash: Client-ID header, pages from total_pages', async () => {
    const provider = only({ UNSPLASH_ACCESS_KEY: UNSPLASH_KEY });
    const result = await provider.search('forest', 2);
    expect(result.photos).toHaveLength(15);
    expect(result.photos[0]).toMatchObject({ source: 'unsplash', id: 'u16', credit: 'Photo by Unsplash Person 16 on Unsplash' });
    expect(result.hasMore).toBe(true);
    expect((await provider.search('forest', 3)).hasMore).toBe(false);
    expect(stockRequests[0]!.auth).toBe(`Client-ID ${UNSPLASH_KEY}`);
  });

  it('pixabay: the key in the query, never in a message', async () => {
    const result = await only({ PIXABAY_API_KEY: PIXABAY_KEY }).search('beach', 1);
    expect(result.photos[14]).toMatchObject({ source: 'pixabay', index: 14, downloadUrl: 'https://pixabay.com/get/g15_1280.jpg' });
    const refused = await rejection(only({ PIXABAY_API_KEY: 'wrong-key' }).search('beach', 1), StockPhotosError);
    expect(refused.kind).toBe('vendor');
    expect(refused.message).not.toContain('wrong-key');
  });

  it('maps rate limits (429, and unsplash’s 403) with Retry-After', async () => {
    const pexels = await rejection(only({ PEXELS_API_KEY: PEXELS_KEY }).search('busy', 1), StockPhotosError);
    expect(pexels).toMatchObject({ kind: 'rate-limited', retryAfter: 30, source: 'pexels' });
    expect(stockPhotosErrorMessage(pexels)).toBe('Pexels is busy (too many requests). Please try again in 30 seconds.');
    expect((await rejection(only({ UNSPLASH_ACCESS_KEY: UNSPLASH_KEY }).search('busy', 1), StockPhotosError)).kind).toBe('rate-limited');
    expect((await rejection(only({ PIXABAY_API_KEY: PIXABAY_KEY }).search('busy', 1), StockPhotosError)).kind).toBe('rate-limited');
  });

  it('maps bad keys, server errors and answers that are not JSON', async () => {
    expect((await rejection(only({ PEXELS_API_KEY: 'nope' }).search('lake', 1), StockPhotosError)).kind).toBe('unauthorized');
    expect((await rejection(only({ UNSPLASH_ACCESS_KEY: 'nope' }).search('lake', 1), StockPhotosError)).kind).toBe('unauthorized');
    expect((await rejection(only({ PEXELS_API_KEY: PEXELS_KEY }).search('broken', 1), StockPhotosError)).kind).toBe('vendor');
    expect((await rejection(only({ UNSPLASH_ACCESS_KEY: UNSPLASH_KEY }).search('garbled', 1), StockPhotosError)).kind).toBe(
      'invalid-response',
    );
  });
});

describe('the combined search', () => {
  it('asks every configured service and joins their pages, indexed in order', async () => {
    const result = await stockPhotosProvider(ALL).search('  lake  ', 1);
    expect(result.query).toBe('lake');
    expect(result.photos).toHaveLength(45);
    expect(result.photos.map((photo) => photo.source)).toEqual([
      ...Array(15).fill('pexels'),
      ...Array(15).fill('unsplash'),
      ...Array(15).fill('pixabay'),
    ]);
    expect(result.photos.map((photo) => photo.index)).toEqual([...Array(45).keys()]);
    expect(result.errors).toEqual([]);
  });

  it('keeps the results of the services that answered and says which failed', async () => {
    const result = await stockPhotosProvider({ ...ALL, UNSPLASH_ACCESS_KEY: 'nope' }).search('lake', 1);
    expect(result.photos).toHaveLength(30);
    expect(result.errors).toEqual(['Unsplash refused the request: its API key is not valid. Please contact support.']);
  });

  it('answers nothing for an empty query without asking anyone, and clamps the page', async () => {
    expect((await stockPhotosProvider(ALL).search('   ', 1)).photos).toEqual([]);
    expect(stockRequests).toEqual([]);
    expect((await stockPhotosProvider(ALL).search('lake', 999)).page).toBe(50);
  });
});

describe('downloading a chosen photo', () => {
  it('pexels: looks the photo up again by its id and downloads what the service answers, with the file name rule', async () => {
    const file = await stockPhotosProvider(ALL).download({ source: 'pexels', id: '3' });
    expect(file).toMatchObject({
      fileName: 'pexels-photo-3.jpeg',
      contentType: 'image/jpeg',
      credit: 'Photo by Pexels Person 3 on Pexels',
    });
    expect((await decodeImage(file.bytes)).width).toBe(64);
    expect(stockRequests.map((request) => [request.service, new URL(request.url).pathname, request.auth])).toEqual([
      ['pexels', '/v1/photos/3', PEXELS_KEY],
    ]);
    expect(imageRequests).toEqual(['https://images.pexels.com/photos/3/pexels-photo-3.jpeg?auto=compress&cs=tinysrgb&dpr=2&h=650&w=940']);
  });

  it('unsplash: reports the download at links.download_location with the access key, and copies the photo', async () => {
    const file = await stockPhotosProvider(ALL).download({ source: 'unsplash', id: 'u7' });
    expect(file).toMatchObject({ fileName: 'photo-7-abc.jpg', credit: 'Photo by Unsplash Person 7 on Unsplash' });
    expect(stockRequests.map((request) => [request.service, request.url, request.auth])).toEqual([
      ['unsplash', `${UNSPLASH_BASE_URL}/photos/u7`, `Client-ID ${UNSPLASH_KEY}`],
      ['unsplash-download', `${UNSPLASH_BASE_URL}/photos/u7/download?ixid=x`, `Client-ID ${UNSPLASH_KEY}`],
    ]);
    expect(imageRequests).toEqual(['https://images.unsplash.com/photo-7-abc?ixid=x&w=1080']);
  });

  it('unsplash: a download report that fails is logged and does not lose the photo', async () => {
    server.use(http.get(`${UNSPLASH_BASE_URL}/photos/:id/download`, () => new HttpResponse('oops', { status: 500 })));
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const file = await stockPhotosProvider(ALL).download({ source: 'unsplash', id: 'u2' });
    expect(file.fileName).toBe('photo-2-abc.jpg');
    expect(log).toHaveBeenCalledWith('Reporting the download of unsplash photo u2 failed:', expect.any(StockPhotosError));
    log.mockRestore();
  });

  it('pixabay: asks for the photo by id and fetches its keyed temporary address at once, keeping the key out of messages', async () => {
    const file = await stockPhotosProvider(ALL).download({ source: 'pixabay', id: '7' });
    expect(file).toMatchObject({ fileName: 'g7_1280.jpg', credit: 'Image by pixabay_person_7 from Pixabay' });
    const lookup = new URL(stockRequests[0]!.url);
    expect([lookup.searchParams.get('id'), lookup.searchParams.get('key')]).toEqual(['7', PIXABAY_KEY]);
    expect(imageRequests).toEqual(['https://pixabay.com/get/g7_1280.jpg']);
    const unknown = await rejection(stockPhotosProvider(ALL).download({ source: 'pixabay', id: '9999' }), StockPhotosError);
    expect(unknown.kind).toBe('invalid-request');
    expect(unknown.message).not.toContain(PIXABAY_KEY);
    // A refused key is the service's trouble, not the photo's.
    const refused = await rejection(only({ PIXABAY_API_KEY: 'wrong-key' }).download({ source: 'pixabay', id: '7' }), StockPhotosError);
    expect(refused.kind).toBe('vendor');
    expect(refused.message).not.toContain('wrong-key');
  });

  it('refuses addresses, ids no service uses, unknown photos and unsearched services without fetching any image', async () => {
    const pexelsOnly = only({ PEXELS_API_KEY: PEXELS_KEY });
    for (const choice of [
      { source: 'pexels', id: 'https://evil.example/photo.jpg' },
      { source: 'pexels', id: '../1' },
      { source: 'pexels', id: '1?x=1' },
      { source: 'unsplash', id: 'u1' },
      { source: 'offline', id: 'campfire-night.jpg' },
      { source: 'https', id: '//evil.example/x.jpg' },
    ] as const) {
      expect((await rejection(pexelsOnly.download(choice as never), StockPhotosError)).kind, JSON.stringify(choice)).toBe(
        'invalid-request',
      );
    }
    expect(stockRequests).toEqual([]);
    const gone = await rejection(pexelsOnly.download({ source: 'pexels', id: '9999' }), StockPhotosError);
    expect(gone).toMatchObject({ kind: 'invalid-request', status: 404 });
    expect(stockPhotosErrorMessage(gone)).toBe('That photo cannot be used. Please choose another one.');
    expect(imageRequests).toEqual([]);
  });

  it('refuses a photo the service answers with an image off its image hosts', async () => {
    for (const choice of [
      { source: 'pexels', id: String(EVIL_ID) },
      { source: 'unsplash', id: `u${EVIL_ID}` },
      { source: 'pixabay', id: String(EVIL_ID) },
    ] as const) {
      expect((await rejection(stockPhotosProvider(ALL).download(choice), StockPhotosError)).kind, choice.source).toBe('invalid-request');
    }
    expect(imageRequests).toEqual([]);
  });

  it('downloads only from the services’ image hosts: no other host, http, credentials, port, redirect away or non-image', async () => {
    for (const address of [
      'https://evil.example/photo.jpg',
      'http://images.pexels.com/photos/1/a.jpeg',
      'https://user:pw@images.pexels.com/photos/1/a.jpeg',
      'https://images.pexels.com:8443/photos/1/a.jpeg',
      'https://images.unsplash.com/photo-1',
      'file:///etc/passwd',
      'not a url',
    ]) {
      expect((await rejection(downloadImage(fetch, ['pexels'], address), StockPhotosError)).kind, address).toBe('invalid-request');
    }
    expect(imageRequests).toEqual([]);
    expect((await downloadImage(fetch, ['pexels'], 'https://images.pexels.com/photos/1/redirect-home')).fileName).toBe('redirect-home.jpg');
    expect(
      (await rejection(downloadImage(fetch, ['pexels'], 'https://images.pexels.com/photos/1/redirect-away'), StockPhotosError)).kind,
    ).toBe('invalid-request');
    expect(
      (await rejection(downloadImage(fetch, ['pexels'], 'https://images.pexels.com/photos/1/not-an-image'), StockPhotosError)).kind,
    ).toBe('invalid-response');
  });
});

describe('the offline default', () => {
  it('is chosen without keys, says it is offline, asks nobody and offers the bundled samples', async () => {
    const provider = stockPhotosProvider(NONE);
    expect(provider.offline).toBe(true);
    expect(STOCK_OFFLINE_MESSAGE).toContain('offline');
    const result = await provider.search('campfire', 1);
    expect(result.photos.length).toBeGreaterThanOrEqual(5);
    expect(result.photos[0]).toMatchObject({
      source: 'offline',
      id: 'campfire-night.jpg',
      credit: 'Sample photo: Campfire night',
      index: 0,
    });
    expect(result.photos[0]!.src).toMatch(/^data:image\/jpeg;base64,/);
    // More samples than a page: 15 a page, like the services.
    expect(result.photos).toHaveLength(15);
    expect(result.hasMore).toBe(true);
    const next = await provider.search('campfire', 2);
    expect(next.photos.length).toBeGreaterThan(0);
    expect(next.photos[0]!.index).toBe(0);
    expect(next.photos.map((photo) => photo.id)).not.toContain('campfire-night.jpg');
    expect(next.hasMore).toBe(false);
    const file = await provider.download({ source: 'offline', id: result.photos[0]!.id });
    expect(file).toMatchObject({ fileName: 'campfire-night.jpg', contentType: 'image/jpeg', credit: 'Sample photo: Campfire night' });
    expect((await decodeImage(file.bytes)).width).toBe(640);
    expect((await rejection(provider.download({ source: 'offline', id: '../../../etc/passwd' }), StockPhotosError)).kind).toBe(
      'invalid-request',
    );
    expect((await rejection(provider.download({ source: 'pexels', id: '1' }), StockPhotosError)).kind).toBe('invalid-request');
    expect(stockRequests).toEqual([]);
  });

  it('offers nothing when its folder is missing', async () => {
    const empty = stockPhotosProvider(NONE, { samplesDir: join(mkdtempSync(join(tmpdir(), 'stock-')), 'none') });
    expect((await empty.search('lake', 1)).photos).toEqual([]);
  });
});
