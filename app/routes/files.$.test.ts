import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEmbeddedIdentity } from '@server/auth/identity/embedded';
import { createDb } from '@server/db';
import { publishStaleFeeds } from '@server/events/feed/publish';
import { createPaths } from '@server/paths';
import { seedDemoData } from '@server/seed';
import { createLocalDiskStorage } from '@server/storage/local-disk';
import type { FileStorage } from '@server/storage/types';
import { hrefs } from '~/lib/hrefs';
import { makeTempDir } from '../../tests/setup/tmp';

const services = vi.hoisted(() => ({ storage: undefined as unknown as FileStorage }));
vi.mock('~/services.server', () => ({ getServices: async () => services }));

const route = await import('./files.$');
const { loader } = route;

function load(pathname: string, init: RequestInit = {}) {
  const request = new Request(`http://console.test${pathname}`, init);
  const splat = decodeURIComponent(new URL(request.url).pathname.replace(/^\/files\//, ''));
  return loader({ request, params: { '*': splat }, context: {} });
}

beforeAll(async () => {
  services.storage = createLocalDiskStorage({ root: makeTempDir('files-route') });
  await services.storage.put('demo-campground/images/header/1717200000000/lake view.jpg', new TextEncoder().encode('jpeg'), {
    contentType: 'image/jpeg',
  });
});

describe('/files/*', () => {
  it('is a resource route', () => {
    expect('default' in route).toBe(false);
  });

  it('serves a stored file from the platform storage', async () => {
    const response = await load('/files/demo-campground/images/header/1717200000000/lake%20view.jpg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe('jpeg');
  });

  it('answers HEAD and conditional requests', async () => {
    const head = await load('/files/demo-campground/images/header/1717200000000/lake%20view.jpg', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
    const again = await load('/files/demo-campground/images/header/1717200000000/lake%20view.jpg', {
      headers: { 'If-None-Match': head.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });

  it('answers 404 for missing files and paths that try to leave the storage', async () => {
    for (const pathname of ['/files/nope.png', '/files/..%2F..%2Fpackage.json', '/files/demo-campground%2Fimages', '/files/%00']) {
      expect((await load(pathname)).status).toBe(404);
    }
  });

  describe("a demo calendar's iCal feed", () => {
    const db = createDb({ engine: 'embedded', file: join(makeTempDir('files-route-feeds'), 'rtdb.sqlite') });
    const sqlite = new Database(':memory:');
    beforeAll(async () => {
      await seedDemoData({ db, identity: createEmbeddedIdentity(sqlite), product: 'amc' });
      // What the workers' start-up sweep does on `npm start`.
      const built = await publishStaleFeeds({ db, paths: createPaths('amc'), storage: services.storage }, Date.now());
      expect(built.filter((result) => result.kind === 'built').length).toBeGreaterThanOrEqual(3);
    });
    afterAll(async () => {
      await db.close();
      sqlite.close();
    });

    it('is served to anyone as text/calendar with a short cache and validators, then 304', async () => {
      const response = await load(hrefs.calendarFeed('demo-campground', 'activities'));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('public, max-age=300');
      expect(response.headers.get('last-modified')).not.toBeNull();
      const text = await response.text();
      expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
      expect(text).toContain('BEGIN:VEVENT');
      const again = await load(hrefs.calendarFeed('demo-campground', 'activities'), {
        headers: { 'If-None-Match': response.headers.get('etag')! },
      });
      expect(again.status).toBe(304);
    });
  });
});
