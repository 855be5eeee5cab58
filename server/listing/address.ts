import type { RealtimeDb, Reference } from '@server/db';
import { child, PathKeyError, type Paths } from '@server/paths';
import { isValidKey } from '~/lib/db-key';
import type { ListContextDefinition, ListOrder, ListTab } from '~/lib/listing/types';
import { ListError } from './cursor';
import { fieldValue } from './filters';

/**
 * Where a list lives and how it is ordered: a list's address, its database node and query
 * order (see engine.ts), and the checks of the keys and items a request names.
 */

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
  /** Guest entries (source adapter): the user-written context and item whose entries the list holds. */
  entries?: { context: string; item: string };
  /** The users lists (source adapter): `everyone` adds the community's logged-in app users to its staff ('Show all logged in users'). */
  users?: { everyone: boolean };
}

/** Spec 01 §9 "load-all size 10000": the most keys select-all gathers, and the most keys one delete takes. */
export const LOAD_ALL_SIZE = 10_000;
/** The largest chunk one request may ask for. */
export const MAX_PAGE_SIZE = 1_000;
/** The most items one drag-and-drop order may hold. */
export const MAX_REORDER_SIZE = 1_000;
/** The child a hand-sorted list is ordered by. */
export const ORDINAL = 'ordinal';

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
      case 'adapter':
        throw new ListError('This list is not a database node: its source adapter reads it.');
    }
  } catch (error) {
    if (error instanceof PathKeyError) throw new ListError(error.message);
    throw error;
  }
}

/** The database order of a list: by key, by a child, or by key among the children where a child equals a value. */
export type Plan =
  | { kind: 'key'; reverse: boolean }
  | { kind: 'child'; child: string; reverse: boolean; from?: number; to?: number }
  | { kind: 'where'; child: string; equals: string; reverse: boolean };

/** A database child path ('/'-separated) from a field path (dotted or '/'-separated). */
export function childPath(field: string): string {
  const parts = field.split(/[./]/);
  if (!parts.every((part) => isValidKey(part))) throw new ListError(`"${field}" is not a field path.`);
  return parts.join('/');
}

export function planOf(address: ListAddress): Plan {
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

export const SCAN_PLAN_KEY: Plan = { kind: 'key', reverse: false };

export function listRef(db: RealtimeDb, paths: Paths, address: ListAddress): Reference {
  return db.ref(listPath(paths, address));
}

export function checkKey(key: unknown): string {
  if (!isValidKey(key)) throw new ListError(`${JSON.stringify(key)} is not an item key.`);
  return key;
}

export const asItem = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** True when the item belongs to the list: for sources with `where`, its child equals the value. */
export function belongs(address: ListAddress, item: Record<string, unknown>): boolean {
  const { source } = address.definition;
  return (
    (source.kind !== 'node' && source.kind !== 'system') || !source.where || fieldValue(item, source.where.child) === source.where.equals
  );
}

/** Checks a list of keys from a request: an array of valid keys, without repeats, at most `max`. */
export function checkKeys(keys: readonly string[], max: number): string[] {
  if (!Array.isArray(keys)) throw new ListError('The items are not a list of keys.');
  if (keys.length > max) throw new ListError(`At most ${max} items at once.`);
  keys.forEach(checkKey);
  if (new Set(keys).size !== keys.length) throw new ListError('An item is named twice.');
  return [...keys];
}
