import { assertValidKey, describePath, integerKey, isAncestorOrSelf, parsePath } from './path';
import type { DbValue } from './types';

/**
 * The in-memory form of stored data: a leaf, or a branch mapping keys to non-empty subtrees.
 * `null` (nothing there) is never inside a tree; an empty branch never exists.
 */
export type Tree = boolean | number | string | Branch;
export type Branch = Map<string, Tree>;

/** Firebase refuses strings longer than this many UTF-8 bytes. */
const MAX_STRING_BYTES = 10 * 1024 * 1024;

/**
 * Validates a value about to be written at `at` and converts it to a tree with Firebase's
 * normalisation: null children are dropped, empty objects and arrays become null, arrays become
 * branches keyed '0'…'n-1'. Every problem is reported with the full path of the offending value.
 * Values that are not JSON data (Date, Map, class instances) are refused rather than silently
 * written as null the way firebase-admin does.
 */
export function toTree(value: unknown, at: readonly string[], what: string): Tree | null {
  const fail = (problem: string): never => {
    throw new Error(`${what}: invalid value at ${describePath(at)}: ${problem}`);
  };
  switch (typeof value) {
    case 'boolean':
      return value;
    case 'string':
      if (value.length > MAX_STRING_BYTES / 3 && Buffer.byteLength(value) > MAX_STRING_BYTES) {
        fail(`a string longer than ${MAX_STRING_BYTES} UTF-8 bytes`);
      }
      return value;
    case 'number':
      if (!Number.isFinite(value)) fail(`${value} is not a finite number`);
      // -0 travels as 0 in Firebase's JSON; store it as 0 too.
      return value === 0 ? 0 : value;
    case 'undefined':
      return fail('undefined (use null to delete)');
    case 'object': {
      if (value === null) return null;
      const proto = Object.getPrototypeOf(value);
      if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) {
        fail(`a ${proto?.constructor?.name ?? 'non-plain object'} is not JSON data`);
      }
      const branch: Branch = new Map();
      const path = [...at, ''];
      for (const [key, child] of Object.entries(value)) {
        assertValidKey(key, at, what);
        path[at.length] = key;
        const subtree = toTree(child, path, what);
        if (subtree !== null) branch.set(key, subtree);
      }
      return branch.size === 0 ? null : branch;
    }
    default:
      return fail(`a ${typeof value} is not JSON data`);
  }
}

export interface PathWrite {
  path: string[];
  tree: Tree | null;
}

/**
 * Validates a multi-path update relative to `base`: every path and value first, then that no
 * path is an ancestor of (or the same as) another, so nothing is written when anything is wrong.
 */
export function prepareUpdate(base: readonly string[], values: Record<string, unknown>, what: string): PathWrite[] {
  if (values === null || typeof values !== 'object' || Array.isArray(values)) {
    throw new Error(`${what}: the values must be an object of paths to values`);
  }
  const writes = Object.entries(values).map(([relative, value]) => {
    const path = [...base, ...parsePath(relative, what, { allowRoot: true })];
    return { path, tree: toTree(value, path, what) };
  });
  const sorted = [...writes].sort((a, b) => compareSegments(a.path, b.path));
  for (let i = 1; i < sorted.length; i++) {
    // 1 <= i < length: both neighbours exist.
    const previous = sorted[i - 1]!.path;
    const current = sorted[i]!.path;
    if (isAncestorOrSelf(previous, current)) {
      throw new Error(
        `${what}: ${describePath(previous)} is an ancestor of (or the same path as) ${describePath(current)}; one update cannot write both`,
      );
    }
  }
  return writes;
}

function compareSegments(a: readonly string[], b: readonly string[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    // i < n, the shorter length.
    const x = a[i]!;
    const y = b[i]!;
    if (x !== y) return x < y ? -1 : 1;
  }
  return a.length - b.length;
}

const keyOrder = new WeakMap<Branch, string[]>();

/** The branch's keys in Firebase key order (computed once per branch). */
export function sortedKeys(branch: Branch): string[] {
  if (branch.size < 2) return [...branch.keys()];
  let keys = keyOrder.get(branch);
  if (!keys) {
    const integers: Array<{ key: string; value: number }> = [];
    const strings: string[] = [];
    for (const key of branch.keys()) {
      const value = integerKey(key);
      if (value === null) strings.push(key);
      else integers.push({ key, value });
    }
    strings.sort();
    if (integers.length === 0) {
      keys = strings;
    } else {
      integers.sort((a, b) => a.value - b.value || a.key.length - b.key.length);
      keys = integers.map((entry) => entry.key).concat(strings);
    }
    keyOrder.set(branch, keys);
  }
  return keys;
}

const ARRAY_INDEX = /^(0|[1-9]\d*)$/;

/**
 * The plain value of a tree, with Firebase's array rule: a branch whose keys are all array
 * indexes and where more than half of 0..max are present reads as an array (missing slots null).
 */
export function toValue(tree: Tree): DbValue {
  if (!(tree instanceof Map)) return tree;
  const keys = sortedKeys(tree);
  let max = -1;
  let arrayLike = true;
  for (const key of keys) {
    const first = key.charCodeAt(0);
    if (first < 48 || first > 57 || !ARRAY_INDEX.test(key)) {
      arrayLike = false;
      break;
    }
    max = Math.max(max, Number(key));
  }
  if (arrayLike && max < 2 * keys.length) {
    const array: DbValue[] = new Array(max + 1).fill(null);
    for (const key of keys) array[Number(key)] = toValue(tree.get(key)!);
    return array;
  }
  const object: Record<string, DbValue> = {};
  for (const key of keys) {
    const value = toValue(tree.get(key)!);
    // '__proto__' is a legal key; define it instead of assigning the prototype.
    if (key === '__proto__') Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
    else object[key] = value;
  }
  return object;
}

export function equalTrees(a: Tree | null, b: Tree | null): boolean {
  if (a === b) return true;
  if (!(a instanceof Map) || !(b instanceof Map) || a.size !== b.size) return false;
  for (const [key, child] of a) {
    const other = b.get(key);
    if (other === undefined || !equalTrees(child, other)) return false;
  }
  return true;
}

/** The subtree at a relative path, or null. */
export function treeAt(tree: Tree | null, path: readonly string[]): Tree | null {
  let node = tree;
  for (const key of path) {
    if (!(node instanceof Map)) return null;
    node = node.get(key) ?? null;
  }
  return node;
}
