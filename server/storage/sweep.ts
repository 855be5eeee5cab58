import type { RealtimeDb } from '@server/db';
import { sweepUnreferencedImages, UNREFERENCED_IMAGE_GRACE_MS } from '@server/files/sweep';
import type { Paths } from '@server/paths';
import type { FileStorage } from '@server/storage/types';

export { UNREFERENCED_IMAGE_GRACE_MS };

/**
 * The storage sweep (the `storage-sweep` job, every STORAGE_SWEEP_EVERY_MS; docs/decisions/039):
 *
 * - Partial writes: a worker killed while it wrote a zip leaves its temp file behind (local disk:
 *   `tmp/`). Removed once nothing has been written to it for PARTIAL_WRITE_GRACE_MS. The age is
 *   the file's last write, which a write in progress moves with every chunk (a zip of 20,000
 *   files writes many times a second), so a file still being written is never that old.
 * - Files the jobs made for one download (GENERATED_FILES): an entries export
 *   (`{community}/exports/entries/{fileKey}/{name}.zip`), a community export
 *   (`{community}/exports/community/{fileKey}/{name}.zip`), a listing import's uploaded CSV
 *   (`{community}/imports/{fileKey}.csv`) and an activities printout
 *   (`{community}/amc-events/printouts/{calendarId}/{jobId}.pdf`) are kept GENERATED_RETENTION_MS
 *   after they were stored, well past the day their job-status page and Download link last
 *   (jobs/queues.ts removeOnComplete), then removed. Entry PDFs (`forms/completed/…`) are named
 *   in their entry and stay.
 *
 * - Images no record names any more (decision 043, server/files/sweep.ts): the uploader's files
 *   of a replaced or deleted image, removed UNREFERENCED_IMAGE_GRACE_MS after they were written,
 *   never while a record of any community names them. Needs the database (`records`).
 *
 * Both adapters alike, through the storage port: the bucket answers no partial writes (an
 * upload's object appears only when it completes) and lists exports as local disk does.
 */

/** A temp file untouched this long belongs to a write that died. */
export const PARTIAL_WRITE_GRACE_MS = 6 * 60 * 60 * 1000;
/** A file made for one download (an export, a printout) is removed this long after it was stored. */
export const GENERATED_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** How often the sweep runs. */
export const STORAGE_SWEEP_EVERY_MS = 60 * 60 * 1000;

/** The folder of a community's entries exports, under the community's folder. */
export const ENTRIES_EXPORTS_FOLDER = 'exports/entries';
/** The folder of a community's data exports (server/exports/community.ts; decision 044). */
export const COMMUNITY_EXPORTS_FOLDER = 'exports/community';
/** The folder of the CSV files of a community's listing imports (server/imports/file.ts; decision 044). */
export const IMPORTS_FOLDER = 'imports';
/** The folder of a community's activities printouts (server/paths/storage.ts printoutPdf). */
export const PRINTOUTS_FOLDER = 'amc-events/printouts';

/** The kinds of file made for one download: their folder under each community's, and their ending. */
export const GENERATED_FILES = {
  exports: { folder: ENTRIES_EXPORTS_FOLDER, ending: '.zip' },
  printouts: { folder: PRINTOUTS_FOLDER, ending: '.pdf' },
  communityExports: { folder: COMMUNITY_EXPORTS_FOLDER, ending: '.zip' },
  imports: { folder: IMPORTS_FOLDER, ending: '.csv' },
} as const satisfies Record<string, { folder: string; ending: string }>;

export type SweepResult = { partialWrites: number; images: number } & Record<keyof typeof GENERATED_FILES, number>;

export async function sweepStorage(
  storage: FileStorage,
  now: number = Date.now(),
  records?: { db: RealtimeDb; paths: Paths },
): Promise<SweepResult> {
  const partialWrites = await storage.removePartialWrites(new Date(now - PARTIAL_WRITE_GRACE_MS));
  const cutoff = now - GENERATED_RETENTION_MS;
  const result: SweepResult = { partialWrites, exports: 0, printouts: 0, communityExports: 0, imports: 0, images: 0 };
  const top = await storage.listFolder('');
  for (const community of top.folders) {
    for (const [kind, { folder, ending }] of Object.entries(GENERATED_FILES) as Array<
      [keyof typeof GENERATED_FILES, { folder: string; ending: string }]
    >) {
      for (const file of await storage.list(`${community}${folder}/`)) {
        if (file.updated.getTime() >= cutoff || !file.path.endsWith(ending)) continue;
        if (await storage.delete(file.path)) result[kind] += 1;
      }
    }
  }
  if (records) result.images = await sweepUnreferencedImages({ ...records, storage }, now);
  return result;
}
