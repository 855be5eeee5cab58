import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { childPages } from '@server/db/children';
import type { RealtimeDb } from '@server/db/types';
import { communityTimeZone } from '@server/events/import/run';
import type { ListFilters } from '@server/listing/filters';
import type { Paths } from '@server/paths';
import { assertStorageSegment } from '@server/paths/storage';
import { ENTRIES_EXPORTS_FOLDER } from '@server/storage/sweep';
import type { FileStorage } from '@server/storage/types';
import { entryPredicate, type Json } from '../rules';
import { ENTRY_CONTEXTS, readEntryItem, type EntryContext } from '../store';
import { entryFiles, extensionOf, type ExportKind } from './files';
import { CSV_BOM, csvLine, entryRow, exportColumns, exportTimestamp, headerRow, entryFolder, zipName, type Cell } from './table';
import { xlsxStream } from './xlsx';

/**
 * Makes an entries export (the `entries-export` job, jobs/processors; docs/decisions/034): the
 * zip of the chosen entries' data (a CSV and a spreadsheet), photos or files, written as it is
 * read and stored at `{community}/exports/entries/{fileKey}/{MM-DD-YYYY-hh-mm-A}.zip`.
 *
 * - Entries are read a page at a time (EXPORT_PAGE_SIZE, by key) and filtered with the list's
 *   own predicate; the data zip reads them twice (the CSV, then the spreadsheet).
 * - Each photo or file is opened from the storage port only when the zip reaches it and streamed
 *   into it (stored as it is: photos and PDFs do not shrink); the next page is read once the zip
 *   has reached the current one. Memory stays flat whatever the count.
 * - The zip streams into `storage.put`, which lands an object whole or not at all (local disk:
 *   a temp file renamed into place; a bucket: the upload's object appears when it completes). A
 *   retry after a killed worker starts the zip over and writes the same path: one zip, whole.
 */

export const EXPORT_PAGE_SIZE = 200;
/** More files than this in one zip: 'too many files to process' (spec 02 §8). */
export const MAX_EXPORT_FILES = 20_000;

export interface ExportRequest {
  community: string;
  context: EntryContext;
  itemKey: string;
  kind: ExportKind;
  filters: ListFilters;
  /** Only these entries (the rows ticked), else every entry the filters match. */
  keys: readonly string[] | null;
  requestedAt: number;
  fileKey: string;
  /** The entries the request counted (for the progress). */
  expected: number;
}

export interface ExportResult {
  path: string;
  url: string;
  fileName: string;
  kind: ExportKind;
  entries: number;
  files: number;
  bytes: number;
}

export class ExportItemGone extends Error {
  constructor() {
    super('This form no longer exists.');
    this.name = 'ExportItemGone';
  }
}

export class TooManyExportFiles extends Error {
  constructor() {
    super(`More than ${MAX_EXPORT_FILES} files to export.`);
    this.name = 'TooManyExportFiles';
  }
}

export interface ExportDeps {
  db: RealtimeDb;
  paths: Paths;
  storage: FileStorage;
}

/** {community}/exports/entries/{fileKey}/{name}.zip: the random file key is the capability. */
export const exportZipPath = (community: string, fileKey: string, name: string) =>
  `${assertStorageSegment('community', community)}/${ENTRIES_EXPORTS_FOLDER}/${assertStorageSegment('fileKey', fileKey)}/${assertStorageSegment('name', name)}.zip`;

/** The item's chosen entries, a page at a time, oldest first. */
export async function* entryPages(
  deps: Pick<ExportDeps, 'db' | 'paths'>,
  request: Pick<ExportRequest, 'community' | 'context' | 'itemKey' | 'filters' | 'keys'>,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<Array<{ key: string; entry: Json }>> {
  const matches = entryPredicate(request.filters);
  const only = request.keys ? new Set(request.keys) : null;
  const path = deps.paths.entries(request.community, ENTRY_CONTEXTS[request.context].node, request.itemKey);
  for await (const children of childPages(deps.db, path, { page: pageSize })) {
    const page: Array<{ key: string; entry: Json }> = [];
    for (const { key, value } of children) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
      if (only && !only.has(key)) continue;
      if (matches(key, value as Json)) page.push({ key, entry: value as Json });
    }
    if (page.length > 0) yield page;
  }
}

/** A promise and the function that resolves it: resolved when the zip opens an entry's stream. */
function onceStarted(): { started: Promise<void>; start: () => void } {
  let start = () => {};
  const started = new Promise<void>((resolve) => (start = resolve));
  return { started, start };
}

export async function makeEntriesExport(
  deps: ExportDeps,
  request: ExportRequest,
  progress: (percent: number, message: string) => Promise<void>,
): Promise<ExportResult> {
  const item = await readEntryItem(deps, request.community, request.context, request.itemKey);
  if (!item) throw new ExportItemGone();
  const timeZone = await communityTimeZone(deps, request.community);
  const stamp = exportTimestamp(request.requestedAt, timeZone);
  const path = exportZipPath(request.community, request.fileKey, stamp);
  const expected = Math.max(1, request.expected);
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  zip.on('error', (error: Error) => output.destroy(error));
  const mtime = new Date(request.requestedAt);
  let entries = 0;
  let files = 0;
  let lastReport = 0;
  /** Set when storing failed: the reading stops (and a page waiting for the zip is released). */
  let stopped: Error | null = null;
  let release = () => {};
  const report = async (done: number, message: string) => {
    const now = Date.now();
    if (now - lastReport < 500) return;
    lastReport = now;
    await progress(Math.min(95, 5 + Math.round((done / expected) * 90)), message);
  };

  const fill = async () => {
    if (request.kind === 'data') {
      const columns = exportColumns(item, timeZone);
      // Two passes over the pages: the CSV first, then the spreadsheet (a zip holds one entry after the other).
      async function* rows(pass: number): AsyncGenerator<readonly Cell[]> {
        yield headerRow(columns);
        let count = 0;
        for await (const page of entryPages(deps, request)) {
          for (const { key, entry } of page) yield entryRow(columns, key, entry);
          count += page.length;
          if (pass === 0) entries = count;
          await report((pass * expected + count) / 2, `${count} of ${request.expected} entries`);
        }
      }
      async function* csv(): AsyncGenerator<Buffer> {
        yield Buffer.from(CSV_BOM, 'utf8');
        let chunk = '';
        for await (const cells of rows(0)) {
          chunk += csvLine(cells);
          if (chunk.length > 64_000) {
            yield Buffer.from(chunk, 'utf8');
            chunk = '';
          }
        }
        yield Buffer.from(chunk, 'utf8');
      }
      zip.addReadStream(Readable.from(csv()), `${stamp}.csv`, { mtime, compress: true });
      zip.addReadStream(xlsxStream(item.title, rows(1)), `${stamp}.xlsx`, { mtime, compress: false });
      zip.end();
      return;
    }
    const names = new Set<string>();
    const unique = (name: string) => {
      let candidate = name;
      for (let n = 2; names.has(candidate.toLowerCase()); n++) candidate = name.replace(/(\.[^./]+)?$/, ` (${n})$1`);
      names.add(candidate.toLowerCase());
      return candidate;
    };
    for await (const page of entryPages(deps, request)) {
      if (stopped) throw stopped;
      let last: Promise<void> = Promise.resolve();
      for (const { key, entry } of page) {
        entries += 1;
        const folder = entryFolder(key, entry);
        for (const file of entryFiles(item, request.community, entry, request.kind)) {
          const object = await deps.storage.get(file.path);
          if (!object) continue;
          files += 1;
          if (files > MAX_EXPORT_FILES) throw new TooManyExportFiles();
          const { started, start } = onceStarted();
          const done = entries;
          zip.addReadStreamLazy(
            unique(`${folder}/${zipName(file.name, 'file')}.${extensionOf(file.path, object.contentType)}`),
            { mtime, compress: false, size: object.size },
            (callback) => {
              start();
              void report(done, `${done} of ${request.expected} entries`);
              callback(null, object.stream());
            },
          );
          last = started;
          release = start;
        }
      }
      // Read the next page once the zip has reached this one's last file.
      await last;
    }
    zip.end();
  };

  await progress(5, request.kind === 'data' ? 'Reading the entries' : 'Reading the files');
  const filled = fill().catch((error: unknown) => {
    output.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  });
  const storing = deps.storage.put(path, output, { contentType: 'application/zip', cacheControl: 'private, max-age=86400' });
  storing.catch((error: unknown) => {
    stopped = error instanceof Error ? error : new Error(String(error));
    release();
  });
  // The reading's own error (too many files, the form gone) first: storing then fails with it.
  const [fillResult, storeResult] = await Promise.allSettled([filled, storing]);
  if (fillResult.status === 'rejected') throw fillResult.reason;
  if (storeResult.status === 'rejected') throw storeResult.reason;
  const stored = storeResult.value;
  await progress(100, 'Stored');
  return { path, url: stored.url, fileName: `${stamp}.zip`, kind: request.kind, entries, files, bytes: stored.size };
}
