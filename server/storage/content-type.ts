/**
 * Content types by file extension, for the files this product stores: uploaded images and
 * videos, generated PDFs, PNGs and calendars, exports and icon catalogues. Used when a file has
 * no stored content type and to check uploads against accepted types.
 */

const BY_EXTENSION: Readonly<Record<string, string>> = {
  // images
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jfif: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  heic: 'image/heic',
  heif: 'image/heif',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  svg: 'image/svg+xml',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  // video and audio
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  // documents and data
  pdf: 'application/pdf',
  ics: 'text/calendar',
  csv: 'text/csv',
  txt: 'text/plain',
  json: 'application/json',
  xml: 'application/xml',
  zip: 'application/zip',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  // web (stored, never executed: see server/storage/serve.ts)
  html: 'text/html',
  htm: 'text/html',
  css: 'text/css',
  js: 'text/javascript',
  // fonts for printouts and flyers
  ttf: 'font/ttf',
  otf: 'font/otf',
  woff: 'font/woff',
  woff2: 'font/woff2',
};

/** Other spellings some browsers and tools send, mapped to the registered type. */
const ALIASES: Readonly<Record<string, string>> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/x-png': 'image/png',
  'image/svg': 'image/svg+xml',
  'application/x-pdf': 'application/pdf',
  'text/xml': 'application/xml',
  'application/javascript': 'text/javascript',
};

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** The lower-case extension of the last path segment, without the dot ('' when none). */
export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The content type the extension of `path` stands for, or null when it is unknown. */
export function contentTypeFromExtension(path: string): string | null {
  const extension = extensionOf(path);
  return (Object.hasOwn(BY_EXTENSION, extension) ? BY_EXTENSION[extension] : undefined) ?? null;
}

/** The bare, lower-case MIME type (no parameters), with known aliases resolved. */
export function essenceOf(contentType: string): string {
  const [type = ''] = contentType.split(';');
  const essence = type.trim().toLowerCase();
  return (Object.hasOwn(ALIASES, essence) ? ALIASES[essence] : undefined) ?? essence;
}
