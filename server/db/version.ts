import { createHash } from 'node:crypto';

/**
 * The version of a record as a form showed it: a short hash of its value, the same for equal
 * values whatever the order of their keys. A form that edits a record carries the version of
 * what it showed (a hidden field); its save compares it, inside the write's transaction, with
 * the version of what is stored, and a difference means someone else changed the record
 * meanwhile (see app/lib/conflict.ts).
 *
 * Forms hash what they show (the record's form value), so a change to a field the form neither
 * shows nor writes does not count as a conflict; the save keeps such fields as stored.
 */
export function versionOf(value: unknown): string {
  return createHash('sha256').update(canonical(value)).digest('base64url').slice(0, 22);
}

/** JSON with object keys sorted; undefined members dropped as JSON drops them. */
function canonical(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonical(item))).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, member]) => member !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${canonical(member)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What a transaction's update function returns to write nothing. It aborts, except when it was
 * handed null: Firebase calls it first with its cached value, null when it has none, and an
 * abort then would end the transaction without ever seeing the stored value. Proposing null
 * there writes nothing on an empty node and makes the SDK retry with the stored value when
 * there is one (the embedded engine always hands the stored value).
 */
export function unchanged(current: unknown): null | undefined {
  return current === null || current === undefined ? null : undefined;
}
