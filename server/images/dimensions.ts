/**
 * An image's size read from its header, before anything decodes it: a 1.2 MB PNG can say
 * 20000x20000 and decode to 1.6 GB of pixels. Every image the server decodes (uploads, list
 * icons, fetched photos) is checked here first; above MAX_IMAGE_PIXELS it is refused, and a
 * format whose header is not read here is not decoded at all.
 *
 * Formats: PNG (IHDR), JPEG (the first SOF0–SOF15 frame header, walking the segments so an EXIF
 * thumbnail's own SOF inside APP1 is skipped), GIF (the logical screen), WebP (VP8, VP8L, VP8X)
 * and BMP — what the canvas decoder reads and the upload pipeline lets through.
 */

/** The pixel budget of one image (and of a PDF's rendered page). */
export const MAX_IMAGE_PIXELS = 50_000_000;

export const IMAGE_TOO_LARGE_MESSAGE = 'This image is larger than 50 megapixels.';

export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'bmp';

export interface ImageHeader {
  format: ImageFormat;
  width: number;
  height: number;
}

/** The image has more pixels than MAX_IMAGE_PIXELS (IMAGE_TOO_LARGE_MESSAGE). */
export class ImageTooLargeError extends Error {
  constructor(readonly size?: { width: number; height: number }) {
    super(IMAGE_TOO_LARGE_MESSAGE);
    this.name = 'ImageTooLargeError';
  }
}

/** The bytes are not an image whose size can be read. */
export class ImageUnreadableError extends Error {
  constructor(message = 'The image could not be read.') {
    super(message);
    this.name = 'ImageUnreadableError';
  }
}

const ascii = (bytes: Uint8Array, at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));

function png(view: DataView, bytes: Uint8Array): ImageHeader | null {
  if (bytes.length < 24 || ascii(bytes, 12, 4) !== 'IHDR') return null;
  return { format: 'png', width: view.getUint32(16), height: view.getUint32(20) };
}

/** SOFn markers carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but are not frames. */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpeg(view: DataView, bytes: Uint8Array): ImageHeader | null {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    let marker = bytes[at + 1]!;
    // Fill bytes: any number of 0xFF before a marker.
    while (marker === 0xff && at + 2 < bytes.length) marker = bytes[(at += 1) + 1]!;
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    // End of image, or the scan begins, before any frame header: no size.
    if (marker === 0xd9 || marker === 0xda) return null;
    if (at + 4 > bytes.length) return null;
    const length = view.getUint16(at + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (at + 9 > bytes.length) return null;
      return { format: 'jpeg', height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

function gif(view: DataView, bytes: Uint8Array): ImageHeader | null {
  if (bytes.length < 10) return null;
  return { format: 'gif', width: view.getUint16(6, true), height: view.getUint16(8, true) };
}

function webp(view: DataView, bytes: Uint8Array): ImageHeader | null {
  if (bytes.length < 30) return null;
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8X') {
    const width = 1 + (bytes[24]! | (bytes[25]! << 8) | (bytes[26]! << 16));
    const height = 1 + (bytes[27]! | (bytes[28]! << 8) | (bytes[29]! << 16));
    return { format: 'webp', width, height };
  }
  if (chunk === 'VP8 ') {
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return { format: 'webp', width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) return null;
    const bits = view.getUint32(21, true);
    return { format: 'webp', width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  return null;
}

function bmp(view: DataView, bytes: Uint8Array): ImageHeader | null {
  if (bytes.length < 26) return null;
  const headerSize = view.getUint32(14, true);
  if (headerSize === 12) return { format: 'bmp', width: view.getUint16(18, true), height: view.getUint16(20, true) };
  if (headerSize < 40) return null;
  return { format: 'bmp', width: Math.abs(view.getInt32(18, true)), height: Math.abs(view.getInt32(22, true)) };
}

/** The format and size an image's header states; null when the bytes are none of the formats read here. */
export function readImageHeader(bytes: Uint8Array): ImageHeader | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length >= 8 && bytes[0] === 0x89 && ascii(bytes, 1, 3) === 'PNG') return png(view, bytes);
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return jpeg(view, bytes);
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')) return gif(view, bytes);
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return webp(view, bytes);
  if (bytes.length >= 2 && ascii(bytes, 0, 2) === 'BM') return bmp(view, bytes);
  return null;
}

/** Whether a size fits the pixel budget. */
export const withinPixelBudget = (size: { width: number; height: number }, budget = MAX_IMAGE_PIXELS) => size.width * size.height <= budget;

/**
 * The image's size from its header, checked before any decode: ImageTooLargeError above the
 * pixel budget, ImageUnreadableError when the header cannot be read or states no pixels.
 */
export function checkImageHeader(bytes: Uint8Array, budget = MAX_IMAGE_PIXELS): ImageHeader {
  const header = readImageHeader(bytes);
  if (!header || header.width < 1 || header.height < 1) throw new ImageUnreadableError();
  if (!withinPixelBudget(header, budget)) throw new ImageTooLargeError(header);
  return header;
}
