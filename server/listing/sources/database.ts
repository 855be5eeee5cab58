import { deleteItems, matchingKeys, readPage } from '../engine';
import { moveItem, reorder, sortAlphabetically } from '../ordering';
import type { ListSourceAdapter } from '../source';

/**
 * The lists that are children of one database node (a menu section, a fixed node, a system-wide
 * node): read, matched and deleted by the listing engine (../engine.ts), sorted by hand when
 * their order is the items' ordinal.
 */
/** Reading and matching a database list (the events and messages lists read theirs so too). */
export const DATABASE_READS = {
  readPage: ({ db, paths }, address, options) => readPage(db, paths, address, options),
  count: async ({ db, paths }, address, filters, options) => {
    const { keys, truncated } = await matchingKeys(db, paths, address, filters, options);
    return { count: keys.length, truncated };
  },
  matchingKeys: async ({ db, paths }, address, filters, options) => {
    const { keys, truncated } = await matchingKeys(db, paths, address, filters, options);
    return { keys, truncated };
  },
} as const satisfies Pick<ListSourceAdapter, 'readPage' | 'count' | 'matchingKeys'>;

export const DATABASE_SOURCE = {
  ...DATABASE_READS,
  remove: ({ db, paths }, address, keys, options) => deleteItems(db, paths, address, keys, options),
  sort: {
    move: ({ db, paths }, address, key, direction) => moveItem(db, paths, address, key, direction),
    reorder: ({ db, paths }, address, keys) => reorder(db, paths, address, keys),
    alphabetical: ({ db, paths }, address) => sortAlphabetically(db, paths, address),
  },
} as const satisfies ListSourceAdapter;
