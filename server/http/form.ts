import type { ZodTypeAny } from 'zod';
import { essenceOf } from '../storage/content-type';
import { noteFormRead } from './form-community';
import { checkFormShape, FormShapeError } from './form-shape';
import { bodyTooLargeMessage, MAX_BODY_BYTES } from './limits';

/**
 * How every action reads its form (issue 9, findings 1, 2 and 11). `request.formData()` reads
 * any body whole, answers a wrong content type or a cut-off multipart body with an exception
 * (a 500), and hands conform whatever field names were sent. `readForm` instead:
 *
 * 1. takes only the two form encodings, application/x-www-form-urlencoded and
 *    multipart/form-data (415 otherwise);
 * 2. refuses a declared Content-Length over the limit (1 MB) without reading, and counts the
 *    bytes as they arrive, stopping at the limit (413) — whatever sits in front of the app;
 * 3. parses the bytes it holds (400 when they are not a readable form: truncated multipart, a
 *    multipart body without its boundary);
 * 4. checks the field names against the route's schemas before conform builds anything from
 *    them (./form-shape.ts: list indexes within each list's cap, single values sent once,
 *    field count and name length; 400);
 * 5. checks that a form opened for one community is not saved into another (./form-community.ts:
 *    409 with what was posted).
 *
 * Each refusal is thrown as a Response with a plain-text message; the route's error boundary
 * shows it (with JavaScript and without). Uploads read their forms with `parseUpload`
 * (server/storage/upload.ts), which streams files and applies the same limits to everything
 * else.
 */

/** The largest form body a non-upload action reads (1 MB). */
export const MAX_FORM_BYTES = MAX_BODY_BYTES;

/** The two encodings of an HTML form. */
export const FORM_CONTENT_TYPES: readonly string[] = ['application/x-www-form-urlencoded', 'multipart/form-data'];

export const FORM_MESSAGES = {
  unsupportedType:
    'This address takes a web form (application/x-www-form-urlencoded or multipart/form-data), and the request was not one. Nothing was saved.',
  tooLarge: bodyTooLargeMessage(MAX_BODY_BYTES),
  unreadable: 'The form could not be read: it arrived incomplete or malformed. Nothing was saved. Please try again.',
} as const;

/** A refusal of a form, as the Response an action throws. */
export function formRefusal(status: 400 | 413 | 415, message: string): Response {
  return new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

export interface ReadFormOptions {
  /** The schemas of the forms this action answers: field names are checked against them. */
  schemas?: ZodTypeAny | readonly ZodTypeAny[];
  /** The largest body, in bytes. Default MAX_FORM_BYTES. */
  maxBytes?: number;
  /**
   * The form changes which community is selected (Switch Community), so the community it was
   * opened for is not compared with the selected one (./form-community.ts).
   */
  anyCommunity?: boolean;
}

export const schemaList = (schemas: ReadFormOptions['schemas']): readonly ZodTypeAny[] =>
  schemas === undefined ? [] : Array.isArray(schemas) ? schemas : [schemas as ZodTypeAny];

/** Whether a request's content type is one of the two form encodings. */
export const isFormContentType = (contentType: string | null): boolean => FORM_CONTENT_TYPES.includes(essenceOf(contentType ?? ''));

/** Reads, limits, parses and checks a posted form; see the module comment. */
export async function readForm(request: Request, options: ReadFormOptions = {}): Promise<FormData> {
  const contentType = request.headers.get('Content-Type') ?? '';
  if (!isFormContentType(contentType)) {
    await discardBody(request);
    throw formRefusal(415, FORM_MESSAGES.unsupportedType);
  }
  const bytes = await readBodyBytes(request, options.maxBytes ?? MAX_FORM_BYTES);
  let formData: FormData;
  try {
    formData = await new Response(bytes, { headers: { 'Content-Type': contentType } }).formData();
  } catch {
    throw formRefusal(400, FORM_MESSAGES.unreadable);
  }
  checkShape(formData, schemaList(options.schemas));
  if (!options.anyCommunity) await noteFormRead(request, formData);
  return formData;
}

/** The shape check of ./form-shape.ts, its refusal as a 400 response. */
export function checkShape(formData: FormData, schemas: readonly ZodTypeAny[]): void {
  try {
    checkFormShape(formData, schemas);
  } catch (error) {
    if (error instanceof FormShapeError) throw formRefusal(400, error.message);
    throw error;
  }
}

/**
 * The request's body, at most `maxBytes` of it: a declared length over the limit is refused
 * before reading, and reading stops (and the stream is cancelled) at the byte after the limit.
 */
export async function readBodyBytes(request: Request, maxBytes: number = MAX_FORM_BYTES): Promise<Uint8Array<ArrayBuffer>> {
  if (declaredLength(request) > maxBytes) {
    await discardBody(request);
    throw formRefusal(413, FORM_MESSAGES.tooLarge);
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => {});
        throw formRefusal(413, FORM_MESSAGES.tooLarge);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    // The client went away or the body broke off.
    throw formRefusal(400, FORM_MESSAGES.unreadable);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The declared Content-Length, or 0 when there is none (or it is not a number). */
export function declaredLength(request: Request): number {
  const declared = request.headers.get('Content-Length')?.trim() ?? '';
  return /^\d+$/.test(declared) ? Number(declared) : 0;
}

/** Lets go of a body that will not be read. */
async function discardBody(request: Request) {
  if (request.body && !request.bodyUsed) await request.body.cancel().catch(() => {});
}
