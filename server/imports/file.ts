import { assertStorageSegment } from '@server/paths/storage';
import { IMPORTS_FOLDER } from '@server/storage/sweep';
import type { FileStorage } from '@server/storage/types';
import { CSV_LIMITS, CSV_TEXTS, CsvError, parseCsv, type CsvTable } from './csv';

/**
 * The uploaded CSV of a listing import, kept in storage between the upload, the preview and the
 * job (`{community}/imports/{fileKey}.csv`; the random key is the capability; the storage sweep
 * removes it after the retention of generated files, decision 039).
 */

export const FILE_KEY = /^[A-Za-z0-9-]{16,64}$/;

export const importFilePath = (community: string, fileKey: string) =>
  `${assertStorageSegment('community', community)}/${IMPORTS_FOLDER}/${assertStorageSegment('fileKey', fileKey)}.csv`;

/** The stored file as a table, or null when it is gone (or the key is no key). */
export async function readImportFile(storage: FileStorage, community: string, fileKey: string): Promise<CsvTable | null> {
  if (!FILE_KEY.test(fileKey)) return null;
  const object = await storage.get(importFilePath(community, fileKey));
  if (!object) return null;
  const bytes = await object.bytes();
  if (bytes.byteLength > CSV_LIMITS.maxBytes) throw new CsvError(CSV_TEXTS.tooManyRows);
  return parseCsv(decodeText(bytes));
}

/** UTF-8 text, else (a spreadsheet program's "CSV" in Windows-1252) Latin text. */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
