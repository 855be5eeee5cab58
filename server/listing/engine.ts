import type { DbValue, RealtimeDb } from '@server/db';
import { unchanged, versionOf } from '@server/db/version';
import type { Paths } from '@server/paths';
import type { ListView } from '~/lib/listing/types';
import {
  LOAD_ALL_SIZE,
  MAX_PAGE_SIZE,
  asItem,
  belongs,
  checkKey,
  checkKeys,
  childPath,
  listRef,
  planOf,
  type ListAddress,
} from './address';
import { decodeCursor, encodeCursor, ListError } from './cursor';
import { listPredicate, timeValue, fieldValue, type ItemPredicate, type ListFilters } from './filters';
import { SCAN_BATCH, readBatch, readItems, scan } from './scan';

/**
 * The listing engine: how every list of the listing framework is read and written (spec 02
 * "Listing routes", §4 views, listing actions and deleting, §5 filters, §9 page sizes; spec 01
 * §4.6 and §9: "Generic lists read ordered by key, limit to first N, and start at the last key
 * loaded"; load-all size 10000).
 *
 * A list is the children of one database node (its source), in one order:
 * - `ordinal`: orderByChild('ordinal'), Firebase's order: children without an ordinal first,
 *   then false, true, numbers, strings, objects; ties by key;
 * - `key`: orderByKey (push ids are chronological);
 * - `child`: orderByChild(child);
 * - a source with `where` (topics of one type): orderByChild(where.child) equal to where.equals,
 *   which Firebase then orders by key.
 * `newestFirst` reads the same order from its end (limitToLast + endAt) and reverses it.
 *
 * Pages are chunks of that order. A chunk starts right after a cursor (the last child scanned,
 * with its sort value) and reads `limit + 1` children (one more tells whether the list goes on).
 * With filters, it reads batches of max(2 × limit, 100) children from the cursor and keeps the
 * matching ones until `limit` are found or the list ends; the cursor is then the last child
 * scanned, so the next chunk goes on from there and no child is visited twice. Only a filter
 * that matches nothing further scans to the end of the list.
 *
 * Writes are single multi-path updates (delete, archive, reorder, sort) or a transaction on one
 * item (save). Children that are not objects are not items: they are scanned but never listed
 * or written.
 *
 * This module reads pages, selects all, reads, deletes and saves items; a list's address and
 * order are in address.ts, reading in chunks in scan.ts, and sorting by hand in ordering.ts.
 */

export { decodeCursor, encodeCursor, ListError, type ListPosition } from './cursor';
export type { ListFilters } from './filters';

export interface ListRow {
  key: string;
  item: Record<string, unknown>;
}

export interface ListPage {
  rows: ListRow[];
  /** Opaque cursor for the next chunk (base64url), null when the list ends. */
  next: string | null;
  /** Database children read to produce the page (for the benchmark and tests). */
  rowsRead: number;
}

/** The smallest first batch of a filtered chunk. */
const FILTER_BATCH = 100;

function checkLimit(limit: number): void {
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
    throw new ListError(`A chunk holds 1 to ${MAX_PAGE_SIZE} rows.`);
  }
}

/**
 * One chunk of the list in its order: `limit` rows matching the filters, starting after the
 * cursor `after` (null for the first chunk).
 */
export async function readPage(
  db: RealtimeDb,
  paths: Paths,
  address: ListAddress,
  options: { filters: ListFilters; after: string | null; limit: number; now?: number },
): Promise<ListPage> {
  const { limit } = options;
  checkLimit(limit);
  const plan = planOf(address);
  let after = options.after === null ? null : decodeCursor(options.after);
  if (after && plan.kind === 'child' && after.value === undefined) throw new ListError('The list position is not valid for this list.');
  const matches: ItemPredicate | null = listPredicate(address.definition, options.filters, options.now ?? Date.now());
  let batch = matches ? Math.max(limit * 2, FILTER_BATCH) : limit + 1;
  const ref = listRef(db, paths, address);

  const rows: ListRow[] = [];
  let rowsRead = 0;
  for (;;) {
    const { children, read, ended } = await readBatch(ref, plan, after, batch);
    // Sparse matches: each further batch is twice as large, up to a scan batch.
    if (matches) batch = Math.max(batch, Math.min(batch * 2, SCAN_BATCH));
    rowsRead += read;
    for (let index = 0; index < children.length; index++) {
      const scanned = children[index]!; // index < children.length
      if (scanned.item && (!matches || matches(scanned.item))) rows.push({ key: scanned.key, item: scanned.item });
      if (rows.length === limit) {
        const more = index < children.length - 1 || !ended;
        return { rows, next: more && scanned.position ? encodeCursor(scanned.position) : null, rowsRead };
      }
    }
    const last = children.at(-1);
    if (ended || !last?.position) return { rows, next: null, rowsRead };
    after = last.position;
  }
}

/**
 * Select-all: the keys of every item matching the filters, in the list's order, scanned in
 * batches. Stops at `max` keys (default 10000, spec 01 §9 load-all size): `truncated` then says
 * that more items match.
 */
export async function matchingKeys(
  db: RealtimeDb,
  paths: Paths,
  address: ListAddress,
  filters: ListFilters,
  options: { max?: number; now?: number } = {},
): Promise<{ keys: string[]; rowsRead: number; truncated: boolean }> {
  const max = options.max ?? LOAD_ALL_SIZE;
  if (!Number.isInteger(max) || max < 1 || max > LOAD_ALL_SIZE) throw new ListError(`Select-all takes 1 to ${LOAD_ALL_SIZE} items.`);
  const matches = listPredicate(address.definition, filters, options.now ?? Date.now());
  const keys: string[] = [];
  let truncated = false;
  const rowsRead = await scan(listRef(db, paths, address), planOf(address), (scanned) => {
    if (!scanned.item || (matches && !matches(scanned.item))) return false;
    if (keys.length === max) {
      truncated = true;
      return true;
    }
    keys.push(scanned.key);
    return false;
  });
  return { keys, rowsRead, truncated };
}

/** One item of the list; null when there is none (or the child is not an item of this list). */
export async function readItem(db: RealtimeDb, paths: Paths, address: ListAddress, key: string): Promise<Record<string, unknown> | null> {
  const item = asItem((await listRef(db, paths, address).child(checkKey(key)).get()).val());
  return item && belongs(address, item) ? item : null;
}

// ─── Deleting ────────────────────────────────────────────────────────────────────────────────

/**
 * Bulk or single delete (spec 02 §4 "Deleting events and messages"), in ONE multi-path update:
 * in a dated list's active view an item is archived (its end time set to now; items already
 * ended are left alone), otherwise it is removed. Keys that are not items of the list are skipped.
 */
export async function deleteItems(
  db: RealtimeDb,
  paths: Paths,
  address: ListAddress,
  keys: readonly string[],
  options: { view: ListView | null; now?: number },
): Promise<{ archived: number; removed: number }> {
  const wanted = checkKeys(keys, LOAD_ALL_SIZE);
  const ref = listRef(db, paths, address);
  const items = await readItems(ref, address, wanted);
  const dated = address.definition.dated;
  const now = options.now ?? Date.now();
  const values: Record<string, DbValue> = {};
  let archived = 0;
  let removed = 0;
  if (dated && options.view === 'active') {
    const endPath = childPath(dated.endField);
    for (const [key, item] of items) {
      const ends = timeValue(fieldValue(item, dated.endField));
      if (ends > 0 && ends <= now) continue;
      values[`${key}/${endPath}`] = now;
      archived++;
    }
  } else {
    for (const key of items.keys()) {
      values[key] = null;
      removed++;
    }
  }
  if (archived + removed > 0) await ref.update(values);
  return { archived, removed };
}

/** A value with its undefined members (in objects, at any depth) dropped, as JSON drops them; the database refuses undefined. */
function withoutUndefined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((entry) => (entry === undefined ? null : withoutUndefined(entry)));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, member]) => member !== undefined)
      .map(([key, member]) => [key, withoutUndefined(member)]),
  );
}

// ─── Adding and saving ───────────────────────────────────────────────────────────────────────

/** A fresh chronological key for a new item (a push id; nothing is written). */
export function newItemKey(db: RealtimeDb, paths: Paths, address: ListAddress): string {
  const key = listRef(db, paths, address).push().key;
  if (key === null) throw new Error('newItemKey: the database gave no push id');
  return key;
}

export type SaveResult =
  | { ok: true }
  /** The stored item changed since the form showed it: nothing written; what is stored now and its version. */
  | { ok: false; reason: 'conflict'; stored: Record<string, unknown> | null; version: string }
  /** A new item's key is taken, or the edited item is gone. */
  | { ok: false; reason: 'exists' | 'gone' };

/**
 * Saves an item inside a transaction on the item node. `version` is the version the form showed
 * (server/db/version.ts `versionOf(formValue)`), compared with `versionOf(formValueOf(stored))`;
 * null skips the check. `record` is merged over the stored item, so fields the form does not
 * show are kept (a null member deletes its field; undefined members are dropped). A new item
 * fails with 'exists' when its key is taken; an edited one with 'gone' when it was deleted
 * meanwhile.
 */
export async function saveItem(
  db: RealtimeDb,
  paths: Paths,
  address: ListAddress,
  key: string,
  record: Record<string, unknown>,
  options: { isNew: boolean; version: string | null; formValueOf: (stored: Record<string, unknown>) => unknown },
): Promise<SaveResult> {
  checkKey(key);
  if (asItem(record) === null) throw new ListError('The item is not a record.');
  const written = withoutUndefined(record) as { [key: string]: DbValue };
  const ref = listRef(db, paths, address).child(key);
  let outcome: SaveResult = { ok: false, reason: 'gone' };
  const result = await ref.transaction((current: unknown) => {
    const stored = asItem(current);
    if (options.isNew) {
      if (current !== null && current !== undefined) {
        outcome = { ok: false, reason: 'exists' };
        return unchanged(current);
      }
      outcome = { ok: true };
      return written;
    }
    if (!stored || !belongs(address, stored)) {
      outcome = { ok: false, reason: 'gone' };
      return unchanged(current);
    }
    if (options.version !== null) {
      const version = versionOf(options.formValueOf(stored));
      if (version !== options.version) {
        outcome = { ok: false, reason: 'conflict', stored, version };
        return unchanged(current);
      }
    }
    outcome = { ok: true };
    return { ...stored, ...written } as DbValue;
  });
  if (outcome.ok && !result.committed) {
    const stored = asItem(result.snapshot.val());
    return stored
      ? { ok: false, reason: 'conflict', stored, version: versionOf(options.formValueOf(stored)) }
      : { ok: false, reason: 'gone' };
  }
  return outcome;
}
