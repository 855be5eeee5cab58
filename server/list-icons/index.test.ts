import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedDb, type EmbeddedDb } from '@server/db';
import { decodeImage } from '@server/images/pipeline';
import { createPaths } from '@server/paths';
import { createLocalDiskStorage } from '@server/storage';
import { makeTempDir } from '../../tests/setup/tmp';
import {
  addListIcon,
  fitWithin,
  iconKeyOf,
  LIST_ICON_MESSAGES,
  listIconVersion,
  readListIcon,
  readListIcons,
  removeListIcon,
  storeListIcon,
  updateListIcon,
} from './index';

let db: EmbeddedDb;
const paths = createPaths('amc');
let counter = 0;
/** A community of the test's own. */
const own = () => `icons-${++counter}`;

beforeAll(() => {
  db = createEmbeddedDb({ file: join(makeTempDir('list-icons'), 'rtdb.sqlite') });
});

afterAll(async () => {
  await db.close();
});

function pngFile(width: number, height: number, name = 'icon.png'): File {
  const canvas = createCanvas(width, height);
  canvas.getContext('2d').fillRect(0, 0, width, height);
  return new File([new Uint8Array(canvas.toBuffer('image/png'))], name, { type: 'image/png' });
}

describe('list icon keys', () => {
  it('is the title lower-cased, with every run of non-word characters as one hyphen', () => {
    expect(iconKeyOf('Pet Friendly')).toBe('pet-friendly');
    expect(iconKeyOf('  Wi-Fi & Cable TV! ')).toBe('wi-fi-cable-tv');
    expect(iconKeyOf('Kids_Club 2')).toBe('kids_club-2');
    expect(iconKeyOf('***')).toBe('');
  });
});

describe('list icons in the database', () => {
  it('adds an icon under the key of its title, trimmed, and reads the icons by title', async () => {
    const community = own();
    expect(await addListIcon({ db, paths }, community, { title: '  Pool ', active: false, url: '/files/p.png' })).toEqual({
      ok: true,
      key: 'pool',
    });
    await addListIcon({ db, paths }, community, { title: 'BBQ Grill', active: true, url: '/files/b.png' });
    expect((await db.ref(paths.listIcon(community, 'pool')).get()).val()).toEqual({ title: 'Pool', active: false, url: '/files/p.png' });
    expect((await readListIcons({ db, paths }, community)).map((icon) => icon.key)).toEqual(['bbq-grill', 'pool']);
  });

  it('refuses a title whose key is taken, or that makes no key, and writes nothing', async () => {
    const community = own();
    await addListIcon({ db, paths }, community, { title: 'Pool', active: true, url: '/files/a.png' });
    expect(await addListIcon({ db, paths }, community, { title: 'POOL!', active: false, url: '/files/b.png' })).toEqual({
      ok: false,
      message: LIST_ICON_MESSAGES.exists('POOL!'),
    });
    expect(await addListIcon({ db, paths }, community, { title: '!!', active: false, url: '/files/b.png' })).toEqual({
      ok: false,
      message: LIST_ICON_MESSAGES.invalidKey,
    });
    expect(await readListIcons({ db, paths }, community)).toEqual([{ key: 'pool', title: 'Pool', active: true, url: '/files/a.png' }]);
  });

  it('updates active and the image, never the title, and refuses a stale version', async () => {
    const community = own();
    await addListIcon({ db, paths }, community, { title: 'Pool', active: true, url: '/files/a.png' });
    const shown = await readListIcon({ db, paths }, community, 'pool');
    const version = listIconVersion(shown);
    expect(await updateListIcon({ db, paths }, community, 'pool', { active: false, url: '/files/b.png' }, version)).toEqual({ ok: true });
    expect(await readListIcon({ db, paths }, community, 'pool')).toEqual({
      key: 'pool',
      title: 'Pool',
      active: false,
      url: '/files/b.png',
    });

    const stale = await updateListIcon({ db, paths }, community, 'pool', { active: true, url: '/files/c.png' }, version);
    expect(stale).toMatchObject({ ok: false, reason: 'conflict', icon: { active: false, url: '/files/b.png' } });
    expect(await updateListIcon({ db, paths }, community, 'gone', { active: true, url: '/files/c.png' }, null)).toEqual({
      ok: false,
      reason: 'not-found',
    });
    expect(await readListIcon({ db, paths }, community, 'gone')).toBeNull();
  });

  it('removes an icon', async () => {
    const community = own();
    await addListIcon({ db, paths }, community, { title: 'Pool', active: true, url: '/files/a.png' });
    await removeListIcon({ db, paths }, community, 'pool');
    expect(await readListIcons({ db, paths }, community)).toEqual([]);
  });
});

describe('stored icon images', () => {
  it('fits a size in the box, never enlarging', () => {
    expect(fitWithin({ width: 600, height: 300 }, { width: 150, height: 150 })).toEqual({ width: 150, height: 75 });
    expect(fitWithin({ width: 100, height: 400 }, { width: 150, height: 150 })).toEqual({ width: 38, height: 150 });
    expect(fitWithin({ width: 40, height: 20 }, { width: 150, height: 150 })).toEqual({ width: 40, height: 20 });
  });

  it('stores an upload as a PNG fitting in 150x150 under the list-icons folder; an unreadable file is refused', async () => {
    const storage = createLocalDiskStorage({ root: makeTempDir('list-icon-files') });
    const url = await storeListIcon(storage, 'c1', pngFile(600, 300), { name: 'Pet Friendly', now: 1717200000000 });
    expect(url).toContain('c1/images/list-icons/1717200000000/pet-friendly.png');
    const stored = await storage.get('c1/images/list-icons/1717200000000/pet-friendly.png');
    expect(stored?.contentType).toBe('image/png');
    const image = await decodeImage(await stored!.bytes());
    expect({ width: image.width, height: image.height }).toEqual({ width: 150, height: 75 });

    const text = new File([new TextEncoder().encode('not an image')], 'x.png', { type: 'image/png' });
    expect(await storeListIcon(storage, 'c1', text, { name: 'x', now: 1 })).toBeNull();
  });
});
