import { resolveRelativeTime } from './relative-time';

/**
 * Turns the demo JSON into database values: the `$product` key becomes the product, every
 * `"$time:<expression>"` value or key becomes epoch milliseconds (see relative-time.ts) in
 * the time zone of the community the node belongs to, and every `"$file:<storage path>"`
 * value becomes the URL of that file once it is in file storage.
 */

export const PRODUCT_TOKEN = '$product';
export const TIME_PREFIX = '$time:';
export const FILE_PREFIX = '$file:';
/** The spec's default time zone, for nodes outside any community. */
export const DEFAULT_TIME_ZONE = 'America/New_York';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export class SeedDataError extends Error {
  constructor(readonly problems: string[]) {
    super(`The demo data is not valid:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'SeedDataError';
  }
}

export function isPlainObject(value: unknown): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Each demo community's time zone, read from its community record. */
export function communityTimeZones(raw: Json): Record<string, string> {
  const communities = isPlainObject(raw) && isPlainObject(raw[PRODUCT_TOKEN]) ? raw[PRODUCT_TOKEN]['campground-locations'] : null;
  const zones: Record<string, string> = {};
  if (isPlainObject(communities)) {
    for (const [key, record] of Object.entries(communities)) {
      if (isPlainObject(record) && typeof record.timeZone === 'string') zones[key] = record.timeZone;
    }
  }
  return zones;
}

/** Storage paths named by `$file:` values, in order of first use. */
export function referencedFiles(raw: Json): string[] {
  const found = new Set<string>();
  const visit = (node: Json) => {
    if (typeof node === 'string' && node.startsWith(FILE_PREFIX)) found.add(node.slice(FILE_PREFIX.length));
    else if (Array.isArray(node)) node.forEach(visit);
    else if (isPlainObject(node)) Object.values(node).forEach(visit);
  };
  visit(raw);
  return [...found];
}

export interface ResolveOptions {
  product: string;
  now: number;
  /** The URL stored for a seeded file; the storage path itself when not given. */
  fileUrl?: (storagePath: string) => string;
}

/** The demo tree with every token replaced; throws SeedDataError listing every bad token. */
export function resolveDemoTree(raw: Json, options: ResolveOptions): Json {
  const zones = communityTimeZones(raw);
  const problems: string[] = [];
  const fileUrl = options.fileUrl ?? ((path: string) => path);

  const zoneOf = (segments: string[]) => {
    for (const segment of segments) {
      const zone = Object.hasOwn(zones, segment) ? zones[segment] : undefined;
      if (zone !== undefined) return zone;
    }
    return DEFAULT_TIME_ZONE;
  };

  const time = (expression: string, segments: string[]): number | null => {
    try {
      return resolveRelativeTime(expression, options.now, zoneOf(segments));
    } catch (error) {
      problems.push(`${segments.join('/')}: ${(error as Error).message}`);
      return null;
    }
  };

  const visit = (node: Json, segments: string[]): Json => {
    if (typeof node === 'string') {
      if (node.startsWith(TIME_PREFIX)) return time(node.slice(TIME_PREFIX.length), segments);
      if (node.startsWith(FILE_PREFIX)) {
        const path = node.slice(FILE_PREFIX.length);
        if (path === '' || path.startsWith('/') || path.split('/').some((part) => part === '' || part === '.' || part === '..')) {
          problems.push(`${segments.join('/')}: "${node}" does not name a storage path`);
          return node;
        }
        return fileUrl(path);
      }
      return node;
    }
    if (Array.isArray(node)) return node.map((item, index) => visit(item, [...segments, String(index)]));
    if (isPlainObject(node)) {
      const out: { [key: string]: Json } = {};
      for (const [rawKey, value] of Object.entries(node)) {
        let key = rawKey;
        if (rawKey === PRODUCT_TOKEN) {
          if (segments.length > 0) problems.push(`${segments.join('/')}: "${PRODUCT_TOKEN}" is only a top-level key`);
          key = options.product;
        } else if (rawKey.startsWith(TIME_PREFIX)) {
          const resolved = time(rawKey.slice(TIME_PREFIX.length), [...segments, rawKey]);
          key = resolved === null ? rawKey : String(resolved);
        } else if (rawKey.startsWith('$')) {
          problems.push(`${[...segments, rawKey].join('/')}: unknown token key`);
        }
        if (key in out) problems.push(`${[...segments, key].join('/')}: two keys resolve to the same key`);
        out[key] = visit(value, [...segments, key]);
      }
      return out;
    }
    return node;
  };

  const resolved = visit(raw, []);
  if (problems.length > 0) throw new SeedDataError(problems);
  return resolved;
}
