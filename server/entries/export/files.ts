import { communityImagePath } from '@server/images/stored';
import { storagePaths } from '@server/paths/storage';
import { FIREBASE_STORAGE_ORIGIN } from '@server/storage/firebase-bucket';
import { storagePathFromUrl } from '@server/storage/serve';
import { asRecord, huntSteps, type Json } from '../rules';
import type { EntryItem } from '../store';
import { formFields, zipName } from './table';

/**
 * The stored files of an entry that Export Photos and Export Files put into their zip (spec 02
 * §4 "Listing actions" export-photos, export-files): photos are the answers of a form's image
 * fields and a hunt's photo steps; files are the entry's completed-form PDF
 * (forms/completed/{item}/{file}) and the answers of a form's file fields. Only objects of the
 * entry's own community (or its form's PDFs) are read, through the storage port: an answer
 * naming another community's file or an outside address is left out.
 */

export type ExportKind = 'data' | 'photos' | 'files';

export interface EntryFile {
  /** Where the file goes in the zip, without extension ('Field label'); made unique per entry by the job. */
  name: string;
  /** The object path in storage. */
  path: string;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** The object path a stored file's address names (a local `/files/…` address, a Firebase download URL or a bare path), else null. */
export function objectPathOf(value: string): string | null {
  if (value.startsWith(`${FIREBASE_STORAGE_ORIGIN}/`)) {
    try {
      const match = /^\/v0\/b\/[^/]+\/o\/([^/?#]+)$/.exec(new URL(value).pathname);
      return match ? decodeURIComponent(match[1]!) : null;
    } catch {
      return null;
    }
  }
  if (/^https?:\/\//i.test(value) || value.startsWith('/')) {
    try {
      return storagePathFromUrl(value);
    } catch {
      return null;
    }
  }
  return null;
}

/** Whether the object belongs to the community (its folder or its user-written area) or is a PDF of the item. */
export function belongsTo(path: string, community: string, item: string): boolean {
  return path.startsWith(`${community}/`) || path.startsWith(`user-written/${community}/`) || path.startsWith(`forms/completed/${item}/`);
}

function stored(value: unknown, community: string, item: string): string | null {
  const address = text(value);
  if (!address) return null;
  // A bare storage path or gs:// address as the guest app may write it (the shared folder rule), else a URL.
  const path = communityImagePath(community, address) ?? objectPathOf(address);
  return path && belongsTo(path, community, item) ? path : null;
}

const PHOTO_FIELDS: ReadonlySet<string> = new Set(['image', 'photo', 'signature']);
const FILE_FIELDS: ReadonlySet<string> = new Set(['file', 'fileUpload', 'upload']);

/** The photos or files of one entry, in the form's (or hunt's) order. */
export function entryFiles(item: EntryItem, community: string, entry: Json, kind: Exclude<ExportKind, 'data'>): EntryFile[] {
  const files: EntryFile[] = [];
  const add = (label: string, value: unknown) => {
    const values = Array.isArray(value) ? value : [value];
    values.forEach((one, index) => {
      const path = stored(one, community, item.key);
      if (path) files.push({ name: values.length > 1 ? `${label} ${index + 1}` : label, path });
    });
  };
  if (item.kind === 'hunt') {
    if (kind === 'photos') {
      for (const step of huntSteps(item.record)) {
        const response = asRecord(entry[step.key]);
        add(zipName(step.title, step.key), response.drawable ?? response.photo);
      }
    }
    return files;
  }
  if (kind === 'files') {
    const pdf = text(entry.file);
    if (pdf && !pdf.includes('/')) {
      try {
        files.push({ name: 'Form', path: storagePaths.formPdf(item.key, pdf) });
      } catch {
        // A file name the storage cannot hold names no file.
      }
    }
  }
  const wanted = kind === 'photos' ? PHOTO_FIELDS : FILE_FIELDS;
  const answers = asRecord(entry.answers);
  for (const field of formFields(item)) {
    if (wanted.has(field.type)) add(zipName(field.label, field.name), asRecord(answers[field.name]).value);
  }
  return files;
}

/** Whether any of the entries has something to put into the zip of `kind`. */
export function hasExportable(item: EntryItem, community: string, entries: Iterable<Json>, kind: ExportKind): boolean {
  if (kind === 'data') {
    for (const _entry of entries) return true;
    return false;
  }
  for (const entry of entries) if (entryFiles(item, community, entry, kind).length > 0) return true;
  return false;
}

/** The extension of a stored file for its name in the zip: its own, else its type's. */
export function extensionOf(path: string, contentType: string): string {
  const own = /\.([A-Za-z0-9]{1,8})$/.exec(path.split('/').pop() ?? '')?.[1];
  if (own) return own.toLowerCase();
  const types: Record<string, string> = {
    'image/jpeg': 'jpg',
    'image/png': 'png',
    'image/gif': 'gif',
    'image/webp': 'webp',
    'image/heic': 'heic',
    'application/pdf': 'pdf',
  };
  return types[contentType.split(';')[0]!.trim().toLowerCase()] ?? 'bin';
}
