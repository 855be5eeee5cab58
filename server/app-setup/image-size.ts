/**
 * The pixel size of a PNG or JPEG from its header, without decoding the image: the app setup
 * screen compares uploads with the recommended sizes (spec 01 §5). PNG keeps the size in its
 * IHDR chunk; JPEG in its start-of-frame segment, found by walking the segments. A JPEG whose
 * EXIF orientation turns it a quarter shows with width and height swapped, so that is what is
 * reported.
 */

export interface ImageSize {
  width: number;
  height: number;
  type: 'png' | 'jpeg';
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** How many leading bytes are enough for nearly every file (JPEG metadata can push the frame back). */
export const IMAGE_HEADER_BYTES = 256 * 1024;

export function imageSize(bytes: Uint8Array): ImageSize | null {
  if (PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) return pngSize(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpegSize(bytes);
  return null;
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

function pngSize(bytes: Uint8Array): ImageSize | null {
  // Signature (8), chunk length (4), 'IHDR' (4), width (4), height (4).
  if (bytes.length < 24) return null;
  const type = String.fromCharCode(...bytes.subarray(12, 16));
  if (type !== 'IHDR') return null;
  const data = view(bytes);
  const width = data.getUint32(16);
  const height = data.getUint32(20);
  return width > 0 && height > 0 ? { width, height, type: 'png' } : null;
}

/** Start-of-frame markers: C0–CF except DHT (C4), JPG (C8) and DAC (CC). */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegSize(bytes: Uint8Array): ImageSize | null {
  const data = view(bytes);
  let offset = 2;
  let quarterTurn = false;
  while (offset + 4 <= bytes.length) {
    if (data.getUint8(offset) !== 0xff) return null;
    const marker = data.getUint8(offset + 1);
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image, or scan data before any frame
    const length = data.getUint16(offset + 2);
    if (length < 2) return null;
    if (marker === 0xe1) quarterTurn = exifQuarterTurn(bytes.subarray(offset + 4, offset + 2 + length)) || quarterTurn;
    if (isStartOfFrame(marker)) {
      if (offset + 9 > bytes.length) return null;
      const height = data.getUint16(offset + 5);
      const width = data.getUint16(offset + 7);
      if (width === 0 || height === 0) return null;
      return quarterTurn ? { width: height, height: width, type: 'jpeg' } : { width, height, type: 'jpeg' };
    }
    offset += 2 + length;
  }
  return null;
}

/** Whether an APP1 Exif segment's orientation (5–8) turns the image a quarter. */
function exifQuarterTurn(segment: Uint8Array): boolean {
  if (segment.length < 14 || String.fromCharCode(...segment.subarray(0, 4)) !== 'Exif') return false;
  const tiff = segment.subarray(6);
  const little = tiff[0] === 0x49 && tiff[1] === 0x49;
  if (!little && !(tiff[0] === 0x4d && tiff[1] === 0x4d)) return false;
  const data = view(tiff);
  const u16 = (at: number) => data.getUint16(at, little);
  const u32 = (at: number) => data.getUint32(at, little);
  if (tiff.length < 8) return false;
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return false;
  const entries = u16(ifd);
  for (let index = 0; index < entries; index += 1) {
    const entry = ifd + 2 + index * 12;
    if (entry + 12 > tiff.length) return false;
    if (u16(entry) === 0x0112) {
      const orientation = u16(entry + 8);
      return orientation >= 5 && orientation <= 8;
    }
  }
  return false;
}
