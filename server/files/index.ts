import type { RealtimeDb } from '@server/db';
import type { Paths } from '@server/paths';
import { safeFileName, storagePaths } from '@server/paths/storage';
import { IMAGE_TYPES, PDF_TYPES, storeUploadedFile } from '@server/storage';
import { isStorageError, type FileStorage } from '@server/storage/types';
import { fileNameProblem, relativePathProblem } from './names';
import { communityRecordPaths, replaceStoragePath, storagePathsIn, usesOfFile, type FileUse } from './references';

/**
 * File management (spec 02 "Listing routes" context files, §7 "file-management folders (storage
 * listing)"; spec 03 §9 list-screen mapping file management; decision 043): the community's
 * folder of files, `{community}/images/` (server/paths/storage.ts communityImages), a page at a
 * time, with upload, rename, delete and each file's link. Everything goes through the storage
 * port, so it works on local disk and in the Cloud Storage bucket alike. Paths staff post are
 * relative to that folder and checked (./names.ts) before storage sees them.
 */

export { fileNameProblem, relativePathProblem, FILE_NAME_TEXTS, PATH_TEXTS, MAX_FILE_NAME } from './names';
export { usesOfFile, storagePathsIn, replaceStoragePath, type FileUse } from './references';

/** Entries (folders and files together) on one page of a folder. */
export const FILES_PAGE_SIZE = 50;
/** What file management uploads: the uploader's types (images and PDFs), at its size limit (MAX_UPLOAD_BYTES). */
export const FILE_TYPES = [...IMAGE_TYPES, ...PDF_TYPES] as const;
/** At most this many files in one upload. */
export const MAX_FILES_PER_UPLOAD = 10;
/** A rename rewrites at most this many strings of the records naming the file; above it, it is refused (409). */
export const MAX_RENAME_REWRITES = 500;

export const FILES_TEXTS = {
  noFile: 'Please choose a file to upload.',
  missing: 'This file is not there any more.',
  exists: (name: string) => `A file named ${name} is already in this folder.`,
  badPage: 'This page of the folder is not available any more. Start again from the first page.',
  confirmDelete: 'Are you certain you want to delete?',
  usedBy: (labels: string[]) => `This file is used by ${labels.join(', ')}. Deleting it breaks the image or link there.`,
  deleted: (name: string) => `${name} deleted.`,
  renamed: (from: string, to: string) => `${from} renamed to ${to}.`,
  renamedUpdated: (from: string, to: string, count: number) =>
    `${from} renamed to ${to}. ${count === 1 ? '1 record field' : `${count} record fields`} updated to the new address.`,
  confirmRename: (from: string, to: string) => `Rename ${from} to ${to}?`,
  renameUsedBy: (labels: string[]) => `This file is used by ${labels.join(', ')}. They will be updated to the new address.`,
  tooManyUses: (max: number) =>
    `This file is named in more than ${max.toLocaleString('en-US')} places in the records, too many to update in one rename. It keeps its name.`,
  uploaded: (count: number) => (count === 1 ? '1 file uploaded.' : `${count} files uploaded.`),
} as const;

export interface FilesDeps {
  db: RealtimeDb;
  paths: Paths;
  storage: FileStorage;
}

/** A refusal with its status and the words staff see. */
export class FilesError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = 'FilesError';
  }
}

/** The community's file-management folder, as a storage prefix ('{community}/images/'). */
export function filesRoot(community: string): string {
  return `${storagePaths.communityImages(community)}/`;
}

export interface FolderRow {
  /** Relative to the community's folder, ending with '/'. */
  path: string;
  name: string;
}

export interface FileRow {
  /** Relative to the community's folder. */
  path: string;
  name: string;
  size: number;
  contentType: string;
  /** Last stored, ms since the epoch. */
  updated: number;
  /** The address the apps and browsers load it from (Copy Link). */
  url: string;
}

export interface FilesPage {
  /** The folder open, relative ('' for the community's folder, else ending with '/'). */
  folder: string;
  folders: FolderRow[];
  files: FileRow[];
  /** The page shown (null: the first). */
  pageToken: string | null;
  nextPageToken: string | null;
}

const lastSegment = (path: string) => path.replace(/\/$/, '').split('/').pop() ?? path;

/** A posted or addressed folder in canonical form ('' or 'a/b/'); 400 with the reason otherwise. */
export function parseFolder(folder: string | null | undefined): string {
  const raw = folder ?? '';
  const problem = relativePathProblem(raw, { folder: true });
  if (problem) throw new FilesError(400, problem);
  return raw === '' || raw.endsWith('/') ? raw : `${raw}/`;
}

/** A posted file path (relative); 400 with the reason otherwise. */
export function parseFilePath(path: string | null | undefined): string {
  const raw = path ?? '';
  const problem = raw === '' ? 'Choose a file.' : relativePathProblem(raw);
  if (problem) throw new FilesError(400, problem);
  return raw;
}

/** One page of the folder `folder` of the community's files, in name order. */
export async function readFilesPage(deps: FilesDeps, community: string, folder: string, pageToken: string | null): Promise<FilesPage> {
  const root = filesRoot(community);
  let page;
  try {
    page = await deps.storage.listFolderPage(`${root}${folder}`, { pageToken, maxResults: FILES_PAGE_SIZE });
  } catch (error) {
    if (isStorageError(error, 'invalid-argument')) throw new FilesError(400, FILES_TEXTS.badPage);
    throw error;
  }
  const files = await Promise.all(
    page.files.map(async (file): Promise<FileRow | null> => {
      const url = await deps.storage.url(file.path).catch((error: unknown) => {
        if (isStorageError(error, 'not-found')) return null; // deleted meanwhile
        throw error;
      });
      if (url === null) return null;
      const path = file.path.slice(root.length);
      return { path, name: lastSegment(path), size: file.size, contentType: file.contentType, updated: file.updated.getTime(), url };
    }),
  );
  return {
    folder,
    folders: page.folders.map((sub) => {
      const path = sub.slice(root.length);
      return { path, name: lastSegment(path) };
    }),
    files: files.filter((file): file is FileRow => file !== null),
    pageToken,
    nextPageToken: page.nextPageToken,
  };
}

/** The file staff named, or 404 when it is not there. */
async function existingFile(deps: FilesDeps, community: string, path: string): Promise<string> {
  const full = `${filesRoot(community)}${parseFilePath(path)}`;
  if (!(await deps.storage.exists(full))) throw new FilesError(404, FILES_TEXTS.missing);
  return full;
}

export type DeleteAnswer = { kind: 'confirm'; path: string; name: string; uses: FileUse[] } | { kind: 'deleted'; name: string };

/**
 * Delete (STYLE 10, two posts): without `confirmed` it answers what to ask — 'Are you certain you
 * want to delete?' and, when records name the file, which ones ('This file is used by …'); with
 * it, the file is removed.
 */
export async function deleteFile(deps: FilesDeps, community: string, path: string, confirmed: boolean): Promise<DeleteAnswer> {
  const full = await existingFile(deps, community, path);
  const name = lastSegment(path);
  if (!confirmed) return { kind: 'confirm', path, name, uses: await usesOfFile(deps, community, full) };
  if (!(await deps.storage.delete(full))) throw new FilesError(404, FILES_TEXTS.missing);
  return { kind: 'deleted', name };
}

export type RenameAnswer =
  | { kind: 'confirm'; path: string; from: string; to: string; uses: FileUse[] }
  | { kind: 'renamed'; from: string; to: string; updated: number };

/** A string of the community's records naming a file: its database path and the text read. */
interface NamingString {
  path: string;
  text: string;
}

/**
 * The strings of the community's records (the records the reference scan reads) that name the
 * file at `path`, at most `max` + 1 (one more than allowed tells the caller there are too many).
 */
async function stringsNaming(deps: FilesDeps, community: string, path: string, max: number): Promise<NamingString[]> {
  const found: NamingString[] = [];
  for (const record of communityRecordPaths(deps.paths, community)) {
    const stack: Array<{ value: unknown; at: string }> = [
      { value: (await deps.db.ref(record.path).get()).val() as unknown, at: record.path },
    ];
    while (stack.length > 0) {
      const { value, at } = stack.pop()!;
      if (typeof value === 'string') {
        if (storagePathsIn(value).includes(path)) found.push({ path: at, text: value });
        if (found.length > max) return found;
      } else if (typeof value === 'object' && value !== null) {
        for (const [key, child] of Object.entries(value as Record<string, unknown>)) stack.push({ value: child, at: `${at}/${key}` });
      }
    }
  }
  return found;
}

/** Attempts at one string when other edits keep changing it meanwhile. */
const REWRITE_ATTEMPTS = 3;
/** Strings rewritten at the same time. */
const REWRITE_BATCH = 10;

/**
 * Each string to name `to` instead of `from`, written only if it still holds the text read
 * (guardedUpdate on the string itself): an edit saved meanwhile is never written over; its text is
 * read again and rewritten in turn. Returns how many strings were written.
 */
async function rewriteStrings(deps: FilesDeps, strings: NamingString[], from: string, to: string): Promise<number> {
  const one = async ({ path, text }: NamingString): Promise<boolean> => {
    let current = text;
    for (let attempt = 0; attempt < REWRITE_ATTEMPTS; attempt += 1) {
      const next = replaceStoragePath(current, from, to);
      if (next === current) return false;
      const expected = current;
      const result = await deps.db.ref().guardedUpdate(path, (value: unknown) => value === expected, { [path]: next });
      if (result.committed) return true;
      const now = result.snapshot.val() as unknown;
      if (typeof now !== 'string') return false; // the string was removed or replaced by something else
      current = now;
    }
    return false;
  };
  let written = 0;
  for (let start = 0; start < strings.length; start += REWRITE_BATCH) {
    const done = await Promise.all(strings.slice(start, start + REWRITE_BATCH).map(one));
    written += done.filter(Boolean).length;
  }
  return written;
}

/**
 * Rename within its folder; never over another file (409). A file the community's records name is
 * asked about first (without `confirmed`: who uses it, and that they will be updated); once moved,
 * every string of those records naming the old address is rewritten to the new one in the form it
 * was written (replaceStoragePath). More than MAX_RENAME_REWRITES such strings: refused before
 * anything moves.
 */
export async function renameFile(
  deps: FilesDeps,
  community: string,
  path: string,
  newName: string,
  confirmed = false,
): Promise<RenameAnswer> {
  const full = await existingFile(deps, community, path);
  const problem = fileNameProblem(newName);
  if (problem) throw new FilesError(400, problem);
  const name = newName.trim();
  const from = lastSegment(path);
  if (name === from) return { kind: 'renamed', from, to: name, updated: 0 };
  const target = `${full.slice(0, full.length - from.length)}${name}`;
  if (await deps.storage.exists(target)) throw new FilesError(409, FILES_TEXTS.exists(name));
  const naming = await stringsNaming(deps, community, full, MAX_RENAME_REWRITES);
  if (naming.length > MAX_RENAME_REWRITES) throw new FilesError(409, FILES_TEXTS.tooManyUses(MAX_RENAME_REWRITES));
  if (naming.length > 0 && !confirmed) {
    return { kind: 'confirm', path, from, to: name, uses: await usesOfFile(deps, community, full) };
  }
  try {
    await deps.storage.move(full, target);
  } catch (error) {
    if (isStorageError(error, 'conflict')) throw new FilesError(409, FILES_TEXTS.exists(name));
    if (isStorageError(error, 'not-found')) throw new FilesError(404, FILES_TEXTS.missing);
    if (isStorageError(error, 'invalid-path')) throw new FilesError(400, FILES_TEXTS.exists(name));
    throw error;
  }
  // Read again after the move: a record saved since the question (or since the count) is updated too.
  const updated = await rewriteStrings(deps, await stringsNaming(deps, community, full, MAX_RENAME_REWRITES), full, target);
  return { kind: 'renamed', from, to: name, updated };
}

/**
 * Upload into the folder open: each accepted file (parseUpload has checked its type and size)
 * under its storage-safe name; a name already in the folder refuses the whole upload before
 * anything is stored.
 */
export async function uploadFiles(deps: FilesDeps, community: string, folder: string, files: readonly File[]): Promise<number> {
  if (files.length === 0) throw new FilesError(400, FILES_TEXTS.noFile);
  const root = `${filesRoot(community)}${parseFolder(folder)}`;
  const targets = files.map((file) => ({ file, path: `${root}${safeFileName(file.name)}` }));
  const seen = new Set<string>();
  for (const { path } of targets) {
    if (seen.has(path) || (await deps.storage.exists(path))) throw new FilesError(409, FILES_TEXTS.exists(lastSegment(path)));
    seen.add(path);
  }
  for (const { file, path } of targets) {
    try {
      // Another upload of the same name at the same moment: the later one is refused, not written over the first.
      await storeUploadedFile(deps.storage, path, file, { ifAbsent: true });
    } catch (error) {
      if (isStorageError(error, 'conflict')) throw new FilesError(409, FILES_TEXTS.exists(lastSegment(path)));
      throw error;
    }
  }
  return targets.length;
}
