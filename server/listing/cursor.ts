import type { QueryValue } from '@server/db';
import { isValidKey } from '~/lib/db-key';

/**
 * A list request the engine refuses: an invalid or unknown key, a junk cursor, a page size out
 * of range, a sort action on a list that is not sorted by hand. Routes answer 400.
 */
export class ListError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ListError';
  }
}

/**
 * Where a chunk of a list ended: the last child scanned, with its sort value for lists ordered
 * by a child (ordinal, a time); the next chunk starts right after it.
 */
export interface ListPosition {
  key: string;
  /** The child's sort value; absent for lists read in key order. */
  value?: QueryValue;
}

/** Cursors longer than this are junk (a key is at most 768 bytes). */
const MAX_CURSOR_LENGTH = 4096;

const isQueryValue = (value: unknown): value is QueryValue =>
  value === null || typeof value === 'boolean' || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));

/** The opaque cursor of a position: base64url of `{"k": key, "v": value}`. */
export function encodeCursor(position: ListPosition): string {
  const body = position.value === undefined ? { k: position.key } : { k: position.key, v: position.value };
  return Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
}

/** The position a cursor names; anything that is not a cursor this module made throws ListError. */
export function decodeCursor(cursor: string): ListPosition {
  if (typeof cursor !== 'string' || cursor === '' || cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) {
    throw new ListError('The list position is not valid.');
  }
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new ListError('The list position is not valid.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ListError('The list position is not valid.');
  const { k, v, ...rest } = body as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || !isValidKey(k) || (v !== undefined && !isQueryValue(v))) {
    throw new ListError('The list position is not valid.');
  }
  return v === undefined ? { key: k } : { key: k, value: v };
}
