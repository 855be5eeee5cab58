import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { childrenOf } from '@server/db/children';
import type { RealtimeDb } from '@server/db/types';
import { exportTimestamp } from '@server/entries/export/table';
import { communityTimeZone } from '@server/events/import/run';
import type { Paths } from '@server/paths';
import { assertStorageSegment } from '@server/paths/storage';
import { COMMUNITY_EXPORTS_FOLDER } from '@server/storage/sweep';
import type { FileStorage } from '@server/storage/types';

/**
 * Makes a community export (the `community-export` job, jobs/processors; docs/decisions/044):
 * one zip holding, for each chosen community, its data as the database keeps it, so it can be
 * read back or loaded into another project unchanged:
 *
 * - `{community}/community.json`: the community record (`campground-locations/{community}`);
 * - `{community}/location-data/{node}.json`: each node of its location data (menus, lists,
 *   calendars and events, messages, header media, forms, hunts …), one file per node;
 * - `{community}/user-written/{node}.json`: what its guests wrote (entries, orders), one file per
 *   form context;
 * - `manifest.json`: the product, the communities, when, and the files.
 *
 * Nodes are read one at a time (by key) and written as they are read, so a worker holds one
 * node in memory, never a community; the zip streams into `storage.put`, which lands it whole or
 * not at all. A retry writes the same path again (the payload's fileKey): one zip.
 */

export interface CommunityExportDeps {
  db: RealtimeDb;
  paths: Paths;
  storage: FileStorage;
}

export interface CommunityExportRequest {
  /** The community whose folder holds the zip (the one the person had selected). */
  owner: string;
  communities: readonly string[];
  requestedAt: number;
  fileKey: string;
}

export interface CommunityExportResult {
  path: string;
  url: string;
  fileName: string;
  communities: number;
  files: number;
  bytes: number;
}

export class NothingToExport extends Error {
  constructor() {
    super('None of the chosen communities exists.');
    this.name = 'NothingToExport';
  }
}

/** {owner}/exports/community/{fileKey}/{name}.zip: the random file key is the capability. */
export const communityExportPath = (owner: string, fileKey: string, name: string) =>
  `${assertStorageSegment('community', owner)}/${COMMUNITY_EXPORTS_FOLDER}/${assertStorageSegment('fileKey', fileKey)}/${assertStorageSegment('name', name)}.zip`;

/** A key as a file name: what a database key may hold that a zip path may not (only '/' is barred from both). */
const fileName = (key: string) => key.replace(/[\\:*?"<>|]/g, '_');

export async function makeCommunityExport(
  deps: CommunityExportDeps,
  request: CommunityExportRequest,
  progress: (percent: number, message: string) => Promise<void>,
): Promise<CommunityExportResult> {
  const existing: Array<{ key: string; record: unknown }> = [];
  for (const community of request.communities) {
    const record = (await deps.db.ref(deps.paths.community(community)).get()).val() as unknown;
    if (record !== null && record !== undefined) existing.push({ key: community, record });
  }
  if (existing.length === 0) throw new NothingToExport();
  const timeZone = await communityTimeZone(deps, request.owner);
  const stamp = exportTimestamp(request.requestedAt, timeZone);
  const path = communityExportPath(request.owner, request.fileKey, stamp);
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  zip.on('error', (error: Error) => output.destroy(error));
  const mtime = new Date(request.requestedAt);
  const written: string[] = [];
  let stopped: Error | null = null;
  /** Rejects the file waiting for the zip when storing failed (the zip then reads no further). */
  let abandon: (error: Error) => void = () => {};

  /** Adds one JSON file and waits until the zip has taken it (one node in memory at a time). */
  const add = (name: string, value: unknown) =>
    new Promise<void>((resolve, reject) => {
      if (stopped) return reject(stopped);
      abandon = reject;
      const body = Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');
      written.push(name);
      zip.addReadStreamLazy(name, { mtime, compress: true }, (callback) => {
        resolve();
        callback(null, Readable.from([body]));
      });
    });

  const fill = async () => {
    let done = 0;
    for (const { key, record } of existing) {
      const folder = fileName(key);
      await progress(5 + Math.round((done / existing.length) * 90), `Community ${done + 1} of ${existing.length}`);
      await add(`${folder}/community.json`, record);
      for await (const node of childrenOf(deps.db, deps.paths.locationData(key))) {
        await add(`${folder}/location-data/${fileName(node.key)}.json`, node.value);
      }
      for await (const node of childrenOf(deps.db, deps.paths.userWritten(key))) {
        await add(`${folder}/user-written/${fileName(node.key)}.json`, node.value);
      }
      done += 1;
    }
    const manifest = {
      product: deps.paths.product(),
      communities: existing.map(({ key }) => key),
      exportedAt: new Date(request.requestedAt).toISOString(),
      files: [...written],
    };
    written.push('manifest.json');
    zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8'), 'manifest.json', { mtime, compress: true });
    zip.end();
  };

  await progress(2, 'Reading the communities');
  const filled = fill().catch((error: unknown) => {
    output.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  });
  const storing = deps.storage.put(path, output, { contentType: 'application/zip', cacheControl: 'private, max-age=86400' });
  storing.catch((error: unknown) => {
    stopped = error instanceof Error ? error : new Error(String(error));
    abandon(stopped);
  });
  const [fillResult, storeResult] = await Promise.allSettled([filled, storing]);
  if (fillResult.status === 'rejected') throw fillResult.reason;
  if (storeResult.status === 'rejected') throw storeResult.reason;
  const stored = storeResult.value;
  await progress(100, 'Stored');
  return {
    path,
    url: stored.url,
    fileName: `${stamp}.zip`,
    communities: existing.length,
    files: written.length,
    bytes: stored.size,
  };
}
