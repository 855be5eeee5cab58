import { isValidKey, parsePath } from '../path';
import type { QueryValue } from '../types';

/**
 * An immutable query description, built step by step with firebase-admin's validation (and
 * its messages): one orderBy, one start, one end, one limit; bounds typed for their order.
 */

export type Order =
  /** No orderBy: Firebase's priority order; without priorities that is key order. */
  { kind: 'priority' } | { kind: 'key' } | { kind: 'value' } | { kind: 'child'; path: string };

export interface Bound {
  value: QueryValue;
  /** Breaks ties among children with the same sort value; absent means before / after all. */
  key?: string;
}

export interface QuerySpec {
  readonly order: Order;
  readonly start?: Bound;
  readonly end?: Bound;
  readonly limit?: { count: number; fromEnd: boolean };
}

export const PLAIN_QUERY: QuerySpec = { order: { kind: 'priority' } };

/** No bounds, no limit: the result is the whole location. */
export function isUnfiltered(spec: QuerySpec): boolean {
  return !spec.start && !spec.end && !spec.limit;
}

export function orderBy(spec: QuerySpec, order: Order, method: string): QuerySpec {
  if (spec.order.kind !== 'priority') throw new Error(`${method}: You can't combine multiple orderBy calls.`);
  if (order.kind === 'child') {
    if (order.path === '$key' || order.path === '$value' || order.path === '$priority') {
      throw new Error(`${method}: "${order.path}" is invalid. Use orderByKey() or orderByValue() instead.`);
    }
    order = { kind: 'child', path: parsePath(order.path, method, { allowRoot: false }).join('/') };
  }
  return checked({ ...spec, order });
}

export function startAt(spec: QuerySpec, value: QueryValue, key: string | undefined, method = 'startAt'): QuerySpec {
  if (spec.start) throw new Error(`${method}: Starting point was already set (by another call to startAt or equalTo).`);
  return checked({ ...spec, start: bound(value, key, method) });
}

export function endAt(spec: QuerySpec, value: QueryValue, key: string | undefined, method = 'endAt'): QuerySpec {
  if (spec.end) throw new Error(`${method}: Ending point was already set (by another call to endAt or equalTo).`);
  return checked({ ...spec, end: bound(value, key, method) });
}

export function equalTo(spec: QuerySpec, value: QueryValue, key: string | undefined): QuerySpec {
  if (spec.start) throw new Error('equalTo: Starting point was already set (by another call to startAt or equalTo).');
  if (spec.end) throw new Error('equalTo: Ending point was already set (by another call to endAt or equalTo).');
  return endAt(startAt(spec, value, key, 'equalTo'), value, key, 'equalTo');
}

export function limit(spec: QuerySpec, count: number, fromEnd: boolean): QuerySpec {
  const method = fromEnd ? 'limitToLast' : 'limitToFirst';
  if (typeof count !== 'number' || !Number.isInteger(count) || count <= 0) {
    throw new Error(`${method}: First argument must be a positive integer.`);
  }
  if (spec.limit) throw new Error(`${method}: Limit was already set (by another call to limitToFirst or limitToLast).`);
  return { ...spec, limit: { count, fromEnd } };
}

function bound(value: QueryValue, key: string | undefined, method: string): Bound {
  const valid =
    value === null || typeof value === 'boolean' || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
  if (!valid) throw new Error(`${method}: the value must be null, a boolean, a finite number or a string.`);
  if (key === undefined) return { value };
  if (typeof key !== 'string' || !isValidKey(key)) {
    throw new Error(
      `${method}: was an invalid key = "${key}". Firebase keys must be non-empty strings and can't contain ".", "#", "$", "/", "[", or "]".`,
    );
  }
  return { value, key };
}

/** firebase-admin's endpoint rules for the query's order. */
function checked(spec: QuerySpec): QuerySpec {
  const bounds = [spec.start, spec.end].filter((b): b is Bound => b !== undefined);
  if (spec.order.kind === 'key') {
    for (const b of bounds) {
      if (b.key !== undefined) {
        throw new Error('Query: When ordering by key, you may only pass one argument to startAt(), endAt(), or equalTo().');
      }
      if (typeof b.value !== 'string') {
        throw new Error('Query: When ordering by key, the argument passed to startAt(), endAt(), or equalTo() must be a string.');
      }
    }
  } else if (spec.order.kind === 'priority' && bounds.some((b) => typeof b.value === 'boolean')) {
    throw new Error(
      'Query: When ordering by priority, the first argument passed to startAt(), endAt(), or equalTo() must be a valid priority value (null, a number, or a string).',
    );
  }
  return spec;
}
