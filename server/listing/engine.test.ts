import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedDb, generatePushId, type DbValue, type EmbeddedDb, type RealtimeDb } from '@server/db';
import { versionOf } from '@server/db/version';
import { createPaths } from '@server/paths';
import { GENERIC_PAGE_SIZES, type ListContextDefinition, type ListSource } from '~/lib/listing/types';
import { makeTempDir } from '../../tests/setup/tmp';
import { listPath, type ListAddress } from './address';
import { decodeCursor, encodeCursor, ListError } from './cursor';
import { deleteItems, matchingKeys, newItemKey, readItem, readPage, saveItem } from './engine';
import type { ListFilters } from './filters';
import { moveItem, reorder, sortAlphabetically, topOrdinal } from './ordering';

const paths = createPaths('amc');
let db: EmbeddedDb;
let communities = 0;

beforeAll(() => {
  db = createEmbeddedDb({ file: join(makeTempDir('listing-engine'), 'rtdb.sqlite') });
});
afterAll(async () => {
  await db.close();
});

const NOW = Date.UTC(2025, 5, 1, 12);

function definition(overrides: Partial<ListContextDefinition> = {}): ListContextDefinition {
  return {
    title: 'FAQs',
    itemName: 'FAQ',
    tabs: [],
    source: { kind: 'section' },
    order: { by: 'ordinal' },
    fields: { title: 'title', subtitle: 'subtitle', description: 'description', locationTitle: 'location.title' },
    filters: ['text'],
    pageSizes: GENERIC_PAGE_SIZES,
    permission: 'staff',
    editor: { kind: 'detail', detailType: 'faqs' },
    emptyMessage: 'There are no FAQs yet.',
    loadingText: 'Loading FAQs',
    sortable: true,
    menuTypes: [],
    ...overrides,
  };
}

/** A list in a community of its own, so no test sees another's data. */
function address(overrides: Partial<ListContextDefinition> = {}, base = 'faqs'): ListAddress {
  communities += 1;
  return { community: `community-${communities}`, definition: definition(overrides), base, tab: null };
}

async function seed(list: ListAddress, items: Record<string, DbValue>): Promise<void> {
  await db.ref(listPath(paths, list)).set(items);
}

/** `count` items keyed by ascending push ids, built by `make(index)`. */
function pushed(count: number, make: (index: number) => Record<string, DbValue>): { keys: string[]; items: Record<string, DbValue> } {
  const keys: string[] = [];
  const items: Record<string, DbValue> = {};
  for (let index = 0; index < count; index++) {
    const key = generatePushId(NOW - 1_000_000 + index);
    keys.push(key);
    items[key] = make(index);
  }
  return { keys, items };
}

/** Every chunk of a list: `first` rows, then `next` at a time, following the cursors. */
async function readAll(
  target: RealtimeDb,
  list: ListAddress,
  filters: ListFilters = {},
  sizes = { first: 50, next: 5 },
): Promise<{ keys: string[]; chunks: number; rowsRead: number }> {
  const keys: string[] = [];
  let after: string | null = null;
  let chunks = 0;
  let rowsRead = 0;
  do {
    const page = await readPage(target, paths, list, { filters, after, limit: chunks === 0 ? sizes.first : sizes.next, now: NOW });
    keys.push(...page.rows.map((row) => row.key));
    rowsRead += page.rowsRead;
    chunks += 1;
    after = page.next;
    if (chunks > 1_000) throw new Error('the list never ends');
  } while (after !== null);
  return { keys, chunks, rowsRead };
}

/** The database with every reference and query call recorded (method names, limits). */
function recorded(target: RealtimeDb): { db: RealtimeDb; calls: string[]; limits: number[] } {
  const calls: string[] = [];
  const limits: number[] = [];
  const wrap = <T extends object>(inner: T): T =>
    new Proxy(inner, {
      get(object, property) {
        const value: unknown = Reflect.get(object, property, object);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          calls.push(String(property));
          if (property === 'limitToFirst' || property === 'limitToLast') limits.push(args[0] as number);
          const result: unknown = value.apply(object, args);
          return typeof result === 'object' && result !== null && 'orderByKey' in result ? wrap(result) : result;
        };
      },
    });
  return {
    db: { engine: target.engine, ref: (path?: string) => wrap(target.ref(path)), ping: () => target.ping(), close: () => target.close() },
    calls,
    limits,
  };
}

const ordinals = async (list: ListAddress): Promise<Record<string, unknown>> => {
  const value = ((await db.ref(listPath(paths, list)).get()).val() ?? {}) as Record<string, { ordinal?: unknown }>;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, item.ordinal ?? null]));
};

describe('where a list lives', () => {
  it('builds the node of a section (with its tab), a fixed node and a system-wide node', () => {
    const dining: ListAddress = { community: 'park', definition: definition(), base: 'dining', tab: { id: 'resort', title: 'Resort' } };
    expect(listPath(paths, dining)).toBe('amc/location-data/park/dining-resort');
    expect(listPath(paths, { ...dining, tab: null })).toBe('amc/location-data/park/dining');
    const topics: ListSource = { kind: 'node', node: ['messages-config', 'topics'], where: { child: 'type', equals: 'category' } };
    expect(listPath(paths, { ...dining, definition: definition({ source: topics }) })).toBe(
      'amc/location-data/park/messages-config/topics',
    );
    const system: ListSource = { kind: 'system', node: ['messages-config', 'topics'] };
    expect(listPath(paths, { ...dining, definition: definition({ source: system }) })).toBe('amc/system-data/messages-config/topics');
    expect(() => listPath(paths, { ...dining, base: 'a.b' })).toThrow(ListError);
  });
});

describe('reading a list in chunks', () => {
  it('orders by ordinal as Firebase does: no ordinal first (by key), then numbers, ties by key', async () => {
    const list = address();
    await seed(list, {
      a: { title: 'A', ordinal: 2 },
      b: { title: 'B' },
      c: { title: 'C', ordinal: 1 },
      d: { title: 'D' },
      e: { title: 'E', ordinal: 1 },
      f: 'not an item',
    });
    const page = await readPage(db, paths, list, { filters: {}, after: null, limit: 50 });
    expect(page.rows.map((row) => row.key)).toEqual(['b', 'd', 'c', 'e', 'a']);
    expect(page.rows[0]).toEqual({ key: 'b', item: { title: 'B' } });
    expect(page.next).toBeNull();
  });

  it.each([
    ['key', { by: 'key' }],
    ['ordinal, with ties', { by: 'ordinal' }],
  ] as const)('visits each of 120 items exactly once in chunks of 50 then 5 (%s order)', async (_name, order) => {
    const list = address({ order });
    const { keys, items } = pushed(120, (index) => ({ title: `Item ${index}`, ordinal: index % 7 }));
    await seed(list, items);
    const expected =
      order.by === 'key'
        ? keys
        : [...keys].sort(
            (a, b) => (items[a] as { ordinal: number }).ordinal - (items[b] as { ordinal: number }).ordinal || (a < b ? -1 : 1),
          );
    const { db: spied, limits } = recorded(db);
    const all = await readAll(spied, list);
    expect(all.keys).toEqual(expected);
    expect(all.chunks).toBe(1 + 70 / 5);
    // The first chunk reads one row more than it shows; later ones also read the cursor's row.
    expect(limits).toEqual([51, ...Array<number>(14).fill(7)]);
  });

  it('reads newest first from the end of the order (key, or a child time)', async () => {
    const byKey = address({ order: { by: 'key', newestFirst: true } });
    const { keys, items } = pushed(23, (index) => ({ title: `Message ${index}`, deliveryTime: NOW - index * 1000 }));
    await seed(byKey, items);
    expect((await readAll(db, byKey, {}, { first: 10, next: 5 })).keys).toEqual([...keys].reverse());

    const byTime = address({ order: { by: 'child', child: 'deliveryTime', newestFirst: true } });
    await seed(byTime, items);
    // deliveryTime falls as the keys rise: the newest delivery is the first key.
    expect((await readAll(db, byTime, {}, { first: 10, next: 5 })).keys).toEqual(keys);
  });

  it('lists only the children whose where-child equals the value, in key order (topics of one type)', async () => {
    const categories = address({
      source: { kind: 'node', node: ['messages-config', 'topics'], where: { child: 'type', equals: 'category' } },
      order: { by: 'key' },
    });
    const { keys, items } = pushed(40, (index) => ({ title: `Topic ${index}`, type: index % 2 === 0 ? 'category' : 'user-group' }));
    await seed(categories, items);
    const wanted = keys.filter((_key, index) => index % 2 === 0);
    expect((await readAll(db, categories, {}, { first: 7, next: 5 })).keys).toEqual(wanted);
    const newest = { ...categories, definition: { ...categories.definition, order: { by: 'key', newestFirst: true } as const } };
    expect((await readAll(db, newest, {}, { first: 7, next: 5 })).keys).toEqual([...wanted].reverse());
    expect(await readItem(db, paths, categories, keys[0]!)).toMatchObject({ type: 'category' });
    expect(await readItem(db, paths, categories, keys[1]!)).toBeNull();
  });

  it('finds text matches beyond the first batch and goes on after the last row scanned', async () => {
    const list = address({ order: { by: 'key' } });
    const { keys, items } = pushed(300, (index) => ({
      title: `Item ${index}`,
      description: index === 250 || index === 280 ? '<p>A <b>hid</b>den gem</p>' : '<p>Nothing here</p>',
    }));
    await seed(list, items);
    const first = await readPage(db, paths, list, { filters: { text: 'hidden' }, after: null, limit: 1 });
    expect(first.rows.map((row) => row.key)).toEqual([keys[250]]);
    // A first batch of max(2 × 1, 100) rows, then 200 (batches double), re-reading the row it starts after.
    expect(first.rowsRead).toBe(100 + 201);
    expect(first.next).not.toBeNull();
    expect(decodeCursor(first.next!)).toEqual({ key: keys[250] });
    const second = await readPage(db, paths, list, { filters: { text: 'hidden' }, after: first.next, limit: 1 });
    expect(second.rows.map((row) => row.key)).toEqual([keys[280]]);
    const last = await readPage(db, paths, list, { filters: { text: 'hidden' }, after: second.next, limit: 1 });
    expect(last).toEqual({ rows: [], next: null, rowsRead: 20 });
  });

  it('filters dated lists by view, recurrence and dates across chunks', async () => {
    const list = address({ order: { by: 'key' }, dated: { endField: 'endDate', durationField: 'endDateDuration' } });
    const { keys, items } = pushed(250, (index) => ({
      title: `Event ${index}`,
      endDate: index >= 200 && index < 210 ? NOW + index * 1000 : index === 230 ? 0 : NOW - 1000,
      ...(index >= 200 && index < 210 ? { recurrenceId: 'r1' } : {}),
    }));
    await seed(list, items);
    const current = [...keys.slice(200, 210), keys[230]];
    expect((await readAll(db, list, { view: 'active' }, { first: 5, next: 5 })).keys).toEqual(current);
    expect((await readAll(db, list, { view: 'archive' })).keys).toEqual(keys.filter((key) => !current.includes(key)));
    expect((await readAll(db, list, { recurrenceId: 'r1' }, { first: 3, next: 3 })).keys).toEqual(keys.slice(200, 210));
    expect((await readAll(db, list, { start: NOW + 205_000, end: NOW + 208_000 })).keys).toEqual(keys.slice(206, 208));
  });

  it('refuses junk cursors, cursors of another order and chunk sizes out of range', async () => {
    const list = address();
    await seed(list, { a: { title: 'A', ordinal: 0 } });
    const read = (after: string | null, limit = 5) => readPage(db, paths, list, { filters: {}, after, limit });
    const junk = [
      'junk!!',
      '',
      Buffer.from('not json').toString('base64url'),
      Buffer.from('[1,2]').toString('base64url'),
      Buffer.from('{"k":"a/b"}').toString('base64url'),
      Buffer.from('{"k":"a","v":{"x":1}}').toString('base64url'),
      Buffer.from('{"k":"a","x":1}').toString('base64url'),
      encodeCursor({ key: 'a' }),
    ];
    for (const cursor of junk) await expect(read(cursor), cursor).rejects.toThrow(ListError);
    await expect(read(null, 0)).rejects.toThrow(ListError);
    await expect(read(null, 1001)).rejects.toThrow(ListError);
    expect(decodeCursor(encodeCursor({ key: '-Nabc', value: 3 }))).toEqual({ key: '-Nabc', value: 3 });
    expect(decodeCursor(encodeCursor({ key: 'k', value: null }))).toEqual({ key: 'k', value: null });
  });
});

describe('a range of the order (a view of a dated list)', () => {
  it('reads only the children whose order value is in the range, forwards and backwards, chunk after chunk', async () => {
    const list = address({ order: { by: 'child', child: 'endDate' } });
    const items: Record<string, DbValue> = {};
    for (let index = 0; index < 30; index++)
      items[`e${String(index).padStart(2, '0')}`] = { title: `Event ${index}`, endDate: 1000 + index };
    await seed(list, items);
    const from = { ...list, range: { from: 1010 } };
    const first = await readPage(db, paths, from, { filters: {}, after: null, limit: 8 });
    expect(first.rows.map((row) => row.key)).toEqual(['e10', 'e11', 'e12', 'e13', 'e14', 'e15', 'e16', 'e17']);
    // No child before the range was read.
    expect(first.rowsRead).toBe(9);
    const bounded = { ...list, range: { from: 1010, to: 1019 } };
    const second = await readPage(db, paths, bounded, { filters: {}, after: first.next, limit: 8 });
    expect(second.rows.map((row) => row.key)).toEqual(['e18', 'e19']);
    expect(second.next).toBeNull();

    const archive = { ...list, order: { by: 'child', child: 'endDate', newestFirst: true } as const, range: { from: 1005, to: 1009 } };
    const back = await readPage(db, paths, archive, { filters: {}, after: null, limit: 3 });
    expect(back.rows.map((row) => row.key)).toEqual(['e09', 'e08', 'e07']);
    const rest = await readPage(db, paths, archive, { filters: {}, after: back.next, limit: 3 });
    expect(rest.rows.map((row) => row.key)).toEqual(['e06', 'e05']);
    expect((await matchingKeys(db, paths, archive, {})).keys).toEqual(['e09', 'e08', 'e07', 'e06', 'e05']);
  });

  it('ignores a range on lists not ordered by a child', async () => {
    const list = { ...address({ order: { by: 'key' } }), range: { from: 5 } };
    await seed(list, { a: { title: 'A' }, b: { title: 'B' } });
    expect((await readPage(db, paths, list, { filters: {}, after: null, limit: 5 })).rows.map((row) => row.key)).toEqual(['a', 'b']);
  });
});

describe('select-all', () => {
  it('gathers every matching key in batches, and stops at the maximum', async () => {
    const list = address({ order: { by: 'key' } });
    const { keys, items } = pushed(2_500, (index) => ({ title: index % 2 === 0 ? `Even ${index}` : `Odd ${index}` }));
    await seed(list, items);
    const { db: spied, limits } = recorded(db);
    const even = await matchingKeys(spied, paths, list, { text: 'even' });
    // Batches of 1,000; the second and third re-read the row they start after.
    expect(even).toEqual({ keys: keys.filter((_key, index) => index % 2 === 0), rowsRead: 2_502, truncated: false });
    expect(Math.max(...limits)).toBeLessThanOrEqual(1_001);
    const capped = await matchingKeys(db, paths, list, {}, { max: 100 });
    expect(capped.keys).toEqual(keys.slice(0, 100));
    expect(capped.truncated).toBe(true);
    expect((await matchingKeys(db, paths, list, {}, { max: 2_500 })).truncated).toBe(false);
  });
});

describe('deleting', () => {
  const dated = { order: { by: 'key' }, dated: { endField: 'endTime' } } as const;

  it('archives in the active view of a dated list: end time now, in one update', async () => {
    const list = address(dated);
    await seed(list, {
      future: { title: 'Future', endTime: NOW + 1000 },
      open: { title: 'Open', endTime: 0 },
      ended: { title: 'Ended', endTime: NOW - 1000 },
    });
    const { db: spied, calls } = recorded(db);
    const result = await deleteItems(spied, paths, list, ['future', 'open', 'ended', 'missing'], { view: 'active', now: NOW });
    expect(result).toEqual({ archived: 2, removed: 0 });
    expect(calls.filter((call) => ['update', 'set', 'remove', 'transaction'].includes(call))).toEqual(['update']);
    expect((await db.ref(listPath(paths, list)).get()).val()).toEqual({
      future: { title: 'Future', endTime: NOW },
      open: { title: 'Open', endTime: NOW },
      ended: { title: 'Ended', endTime: NOW - 1000 },
    });
  });

  it('removes in the archive view and in undated lists, in one update', async () => {
    for (const [overrides, view] of [
      [dated, 'archive'],
      [{}, 'active'],
      [{}, null],
    ] as const) {
      const list = address(overrides);
      await seed(list, { a: { title: 'A', endTime: NOW - 1 }, b: { title: 'B', endTime: NOW - 1 }, c: { title: 'C' } });
      const { db: spied, calls } = recorded(db);
      expect(await deleteItems(spied, paths, list, ['a', 'b', 'gone'], { view, now: NOW })).toEqual({ archived: 0, removed: 2 });
      expect(calls.filter((call) => ['update', 'set', 'remove', 'transaction'].includes(call))).toEqual(['update']);
      expect(Object.keys((await db.ref(listPath(paths, list)).get()).val())).toEqual(['c']);
    }
  });

  it('refuses bad keys before writing anything', async () => {
    const list = address();
    await seed(list, { a: { title: 'A' } });
    await expect(deleteItems(db, paths, list, ['a', 'b/c'], { view: null })).rejects.toThrow(ListError);
    await expect(deleteItems(db, paths, list, ['a', 'a'], { view: null })).rejects.toThrow(ListError);
    expect(await readItem(db, paths, list, 'a')).toEqual({ title: 'A' });
  });
});

describe('adding and saving', () => {
  const formValueOf = (stored: Record<string, unknown>) => ({ title: stored.title });

  it('puts a new item on top, numbering the items without an ordinal first', async () => {
    const list = address();
    await seed(list, {
      b: { title: 'B' },
      a: { title: 'A' },
      n3: { title: 'N3', ordinal: 3 },
      n5: { title: 'N5', ordinal: 5 },
      s: { title: 'S', ordinal: 'x' },
    });
    const before = (await readPage(db, paths, list, { filters: {}, after: null, limit: 50 })).rows.map((row) => row.key);
    expect(await topOrdinal(db, paths, list)).toBe(0);
    expect(await ordinals(list)).toEqual({ a: 1, b: 2, n3: 3, n5: 5, s: 6 });
    expect((await readPage(db, paths, list, { filters: {}, after: null, limit: 50 })).rows.map((row) => row.key)).toEqual(before);

    const numbered = address();
    await seed(numbered, { x: { title: 'X', ordinal: -4 }, y: { title: 'Y', ordinal: 7 } });
    const { db: spied, calls } = recorded(db);
    expect(await topOrdinal(spied, paths, numbered)).toBe(-5);
    expect(calls).not.toContain('update');
    expect(await topOrdinal(db, paths, address())).toBe(0);
    expect(await topOrdinal(db, paths, address({ order: { by: 'key' } }))).toBeNull();
  });

  it('makes fresh chronological keys without writing', async () => {
    const list = address();
    const [first, second] = [newItemKey(db, paths, list), newItemKey(db, paths, list)];
    expect(first < second).toBe(true);
    expect((await db.ref(listPath(paths, list)).get()).exists()).toBe(false);
  });

  it('saves new items once, merges edits over the stored item and reports conflicts', async () => {
    const list = address();
    const key = newItemKey(db, paths, list);
    const create = (title: string) => saveItem(db, paths, list, key, { title, ordinal: 0 }, { isNew: true, version: null, formValueOf });
    expect(await create('First')).toEqual({ ok: true });
    expect(await create('Again')).toEqual({ ok: false, reason: 'exists' });

    await db.ref(listPath(paths, list)).child(key).update({ views: 3 });
    const shown = versionOf({ title: 'First' });
    const edit = (title: string, version: string | null) =>
      saveItem(db, paths, list, key, { title }, { isNew: false, version, formValueOf });
    expect(await edit('Second', shown)).toEqual({ ok: true });
    expect(await readItem(db, paths, list, key)).toEqual({ title: 'Second', ordinal: 0, views: 3 });

    expect(await edit('Third', shown)).toEqual({
      ok: false,
      reason: 'conflict',
      stored: { title: 'Second', ordinal: 0, views: 3 },
      version: versionOf({ title: 'Second' }),
    });
    const unchecked = { isNew: false, version: null, formValueOf };
    expect(await saveItem(db, paths, list, key, { title: 'Fourth', subtitle: undefined, views: null }, unchecked)).toEqual({ ok: true });
    expect(await readItem(db, paths, list, key)).toEqual({ title: 'Fourth', ordinal: 0 });
    await db.ref(listPath(paths, list)).child(key).remove();
    expect(await edit('Fifth', null)).toEqual({ ok: false, reason: 'gone' });
    expect(await readItem(db, paths, list, key)).toBeNull();
  });
});

describe('sorting', () => {
  const order = async (list: ListAddress) =>
    (await readPage(db, paths, list, { filters: {}, after: null, limit: 50 })).rows.map((row) => row.key);

  it('moves an item up or down by swapping ordinals with its neighbour', async () => {
    const list = address();
    await seed(list, { a: { title: 'A', ordinal: 0 }, b: { title: 'B', ordinal: 1 }, c: { title: 'C', ordinal: 2 } });
    const { db: spied, calls } = recorded(db);
    expect(await moveItem(spied, paths, list, 'c', 'up')).toBe(true);
    expect(calls.filter((call) => call === 'update')).toHaveLength(1);
    expect(await order(list)).toEqual(['a', 'c', 'b']);
    expect(await moveItem(db, paths, list, 'a', 'down')).toBe(true);
    expect(await order(list)).toEqual(['c', 'a', 'b']);
    expect(await moveItem(db, paths, list, 'c', 'up')).toBe(false);
    expect(await moveItem(db, paths, list, 'b', 'down')).toBe(false);
    expect(await moveItem(db, paths, list, 'nobody', 'up')).toBe(false);
    await expect(moveItem(db, paths, list, 'a.b', 'up')).rejects.toThrow(ListError);
  });

  it('moves items without ordinals or with equal ordinals', async () => {
    const list = address();
    await seed(list, { a: { title: 'A' }, b: { title: 'B' }, c: { title: 'C', ordinal: 4 }, d: { title: 'D', ordinal: 4 } });
    expect(await moveItem(db, paths, list, 'b', 'up')).toBe(true);
    expect(await order(list)).toEqual(['b', 'a', 'c', 'd']);
    expect(await moveItem(db, paths, list, 'd', 'up')).toBe(true);
    expect(await order(list)).toEqual(['b', 'a', 'd', 'c']);
  });

  it('saves a dragged order as ordinals 0..n-1 and refuses keys that are not items', async () => {
    const list = address();
    await seed(list, { a: { title: 'A', ordinal: 0 }, b: { title: 'B', ordinal: 1 }, c: { title: 'C', ordinal: 2 } });
    await reorder(db, paths, list, ['c', 'a', 'b']);
    expect(await ordinals(list)).toEqual({ c: 0, a: 1, b: 2 });
    await expect(reorder(db, paths, list, ['c', 'a', 'zed'])).rejects.toThrow(ListError);
    await expect(reorder(db, paths, list, ['c', 'c', 'a'])).rejects.toThrow(ListError);
    await expect(
      reorder(
        db,
        paths,
        list,
        Array.from({ length: 1001 }, (_value, index) => `k${index}`),
      ),
    ).rejects.toThrow(ListError);
    expect(await ordinals(list)).toEqual({ c: 0, a: 1, b: 2 });
    await expect(reorder(db, paths, address({ order: { by: 'key' } }), [])).rejects.toThrow(ListError);
  });

  it('sorts alphabetically by title, case-insensitive, in one update', async () => {
    const list = address({ fields: { title: 'name' } });
    await seed(list, {
      k1: { name: 'banana', ordinal: 0 },
      k2: { name: 'Apple', ordinal: 1 },
      k3: { name: 'cherry', ordinal: 2 },
      k4: { name: 'apple', ordinal: 3 },
      k5: { name: 'Éclair' },
    });
    const { db: spied, calls } = recorded(db);
    expect(await sortAlphabetically(spied, paths, list)).toBe(5);
    expect(calls.filter((call) => call === 'update')).toHaveLength(1);
    expect(await order(list)).toEqual(['k2', 'k4', 'k1', 'k3', 'k5']);
  });
});
