import type { Readable } from 'node:stream';

/**
 * The file-storage port. Production keeps files in the project's Cloud Storage bucket (the
 * same bucket and object paths the mobile apps already read); the default keeps them on local
 * disk under the data folder. Both adapters are held to one contract (`contract.test.ts`).
 *
 * Object paths are '/'-separated and relative to the bucket (or the disk root), in the shapes
 * the spec gives: `{community}/images/{bucket}/{timestamp}/{file name}`,
 * `app-icons/{appId}/app-icon.png`, `forms/completed/{item}/{file}` …
 */

export type StorageErrorCode =
  /** The path is not a valid object path (see `validateStoragePath`). */
  | 'invalid-path'
  /** No object at that path. */
  | 'not-found'
  /** The path collides with a folder or a file of another object (local disk only). */
  | 'conflict'
  /** A content type or other argument is malformed. */
  | 'invalid-argument'
  /** The storage service failed (network, permission, quota …); `cause` holds the original error. */
  | 'backend';

export class StorageError extends Error {
  constructor(
    readonly code: StorageErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StorageError';
  }
}

export function isStorageError(error: unknown, code?: StorageErrorCode): error is StorageError {
  return error instanceof StorageError && (code === undefined || error.code === code);
}

export interface PutOptions {
  /** MIME type stored with the object and sent when it is served, e.g. `image/png`. */
  contentType: string;
  /** Cache-Control stored with the object; when absent, serving picks one from the path. */
  cacheControl?: string;
  /**
   * Store only when no object is at the path: fails with `conflict` and writes nothing when one
   * is there, even one stored at the same moment by another request.
   */
  ifAbsent?: boolean;
}

/** What `put` answers: enough to save a reference in the database. */
export interface StoredFile {
  path: string;
  /** The URL to store in the database: loadable by the browser and the mobile apps. */
  url: string;
  size: number;
  contentType: string;
}

/** An inclusive byte range, as in an HTTP `Range: bytes=start-end` header. */
export interface ByteRange {
  start: number;
  end: number;
}

/** A stored object: its metadata, with the content opened only when asked for. */
export interface StorageObject {
  path: string;
  contentType: string;
  size: number;
  updated: Date;
  /** A strong validator, already quoted for an `ETag` header (e.g. `"1f-18c2a…"`). */
  etag: string;
  /** The Cache-Control stored with the object, if any. */
  cacheControl: string | null;
  /** Opens the content (or the given byte range of it) as a stream. */
  stream(range?: ByteRange): Readable;
  /** Reads the whole content. */
  bytes(): Promise<Uint8Array>;
}

/** One object in a listing. */
export interface StorageEntry {
  path: string;
  size: number;
  contentType: string;
  updated: Date;
}

/** The direct children of a folder, as a file manager shows them. */
export interface FolderListing {
  /** Sub-folder paths, each ending with '/', sorted. */
  folders: string[];
  /** Objects directly in the folder, sorted by path. */
  files: StorageEntry[];
}

/** One page of a folder's direct children (`listFolderPage`), in the bucket's name order. */
export interface FolderPage extends FolderListing {
  /** Where the next page starts (opaque, the bucket's page token); null on the last page. */
  nextPageToken: string | null;
}

export interface FolderPageOptions {
  /** A token an earlier page answered; absent or null for the first page. */
  pageToken?: string | null;
  /** At most this many entries (folders and files together), 1 to 1000. */
  maxResults: number;
}

export interface FileStorage {
  readonly kind: 'local' | 'bucket';
  /** Writes (or replaces) the object at `path`. A replaced object keeps its download URL. */
  put(path: string, data: Uint8Array | Readable, options: PutOptions): Promise<StoredFile>;
  /** The object at `path`, or null when there is none. */
  get(path: string): Promise<StorageObject | null>;
  exists(path: string): Promise<boolean>;
  /** Removes the object; answers whether there was one. */
  delete(path: string): Promise<boolean>;
  /**
   * Every object under the folder `prefix` ('' for all, 'a/b' or 'a/b/' for that folder), at
   * any depth, sorted by path.
   */
  list(prefix: string): Promise<StorageEntry[]>;
  /** The direct children (objects and sub-folders) of the folder `prefix`. */
  listFolder(prefix: string): Promise<FolderListing>;
  /**
   * One page of the direct children of the folder `prefix`, folders and files in one name order
   * (UTF-8 bytes, as a bucket lists them). Bucket: one listing request with the delimiter and the
   * API's own page token. Local disk: the token names the last entry answered. A token that is
   * not one rejects with `invalid-argument`.
   */
  listFolderPage(prefix: string, options: FolderPageOptions): Promise<FolderPage>;
  /**
   * Moves (renames) the object at `from` to `to`, content, type and Cache-Control kept. Rejects
   * with `not-found` when there is no object at `from` and with `conflict` when one is at `to`
   * already (nothing is replaced).
   */
  move(from: string, to: string): Promise<StoredFile>;
  /**
   * The URL the browser and the mobile apps load the object from. Local disk:
   * `{baseUrl}/files/{path}` with each segment URI-encoded. Bucket: the Firebase download URL
   * with the object's download token. Rejects with `not-found` when there is no object.
   */
  url(path: string): Promise<string>;
  /**
   * Removes what writes that never finished left behind, when it was last written to before
   * `olderThan` (a write in progress is written to all the time, so it is never that old);
   * answers how many. Local disk: the files of `tmp/` (a process killed while it wrote). Bucket:
   * nothing (0): an upload's object appears only when it completes, and Cloud Storage itself
   * forgets an abandoned resumable session after a week.
   */
  removePartialWrites(olderThan: Date): Promise<number>;
}

/** The longest object name Cloud Storage accepts, in UTF-8 bytes. */
export const MAX_STORAGE_PATH_BYTES = 1024;

// Control characters (C0, DEL and C1) are never part of an object path.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
// A UTF-16 surrogate without its pair cannot be encoded as UTF-8.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `path` is not a valid object path, or null when it is. */
export function storagePathProblem(path: unknown): string | null {
  if (typeof path !== 'string') return 'must be a string';
  if (path === '') return 'must not be empty';
  if (LONE_SURROGATE.test(path)) return 'must be valid Unicode';
  if (Buffer.byteLength(path, 'utf8') > MAX_STORAGE_PATH_BYTES) return `must be at most ${MAX_STORAGE_PATH_BYTES} bytes`;
  if (CONTROL_CHARACTERS.test(path)) return 'must not contain control characters';
  if (path.includes('\\')) return 'must not contain backslashes';
  if (path.startsWith('/')) return 'must be relative (no leading "/")';
  if (/^[A-Za-z]:/.test(path)) return 'must be relative (no drive letter)';
  if (path.endsWith('/')) return 'must name a file (no trailing "/")';
  for (const segment of path.split('/')) {
    if (segment === '') return 'must not contain empty segments ("//")';
    if (segment === '.' || segment === '..') return 'must not contain "." or ".." segments';
  }
  return null;
}

export function isValidStoragePath(path: unknown): path is string {
  return storagePathProblem(path) === null;
}

/** Returns `path` when it is a valid object path; throws `StorageError('invalid-path')` otherwise. */
export function validateStoragePath(path: unknown): string {
  const problem = storagePathProblem(path);
  if (problem !== null) {
    throw new StorageError('invalid-path', `Invalid storage path ${JSON.stringify(path)}: ${problem}.`);
  }
  return path as string;
}

/**
 * A folder prefix in canonical form: '' for the root, otherwise the folder path followed by
 * '/'. Accepts 'a/b' and 'a/b/'; throws `StorageError('invalid-path')` for anything else.
 */
export function normalizeStoragePrefix(prefix: string): string {
  if (prefix === '' || prefix === '/') return '';
  const folder = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  const problem = storagePathProblem(folder);
  if (problem !== null) {
    throw new StorageError('invalid-path', `Invalid storage folder ${JSON.stringify(prefix)}: ${problem}.`);
  }
  return `${folder}/`;
}

/** The path with each segment URI-encoded, '/' kept between them: `a b/c#d` → `a%20b/c%23d`. */
export function encodeStoragePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/** Whether a MIME type looks like `type/subtype` (parameters allowed). */
export function isValidContentType(contentType: string): boolean {
  return (
    /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*(\s*;.*)?$/.test(contentType) &&
    !CONTROL_CHARACTERS.test(contentType)
  );
}

export function validateContentType(contentType: unknown): string {
  if (typeof contentType !== 'string' || !isValidContentType(contentType.trim())) {
    throw new StorageError('invalid-argument', `Invalid content type ${JSON.stringify(contentType)}.`);
  }
  return contentType.trim();
}

export function validateCacheControl(cacheControl: unknown): string | undefined {
  if (cacheControl === undefined) return undefined;
  if (typeof cacheControl !== 'string' || cacheControl.trim() === '' || CONTROL_CHARACTERS.test(cacheControl)) {
    throw new StorageError('invalid-argument', `Invalid Cache-Control ${JSON.stringify(cacheControl)}.`);
  }
  return cacheControl.trim();
}

/** The page size of `listFolderPage`: an integer from 1 to 1000 (the bucket API's most). */
export function validateMaxResults(maxResults: unknown): number {
  if (typeof maxResults !== 'number' || !Number.isInteger(maxResults) || maxResults < 1 || maxResults > 1000) {
    throw new StorageError('invalid-argument', `Invalid page size ${JSON.stringify(maxResults)}: 1 to 1000.`);
  }
  return maxResults;
}

/** Throws `invalid-argument` unless `range` lies within a file of `size` bytes. */
export function checkByteRange(range: ByteRange, size: number): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start || end >= size) {
    throw new StorageError('invalid-argument', `Invalid byte range ${start}-${end} for a file of ${size} bytes.`);
  }
}
