import { createCanvas } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { closePool, poolLoad } from '@server/pool';
import { hugePng } from '@server/pool/hostile';
import { checkImageHeader, ImageTooLargeError, ImageUnreadableError, MAX_IMAGE_PIXELS, readImageHeader } from './dimensions';
import { fitImage, processImage } from './pipeline';

/** Image sizes read from headers before any decode, and the 50-megapixel budget. */

afterAll(closePool);

const encoded = (width: number, height: number, mime: 'image/png' | 'image/jpeg' | 'image/webp') => {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#2b6cb0';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#f6ad55';
  context.fillRect(0, 0, width / 2, height / 3);
  return new Uint8Array(
    mime === 'image/webp' ? canvas.toBuffer('image/webp', 80) : mime === 'image/jpeg' ? canvas.toBuffer(mime, 90) : canvas.toBuffer(mime),
  );
};

/** A camera's JPEG: an APP1 EXIF segment holding a 160x120 thumbnail (with its own SOF) before the image's frame header. */
function jpegWithExifThumbnail(width: number, height: number): Uint8Array {
  const main = encoded(width, height, 'image/jpeg');
  const thumbnail = encoded(160, 120, 'image/jpeg');
  const exif = Buffer.concat([Buffer.from('Exif\0\0MM\0*\0\0\0\x08', 'latin1'), Buffer.from(thumbnail)]);
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xffe1, 0);
  segment.writeUInt16BE(exif.length + 2, 2);
  return new Uint8Array(Buffer.concat([Buffer.from(main.subarray(0, 2)), segment, exif, Buffer.from(main.subarray(2))]));
}

const le16 = (value: number) => [value & 0xff, value >> 8];
const le24 = (value: number) => [value & 0xff, (value >> 8) & 0xff, value >> 16];

describe('readImageHeader', () => {
  it('reads PNG, JPEG (past an EXIF thumbnail), and WebP as the canvas encodes them', () => {
    expect(readImageHeader(encoded(300, 200, 'image/png'))).toEqual({ format: 'png', width: 300, height: 200 });
    expect(readImageHeader(encoded(300, 200, 'image/jpeg'))).toEqual({ format: 'jpeg', width: 300, height: 200 });
    expect(readImageHeader(jpegWithExifThumbnail(640, 480))).toEqual({ format: 'jpeg', width: 640, height: 480 });
    expect(readImageHeader(encoded(300, 200, 'image/webp'))).toEqual({ format: 'webp', width: 300, height: 200 });
  });

  it('reads GIF, WebP VP8X and VP8L, BMP and progressive JPEG frame headers', () => {
    const gif = new Uint8Array([...Buffer.from('GIF89a'), ...le16(20_000), ...le16(15_000), 0, 0, 0]);
    expect(readImageHeader(gif)).toEqual({ format: 'gif', width: 20_000, height: 15_000 });
    const vp8x = new Uint8Array([
      ...Buffer.from('RIFF'),
      0,
      0,
      0,
      0,
      ...Buffer.from('WEBPVP8X'),
      10,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      ...le24(9_999),
      ...le24(7_999),
    ]);
    expect(readImageHeader(vp8x)).toEqual({ format: 'webp', width: 10_000, height: 8_000 });
    const bits = (16_383 & 0x3fff) | ((16_383 & 0x3fff) << 14);
    const vp8l = new Uint8Array([
      ...Buffer.from('RIFF'),
      0,
      0,
      0,
      0,
      ...Buffer.from('WEBPVP8L'),
      0,
      0,
      0,
      0,
      0x2f,
      ...le16(bits & 0xffff),
      ...le16(bits >>> 16),
      0,
      0,
      0,
      0,
      0,
      0,
    ]);
    expect(readImageHeader(vp8l)).toEqual({ format: 'webp', width: 16_384, height: 16_384 });
    const bmp = new Uint8Array(30);
    bmp.set(Buffer.from('BM'));
    new DataView(bmp.buffer).setUint32(14, 40, true);
    new DataView(bmp.buffer).setInt32(18, 8_000, true);
    new DataView(bmp.buffer).setInt32(22, -9_000, true);
    expect(readImageHeader(bmp)).toEqual({ format: 'bmp', width: 8_000, height: 9_000 });
    // SOF2 (progressive) after a fill byte.
    const progressive = new Uint8Array([0xff, 0xd8, 0xff, 0xff, 0xc2, 0, 11, 8, 0x4e, 0x20, 0x4e, 0x20, 3, 0, 0]);
    expect(readImageHeader(progressive)).toMatchObject({ format: 'jpeg', width: 20_000, height: 20_000 });
    expect(readImageHeader(hugePng(20_000, 20_000))).toEqual({ format: 'png', width: 20_000, height: 20_000 });
  });

  it('reads nothing from other bytes, a JPEG whose scan starts before a frame header, or a cut-off header', () => {
    expect(readImageHeader(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(readImageHeader(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2]))).toBeNull();
    expect(readImageHeader(encoded(10, 10, 'image/png').subarray(0, 20))).toBeNull();
    expect(() => checkImageHeader(new Uint8Array([1, 2, 3]))).toThrow(ImageUnreadableError);
  });
});

describe('the pixel budget', () => {
  it('is 50 megapixels: 7071x7071 passes, 7072x7072 is refused with the message', () => {
    expect(MAX_IMAGE_PIXELS).toBe(50_000_000);
    expect(() => checkImageHeader(hugePng(7_071, 7_071))).not.toThrow();
    expect(() => checkImageHeader(hugePng(7_072, 7_072))).toThrow('This image is larger than 50 megapixels.');
  });

  it('refuses a 20000x20000 PNG before anything decodes it, in the upload pipeline and for list icons', async () => {
    const png = hugePng(20_000, 20_000);
    const asked = poolLoad().asked;
    await expect(processImage(png, { crop: null, target: { width: 1125, height: 600 } })).rejects.toBeInstanceOf(ImageTooLargeError);
    await expect(fitImage(png, { width: 150, height: 150 })).rejects.toBeInstanceOf(ImageTooLargeError);
    // Decoding it would take seconds and 1.6 GB: no task reached the pool's threads, where images are decoded.
    expect(poolLoad().asked).toBe(asked);
  });

  it('still processes an image within the budget in the pool', async () => {
    const result = await processImage(encoded(2400, 1200, 'image/webp'), { crop: null, target: { width: 1125, height: 600 } });
    expect(result.originalSize).toEqual({ width: 2400, height: 1200 });
    expect(result.croppedSize).toEqual({ width: 2000, height: 1000 });
  });
});
