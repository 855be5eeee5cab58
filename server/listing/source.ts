import type { IdentityProvider } from '@server/auth/identity/types';
import type { RealtimeDb } from '@server/db';
import type { Paths } from '@server/paths';
import type { ListView, RowNote } from '~/lib/listing/types';
import type { ListAddress } from './address';
import type { ListPage } from './engine';
import type { ListFilters } from './filters';

/**
 * A list source: where the rows of one list context come from and how they go away (spec 02
 * "Listing routes", §4 "Deleting events and messages", §5, §9). The list screen's server glue
 * reads and deletes through the adapter of its context (./registry.ts) and never knows the
 * store: a database node (./sources/database.ts), a calendar's or a legacy section's events
 * (their own delete rules), the messages lists, or any other store (users, files, guest
 * entries…: an adapter of their own, ./sources/rows.ts for lists read whole).
 */

/** What an adapter may use: the database and its paths (stores of other kinds get their ports here). */
export interface ListDeps {
  db: RealtimeDb;
  paths: Paths;
  /** Who people are (the users lists name their rows from it); absent: no lookups, rows say 'No User ID'. */
  identity?: IdentityProvider;
}

export interface PageOptions {
  filters: ListFilters;
  /** The cursor after which the chunk starts (null: the first chunk); junk throws ListError. */
  after: string | null;
  limit: number;
  now?: number;
}

export interface MatchOptions {
  /** At most this many keys (spec 01 §9 load-all size 10000). */
  max?: number;
  now?: number;
}

export interface RemoveOptions {
  /** The view the rows are deleted from: a dated list's active view archives them. */
  view: ListView | null;
  now: number;
}

export interface RemoveResult {
  archived: number;
  removed: number;
}

/** What a row shows besides its fields, by the list's view, time zone and time. */
export interface RowContext {
  view: ListView | null;
  timeZone: string;
  now: number;
}

/** What a source adds to or changes in a row (the messages list: audience, delivery time with its zone, delivery status). */
export interface RowDetails {
  /** The row's title, when the source names it (a guest entry: who sent it). */
  title?: string;
  subtitle?: string | null;
  passed?: boolean;
  when?: string | null;
  notes?: RowNote[];
}

/** Sort mode's writes (Move up / Move down, drag and drop, alphabetical), for sources staff sort by hand. */
export interface ListSorter {
  /** False when there is no such item or no neighbour on that side. */
  move(deps: ListDeps, address: ListAddress, key: string, direction: 'up' | 'down'): Promise<boolean>;
  /** The given items get that order; a key that is not an item of the list throws ListError. */
  reorder(deps: ListDeps, address: ListAddress, keys: readonly string[]): Promise<void>;
  /** Orders the list by title; returns how many items it holds. */
  alphabetical(deps: ListDeps, address: ListAddress): Promise<number>;
}

export interface ListSourceAdapter {
  /** One chunk of the list in its order: `limit` rows matching the filters, after the cursor. */
  readPage(deps: ListDeps, address: ListAddress, options: PageOptions): Promise<ListPage>;
  /** How many items match the filters, up to `max` (`truncated`: more match). */
  count(deps: ListDeps, address: ListAddress, filters: ListFilters, options?: MatchOptions): Promise<{ count: number; truncated: boolean }>;
  /** Select-all: the keys of the items matching the filters, in the list's order, up to `max`. */
  matchingKeys(
    deps: ListDeps,
    address: ListAddress,
    filters: ListFilters,
    options?: MatchOptions,
  ): Promise<{ keys: string[]; truncated: boolean }>;
  /** Delete Selected and a row's Delete: keys that are not items of the list are skipped. */
  remove(deps: ListDeps, address: ListAddress, keys: readonly string[], options: RemoveOptions): Promise<RemoveResult>;
  /** Sort mode; absent: the source is not sorted by hand. */
  sort?: ListSorter;
  /** What the source adds to its rows, read once per chunk (the messages list's topics). */
  rowDetails?(
    deps: ListDeps,
    address: ListAddress,
    context: RowContext,
  ): Promise<(item: Record<string, unknown>, key: string) => RowDetails>;
}

/** The database node a row's detail editor names as its dbContext: `{base}` or `{base}-{tab}`. */
export function listNode(address: ListAddress): string {
  const { source } = address.definition;
  const base = source.kind === 'section' && source.base !== undefined ? source.base : address.base;
  return address.tab ? `${base}-${address.tab.id}` : base;
}
