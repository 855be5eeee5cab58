import type { RealtimeDb } from '@server/db/types';
import { unchanged, versionOf } from '@server/db/version';
import { fitImage, type Size } from '@server/images/pipeline';
import { isValidKey, storagePaths, type Paths } from '@server/paths';
import type { FileStorage } from '@server/storage';

/**
 * List icons of a community (spec 03 "Manage List Icons"): config/business/listIcons/{iconKey}
 * holding { title, active, url }, keyed by the slug of the title the icon was added with.
 */

interface Deps {
  db: RealtimeDb;
  paths: Paths;
}

export interface ListIcon {
  key: string;
  title: string;
  active: boolean;
  url: string;
}

/** The storage bucket folder of list icons: {community}/images/list-icons/{timestamp}/{key}.png. */
export const LIST_ICON_BUCKET = 'list-icons';
/** Uploaded icons are made to fit in this square, as PNG. */
export const LIST_ICON_BOX: Size = { width: 150, height: 150 };

export const LIST_ICON_MESSAGES = {
  exists: (title: string) => `An icon named "${title}" already exists. Choose another title, or edit that icon.`,
  invalidKey: 'This title cannot name an icon: use letters or digits.',
  notFound: 'This icon no longer exists.',
  unreadableImage: 'The icon image could not be read. Upload a PNG or JPEG image.',
  unknown: (keys: readonly string[]) =>
    keys.length === 1
      ? `Choose list icons from the ones shown: "${keys[0]}" is not a list icon of this community.`
      : `Choose list icons from the ones shown: ${keys.map((key) => `"${key}"`).join(', ')} are not list icons of this community.`,
} as const;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The key of a title: lower-case, every run of non-word characters as one '-', no '-' at either end. */
export function iconKeyOf(title: string): string {
  return title
    .trim()
    .toLowerCase()
    .replace(/\W+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A stored icon node as the screen reads it; null when it is not an icon. */
export function listIconOf(key: string, value: unknown): ListIcon | null {
  if (!isObject(value)) return null;
  return {
    key,
    title: typeof value.title === 'string' && value.title.trim() !== '' ? value.title.trim() : key,
    active: value.active === true,
    url: typeof value.url === 'string' ? value.url : '',
  };
}

/** The community's icons, by title. */
export async function readListIcons({ db, paths }: Deps, community: string): Promise<ListIcon[]> {
  const value = (await db.ref(paths.listIcons(community)).get()).val();
  if (!isObject(value)) return [];
  return Object.entries(value)
    .flatMap(([key, node]) => listIconOf(key, node) ?? [])
    .sort((a, b) => a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }) || a.key.localeCompare(b.key));
}

/**
 * The posted icon keys of a listing that name none of the community's icons (a listing may only
 * show the community's own icons). Keys the listing already carries are not counted: an icon
 * deleted since stays on it until staff untick it.
 */
export async function unknownListIconKeys(
  deps: Deps,
  community: string,
  posted: readonly string[],
  carried: readonly unknown[] = [],
): Promise<string[]> {
  if (posted.length === 0) return [];
  const known = new Set((await readListIcons(deps, community)).map((icon) => icon.key));
  return [...new Set(posted)].filter((key) => !known.has(key) && !carried.includes(key));
}

export async function readListIcon({ db, paths }: Deps, community: string, key: string): Promise<ListIcon | null> {
  if (!isValidKey(key)) return null;
  return listIconOf(key, (await db.ref(paths.listIcon(community, key)).get()).val());
}

/** The version of an icon as the edit form shows it (server/db/version.ts). */
export const listIconVersion = (icon: Pick<ListIcon, 'title' | 'active' | 'url'> | null): string =>
  versionOf(icon ? { title: icon.title, active: icon.active, url: icon.url } : null);

export type AddIconResult = { ok: true; key: string } | { ok: false; message: string };

/** Adds an icon under the key of its title; a title whose key is taken (or is no key) is refused. */
export async function addListIcon(
  deps: Deps,
  community: string,
  icon: { title: string; active: boolean; url: string },
): Promise<AddIconResult> {
  const key = iconKeyOf(icon.title);
  if (key === '' || !isValidKey(key)) return { ok: false, message: LIST_ICON_MESSAGES.invalidKey };
  let taken = false;
  await deps.db.ref(deps.paths.listIcon(community, key)).transaction((current) => {
    taken = current !== null && current !== undefined;
    if (taken) return unchanged(current);
    return { title: icon.title.trim(), active: icon.active, url: icon.url };
  });
  return taken ? { ok: false, message: LIST_ICON_MESSAGES.exists(icon.title.trim()) } : { ok: true, key };
}

export type UpdateIconResult =
  { ok: true } | { ok: false; reason: 'not-found' } | { ok: false; reason: 'conflict'; icon: ListIcon; version: string };

/**
 * Saves an icon's active flag and image; its title stays the one it was added with. With
 * `expectedVersion` (the version the form showed), a changed icon is not written and comes back.
 */
export async function updateListIcon(
  deps: Deps,
  community: string,
  key: string,
  change: { active: boolean; url: string },
  expectedVersion: string | null,
): Promise<UpdateIconResult> {
  let result: UpdateIconResult = { ok: true };
  await deps.db.ref(deps.paths.listIcon(community, key)).transaction((current) => {
    const icon = listIconOf(key, current);
    if (!icon || !isObject(current)) {
      result = { ok: false, reason: 'not-found' };
      return unchanged(current);
    }
    if (expectedVersion && listIconVersion(icon) !== expectedVersion) {
      result = { ok: false, reason: 'conflict', icon, version: listIconVersion(icon) };
      return unchanged(current);
    }
    result = { ok: true };
    return { ...current, title: icon.title, active: change.active, url: change.url };
  });
  return result;
}

export async function removeListIcon({ db, paths }: Deps, community: string, key: string): Promise<void> {
  await db.ref(paths.listIcon(community, key)).remove();
}

/** The size of `size` scaled down to fit in `box` (unchanged when it fits). */
export function fitWithin(size: Size, box: Size): Size {
  const scale = Math.min(1, box.width / size.width, box.height / size.height);
  return { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) };
}

/**
 * Stores an uploaded icon as a PNG fitting in 150×150 under
 * {community}/images/list-icons/{timestamp}/{name}.png; null when the file is not a readable image.
 */
export async function storeListIcon(
  storage: FileStorage,
  community: string,
  file: File,
  options: { name: string; now?: number },
): Promise<string | null> {
  // Decoded and drawn in the server's pool, after the header's size is checked (server/images).
  let png: Buffer;
  try {
    png = (await fitImage(new Uint8Array(await file.arrayBuffer()), LIST_ICON_BOX)).png;
  } catch {
    return null;
  }
  const name = iconKeyOf(options.name) || 'icon';
  const path = storagePaths.upload(community, LIST_ICON_BUCKET, options.now ?? Date.now(), `${name}.png`);
  const stored = await storage.put(path, png, { contentType: 'image/png' });
  return stored.url;
}
