import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbValue } from '@server/db/types';
import type { Services } from '@server/services';
import { installTestServices } from '../../tests/setup/services';
import {
  appsOutsideRights,
  deletePromo,
  dropAdPage,
  listingPages,
  pagesInStep,
  promoVersion,
  readPromo,
  savePromo,
  splashDeleteWrites,
  splashSaveWrites,
} from './store';

/** Splash screens across apps and banner ads' pages (spec 02 §7; spec 03 §9; decision 042). */

let services: Services;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ services, close } = await installTestServices('promos', { seed: false }));
});

afterAll(async () => {
  await close?.();
});

const everyone = () => true;
const value = (pages: string[], title = 'Welcome') => ({ title, url: 'https://example.com', drawable: 'https://img.example/s.png', pages });

describe('the rules of splash screens across apps', () => {
  const paths = { splashScreen: (app: string, key: string) => `loc/${app}/splashscreen/${key}` };

  it('a save writes the record in every app that shows it, the editing app first, and removes it from apps taken off', () => {
    const before = { title: 'Old', url: '', drawable: 'x', pages: ['a', 'b', 'c'] };
    const writes = splashSaveWrites(paths, { community: 'a', key: 'k1', value: value(['b', 'd']), before });
    const record = { title: 'Welcome', url: 'https://example.com', drawable: 'https://img.example/s.png', pages: ['a', 'b', 'd'] };
    expect(writes).toEqual({
      'loc/a/splashscreen/k1': record,
      'loc/b/splashscreen/k1': record,
      'loc/d/splashscreen/k1': record,
      'loc/c/splashscreen/k1': null,
    });
  });

  it('a delete removes the record from every app that shows it', () => {
    const stored = { title: 'S', url: '', drawable: 'x', pages: ['a', 'b', 'c'] };
    expect(splashDeleteWrites(paths, { community: 'b', key: 'k1', stored })).toEqual({
      'loc/b/splashscreen/k1': null,
      'loc/a/splashscreen/k1': null,
      'loc/c/splashscreen/k1': null,
    });
  });

  it('names the apps a person does not administer', () => {
    expect(appsOutsideRights(['a', 'b', 'c'], (app) => app !== 'b')).toEqual(['b']);
    expect(appsOutsideRights(['a'], everyone)).toEqual([]);
  });

  it('saves in several apps, takes one off, then deletes it from all of them (embedded database)', async () => {
    const key = 'splash-1';
    const added = await savePromo(services, {
      kind: 'splashscreen',
      community: 'app-a',
      key,
      adding: true,
      value: value(['app-b', 'app-c']),
      version: null,
      canAdmin: everyone,
    });
    expect(added).toEqual({ kind: 'saved', key });
    for (const app of ['app-a', 'app-b', 'app-c']) {
      expect(await readPromo(services, 'splashscreen', app, key)).toMatchObject({ pages: ['app-a', 'app-b', 'app-c'] });
    }

    const stored = (await readPromo(services, 'splashscreen', 'app-a', key))!;
    const edited = await savePromo(services, {
      kind: 'splashscreen',
      community: 'app-a',
      key,
      adding: false,
      value: value(['app-b'], 'Hello'),
      version: promoVersion(stored),
      canAdmin: everyone,
    });
    expect(edited.kind).toBe('saved');
    expect(await readPromo(services, 'splashscreen', 'app-c', key)).toBeNull();
    expect(await readPromo(services, 'splashscreen', 'app-b', key)).toMatchObject({ title: 'Hello', pages: ['app-a', 'app-b'] });

    // Deleted from app-b: gone from app-a too.
    expect(await deletePromo(services, { kind: 'splashscreen', community: 'app-b', key, canAdmin: everyone })).toEqual({
      kind: 'deleted',
      apps: ['app-b', 'app-a'],
    });
    expect(await readPromo(services, 'splashscreen', 'app-a', key)).toBeNull();
    expect(await readPromo(services, 'splashscreen', 'app-b', key)).toBeNull();
  });

  it('refuses a save or delete that reaches an app the person does not administer, writing nothing', async () => {
    const key = 'splash-2';
    await savePromo(services, {
      kind: 'splashscreen',
      community: 'app-a',
      key,
      adding: true,
      value: value(['app-b']),
      version: null,
      canAdmin: everyone,
    });
    const onlyA = (app: string) => app === 'app-a';
    expect(await deletePromo(services, { kind: 'splashscreen', community: 'app-a', key, canAdmin: onlyA })).toEqual({
      kind: 'outside-rights',
      apps: ['app-b'],
    });
    const stored = (await readPromo(services, 'splashscreen', 'app-a', key))!;
    const refused = await savePromo(services, {
      kind: 'splashscreen',
      community: 'app-a',
      key,
      adding: false,
      value: value([]),
      version: promoVersion(stored),
      canAdmin: onlyA,
    });
    expect(refused).toEqual({ kind: 'outside-rights', apps: ['app-b'] });
    expect(await readPromo(services, 'splashscreen', 'app-b', key)).toMatchObject({ pages: ['app-a', 'app-b'] });
  });

  it('a save made from an older version is a conflict and writes nothing', async () => {
    const key = 'splash-3';
    await savePromo(services, {
      kind: 'splashscreen',
      community: 'app-a',
      key,
      adding: true,
      value: value([]),
      version: null,
      canAdmin: everyone,
    });
    const old = promoVersion((await readPromo(services, 'splashscreen', 'app-a', key))!);
    await savePromo(services, {
      kind: 'splashscreen',
      community: 'app-a',
      key,
      adding: false,
      value: value([], 'Theirs'),
      version: old,
      canAdmin: everyone,
    });
    const mine = await savePromo(services, {
      kind: 'splashscreen',
      community: 'app-a',
      key,
      adding: false,
      value: value(['app-b'], 'Mine'),
      version: old,
      canAdmin: everyone,
    });
    expect(mine).toMatchObject({ kind: 'conflict', stored: { title: 'Theirs' } });
    expect(await readPromo(services, 'splashscreen', 'app-b', key)).toBeNull();
    // Adding under a key that is taken is refused too.
    expect(
      await savePromo(services, {
        kind: 'splashscreen',
        community: 'app-a',
        key,
        adding: true,
        value: value([]),
        version: null,
        canAdmin: everyone,
      }),
    ).toEqual({ kind: 'taken' });
  });
});

describe("banner ads' pages", () => {
  const menu: DbValue[] = [
    { name: 'Dining', type: 'dining', uniqueId: 'dining' },
    { name: 'Website', type: 'website', uniqueId: 'site', url: 'https://example.com' },
    { name: 'More', type: 'categorygrid', uniqueId: 'more' },
  ];
  const submenu: DbValue[] = [{ name: 'FAQs', type: 'faqs', uniqueId: 'faqs' }];

  it('the listing pages are the menu items (main menu and submenus) that open a list', async () => {
    await services.db.ref(services.paths.menu('ads-town', 'main-menu')).set(menu);
    await services.db.ref(services.paths.menu('ads-town', 'more')).set(submenu);
    expect(await listingPages(services, 'ads-town')).toEqual([
      { key: 'dining', title: 'Dining' },
      { key: 'more', title: 'More' },
      { key: 'faqs', title: 'FAQs' },
    ]);
    expect(pagesInStep(['faqs', 'gone', 'dining'], await listingPages(services, 'ads-town'))).toEqual(['dining', 'faqs']);
  });

  it('a save keeps the pages in step with the listing pages, and refuses a page that is none', async () => {
    const refused = await savePromo(services, {
      kind: 'ads',
      community: 'ads-town',
      key: 'ad-1',
      adding: true,
      value: value(['dining', 'site']),
      version: null,
      canAdmin: everyone,
    });
    expect(refused).toEqual({ kind: 'invalid-pages', pages: ['site'] });
    await savePromo(services, {
      kind: 'ads',
      community: 'ads-town',
      key: 'ad-1',
      adding: true,
      value: value(['faqs', 'dining']),
      version: null,
      canAdmin: everyone,
    });
    expect(await readPromo(services, 'ads', 'ads-town', 'ad-1')).toMatchObject({ pages: ['dining', 'faqs'] });

    // The FAQs menu item goes: the ad stops naming it, and a later save of the old form drops it.
    await services.db.ref(services.paths.menu('ads-town', 'more')).set([]);
    const stored = (await readPromo(services, 'ads', 'ads-town', 'ad-1'))!;
    const saved = await savePromo(services, {
      kind: 'ads',
      community: 'ads-town',
      key: 'ad-1',
      adding: false,
      value: value(['dining', 'faqs']),
      version: promoVersion(stored),
      canAdmin: everyone,
    });
    expect(saved.kind).toBe('saved');
    expect(await readPromo(services, 'ads', 'ads-town', 'ad-1')).toMatchObject({ pages: ['dining'] });
  });

  it("a menu item's page is dropped from every ad that names it", async () => {
    await services.db.ref(services.paths.ads('drop-town')).set({
      a1: { title: 'A', url: '', drawable: 'x', pages: ['dining', 'faqs'] },
      a2: { title: 'B', url: '', drawable: 'x', pages: ['faqs'] },
      a3: { title: 'C', url: '', drawable: 'x', pages: ['dining'] },
    });
    expect(await dropAdPage(services, 'drop-town', 'faqs')).toBe(2);
    expect((await readPromo(services, 'ads', 'drop-town', 'a1'))!.pages).toEqual(['dining']);
    expect((await readPromo(services, 'ads', 'drop-town', 'a2'))!.pages).toEqual([]);
    expect((await readPromo(services, 'ads', 'drop-town', 'a3'))!.pages).toEqual(['dining']);
  });
});
