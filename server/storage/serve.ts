import { createReadableStreamFromReadable } from '@remix-run/node';
import { essenceOf } from './content-type';
import { LOCAL_FILES_MOUNT } from './local-disk';
import { isStorageError, isValidStoragePath, type ByteRange, type FileStorage, type StorageObject } from './types';

/**
 * Serving stored files over HTTP (the `/files/*` resource route). Local-disk files are sent
 * with their content type, validators (ETag, Last-Modified → 304), caching and byte ranges;
 * with the bucket engine the route redirects to the object's Firebase download URL.
 */

/** Uploads live under `{community}/images/{bucket}/{timestamp}/…` and never change. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Everything else (icons at fixed paths, calendars, marketing images) may be replaced. */
export const SHORT_CACHE_CONTROL = 'public, max-age=300';
/** SVGs render as images in pages; opened directly they may style themselves, nothing more. */
export const SVG_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'";
/** Markup and scripts are never run from the console's origin. */
export const ACTIVE_CONTENT_SECURITY_POLICY = "default-src 'none'; sandbox";

const ACTIVE_MARKUP = new Set(['text/html', 'application/xhtml+xml', 'application/xml', 'text/xml', 'application/vnd.wap.xhtml+xml']);
const SCRIPTS = new Set([
  'text/javascript',
  'application/javascript',
  'application/ecmascript',
  'text/ecmascript',
  'application/x-javascript',
]);

/** A folder named by a Date.now() (or Unix seconds) timestamp, as uploads are written. */
const TIMESTAMP_SEGMENT = /^\d{10,16}$/;

/** Cache-Control for an object stored without one, chosen by its path. */
export function cacheControlFor(path: string): string {
  const folders = path.split('/').slice(0, -1);
  return folders.some((segment, index) => index > 0 && TIMESTAMP_SEGMENT.test(segment)) ? IMMUTABLE_CACHE_CONTROL : SHORT_CACHE_CONTROL;
}

/**
 * The object path a `/files/…` URL names: each segment percent-decoded, so
 * `/files/c1/images/a%20b.png` → `c1/images/a b.png`. Null for any other URL, for an encoded
 * '/' inside a segment, and for paths that are not valid object paths ('..', empty segments …).
 */
export function storagePathFromUrl(url: string | URL, mount: string = LOCAL_FILES_MOUNT): string | null {
  const { pathname } = typeof url === 'string' ? new URL(url, 'http://localhost') : url;
  const start = `${mount.replace(/\/+$/, '')}/`;
  if (!pathname.startsWith(start)) return null;
  const segments: string[] = [];
  for (const raw of pathname.slice(start.length).split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment.includes('/')) return null;
    segments.push(segment);
  }
  const path = segments.join('/');
  return isValidStoragePath(path) ? path : null;
}

/**
 * Answers a GET or HEAD for the stored object at `path` (already decoded, e.g. from
 * `storagePathFromUrl`). Never throws for a bad path: anything that is not a stored object
 * is a 404.
 */
export async function serveFile(storage: FileStorage, request: Request, path: string): Promise<Response> {
  const method = request.method.toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') {
    return new Response('Method Not Allowed', {
      status: 405,
      headers: { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  if (!isValidStoragePath(path)) return notFound();

  if (storage.kind === 'bucket') {
    try {
      const location = await storage.url(path);
      return new Response(null, { status: 302, headers: { Location: location, 'Cache-Control': SHORT_CACHE_CONTROL } });
    } catch (error) {
      if (isStorageError(error, 'not-found') || isStorageError(error, 'invalid-path')) return notFound();
      throw error;
    }
  }

  let object: StorageObject | null;
  try {
    object = await storage.get(path);
  } catch (error) {
    if (isStorageError(error, 'invalid-path')) return notFound();
    throw error;
  }
  if (!object) return notFound();

  const headers = representationHeaders(object);

  if (isNotModified(request, object)) {
    const notModified = new Headers();
    for (const name of ['ETag', 'Last-Modified', 'Cache-Control', 'X-Content-Type-Options']) {
      const value = headers.get(name);
      if (value !== null) notModified.set(name, value);
    }
    return new Response(null, { status: 304, headers: notModified });
  }

  let range: ByteRange | undefined;
  const rangeHeader = request.headers.get('Range');
  if (rangeHeader !== null && object.size > 0 && rangeStillValid(request, object)) {
    const parsed = parseRange(rangeHeader, object.size);
    if (parsed === 'unsatisfiable') {
      headers.set('Content-Range', `bytes */${object.size}`);
      headers.delete('Content-Length');
      headers.set('Content-Type', 'text/plain; charset=utf-8');
      return new Response(method === 'HEAD' ? null : 'Range Not Satisfiable', { status: 416, headers });
    }
    if (parsed !== null) range = parsed;
  }

  let status = 200;
  if (range) {
    status = 206;
    headers.set('Content-Range', `bytes ${range.start}-${range.end}/${object.size}`);
    headers.set('Content-Length', String(range.end - range.start + 1));
  }
  if (method === 'HEAD') return new Response(null, { status, headers });
  const body = createReadableStreamFromReadable(object.stream(range));
  return new Response(body, { status, headers });
}

function representationHeaders(object: StorageObject): Headers {
  const type = essenceOf(object.contentType);
  const headers = new Headers({
    'Content-Type': object.contentType,
    'Content-Length': String(object.size),
    'X-Content-Type-Options': 'nosniff',
    ETag: object.etag,
    'Last-Modified': object.updated.toUTCString(),
    'Cache-Control': object.cacheControl ?? cacheControlFor(object.path),
    'Accept-Ranges': 'bytes',
  });
  if (type === 'image/svg+xml') {
    headers.set('Content-Security-Policy', SVG_CONTENT_SECURITY_POLICY);
  } else if (ACTIVE_MARKUP.has(type) || SCRIPTS.has(type)) {
    headers.set('Content-Security-Policy', ACTIVE_CONTENT_SECURITY_POLICY);
    headers.set(
      'Content-Disposition',
      `attachment; filename*=UTF-8''${encodeURIComponent(object.path.slice(object.path.lastIndexOf('/') + 1))}`,
    );
    // A script served as a script could be loaded by a <script> on the console's origin.
    if (SCRIPTS.has(type)) headers.set('Content-Type', 'text/plain; charset=utf-8');
  }
  return headers;
}

function notFound() {
  return new Response('Not Found', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' },
  });
}

/** RFC 9110 §13.2.2: If-None-Match (weak comparison) wins over If-Modified-Since. */
function isNotModified(request: Request, object: StorageObject): boolean {
  const ifNoneMatch = request.headers.get('If-None-Match');
  if (ifNoneMatch !== null) {
    const tags = ifNoneMatch.split(',').map((tag) => tag.trim());
    return tags.includes('*') || tags.some((tag) => opaqueTag(tag) === opaqueTag(object.etag));
  }
  const ifModifiedSince = request.headers.get('If-Modified-Since');
  if (ifModifiedSince !== null) {
    const since = Date.parse(ifModifiedSince);
    if (Number.isNaN(since)) return false;
    return Math.floor(object.updated.getTime() / 1000) <= Math.floor(since / 1000);
  }
  return false;
}

/** If-Range: the range applies only to the representation the client already holds part of. */
function rangeStillValid(request: Request, object: StorageObject): boolean {
  const ifRange = request.headers.get('If-Range');
  if (ifRange === null) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) {
    // Strong comparison: a weak tag never matches.
    return !value.startsWith('W/') && value === object.etag;
  }
  const date = Date.parse(value);
  return !Number.isNaN(date) && Math.floor(date / 1000) === Math.floor(object.updated.getTime() / 1000);
}

function opaqueTag(tag: string) {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}

/**
 * One `bytes=` range (first-last, first- or -suffix) within `size`. Null when the header is
 * not a single byte range (then the whole file is sent); 'unsatisfiable' when it lies outside.
 */
export function parseRange(header: string, size: number): ByteRange | 'unsatisfiable' | null {
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return null;
  const [, first, last] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return null;
  return { start, end };
}
