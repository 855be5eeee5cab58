/**
 * Rendered public pages kept for the next anonymous visitor (docs/decisions/027). Only a route
 * that says so is kept — the public calendar and its event pages, which anyone may see and which
 * sites embed and crawlers read — and only while it is still true:
 *
 * - the route's loader marks its answer (`markCacheable`) with a validity: the calendar index
 *   version it was built from must still be current and `expiresAt` (an event of the page ends,
 *   a day begins, or a minute passes for what no index watches: titles, colours) not reached;
 * - the server (server/http/app.ts) keeps the answer's HTML when it is a 200 to a GET without the
 *   staff session cookie and without Set-Cookie, keyed by its whole URL (host included: the
 *   project comes from the host);
 * - the next anonymous GET of that URL is answered from memory with the page's nonce replaced by
 *   the request's own (in the HTML and the Content-Security-Policy), or 304 when the browser
 *   already holds it (ETag); a signed-in request never reads or fills the cache.
 *
 * Bounded by entries and bytes, least recently used first out. One per process (a module
 * shared by the server bundle and the Remix build through `globalThis`).
 */

export interface PageValidity {
  /** False once what the page was built from has changed. */
  isCurrent(): boolean;
  /** When the page stops being true whatever happens (ms). */
  expiresAt: number;
}

interface Entry {
  /** The HTML split at the nonce it was rendered with, encoded once (sent as they are, the nonce between them). */
  parts: Buffer[];
  /** The Content-Security-Policy split at that nonce. */
  policyParts: string[];
  headers: Array<[string, string]>;
  etag: string;
  validity: PageValidity;
  bytes: number;
}

export interface CachedAnswer {
  status: 200 | 304;
  headers: Array<[string, string]>;
  /** The body's chunks, in order (nothing copied: the kept parts with the nonce between them). */
  body: Buffer[] | null;
  length: number;
}

export const MAX_ENTRIES = 500;
export const MAX_TOTAL_BYTES = 64 * 1024 * 1024;
export const MAX_ENTRY_BYTES = 4 * 1024 * 1024;
/** What a kept page tells browsers: keep it, but ask (with its ETag) every time. */
export const CACHED_PAGE_CACHE_CONTROL = 'no-cache';

/** Headers the cache never keeps (per answer or per connection). */
const DROPPED = new Set([
  'content-length',
  'content-security-policy',
  'set-cookie',
  'transfer-encoding',
  'connection',
  'etag',
  'cache-control',
  'date',
]);

export class PublicPageCache {
  private readonly pending = new Map<string, PageValidity>();
  private readonly entries = new Map<string, Entry>();
  private totalBytes = 0;
  private counter = 0;
  hits = 0;
  misses = 0;

  /** A loader says its page may be kept (the request scope names the request); combined with any other loader's. */
  markCacheable(scopeId: string | null, validity: PageValidity): void {
    if (!scopeId) return;
    // A request that failed before its answer never takes its mark: never more than this held.
    if (this.pending.size > 10_000) this.pending.clear();
    const before = this.pending.get(scopeId);
    this.pending.set(
      scopeId,
      before
        ? { isCurrent: () => before.isCurrent() && validity.isCurrent(), expiresAt: Math.min(before.expiresAt, validity.expiresAt) }
        : validity,
    );
  }

  /** What the request's loaders said (once; the request's own entry is dropped). */
  takePending(scopeId: string): PageValidity | null {
    const validity = this.pending.get(scopeId) ?? null;
    this.pending.delete(scopeId);
    return validity;
  }

  /** Keeps a rendered page; answers its ETag, or null when it cannot be kept. */
  store(
    url: string,
    input: { html: string; nonce: string; policy: string | null; headers: Array<[string, string]>; validity: PageValidity },
  ): string | null {
    const parts = input.html.split(input.nonce).map((part) => Buffer.from(part, 'utf8'));
    const bytes = parts.reduce((sum, part) => sum + part.length, 0);
    if (bytes > MAX_ENTRY_BYTES || !input.nonce || !input.validity.isCurrent() || input.validity.expiresAt <= Date.now()) return null;
    this.delete(url);
    this.counter += 1;
    const etag = `W/"pc-${Date.now().toString(36)}-${this.counter.toString(36)}"`;
    this.entries.set(url, {
      parts,
      policyParts: (input.policy ?? '').split(input.nonce),
      headers: input.headers.filter(([name]) => !DROPPED.has(name.toLowerCase())),
      etag,
      validity: input.validity,
      bytes,
    });
    this.totalBytes += bytes;
    while (this.entries.size > MAX_ENTRIES || this.totalBytes > MAX_TOTAL_BYTES) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
    return etag;
  }

  /** The answer to an anonymous GET of `url`, from memory; null when nothing current is kept. */
  answer(url: string, nonce: string, ifNoneMatch: string | undefined): CachedAnswer | null {
    const entry = this.entries.get(url);
    if (!entry) {
      this.misses += 1;
      return null;
    }
    if (entry.validity.expiresAt <= Date.now() || !entry.validity.isCurrent()) {
      this.delete(url);
      this.misses += 1;
      return null;
    }
    // Most recently used last.
    this.entries.delete(url);
    this.entries.set(url, entry);
    this.hits += 1;
    const headers: Array<[string, string]> = [
      ['ETag', entry.etag],
      ['Cache-Control', CACHED_PAGE_CACHE_CONTROL],
    ];
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === entry.etag)) {
      // The browser's copy keeps its own policy (its nonce is the one in its copy).
      return { status: 304, headers, body: null, length: 0 };
    }
    headers.push(...entry.headers);
    if (entry.policyParts.length > 1 || entry.policyParts[0]) headers.push(['Content-Security-Policy', entry.policyParts.join(nonce)]);
    const nonceBytes = Buffer.from(nonce, 'utf8');
    const body: Buffer[] = [];
    let length = 0;
    entry.parts.forEach((part, index) => {
      if (index > 0) {
        body.push(nonceBytes);
        length += nonceBytes.length;
      }
      body.push(part);
      length += part.length;
    });
    return { status: 200, headers, body, length };
  }

  delete(url: string): void {
    const entry = this.entries.get(url);
    if (!entry) return;
    this.entries.delete(url);
    this.totalBytes -= entry.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.pending.clear();
    this.totalBytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }
}

const KEY = Symbol.for('community-console.public-page-cache');

/** The process's cache. */
export function publicPageCache(): PublicPageCache {
  const holder = globalThis as typeof globalThis & { [KEY]?: PublicPageCache };
  holder[KEY] ??= new PublicPageCache();
  return holder[KEY];
}
