import { integerKey } from '../path';
import type { QueryValue } from '../types';

/**
 * Column encodings whose SQLite order is Firebase's order.
 *
 * Keys: (kcls, kint, key). Integer keys have kcls 0 and kint = value × 1024 + text length (so
 * '7' < '07' < '007' as in Firebase), other keys kcls 1, kint 0, ordered by `key`.
 * Values: (vtype, vnum, vstr) with vtype the rank of the type — 0 null (only in index entries:
 * the child lacks the field), 1 false, 2 true, 3 number, 4 string, 5 object — and the
 * unused columns at 0 / ''.
 */

export const VTYPE = { null: 0, false: 1, true: 2, number: 3, string: 4, object: 5 } as const;

export type Leaf = boolean | number | string;

export interface KeyColumns {
  kcls: number;
  kint: number;
}

export interface ValueColumns {
  vtype: number;
  vnum: number;
  vstr: string;
}

const INTEGER_LENGTH_SLOTS = 1024;

export function encodeKey(key: string): KeyColumns {
  const value = integerKey(key);
  if (value === null) return { kcls: 1, kint: 0 };
  return { kcls: 0, kint: value * INTEGER_LENGTH_SLOTS + Math.min(key.length, INTEGER_LENGTH_SLOTS - 1) };
}

export function encodeValue(value: QueryValue): ValueColumns {
  switch (typeof value) {
    case 'boolean':
      return { vtype: value ? VTYPE.true : VTYPE.false, vnum: 0, vstr: '' };
    case 'number':
      return { vtype: VTYPE.number, vnum: value, vstr: '' };
    case 'string':
      return { vtype: VTYPE.string, vnum: 0, vstr: value };
    default:
      return { vtype: VTYPE.null, vnum: 0, vstr: '' };
  }
}

export function decodeLeaf(row: ValueColumns): Leaf {
  switch (row.vtype) {
    case VTYPE.false:
      return false;
    case VTYPE.true:
      return true;
    case VTYPE.number:
      return row.vnum;
    case VTYPE.string:
      return row.vstr;
    default:
      throw new Error(`The embedded database holds a leaf of unknown type ${row.vtype}`);
  }
}

/** A position in key order: (kcls, kint, key). */
export type KeyTuple = readonly [kcls: number, kint: number, key: string];

export function keyTuple(key: string): KeyTuple {
  const { kcls, kint } = encodeKey(key);
  return [kcls, kint, key];
}

/** Positions below and above every real key, for bounds given without a key. */
export const BEFORE_ALL_KEYS: KeyTuple = [-1, 0, ''];
export const AFTER_ALL_KEYS: KeyTuple = [2, 0, ''];
