/**
 * Keys and paths with Firebase's rules, shared by both engines.
 *
 * A path is kept as its segments (`['events', '-Nx…', 'title']`); its text form has no leading or
 * trailing slash and is '' for the root. Key order is Firebase's: keys that read as 32-bit
 * integers come first, numerically (on a tie the shorter text first, so '7' < '07'), then every
 * other key as a string.
 */

const INVALID_KEY = /[[\].#$/\u0000-\u001F\u007F]/;
const INTEGER_KEY = /^-?0*\d{1,10}$/;
const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;
/** Firebase refuses keys longer than this many UTF-8 bytes. */
const MAX_KEY_BYTES = 768;

const KEY_RULE = 'keys must be non-empty, at most 768 bytes, and cannot contain ".", "$", "#", "[", "]", "/" or control characters';

export function isValidKey(key: string): boolean {
  if (key.length === 0 || INVALID_KEY.test(key)) return false;
  // A UTF-16 code unit takes at most 3 UTF-8 bytes: count bytes only for long keys.
  return key.length <= MAX_KEY_BYTES / 3 || Buffer.byteLength(key) <= MAX_KEY_BYTES;
}

/** The key's integer when Firebase orders it as an integer, else null. */
export function integerKey(key: string): number | null {
  const first = key.charCodeAt(0);
  // Most keys start with a letter: skip the regular expression for them.
  if (first !== 45 /* - */ && (first < 48 || first > 57) /* 0-9 */) return null;
  if (!INTEGER_KEY.test(key)) return null;
  const value = Number(key);
  return value >= INT32_MIN && value <= INT32_MAX ? value : null;
}

export function pathText(segments: readonly string[]): string {
  return segments.join('/');
}

/** '/a/b' for messages; '/' for the root. */
export function describePath(segments: readonly string[]): string {
  return `/${segments.join('/')}`;
}

/**
 * Splits a path string into validated segments; empty segments (leading, trailing or double
 * slashes) are dropped as firebase-admin does. `what` names the caller in error messages.
 */
export function parsePath(text: string, what: string, options: { allowRoot: boolean }): string[] {
  if (typeof text !== 'string') throw new Error(`${what}: the path must be a string`);
  const segments = text.split('/').filter((segment) => segment !== '');
  if (segments.length === 0 && !options.allowRoot) throw new Error(`${what}: the path must not be empty`);
  for (const segment of segments) {
    if (!isValidKey(segment)) throw new Error(`${what}: invalid path "${text}": ${KEY_RULE}`);
  }
  return segments;
}

/** Throws naming `at` (the full path of the value being written) when `key` is not a valid key. */
export function assertValidKey(key: string, at: readonly string[], what: string): void {
  if (!isValidKey(key)) {
    throw new Error(`${what}: invalid key "${key}" at ${describePath([...at, key])}: ${KEY_RULE}`);
  }
}

/** True when `ancestor` is `path` itself or one of its ancestors. */
export function isAncestorOrSelf(ancestor: readonly string[], path: readonly string[]): boolean {
  if (ancestor.length > path.length) return false;
  return ancestor.every((segment, i) => segment === path[i]);
}

/** Paths related to each other: one contains the other. */
export function pathsOverlap(a: readonly string[], b: readonly string[]): boolean {
  return isAncestorOrSelf(a, b) || isAncestorOrSelf(b, a);
}
