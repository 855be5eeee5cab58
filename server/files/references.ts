import type { RealtimeDb } from '@server/db';
import { childrenOf } from '@server/db/children';
import type { Paths } from '@server/paths';
import { FIREBASE_STORAGE_ORIGIN } from '@server/storage/firebase-bucket';
import { LOCAL_FILES_MOUNT } from '@server/storage/local-disk';
import { encodeStoragePath, isValidStoragePath } from '@server/storage/types';

/**
 * Which stored files the database names. Records keep a file as the URL the storage port gave
 * (a bucket download URL `https://firebasestorage.googleapis.com/v0/b/{bucket}/o/{encoded path}?…`
 * or a local `{baseUrl}/files/{path}`), sometimes inside rich text (`<img src="…">`), sometimes as
 * `gs://{bucket}/{path}` or a bare path. Every string of a record is searched for all of them, so a
 * file is counted as used wherever it is named; what is found may name more than is used (a
 * `/files/…` address of another site), never less.
 */

const BUCKET_URL = new RegExp(`${escape(FIREBASE_STORAGE_ORIGIN)}/v0/b/[^/\\s"'<>]+/o/([^?#\\s"'<>)]+)`, 'g');
const LOCAL_URL = new RegExp(`${escape(LOCAL_FILES_MOUNT)}/([^?#\\s"'<>)]+)`, 'g');
const GS_URL = /gs:\/\/[^/\s"'<>]+\/([^?#\s"'<>)]+)/g;

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

function decoded(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** The storage paths a string names (see the module comment). */
export function storagePathsIn(text: string): string[] {
  const found = new Set<string>();
  const add = (path: string | null) => {
    if (path !== null && isValidStoragePath(path)) found.add(path);
  };
  if (text.includes('/')) {
    for (const match of text.matchAll(BUCKET_URL)) add(decoded(match[1]!));
    for (const match of text.matchAll(GS_URL)) add(match[1]!);
    for (const match of text.matchAll(LOCAL_URL)) {
      const segments = match[1]!.split('/').map(decoded);
      add(segments.some((segment) => segment === null || segment.includes('/')) ? null : segments.join('/'));
    }
    const bare = text.trim();
    if (!/\s/.test(bare) && !bare.includes(':')) add(bare);
  }
  return [...found];
}

/**
 * `text` with every address of the file at `fromPath` (the forms `storagePathsIn` finds) naming
 * `toPath` instead, each in the form it was written: a bucket download URL keeps its bucket and
 * query (the moved object keeps its download token), a local `/files/…` URL its site and query,
 * with the new path encoded as the port encodes it; `gs://bucket/…` and a bare path take the path
 * as it is. Addresses of other files, and everything else in the text, are left as they were.
 */
export function replaceStoragePath(text: string, fromPath: string, toPath: string): string {
  if (!text.includes('/') || fromPath === toPath) return text;
  let out = text.replace(BUCKET_URL, (match: string, raw: string) =>
    decoded(raw) === fromPath ? `${match.slice(0, match.length - raw.length)}${encodeURIComponent(toPath)}` : match,
  );
  out = out.replace(GS_URL, (match: string, raw: string) =>
    raw === fromPath ? `${match.slice(0, match.length - raw.length)}${toPath}` : match,
  );
  out = out.replace(LOCAL_URL, (match: string, raw: string) => {
    const segments = raw.split('/').map(decoded);
    if (segments.some((segment) => segment === null || segment.includes('/')) || segments.join('/') !== fromPath) return match;
    return `${match.slice(0, match.length - raw.length)}${encodeStoragePath(toPath)}`;
  });
  const bare = out.trim();
  if (bare === fromPath && !/\s/.test(bare) && !bare.includes(':')) {
    const start = out.indexOf(bare);
    out = `${out.slice(0, start)}${toPath}${out.slice(start + bare.length)}`;
  }
  return out;
}

/** Where a record names a file: the record's section and its title when it has one. */
export interface FileUse {
  /** The database path of the string, from the community's folder on (e.g. `main-menu/3/iconData/url`). */
  at: string;
  /** How staff know the record: 'main-menu “Pool Hours”', 'header-info main-menu'. */
  label: string;
}

function titleOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  for (const field of ['title', 'name', 'imageName']) {
    const text = (value as Record<string, unknown>)[field];
    if (typeof text === 'string' && text.trim() !== '') return text.trim().slice(0, 80);
  }
  return null;
}

/** Where the walk stands: the keys from the community's folder on, and the title of each enclosing object. */
interface WalkFrame {
  value: unknown;
  keys: string[];
  titles: Array<string | null>;
}

/**
 * Calls `found(path, use)` for every storage path named anywhere in `tree`. The walk keeps a
 * stack rather than recursing, so a deep record cannot exhaust the call stack.
 */
export function walkReferences(tree: unknown, found: (path: string, use: FileUse) => void, root = ''): void {
  walkFrom({ value: tree, keys: root ? [root] : [], titles: [] }, found);
}

function walkFrom(start: WalkFrame, found: (path: string, use: FileUse) => void): void {
  const stack: WalkFrame[] = [start];
  while (stack.length > 0) {
    const { value, keys, titles } = stack.pop()!;
    if (typeof value === 'string') {
      const paths = storagePathsIn(value);
      if (paths.length === 0) continue;
      const section = keys[0] ?? '';
      const title = [...titles].reverse().find((candidate) => candidate !== null) ?? null;
      const label = title ? `${section} “${title}”` : keys.slice(0, 2).join(' ');
      for (const path of paths) found(path, { at: keys.join('/'), label });
    } else if (typeof value === 'object' && value !== null) {
      const title = titleOf(value);
      for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
        stack.push({ value: child, keys: [...keys, key], titles: [...titles, title] });
      }
    }
  }
}

/** The records of a community that may name its files: its location data, its community record, what its app users wrote. */
export function communityRecordPaths(paths: Paths, community: string): Array<{ label: string; path: string }> {
  return [
    { label: '', path: paths.locationData(community) },
    { label: 'community', path: paths.community(community) },
    { label: 'user-written', path: paths.userWritten(community) },
  ];
}

/**
 * The children of the node at `path`, one at a time, last key first (the order `walkReferences`
 * visits them in), each read whole: a worker holds one child, never the node. A leaf (or
 * nothing) comes back as one child keyed null.
 */
async function* childrenLastFirst(db: RealtimeDb, path: string): AsyncGenerator<{ key: string | null; value: unknown }> {
  let any = false;
  for await (const child of childrenOf(db, path, { lastFirst: true })) {
    any = true;
    yield child;
  }
  // A query never returns a leaf: read the node itself.
  if (!any) yield { key: null, value: (await db.ref(path).get()).val() as unknown };
}

/** The title `walkReferences` gives the node at `path` itself, read from its title fields only. */
async function ownTitle(db: RealtimeDb, path: string): Promise<string | null> {
  const ref = db.ref(path);
  const fields = await Promise.all(
    ['title', 'name', 'imageName'].map(async (field) => [field, (await ref.child(field).get()).val()] as const),
  );
  return titleOf(Object.fromEntries(fields.filter(([, value]) => value !== null)));
}

/**
 * `walkReferences` over the node at `path` without reading it whole: its children one at a time
 * (see `childrenLastFirst`), walked in the same order with the same keys and titles, so `found`
 * sees the same uses in the same order. Answers whether anything is there.
 */
async function walkStored(db: RealtimeDb, path: string, found: (path: string, use: FileUse) => void, root = ''): Promise<boolean> {
  const keys = root ? [root] : [];
  let titles: Array<string | null> | null = null;
  for await (const child of childrenLastFirst(db, path)) {
    if (child.key === null) {
      walkReferences(child.value, found, root);
      return child.value !== null;
    }
    titles ??= [await ownTitle(db, path)];
    walkFrom({ value: child.value, keys: [...keys, child.key], titles }, found);
  }
  return titles !== null;
}

/**
 * Calls `found` for every storage path the records of `community` name (`communityRecordPaths`,
 * read child by child: decision 043). Answers whether the community has records of its own (a
 * community record or location data; what app users wrote does not make a community).
 */
export async function scanCommunityRecords(
  deps: { db: RealtimeDb; paths: Paths },
  community: string,
  found: (path: string, use: FileUse) => void,
): Promise<boolean> {
  let owned = false;
  for (const record of communityRecordPaths(deps.paths, community)) {
    const exists = await walkStored(deps.db, record.path, found, record.label);
    if (exists && record.label !== 'user-written') owned = true;
  }
  return owned;
}

/**
 * Where the community's records name the file at `path` (spec: a file referenced by a menu item or
 * listing warns before delete): one use per record, at most `max`.
 */
export async function usesOfFile(deps: { db: RealtimeDb; paths: Paths }, community: string, path: string, max = 5): Promise<FileUse[]> {
  const uses = new Map<string, FileUse>();
  await scanCommunityRecords(deps, community, (named, use) => {
    if (named === path && uses.size < max && !uses.has(use.label)) uses.set(use.label, use);
  });
  return [...uses.values()];
}

/** Every storage path the records of `community` name. */
export async function pathsNamedBy(
  deps: { db: RealtimeDb; paths: Paths },
  community: string,
  into = new Set<string>(),
): Promise<Set<string>> {
  await scanCommunityRecords(deps, community, (path) => into.add(path));
  return into;
}
