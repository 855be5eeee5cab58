import type { DataSnapshot, DbValue, Query, QueryValue, RealtimeDb, Reference } from '@server/db';
import { unchanged, versionOf } from '@server/db/version';
import { child, PathKeyError, type Paths } from '@server/paths';
import { isValidKey } from '~/lib/db-key';
import type { ListContextDefinition, ListOrder, ListTab, ListView } from '~/lib/listing/types';
import { decodeCursor, encodeCursor, ListError, type ListPosition } from './cursor';
import { fieldValue, listPredicate, timeValue, type ItemPredicate, type ListFilters } from './filters';

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
 */

export { decodeCursor, encodeCursor, ListError, type ListPosition } from './cursor';
export type { ListFilters } from './filters';

/** A list as the URL chose it. */
export interface ListAddress {
  community: string;
  definition: ListContextDefinition;
  /**
   * For source kind 'section': the section base (a menu item's dbContext ?? uniqueId, or the
   * context key; a source's own `base` wins). For 'calendar': the calendar id.
   */
  base: string;
  /** The chosen tab; null when the list has no tabs. For 'section' sources a tab makes the node `${base}-${tab.id}`. */
  tab: ListTab | null;
  /** This address's order, over the definition's (a calendar's views read by end time). */
  order?: ListOrder;
  /**
   * Bounds on the order's child values (order `child` only): only children whose value is in
   * [from, to] are read — a view of a dated list reads its own items, not the others' (the
   * active view of a calendar starts at the events that end from today on).
   */
  range?: { from?: number; to?: number };
}

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

/** Spec 01 §9 "load-all size 10000": the most keys select-all gathers, and the most keys one delete takes. */
export const LOAD_ALL_SIZE = 10_000;
/** The largest chunk one request may ask for. */
export const MAX_PAGE_SIZE = 1_000;
/** The most items one drag-and-drop order may hold. */
export const MAX_REORDER_SIZE = 1_000;
/** Children per query when a whole list is scanned (select-all, sorting), and the largest filtered batch. */
const SCAN_BATCH = 1_000;
/** The smallest first batch of a filtered chunk. */
const FILTER_BATCH = 100;
/** Parallel single-item reads (delete, reorder). */
const READ_CONCURRENCY = 50;
const ORDINAL = 'ordinal';

// ─── Where a list lives and how it is ordered ────────────────────────────────────────────────

/** The database path of the list's node (its items are the node's children). */
export function listPath(paths: Paths, address: ListAddress): string {
  const { source } = address.definition;
  try {
    switch (source.kind) {
      case 'section': {
        const base = source.base ?? address.base;
        return paths.section(address.community, address.tab ? `${base}-${address.tab.id}` : base);
      }
      case 'calendar':
        return paths.calendarEvents(address.community, address.base);
      case 'node':
        if (source.node.length === 0) throw new ListError('A list node needs a path.');
        return child(paths.locationData(address.community), ...source.node);
      case 'system':
        return paths.systemData(source.node.join('/'));
    }
  } catch (error) {
    if (error instanceof PathKeyError) throw new ListError(error.message);
    throw error;
  }
}

/** The database order of a list: by key, by a child, or by key among the children where a child equals a value. */
type Plan =
  | { kind: 'key'; reverse: boolean }
  | { kind: 'child'; child: string; reverse: boolean; from?: number; to?: number }
  | { kind: 'where'; child: string; equals: string; reverse: boolean };

/** A database child path ('/'-separated) from a field path (dotted or '/'-separated). */
function childPath(field: string): string {
  const parts = field.split(/[./]/);
  if (!parts.every((part) => isValidKey(part))) throw new ListError(`"${field}" is not a field path.`);
  return parts.join('/');
}

function planOf(address: ListAddress): Plan {
  const { source } = address.definition;
  const order = address.order ?? address.definition.order;
  const reverse = order.by !== 'ordinal' && order.newestFirst === true;
  if ((source.kind === 'node' || source.kind === 'system') && source.where) {
    return { kind: 'where', child: childPath(source.where.child), equals: source.where.equals, reverse };
  }
  if (order.by === 'key') return { kind: 'key', reverse };
  const plan: Plan = { kind: 'child', child: order.by === 'ordinal' ? ORDINAL : childPath(order.child), reverse };
  const range = order.by === 'child' ? address.range : undefined;
  if (range?.from !== undefined && Number.isFinite(range.from)) plan.from = range.from;
  if (range?.to !== undefined && Number.isFinite(range.to)) plan.to = range.to;
  return plan;
}

const SCAN_PLAN_KEY: Plan = { kind: 'key', reverse: false };

function listRef(db: RealtimeDb, paths: Paths, address: ListAddress): Reference {
  return db.ref(listPath(paths, address));
}

function checkKey(key: unknown): string {
  if (!isValidKey(key)) throw new ListError(`${JSON.stringify(key)} is not an item key.`);
  return key;
}

const asItem = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** True when the item belongs to the list: for sources with `where`, its child equals the value. */
function belongs(address: ListAddress, item: Record<string, unknown>): boolean {
  const { source } = address.definition;
  return (
    (source.kind !== 'node' && source.kind !== 'system') || !source.where || fieldValue(item, source.where.child) === source.where.equals
  );
}

// ─── Reading in chunks ───────────────────────────────────────────────────────────────────────

interface Scanned {
  key: string;
  /** The child's value when it is an object (an item), else null. */
  item: Record<string, unknown> | null;
  /** Where a chunk ending here resumes; null when the sort value cannot bound a query (an object). */
  position: ListPosition | null;
}

interface Batch {
  children: Scanned[];
  /** Children the query returned (the cursor's own child included). */
  read: number;
  /** The list has nothing after these children. */
  ended: boolean;
}

function isQueryValue(value: unknown): value is QueryValue {
  return value === null || typeof value === 'boolean' || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

function positionOf(plan: Plan, snapshot: DataSnapshot, key: string): ListPosition | null {
  if (plan.kind !== 'child') return { key };
  const value: unknown = snapshot.child(plan.child).val();
  return isQueryValue(value) ? { key, value } : null;
}

/** Up to `count` children after `after` (or from the start), in the list's order. */
async function readBatch(ref: Reference, plan: Plan, after: ListPosition | null, count: number): Promise<Batch> {
  // The cursor's child comes back first (startAt / endAt include it): read one more and drop it.
  const wanted = after ? count + 1 : count;
  let query: Query;
  if (plan.kind === 'key') {
    query = ref.orderByKey();
    if (after) query = plan.reverse ? query.endAt(after.key) : query.startAt(after.key);
  } else if (plan.kind === 'child') {
    query = ref.orderByChild(plan.child);
    if (after) {
      if (after.value === undefined) throw new ListError('The list position is not valid for this list.');
      query = plan.reverse ? query.endAt(after.value, after.key) : query.startAt(after.value, after.key);
      // The range's other end still holds.
      if (plan.reverse && plan.from !== undefined) query = query.startAt(plan.from);
      if (!plan.reverse && plan.to !== undefined) query = query.endAt(plan.to);
    } else {
      if (plan.from !== undefined) query = query.startAt(plan.from);
      if (plan.to !== undefined) query = query.endAt(plan.to);
    }
  } else {
    query = ref.orderByChild(plan.child);
    if (!after) query = query.equalTo(plan.equals);
    else if (plan.reverse) query = query.startAt(plan.equals).endAt(plan.equals, after.key);
    else query = query.startAt(plan.equals, after.key).endAt(plan.equals);
  }
  query = plan.reverse ? query.limitToLast(wanted) : query.limitToFirst(wanted);

  const snapshot = await query.get();
  const children: Scanned[] = [];
  snapshot.forEach((entry) => {
    const key = entry.key;
    if (key !== null) children.push({ key, item: asItem(entry.val()), position: positionOf(plan, entry, key) });
  });
  if (plan.reverse) children.reverse();
  const read = children.length;
  if (after && children[0]?.key === after.key) children.shift();
  return { children, read, ended: read < wanted };
}

/**
 * Visits every child of the list in `plan`'s order, `batch` at a time, until `visit` returns
 * true or the list ends. Returns the number of children read.
 */
async function scan(ref: Reference, plan: Plan, visit: (child: Scanned) => boolean | void, batch = SCAN_BATCH): Promise<number> {
  let after: ListPosition | null = null;
  let rowsRead = 0;
  for (;;) {
    const { children, read, ended } = await readBatch(ref, plan, after, batch);
    rowsRead += read;
    for (const scanned of children) if (visit(scanned) === true) return rowsRead;
    const last = children.at(-1);
    if (ended || !last?.position) return rowsRead;
    after = last.position;
  }
}

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

/** Items of the list by key (absent keys are left out), read a few at a time in parallel. */
async function readItems(ref: Reference, address: ListAddress, keys: readonly string[]): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  for (let offset = 0; offset < keys.length; offset += READ_CONCURRENCY) {
    const chunk = keys.slice(offset, offset + READ_CONCURRENCY);
    const values = await Promise.all(chunk.map(async (key) => asItem((await ref.child(key).get()).val())));
    chunk.forEach((key, index) => {
      const item = values[index];
      if (item && belongs(address, item)) found.set(key, item);
    });
  }
  return found;
}

/** Checks a list of keys from a request: an array of valid keys, without repeats, at most `max`. */
function checkKeys(keys: readonly string[], max: number): string[] {
  if (!Array.isArray(keys)) throw new ListError('The items are not a list of keys.');
  if (keys.length > max) throw new ListError(`At most ${max} items at once.`);
  keys.forEach(checkKey);
  if (new Set(keys).size !== keys.length) throw new ListError('An item is named twice.');
  return [...keys];
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

// ─── Sorting (lists ordered by ordinal) ──────────────────────────────────────────────────────

function sortableRef(db: RealtimeDb, paths: Paths, address: ListAddress): Reference {
  const { order, source } = address.definition;
  if (order.by !== 'ordinal' || ((source.kind === 'node' || source.kind === 'system') && source.where))
    throw new ListError('This list is not sorted by hand.');
  return listRef(db, paths, address);
}

const ORDINAL_PLAN: Plan = { kind: 'child', child: ORDINAL, reverse: false };

const ordinalOf = (scanned: Scanned): unknown => scanned.item?.[ORDINAL] ?? null;

function onlyChild(snapshot: DataSnapshot): DataSnapshot | null {
  let found: DataSnapshot | null = null;
  snapshot.forEach((entry) => {
    found = entry;
    return true;
  });
  return found;
}

const numberOrNull = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * Gives every item without a numeric ordinal one, keeping the list's order: those that sort
 * before the numbers (no ordinal, false, true: in key order) get numbers below the smallest,
 * those after them (strings, objects) numbers above the largest. One update; nothing is read
 * beyond the first and last child when every item is numbered.
 */
async function normalizeOrdinals(ref: Reference): Promise<void> {
  const byOrdinal = ref.orderByChild(ORDINAL);
  const [first, last] = await Promise.all([byOrdinal.limitToFirst(1).get(), byOrdinal.limitToLast(1).get()]);
  const firstChild = onlyChild(first);
  const lastChild = onlyChild(last);
  if (!firstChild || !lastChild) return;
  const numbered = (entry: DataSnapshot) => numberOrNull(entry.child(ORDINAL).val()) !== null;
  if (numbered(firstChild) && numbered(lastChild)) return;

  const low: string[] = [];
  await scan(ref, ORDINAL_PLAN, (scanned) => {
    const ordinal = ordinalOf(scanned);
    if (ordinal !== null && typeof ordinal !== 'boolean') return true;
    if (scanned.item) low.push(scanned.key);
    return false;
  });
  const high: string[] = [];
  (await byOrdinal.startAt('').get()).forEach((entry) => {
    if (entry.key !== null && asItem(entry.val())) high.push(entry.key);
  });
  const [smallest, largest] = await Promise.all([
    byOrdinal.startAt(-Number.MAX_VALUE).limitToFirst(1).get(),
    byOrdinal.endAt(Number.MAX_VALUE).limitToLast(1).get(),
  ]);
  const min = numberOrNull(onlyChild(smallest)?.child(ORDINAL).val());
  const max = numberOrNull(onlyChild(largest)?.child(ORDINAL).val());

  const values: Record<string, DbValue> = {};
  const below = min ?? 0;
  low.forEach((key, index) => (values[`${key}/${ORDINAL}`] = below - low.length + index));
  const above = (max ?? -1) + 1;
  high.forEach((key, index) => (values[`${key}/${ORDINAL}`] = above + index));
  if (Object.keys(values).length > 0) await ref.update(values);
}

/**
 * The ordinal that puts a new item on top: the first item's ordinal minus 1 (0 for an empty
 * list), after numbering the items that have no numeric ordinal. Null for lists not sorted by
 * ordinal.
 */
export async function topOrdinal(db: RealtimeDb, paths: Paths, address: ListAddress): Promise<number | null> {
  const { order, source } = address.definition;
  if (order.by !== 'ordinal' || ((source.kind === 'node' || source.kind === 'system') && source.where)) return null;
  const ref = listRef(db, paths, address);
  await normalizeOrdinals(ref);
  const first = onlyChild(await ref.orderByChild(ORDINAL).limitToFirst(1).get());
  const ordinal = numberOrNull(first?.child(ORDINAL).val());
  return ordinal === null ? 0 : ordinal - 1;
}

/** Writes ordinals 0..n-1 in the given order, in one update, for the items whose ordinal differs. */
async function writeOrder(ref: Reference, order: ReadonlyArray<{ key: string; ordinal: unknown }>): Promise<void> {
  const values: Record<string, DbValue> = {};
  order.forEach(({ key, ordinal }, index) => {
    if (ordinal !== index) values[`${key}/${ORDINAL}`] = index;
  });
  if (Object.keys(values).length > 0) await ref.update(values);
}

/**
 * Move up / Move down: swaps the item's ordinal with its neighbour's (two rows read around it).
 * Items without a numeric ordinal are numbered first; when the two share an ordinal, the whole
 * list is renumbered in its order with the two swapped. False when there is no such item or no
 * neighbour on that side.
 */
export async function moveItem(
  db: RealtimeDb,
  paths: Paths,
  address: ListAddress,
  key: string,
  direction: 'up' | 'down',
): Promise<boolean> {
  const ref = sortableRef(db, paths, address);
  checkKey(key);
  if (direction !== 'up' && direction !== 'down') throw new ListError('An item moves up or down.');
  await normalizeOrdinals(ref);
  const own = asItem((await ref.child(key).get()).val());
  if (!own) return false;
  const ordinal = numberOrNull(own[ORDINAL]);
  if (ordinal === null) return false;

  const byOrdinal = ref.orderByChild(ORDINAL);
  const nearby = direction === 'up' ? byOrdinal.endAt(ordinal, key).limitToLast(2) : byOrdinal.startAt(ordinal, key).limitToFirst(2);
  const around: DataSnapshot[] = [];
  (await nearby.get()).forEach((entry) => {
    around.push(entry);
  });
  const [a, b] = around;
  const neighbour = direction === 'up' ? (b?.key === key ? a : undefined) : a?.key === key ? b : undefined;
  if (!neighbour || neighbour.key === null || !asItem(neighbour.val())) return false;
  const theirs = numberOrNull(neighbour.child(ORDINAL).val());

  if (theirs !== null && theirs !== ordinal) {
    await ref.update({ [`${key}/${ORDINAL}`]: theirs, [`${neighbour.key}/${ORDINAL}`]: ordinal });
    return true;
  }
  const order: Array<{ key: string; ordinal: unknown }> = [];
  await scan(ref, ORDINAL_PLAN, (scanned) => {
    if (scanned.item) order.push({ key: scanned.key, ordinal: ordinalOf(scanned) });
  });
  const from = order.findIndex((entry) => entry.key === key);
  const to = order.findIndex((entry) => entry.key === neighbour.key);
  const [moving, other] = [order[from], order[to]];
  if (!moving || !other) return false;
  order[from] = other;
  order[to] = moving;
  await writeOrder(ref, order);
  return true;
}

/**
 * A drag-and-drop result: the given items (the list's, at most 1000) get ordinals 0..n-1 in
 * that order, in one update. A key that is not an item of the list is refused.
 */
export async function reorder(db: RealtimeDb, paths: Paths, address: ListAddress, keys: readonly string[]): Promise<void> {
  const ref = sortableRef(db, paths, address);
  const wanted = checkKeys(keys, MAX_REORDER_SIZE);
  const items = await readItems(ref, address, wanted);
  const unknown = wanted.find((key) => !items.has(key));
  if (unknown !== undefined) throw new ListError(`"${unknown}" is not an item of this list.`);
  await writeOrder(
    ref,
    wanted.map((key) => ({ key, ordinal: items.get(key)?.[ORDINAL] })),
  );
}

/**
 * Sort Alphabetically: ordinals 0..n-1 by title (locale order, case-insensitive; equal titles
 * by key), in one update. Returns how many items the list holds.
 */
export async function sortAlphabetically(db: RealtimeDb, paths: Paths, address: ListAddress): Promise<number> {
  const ref = sortableRef(db, paths, address);
  const titleField = address.definition.fields.title;
  const entries: Array<{ key: string; ordinal: unknown; title: string }> = [];
  await scan(ref, SCAN_PLAN_KEY, (scanned) => {
    if (!scanned.item) return;
    const title = fieldValue(scanned.item, titleField);
    entries.push({
      key: scanned.key,
      ordinal: scanned.item[ORDINAL],
      title: (typeof title === 'string' ? title : typeof title === 'number' ? String(title) : '').trim().toLocaleLowerCase(),
    });
  });
  entries.sort(
    (a, b) => a.title.localeCompare(b.title, undefined, { sensitivity: 'base' }) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
  await writeOrder(ref, entries);
  return entries.length;
}
