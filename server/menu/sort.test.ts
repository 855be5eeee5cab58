import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbValue } from '@server/db';
import { openDemoDb, type DemoDb } from '../../tests/setup/services';
import {
  SORT_MESSAGES,
  alphabeticalOrder,
  checkOrder,
  fitOrder,
  lockedItemCount,
  menuOrderVersion,
  menuItems,
  moveKey,
  parseOrder,
  readMenu,
  saveMenuOrder,
  sortConflictMessage,
  sortMenuAlphabetically,
} from './sort';

let demo: DemoDb;
const COMMUNITY = 'menu-sort-test';

beforeAll(async () => {
  demo = await openDemoDb('menu-sort');
});

afterAll(async () => {
  await demo?.db.close();
});

const item = (id: string, title: string, extra: Record<string, unknown> = {}) => ({
  uniqueId: id,
  id,
  name: title,
  type: 'website',
  ...extra,
});

async function seed(items: DbValue) {
  await demo.db.ref(demo.paths.menu(COMMUNITY, 'main-menu')).set(items);
}

const stored = async () => (await demo.db.ref(demo.paths.menu(COMMUNITY, 'main-menu')).get()).val() as Array<Record<string, unknown>>;

describe('menu keys', () => {
  it('uses uniqueId, then id, then the index, and tells repeats apart', () => {
    const items = menuItems([{ uniqueId: 'a' }, { id: 'b' }, { name: 'c' }, { uniqueId: 'a' }, null, 'x']);
    expect(items.map((entry) => entry.key)).toEqual(['a', 'b', '2', 'a~2']);
  });

  it('reads a list with gaps (an object) in index order', () => {
    expect(menuItems({ 3: { id: 'd' }, 1: { id: 'b' } }).map((entry) => [entry.key, entry.index])).toEqual([
      ['b', 1],
      ['d', 3],
    ]);
  });

  it('parses the pending order field', () => {
    expect(parseOrder('["a","b"]')).toEqual(['a', 'b']);
    expect(parseOrder('{"a":1}')).toBeNull();
    expect(parseOrder('nope')).toBeNull();
    expect(parseOrder(null)).toBeNull();
  });
});

describe('order rules', () => {
  const current = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

  it('accepts exactly the current items in any order', () => {
    expect(checkOrder(current, [...current].reverse(), 0)).toEqual({ ok: true, order: [...current].reverse() });
  });

  it('refuses a missing, extra or repeated item', () => {
    for (const order of [current.slice(1), [...current, 'z'], ['a', ...current.slice(0, -1)], [...current.slice(0, -1), 'z']]) {
      expect(checkOrder(current, order, 0)).toEqual({ ok: false, message: SORT_MESSAGES.changed });
    }
  });

  it('refuses an order that moves one of the locked first six', () => {
    const swapped = ['a', 'b', 'c', 'd', 'e', 'g', 'f', 'h'];
    expect(checkOrder(current, swapped, 6)).toEqual({ ok: false, message: SORT_MESSAGES.locked });
    expect(checkOrder(current, ['a', 'b', 'c', 'd', 'e', 'f', 'h', 'g'], 6).ok).toBe(true);
  });

  it('moves one place up or down, never across the ends or the locked items', () => {
    expect(moveKey(current, 2, 1, 0)).toEqual(['a', 'b', 'd', 'c', 'e', 'f', 'g', 'h']);
    expect(moveKey(current, 2, -1, 0)).toEqual(['a', 'c', 'b', 'd', 'e', 'f', 'g', 'h']);
    expect(moveKey(current, 0, -1, 0)).toEqual(current);
    expect(moveKey(current, 7, 1, 0)).toEqual(current);
    expect(moveKey(current, 6, -1, 6)).toEqual(current);
    expect(moveKey(current, 5, 1, 6)).toEqual(current);
    expect(moveKey(current, 6, 1, 6)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'h', 'g']);
  });

  it('locks the first six main-menu items only when the community says so, and not for resort admins', () => {
    expect(lockedItemCount({ lockFirstMainMenuItems: true }, false)).toBe(6);
    expect(lockedItemCount({ lockFirstMainMenuItems: true }, true)).toBe(0);
    expect(lockedItemCount({}, false)).toBe(0);
    expect(lockedItemCount({ lockFirstMainMenuItems: true }, false, 'dining')).toBe(0);
  });

  it('sorts by title or name, ignoring case, in locale order; locked items stay first', () => {
    const items = menuItems([
      item('z', 'zebra'),
      { id: 't', title: 'Apple' },
      item('e', 'éclair'),
      item('b', 'banana'),
      item('B', 'Banana'),
    ]);
    expect(alphabeticalOrder(items, 0)).toEqual(['t', 'b', 'B', 'e', 'z']);
    expect(alphabeticalOrder(items, 2)).toEqual(['z', 't', 'b', 'B', 'e']);
  });
});

describe('saving (embedded database)', () => {
  it('writes the submitted order in one array and drops temporary sort keys', async () => {
    await seed([item('a', 'A', { sortKey: 2 }), item('b', 'B', { sortKey: 0 }), item('c', 'C')]);
    const result = await saveMenuOrder(demo, COMMUNITY, ['c', 'a', 'b'], 0);
    expect(result).toEqual({ ok: true, order: ['c', 'a', 'b'] });
    const after = await stored();
    expect(after.map((entry) => entry.uniqueId)).toEqual(['c', 'a', 'b']);
    expect(after.every((entry) => !('sortKey' in entry))).toBe(true);
    expect(after[1]).toEqual(item('a', 'A'));
  });

  it('refuses an order that is not exactly the stored items and leaves the menu as it was', async () => {
    await seed([item('a', 'A'), item('b', 'B')]);
    const result = await saveMenuOrder(demo, COMMUNITY, ['b', 'a', 'x'], 0);
    expect(result).toEqual({ ok: false, message: SORT_MESSAGES.changed, current: ['a', 'b'] });
    expect((await stored()).map((entry) => entry.uniqueId)).toEqual(['a', 'b']);
  });

  it('refuses to move the locked first six', async () => {
    const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    await seed(ids.map((id) => item(id, id.toUpperCase())));
    const moved = ['b', 'a', 'c', 'd', 'e', 'f', 'g', 'h'];
    expect(await saveMenuOrder(demo, COMMUNITY, moved, 6)).toMatchObject({ ok: false, message: SORT_MESSAGES.locked });
    expect(await saveMenuOrder(demo, COMMUNITY, moved, 0)).toMatchObject({ ok: true });
  });

  it('sorts alphabetically and saves, compacting a list with gaps', async () => {
    await seed({ 0: item('m', 'maps', { sortKey: 1 }), 2: { id: 'f', title: 'FAQs' }, 5: item('a', 'Activities') });
    expect(await sortMenuAlphabetically(demo, COMMUNITY, 0)).toEqual(['a', 'f', 'm']);
    const after = await stored();
    expect(Array.isArray(after)).toBe(true);
    expect(after.map((entry) => entry.id)).toEqual(['a', 'f', 'm']);
    expect(after[2]).not.toHaveProperty('sortKey');
    expect((await readMenu(demo, COMMUNITY)).map((entry) => entry.index)).toEqual([0, 1, 2]);
  });

  it('refuses an order whose base version is not the stored order, answering theirs and the new version', async () => {
    await seed([item('a', 'Alpha'), item('b', 'Bravo'), item('c', 'Charlie')]);
    const base = menuOrderVersion(await readMenu(demo, COMMUNITY));
    // Someone else's order lands first.
    expect(await saveMenuOrder(demo, COMMUNITY, ['c', 'b', 'a'], 0, 'main-menu', base)).toEqual({ ok: true, order: ['c', 'b', 'a'] });
    const stale = await saveMenuOrder(demo, COMMUNITY, ['b', 'a', 'c'], 0, 'main-menu', base);
    expect(stale).toEqual({
      ok: false,
      conflict: {
        current: ['c', 'b', 'a'],
        titles: ['Charlie', 'Bravo', 'Alpha'],
        version: menuOrderVersion(await readMenu(demo, COMMUNITY)),
      },
    });
    expect((await stored()).map((entry) => entry.uniqueId)).toEqual(['c', 'b', 'a']);
    expect(sortConflictMessage(['Charlie', 'Bravo'])).toBe(
      'The menu was changed by someone else while you were sorting. Their order: Charlie, Bravo. Your order is still shown, with any new items last. Save again to replace theirs.',
    );
  });

  it('fits a pending order to the items there are now: gone ones dropped, new ones last', () => {
    expect(fitOrder(['b', 'x', 'a', 'b'], ['a', 'b', 'c'])).toEqual(['b', 'a', 'c']);
  });
});
