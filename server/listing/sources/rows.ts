import { isValidKey } from '~/lib/db-key';
import { LOAD_ALL_SIZE, MAX_PAGE_SIZE, type ListAddress } from '../address';
import { decodeCursor, encodeCursor, ListError } from '../cursor';
import type { ListRow } from '../engine';
import { listPredicate, type ListFilters } from '../filters';
import type { ListDeps, ListSourceAdapter, MatchOptions, RemoveOptions, RemoveResult } from '../source';

/**
 * A source whose store hands over a list whole, in its order (a store that is not a database
 * node: accounts of an identity provider, files of a storage bucket, an in-memory list in a
 * test): pages, counts and select-all are cut from that list with the filters every list uses
 * (../filters.ts); the cursor is the last row's key. For lists of a few thousand rows at most.
 */
export interface RowsStore {
  /** Every item of the list, in its order. */
  rows(deps: ListDeps, address: ListAddress): Promise<ListRow[]>;
  /** Deletes these items (all of them are items of the list). */
  remove(deps: ListDeps, address: ListAddress, keys: readonly string[], options: RemoveOptions): Promise<RemoveResult>;
  /**
   * The store's own filter rules (guest entries: any answer, sender, submission date, completion),
   * over every list's (../filters.ts) when absent; null keeps every row.
   */
  predicate?(filters: ListFilters, now: number): ((row: ListRow) => boolean) | null;
}

function rowPredicate(store: RowsStore, address: ListAddress, filters: ListFilters, now: number): ((row: ListRow) => boolean) | null {
  if (store.predicate) return store.predicate(filters, now);
  const matches = listPredicate(address.definition, filters, now);
  return matches ? (row) => matches(row.item) : null;
}

async function matching(store: RowsStore, deps: ListDeps, address: ListAddress, filters: ListFilters, now: number | undefined) {
  const rows = await store.rows(deps, address);
  const matches = rowPredicate(store, address, filters, now ?? Date.now());
  return { rows, matched: matches ? rows.filter(matches) : rows };
}

function maxOf(options: MatchOptions | undefined): number {
  const max = options?.max ?? LOAD_ALL_SIZE;
  if (!Number.isInteger(max) || max < 1 || max > LOAD_ALL_SIZE) throw new ListError(`Select-all takes 1 to ${LOAD_ALL_SIZE} items.`);
  return max;
}

export function rowsSource(store: RowsStore): ListSourceAdapter {
  return {
    async readPage(deps, address, { filters, after, limit, now }) {
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) throw new ListError(`A chunk holds 1 to ${MAX_PAGE_SIZE} rows.`);
      const rows = await store.rows(deps, address);
      const matches = rowPredicate(store, address, filters, now ?? Date.now());
      let start = 0;
      if (after !== null) {
        const { key } = decodeCursor(after);
        start = rows.findIndex((row) => row.key === key) + 1;
        if (start === 0) throw new ListError('The list position is not valid for this list.');
      }
      const page: ListRow[] = [];
      let index = start;
      for (; index < rows.length && page.length < limit; index++) {
        const row = rows[index]!; // index < rows.length
        if (!matches || matches(row)) page.push(row);
      }
      const more = page.length === limit && rows.slice(index).some((row) => !matches || matches(row));
      const last = page.at(-1);
      return { rows: page, next: more && last ? encodeCursor({ key: last.key }) : null, rowsRead: index - start };
    },
    async count(deps, address, filters, options) {
      const max = maxOf(options);
      const { matched } = await matching(store, deps, address, filters, options?.now);
      return { count: Math.min(matched.length, max), truncated: matched.length > max };
    },
    async matchingKeys(deps, address, filters, options) {
      const max = maxOf(options);
      const { matched } = await matching(store, deps, address, filters, options?.now);
      return { keys: matched.slice(0, max).map((row) => row.key), truncated: matched.length > max };
    },
    async remove(deps, address, keys, options) {
      if (keys.length > LOAD_ALL_SIZE || !keys.every((key) => isValidKey(key))) throw new ListError('Not a list of item keys.');
      const wanted = new Set(keys);
      const present = (await store.rows(deps, address)).filter((row) => wanted.has(row.key)).map((row) => row.key);
      return present.length === 0 ? { archived: 0, removed: 0 } : store.remove(deps, address, present, options);
    },
  };
}
