import { describe, expect, it } from 'vitest';
import { LIST_CONTEXT_KEYS } from '~/lib/listing/contexts';
import { GENERIC_PAGE_SIZES, type ListContextDefinition } from '~/lib/listing/types';
import type { ListAddress } from './address';
import { ListError } from './cursor';
import type { ListRow } from './engine';
import {
  ADS_LIST_KEY,
  EMAIL_TEMPLATES_LIST_KEY,
  DOLLARS_ACCOUNTS_LIST_KEY,
  ENTRIES_LIST_KEY,
  LIST_SOURCES,
  listUseCase,
  MESSAGES_LIST_KEY,
  ORDERS_LIST_KEY,
  REWARDS_USERS_LIST_KEY,
  SPLASH_LIST_KEY,
  USER_MANAGEMENT_LIST_KEY,
  USERS_LIST_KEY,
  type ListSources,
} from './registry';
import type { ListDeps } from './source';
import { rowsSource } from './sources/rows';

/**
 * A list whose rows are not children of a database node (guest entries, accounts, files …): a
 * source adapter of its own, registered for its context, read and deleted through the list use
 * case like every other list. Here an in-memory store.
 */

const GUESTS: ListContextDefinition = {
  title: 'Guests',
  itemName: 'Guest',
  tabs: [],
  source: { kind: 'adapter' },
  order: { by: 'key' },
  fields: { title: 'name', description: 'note' },
  filters: ['text'],
  pageSizes: GENERIC_PAGE_SIZES,
  permission: 'staff',
  editor: { kind: 'linked' },
  emptyMessage: 'There are no guests yet.',
  loadingText: 'Loading guests',
  sortable: false,
  menuTypes: [],
};

function memoryGuests(count: number) {
  const store = new Map<string, Record<string, unknown>>();
  for (let index = 1; index <= count; index++) {
    const key = `guest-${String(index).padStart(3, '0')}`;
    store.set(key, { name: index % 10 === 0 ? `Pat Tenth ${index}` : `Guest ${index}`, note: `<p>Cabin ${index}</p>` });
  }
  const source = rowsSource({
    rows: async (): Promise<ListRow[]> => [...store.entries()].map(([key, item]) => ({ key, item })),
    remove: async (_deps, _address, keys) => {
      keys.forEach((key) => store.delete(key));
      return { archived: 0, removed: keys.length };
    },
  });
  return { store, source };
}

// The in-memory store needs no database.
const deps = {} as ListDeps;
const address: ListAddress = { community: 'test-community', definition: GUESTS, base: 'guests', tab: null };
const list = { key: 'test-guests', address };

describe('list sources', () => {
  it('give every list context, the messages lists, the entries lists, the orders list, the users lists, the dollars accounts, the rewards users, the splash screens and the banner ads a source', () => {
    expect(Object.keys(LIST_SOURCES).sort()).toEqual(
      [
        ...LIST_CONTEXT_KEYS,
        MESSAGES_LIST_KEY,
        ENTRIES_LIST_KEY,
        ORDERS_LIST_KEY,
        USERS_LIST_KEY,
        USER_MANAGEMENT_LIST_KEY,
        DOLLARS_ACCOUNTS_LIST_KEY,
        REWARDS_USERS_LIST_KEY,
        SPLASH_LIST_KEY,
        ADS_LIST_KEY,
        EMAIL_TEMPLATES_LIST_KEY,
      ].sort(),
    );
  });

  it('page, count, match and delete a list that is not a database node, through the list use case', async () => {
    const { store, source } = memoryGuests(25);
    const sources: ListSources = { ...LIST_SOURCES, 'test-guests': source };
    const lists = listUseCase(deps, sources);

    const first = await lists.page(list, { filters: {}, after: null, limit: 10 });
    expect(first.rows.map((row) => row.key)).toEqual([...store.keys()].slice(0, 10));
    expect(first.next).not.toBeNull();
    const second = await lists.page(list, { filters: {}, after: first.next, limit: 10 });
    expect(second.rows[0]?.key).toBe('guest-011');
    const last = await lists.page(list, { filters: {}, after: second.next, limit: 10 });
    expect(last.rows).toHaveLength(5);
    expect(last.next).toBeNull();

    // The text filter searches the title and the description (HTML as text), as every list's does.
    const tenth = await lists.page(list, { filters: { text: 'tenth' }, after: null, limit: 1 });
    expect(tenth.rows.map((row) => row.key)).toEqual(['guest-010']);
    const more = await lists.page(list, { filters: { text: 'tenth' }, after: tenth.next, limit: 5 });
    expect(more.rows.map((row) => row.key)).toEqual(['guest-020']);
    expect(more.next).toBeNull();
    expect(await lists.count(list, { text: 'cabin 2' })).toEqual({ count: 7, truncated: false });
    expect(await lists.count(list, { text: 'cabin' }, { max: 20 })).toEqual({ count: 20, truncated: true });

    const matched = await lists.matchingKeys(list, { text: 'tenth' });
    expect(matched).toEqual({ keys: ['guest-010', 'guest-020'], truncated: false });
    expect(await lists.remove(list, [...matched.keys, 'not-a-guest'], { view: null, now: Date.now() })).toEqual({
      archived: 0,
      removed: 2,
    });
    expect(store.size).toBe(23);
    expect(await lists.count(list, { text: 'tenth' })).toEqual({ count: 0, truncated: false });
  });

  it('refuse a junk cursor, a context without a source, and sorting a source not sorted by hand', async () => {
    const { source } = memoryGuests(3);
    const lists = listUseCase(deps, { 'test-guests': source });
    await expect(lists.page(list, { filters: {}, after: 'junk!', limit: 5 })).rejects.toBeInstanceOf(ListError);
    expect(() => lists.page({ ...list, key: 'nowhere' }, { filters: {}, after: null, limit: 5 })).toThrow(ListError);
    expect(lists.sortable(list)).toBe(false);
    expect(() => lists.reorder(list, ['guest-001'])).toThrow(ListError);
    expect(await lists.rowDetails(list, { view: null, timeZone: 'UTC', now: 0 })).toBeTypeOf('function');
  });
});
