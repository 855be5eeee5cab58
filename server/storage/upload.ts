import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { unstable_parseMultipartFormData, type UploadHandler, type UploadHandlerPart } from '@remix-run/node';
import type { ZodTypeAny } from 'zod';
import { checkShape, FORM_MESSAGES, formRefusal, MAX_FORM_BYTES, readForm, schemaList } from '../http/form';
import { noteFormRead } from '../http/form-community';
import { MAX_FORM_FIELDS } from '../http/form-shape';
import { MAX_UPLOAD_BYTES } from '../http/limits';
import { contentTypeFromExtension, DEFAULT_CONTENT_TYPE, essenceOf, extensionOf } from './content-type';
import { delimiterSafeChunks, multipartBoundary } from './multipart-chunks';
import type { FileStorage, StoredFile } from './types';

/**
 * Reading file uploads in actions. `parseUpload(request, { accept })` streams a
 * multipart/form-data body through Remix's parser and answers either the form data or one
 * typed error the route shows beside the form, together with every other field of the form, so
 * nothing typed is lost:
 *
 * - a file larger than `maxFileBytes` (the spec's 102,400,000 bytes) fails the moment the
 *   byte after the limit arrives: what was held of it is dropped and the rest of it is read
 *   and discarded (never held), so the fields after it still arrive and the browser, having
 *   sent its whole body, sees the answer. If the body is cut off after the limit was passed
 *   (by the client or a proxy), the answer is still the size error;
 * - a file whose type is not accepted fails on its part headers, before any of its bytes are
 *   held ('Incorrect Type': 'Please upload files with the correct type: {list}');
 * - after the first error, later files are discarded unread.
 *
 * Everything that is not a file is held to the limits of every other form
 * (server/http/form.ts): a urlencoded post is read by `readForm` (1 MB, counted as it
 * arrives); in a multipart post the text fields together hold at most MAX_FORM_BYTES (413
 * past it, the rest of the body read and dropped so the browser sees the answer), at most
 * MAX_FORM_FIELDS parts are read (400 past it, without reading further), and the field names
 * are checked against the route's schemas (`schemas`) before anything is built from them. A
 * body of another type is 415. These refusals are thrown as responses: no form a person filled
 * in gets there.
 *
 * Accepted files are `File`s held in memory (at most `maxFileBytes` each, `maxFiles` per
 * request). Their `type` is the accepted type: the browser's, or the one of the extension when
 * the browser sent none (application/octet-stream). A file input left empty sends an unnamed,
 * empty part; it is skipped, so `formData.get(field)` is null.
 */

export { MAX_UPLOAD_BYTES } from '../http/limits';
/** Spec: image uploads accept png and jpeg. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export const PDF_TYPES = ['application/pdf'] as const;
export const SVG_TYPES = ['image/svg+xml'] as const;
/** Files in one request, unless the route says otherwise. */
export const DEFAULT_MAX_FILES = 10;
/** The longest text field, in bytes (rich text included): all text fields together hold at most MAX_FORM_BYTES. */
export const DEFAULT_MAX_FIELD_BYTES = MAX_FORM_BYTES;

export type UploadErrorCode = 'too-large' | 'incorrect-type' | 'too-many-files' | 'field-too-large' | 'invalid-body';

export interface UploadError {
  code: UploadErrorCode;
  /** The form field at fault; null when the body as a whole could not be read. */
  field: string | null;
  /** The name of the file at fault, when a file is. */
  fileName: string | null;
  /** Title for the error dialog, e.g. 'Incorrect Type'. */
  title: string;
  message: string;
  /** The accepted types (incorrect-type). */
  accept?: readonly string[];
  /** The limit that was passed, in bytes (too-large, field-too-large) or files (too-many-files). */
  limit?: number;
}

export interface ParseUploadOptions {
  /**
   * Accepted types for every file field: MIME types ('image/png'), wildcards ('image/*') or
   * extensions ('.png'), as in an input's `accept`. Absent: any type.
   */
  accept?: readonly string[];
  /** Accepted types per field name; overrides `accept` for those fields. */
  acceptByField?: Readonly<Record<string, readonly string[]>>;
  /** Largest file, in bytes. Default MAX_UPLOAD_BYTES. */
  maxFileBytes?: number;
  /** Most files in the request. Default DEFAULT_MAX_FILES. */
  maxFiles?: number;
  /** Longest text field, in bytes. Default DEFAULT_MAX_FIELD_BYTES. */
  maxFieldBytes?: number;
  /** The schemas of the forms the route answers: field names are checked against them (server/http/form-shape.ts). */
  schemas?: ZodTypeAny | readonly ZodTypeAny[];
}

export type ParsedUpload =
  | { ok: true; formData: FormData }
  /** `formData` holds every field read before and after the error, and the files accepted before it. */
  | { ok: false; formData: FormData; error: UploadError };

/** The spec's 'Incorrect Type' text. */
export function incorrectTypeMessage(accept: readonly string[]): string {
  return `Please upload files with the correct type: ${accept.join(', ')}`;
}

export function tooLargeMessage(maxBytes: number = MAX_UPLOAD_BYTES): string {
  const bytes = maxBytes.toLocaleString('en-US');
  if (maxBytes === MAX_UPLOAD_BYTES) return `The file is larger than the 100 MB limit (${bytes} bytes).`;
  return `The file is larger than the limit of ${bytes} bytes.`;
}

/**
 * The type under which `file` is accepted by `accept`, or null when it is not. The browser's
 * type counts when it sent a specific one; otherwise the extension's.
 */
export function acceptedTypeOf(file: { name: string; type: string }, accept: readonly string[]): string | null {
  const declared = file.type ? essenceOf(file.type) : '';
  const byExtension = contentTypeFromExtension(file.name);
  const type = declared !== '' && declared !== 'application/octet-stream' ? declared : (byExtension ?? '');
  const extension = extensionOf(file.name);
  for (const raw of accept) {
    const rule = raw.trim().toLowerCase();
    if (rule === '*' || rule === '*/*') {
      return type || 'application/octet-stream';
    } else if (rule.startsWith('.')) {
      if (extension !== '' && extension === rule.slice(1) && (type === '' || byExtension === null || type === byExtension)) {
        return type || byExtension || 'application/octet-stream';
      }
    } else if (rule.endsWith('/*')) {
      if (type.startsWith(rule.slice(0, -1))) return type;
    } else if (rule !== '' && type === essenceOf(rule)) {
      return type;
    }
  }
  return null;
}

export function isAcceptedFile(file: { name: string; type: string }, accept: readonly string[]): boolean {
  return acceptedTypeOf(file, accept) !== null;
}

/** Parses a form post that may carry files; see the module comment for the rules. */
export async function parseUpload(request: Request, options: ParseUploadOptions = {}): Promise<ParsedUpload> {
  const maxFileBytes = options.maxFileBytes ?? MAX_UPLOAD_BYTES;
  const maxFiles = options.maxFiles ?? DEFAULT_MAX_FILES;
  const maxFieldBytes = options.maxFieldBytes ?? DEFAULT_MAX_FIELD_BYTES;

  const formData = new FormData();
  let error: UploadError | null = null;
  const fail = (problem: UploadError) => {
    error ??= problem;
  };
  const result = (): ParsedUpload => (error ? { ok: false, formData, error } : { ok: true, formData });

  const schemas = schemaList(options.schemas);
  const mediaType = essenceOf(request.headers.get('Content-Type') ?? '');
  if (mediaType === 'application/x-www-form-urlencoded') {
    // A form without enctype="multipart/form-data" (or with no file input): no files to check.
    return { ok: true, formData: await readForm(request, { schemas }) };
  }
  if (mediaType !== 'multipart/form-data') {
    if (request.body && !request.bodyUsed) await request.body.cancel().catch(() => {});
    throw formRefusal(415, FORM_MESSAGES.unsupportedType);
  }

  let parts = 0;
  let textBytes = 0;
  let textOverflow = false;
  let files = 0;
  const handler: UploadHandler = async (part) => {
    parts += 1;
    // More parts than any form has: stop reading here (no person's form gets this far).
    if (parts > MAX_FORM_FIELDS) throw new TooManyParts();
    if (typeof part.filename !== 'string') {
      if (textOverflow) {
        await drain(part);
        return undefined;
      }
      const text = await readText(part, Math.min(maxFieldBytes, MAX_FORM_BYTES - textBytes));
      if (text === null) {
        if (maxFieldBytes < MAX_FORM_BYTES - textBytes) fail(fieldTooLarge(part.name, maxFieldBytes));
        else textOverflow = true;
      } else {
        textBytes += Buffer.byteLength(text);
        formData.append(part.name, text);
      }
      return undefined;
    }
    if (part.filename === '' || error !== null) {
      await drain(part);
      return undefined;
    }
    files += 1;
    if (files > maxFiles) {
      fail(tooManyFiles(part.name, part.filename, maxFiles));
      await drain(part);
      return undefined;
    }
    const accept = options.acceptByField?.[part.name] ?? options.accept;
    let type = part.contentType;
    if (accept) {
      const accepted = acceptedTypeOf({ name: part.filename, type: part.contentType }, accept);
      if (accepted === null) {
        fail(incorrectType(part.name, part.filename, accept));
        await drain(part);
        return undefined;
      }
      type = accepted;
    }
    const filename = part.filename;
    const file = await readFile(part, type, maxFileBytes, () => fail(tooLarge(part.name, filename, maxFileBytes)));
    if (file) formData.append(part.name, file);
    return undefined;
  };

  try {
    // Every value goes into `formData` above as it is read, so a body that fails half-way
    // still answers the fields read so far.
    // The body as chunks that never split a delimiter from its closing dashes (multipart-chunks.ts).
    const contentType = request.headers.get('Content-Type') ?? '';
    const boundary = multipartBoundary(contentType);
    const body = request.body && boundary ? delimiterSafeChunks(request.body, boundary) : request.body;
    await unstable_parseMultipartFormData(
      new Request(request.url, { method: request.method, headers: request.headers, body, duplex: 'half' } as RequestInit),
      handler,
    );
  } catch (problem) {
    if (problem instanceof TooManyParts)
      throw formRefusal(400, `The form sent more than ${MAX_FORM_FIELDS.toLocaleString('en-US')} fields. Nothing was saved.`);
    fail(invalidBody());
  }
  if (textOverflow) throw formRefusal(413, FORM_MESSAGES.tooLarge);
  checkShape(formData, schemas);
  // A form opened for another community than the selected one is refused before any file is stored.
  await noteFormRead(request, formData);
  return result();
}

class TooManyParts extends Error {}

/** Files up to this size are handed to storage as bytes; larger ones are streamed. */
const STREAM_FROM_BYTES = 8 * 1024 * 1024;

/**
 * Stores an uploaded file at `path` with its accepted type, streaming large files from
 * memory into storage rather than copying them into one more buffer.
 */
export async function storeUploadedFile(
  storage: FileStorage,
  path: string,
  file: File,
  options: { cacheControl?: string; ifAbsent?: boolean } = {},
): Promise<StoredFile> {
  const contentType = file.type || contentTypeFromExtension(file.name) || DEFAULT_CONTENT_TYPE;
  const putOptions = {
    contentType,
    ...(options.cacheControl !== undefined ? { cacheControl: options.cacheControl } : {}),
    ...(options.ifAbsent ? { ifAbsent: true } : {}),
  };
  if (file.size <= STREAM_FROM_BYTES) return storage.put(path, new Uint8Array(await file.arrayBuffer()), putOptions);
  return storage.put(path, Readable.fromWeb(file.stream() as unknown as NodeReadableStream<Uint8Array>), putOptions);
}

/** Held chunks are merged into a Blob every few MB, so the whole file is never copied at once. */
const BATCH_BYTES = 8 * 1024 * 1024;

async function readFile(part: UploadHandlerPart, type: string, maxBytes: number, onTooLarge: () => void): Promise<File | null> {
  const blobs: Blob[] = [];
  // The parser's chunks are plain ArrayBuffer views.
  let batch: Uint8Array<ArrayBuffer>[] = [];
  let batchBytes = 0;
  let size = 0;
  let tooLarge = false;
  for await (const chunk of part.data) {
    if (tooLarge) continue; // read and drop the rest of this file
    size += chunk.byteLength;
    if (size > maxBytes) {
      tooLarge = true;
      blobs.length = 0;
      batch = [];
      onTooLarge();
      continue;
    }
    batch.push(chunk as Uint8Array<ArrayBuffer>);
    batchBytes += chunk.byteLength;
    if (batchBytes >= BATCH_BYTES) {
      blobs.push(new Blob(batch));
      batch = [];
      batchBytes = 0;
    }
  }
  if (tooLarge) return null;
  if (batch.length > 0) blobs.push(new Blob(batch));
  return new File(blobs, part.filename ?? 'file', { type });
}

async function readText(part: UploadHandlerPart, maxBytes: number): Promise<string | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of part.data) {
    if (tooLarge) continue;
    size += chunk.byteLength;
    if (size > maxBytes) {
      tooLarge = true;
      chunks.length = 0;
      continue;
    }
    chunks.push(chunk);
  }
  if (tooLarge) return null;
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** Reads a part to its end without keeping it (the parser would otherwise buffer it). */
async function drain(part: UploadHandlerPart) {
  for await (const _chunk of part.data) {
    // dropped
  }
}

function tooLarge(field: string, fileName: string, maxBytes: number): UploadError {
  return { code: 'too-large', field, fileName, title: 'File Too Large', message: tooLargeMessage(maxBytes), limit: maxBytes };
}

function incorrectType(field: string, fileName: string, accept: readonly string[]): UploadError {
  return { code: 'incorrect-type', field, fileName, title: 'Incorrect Type', message: incorrectTypeMessage(accept), accept };
}

function tooManyFiles(field: string, fileName: string, maxFiles: number): UploadError {
  return {
    code: 'too-many-files',
    field,
    fileName,
    title: 'Too Many Files',
    message: `Please upload at most ${maxFiles} ${maxFiles === 1 ? 'file' : 'files'} at a time.`,
    limit: maxFiles,
  };
}

function fieldTooLarge(field: string, maxBytes: number): UploadError {
  return {
    code: 'field-too-large',
    field,
    fileName: null,
    title: 'Too Long',
    message: `This field is longer than the limit of ${maxBytes.toLocaleString('en-US')} bytes.`,
    limit: maxBytes,
  };
}

function invalidBody(): UploadError {
  return {
    code: 'invalid-body',
    field: null,
    fileName: null,
    title: 'Upload Failed',
    message: 'The form could not be read. Please try again.',
  };
}
