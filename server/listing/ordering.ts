import type { DataSnapshot, DbValue, RealtimeDb, Reference } from '@server/db';
import type { Paths } from '@server/paths';
import { MAX_REORDER_SIZE, ORDINAL, SCAN_PLAN_KEY, asItem, checkKey, checkKeys, listRef, type ListAddress, type Plan } from './address';
import { ListError } from './cursor';
import { fieldValue } from './filters';
import { readItems, scan, type Scanned } from './scan';

/** Sorting the lists ordered by ordinal: moving an item, drag-and-drop order, alphabetical order. */

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
