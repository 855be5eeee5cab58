import type { DataSnapshot, Query, QueryValue, Reference } from '@server/db';
import { asItem, belongs, type ListAddress, type Plan } from './address';
import { ListError, type ListPosition } from './cursor';

/** Reading a list in chunks, in its order, and reading items by key. */

/** Children per query when a whole list is scanned (select-all, sorting), and the largest filtered batch. */
export const SCAN_BATCH = 1_000;
/** Parallel single-item reads (delete, reorder). */
const READ_CONCURRENCY = 50;

export interface Scanned {
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
export async function readBatch(ref: Reference, plan: Plan, after: ListPosition | null, count: number): Promise<Batch> {
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
export async function scan(ref: Reference, plan: Plan, visit: (child: Scanned) => boolean | void, batch = SCAN_BATCH): Promise<number> {
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

/** Items of the list by key (absent keys are left out), read a few at a time in parallel. */
export async function readItems(
  ref: Reference,
  address: ListAddress,
  keys: readonly string[],
): Promise<Map<string, Record<string, unknown>>> {
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
