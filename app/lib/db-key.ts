/**
 * The one rule for database keys (Firebase Realtime Database's): not empty, at most 768 UTF-8
 * bytes, none of `. $ # [ ] /` and no control characters. Isomorphic and pure, so a form's
 * schema can hold a posted key to it in the browser and in the action; server/paths builds
 * every path with the same rule.
 */

/** Characters no database key may hold, besides control characters. */
export const FORBIDDEN_KEY_CHARACTERS = ['.', '$', '#', '[', ']', '/'] as const;
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
/** Firebase's limit on a key, in UTF-8 bytes. */
export const MAX_KEY_BYTES = 768;

const utf8Length = (value: string): number => new TextEncoder().encode(value).length;

/** Why `value` is not a valid database key, or null when it is. */
export function keyProblem(value: unknown): string | null {
  if (typeof value !== 'string') return `a key must be a string, not ${value === null ? 'null' : typeof value}`;
  if (value === '') return 'a key cannot be empty';
  const forbidden = FORBIDDEN_KEY_CHARACTERS.find((character) => value.includes(character));
  if (forbidden) return `a key cannot contain "${forbidden}" (none of . $ # [ ] /)`;
  if (CONTROL_CHARACTER.test(value)) return 'a key cannot contain control characters';
  // A UTF-16 code unit takes at most 3 UTF-8 bytes: count bytes only for long keys.
  if (value.length > MAX_KEY_BYTES / 3 && utf8Length(value) > MAX_KEY_BYTES) return `a key is at most ${MAX_KEY_BYTES} bytes long`;
  return null;
}

export function isValidKey(value: unknown): value is string {
  return keyProblem(value) === null;
}
