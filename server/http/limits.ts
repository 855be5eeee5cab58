/**
 * How large a request body may be. The HTTP server refuses a larger body before any action
 * reads it: at once when its Content-Length says so, else the moment the byte after the limit
 * arrives. Actions that read multipart bodies without files apply the small limit themselves.
 */

/** Spec 03 §9: the uploader's largest file. */
export const MAX_UPLOAD_BYTES = 102_400_000;

/** Every body that is not multipart/form-data: forms without files, JSON, text. */
export const MAX_BODY_BYTES = 1_048_576;

/**
 * multipart/form-data bodies (uploads): one file at the uploader's limit (102,400,000 bytes)
 * plus room for the form's other fields and the multipart framing, so a file of exactly the
 * limit still arrives and a file just over it reaches the upload parser, which answers beside
 * the form. The parser itself holds no file past its limit.
 */
export const MAX_MULTIPART_BODY_BYTES = MAX_UPLOAD_BYTES + MAX_BODY_BYTES;

/** The limit for a body of this Content-Type. */
export function bodyLimitFor(contentType: string | null | undefined): number {
  return isMultipart(contentType) ? MAX_MULTIPART_BODY_BYTES : MAX_BODY_BYTES;
}

export function isMultipart(contentType: string | null | undefined): boolean {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase() === 'multipart/form-data';
}

/** What a refused body is told, e.g. 'This request is too large (over 1 MB). Nothing was saved.' */
export function bodyTooLargeMessage(limit: number): string {
  const size = limit >= MAX_MULTIPART_BODY_BYTES ? '100 MB' : limit === MAX_BODY_BYTES ? '1 MB' : `${limit.toLocaleString('en-US')} bytes`;
  return `This request is too large (over ${size}). Nothing was saved.`;
}

/**
 * The Content-Length of a request: a number, null when there is none, or 'invalid' (Node's
 * parser already refuses most malformed values; repeated differing values end here).
 */
export function declaredLength(header: string | string[] | undefined): number | null | 'invalid' {
  if (header === undefined) return null;
  const values = (Array.isArray(header) ? header : [header]).flatMap((value) => value.split(',')).map((value) => value.trim());
  if (values.length === 0 || values.some((value) => !/^\d+$/.test(value))) return 'invalid';
  const unique = new Set(values.map(Number));
  if (unique.size !== 1) return 'invalid';
  const [length] = unique;
  return Number.isSafeInteger(length) ? length! : 'invalid';
}

/** Counts a body's bytes as they arrive; `add` answers false once the total is over the limit. */
export class ByteCounter {
  private total = 0;
  constructor(readonly limit: number) {}

  add(bytes: number): boolean {
    this.total += bytes;
    return this.total <= this.limit;
  }

  get bytes(): number {
    return this.total;
  }

  get exceeded(): boolean {
    return this.total > this.limit;
  }
}
