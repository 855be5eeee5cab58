import type { RealtimeDb } from '@server/db';
import { childPages } from '@server/db/children';
import type { Paths } from '@server/paths';
import type { FileStorage, StorageEntry } from '@server/storage/types';
import { pathsNamedBy, scanCommunityRecords } from './references';

/**
 * Images no record names any more (docs/decisions/043), part of the storage sweep
 * (server/storage/sweep.ts): when an image is replaced (a new header, a new icon) or its record
 * deleted, the uploader's files stay in `{community}/images/{bucket}/{timestamp}/`. They are
 * removed once UNREFERENCED_IMAGE_GRACE_MS old, and never while anything names them:
 *
 * - What is named is collected from the records of every community first (location data,
 *   community record, user-written: ./references.ts), so a file one community's record names is
 *   kept whichever folder it is in; just before a community's files are removed its records are
 *   read again, so a reference added during the sweep counts too.
 * - Only the uploader's shape is swept: `{community}/images/{bucket}/{timestamp}/{file}` with a
 *   numeric timestamp folder. Such a folder holds one upload (the original and its `_crop`,
 *   `_thumb`, `_blur`, `_print` copies), so all its files stay while any one of them is named.
 *   Files of other folders (file management's own, marketing images found by their path) stay.
 * - Only folders of communities that have records are swept: a folder no community owns
 *   (another product's, a community removed by hand) is left alone rather than judged by
 *   records that are not there.
 * - The age is the object's last write (local disk: mtime; bucket: `updated`).
 * - Memory: the communities are read one at a time, their keys in pages of COMMUNITY_PAGE, and a
 *   community's records child by child (./references.ts `scanCommunityRecords`); what is held is
 *   the set of named paths, never a community's records whole.
 */

/** An unnamed image is removed this long after it was last written. */
export const UNREFERENCED_IMAGE_GRACE_MS = 30 * 24 * 60 * 60 * 1000;

const UPLOAD_SHAPE = /^[^/]+\/images\/[^/]+\/\d{1,16}\/[^/]+$/;

/** Whether the sweep may judge this file: an upload of the uploader widget. */
export function isSweptUpload(path: string): boolean {
  return UPLOAD_SHAPE.test(path);
}

const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);

/** The files of `files` to remove: uploads older than the grace whose upload folder holds nothing `named`. */
export function unreferencedUploads(files: readonly StorageEntry[], named: ReadonlySet<string>, now: number): StorageEntry[] {
  const keptFolders = new Set<string>();
  for (const file of files) if (named.has(file.path)) keptFolders.add(folderOf(file.path));
  const cutoff = now - UNREFERENCED_IMAGE_GRACE_MS;
  return files.filter(
    (file) => isSweptUpload(file.path) && !named.has(file.path) && !keptFolders.has(folderOf(file.path)) && file.updated.getTime() < cutoff,
  );
}

export interface ImageSweepDeps {
  db: RealtimeDb;
  paths: Paths;
  storage: FileStorage;
}

/** Community records read per query when the sweep lists the communities (only their keys are kept). */
export const COMMUNITY_PAGE = 50;

/** The keys of the node at `path`, read in key order `page` children at a time. */
async function keysInPages(db: RealtimeDb, path: string, page: number): Promise<string[]> {
  const keys: string[] = [];
  for await (const children of childPages(db, path, { page })) keys.push(...children.map((child) => child.key));
  return keys;
}

/** Removes the communities' unnamed uploads past the grace; answers how many. */
export async function sweepUnreferencedImages(deps: ImageSweepDeps, now: number = Date.now()): Promise<number> {
  const folders = (await deps.storage.listFolder('')).folders.map((folder) => folder.slice(0, -1));
  const communities = await keysInPages(deps.db, deps.paths.communities(), COMMUNITY_PAGE);
  const owned = new Set<string>();
  const named = new Set<string>();
  for (const community of new Set([...communities, ...folders, 'templates'])) {
    if (!/^[^.#$[\]/]+$/.test(community)) continue; // not a database key: no records
    if (await scanCommunityRecords(deps, community, (path) => named.add(path))) owned.add(community);
  }
  let removed = 0;
  for (const community of folders) {
    if (!owned.has(community)) continue;
    const candidates = unreferencedUploads(await deps.storage.list(`${community}/images/`), named, now);
    if (candidates.length === 0) continue;
    // Read again: a record saved since the first read keeps its files.
    const again = await pathsNamedBy(deps, community, new Set(named));
    for (const file of unreferencedUploads(candidates, again, now)) {
      if (await deps.storage.delete(file.path)) removed += 1;
    }
  }
  return removed;
}
