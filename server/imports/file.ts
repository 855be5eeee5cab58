import { assertStorageSegment } from '@server/paths/storage';
import { PoolBusyError, PoolLimitError, PoolTaskError, runInPool } from '@server/pool';
import { IMPORTS_FOLDER } from '@server/storage/sweep';
import type { FileStorage } from '@server/storage/types';
import { CSV_LIMITS, CSV_TEXTS, CsvError, parseCsv, type CsvTable } from './csv';
import { XLSX_TEXTS } from './xlsx';

/**
 * The uploaded file of a listing import (a CSV, or an Excel workbook stored as the CSV of its
 * first worksheet), kept in storage between the upload, the preview and the job
 * (`{community}/imports/{fileKey}.csv`; the random key is the capability; the storage sweep
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

/** What an upload is, by its name or type: a CSV, an Excel workbook (.xlsx), or neither. */
export function uploadKind(file: { name: string; type: string }): 'csv' | 'xlsx' | null {
  if (/\.xlsx$/i.test(file.name) || file.type === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') return 'xlsx';
  // Windows browsers send a .csv as application/vnd.ms-excel.
  if (/\.csv$/i.test(file.name) || /^text\/(csv|plain)|^application\/vnd\.ms-excel$/.test(file.type)) return 'csv';
  return null;
}

export const SPREADSHEET_BUSY_MESSAGE = 'The server is busy reading other files. Please try again in a minute.';

/** The pool is full: the workbook was not read (the upload answers 503). */
export class SpreadsheetBusyError extends Error {
  constructor() {
    super(SPREADSHEET_BUSY_MESSAGE);
    this.name = 'SpreadsheetBusyError';
  }
}

/**
 * The CSV text an upload is stored as: a CSV's own text (UTF-8, else Windows-1252), or a
 * workbook's first worksheet written as CSV, read in the worker pool (task `xlsx-csv`), never on
 * the web event loop. Throws CsvError (the file's problem, or past the pool's limits) or
 * SpreadsheetBusyError.
 */
export async function uploadedCsvText(bytes: Uint8Array, kind: 'csv' | 'xlsx'): Promise<string> {
  if (kind === 'csv') return decodeText(bytes);
  try {
    return (await runInPool('xlsx-csv', { bytes })).text;
  } catch (error) {
    if (error instanceof PoolTaskError && error.errorName === 'CsvError') throw new CsvError(error.message);
    if (error instanceof PoolLimitError) throw new CsvError(XLSX_TEXTS.tooComplex);
    if (error instanceof PoolBusyError) throw new SpreadsheetBusyError();
    throw error;
  }
}
