import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { PDFDocument, rgb } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from '@server/storage';
import { isUploadBucket, storeUploadedImage, UPLOAD_BUCKETS, uploadFileName, uploadTimestamp } from './uploads';

const storage = () => createLocalDiskStorage({ root: mkdtempSync(join(tmpdir(), 'uploads-')) });
const header = { width: 1125, height: 600 };

function png(width: number, height: number, name = 'lake view.png'): File {
  const canvas = createCanvas(width, height);
  canvas.getContext('2d').fillStyle = '#2a7';
  canvas.getContext('2d').fillRect(0, 0, width, height);
  return new File([new Uint8Array(canvas.toBuffer('image/png'))], name, { type: 'image/png' });
}

const pathOf = (url: string) => decodeURIComponent(url.replace(/^.*\/files\//, ''));

describe('file names and folders', () => {
  it('keeps the last path segment, made safe', () => {
    expect(uploadFileName('C:\\Users\\me\\My Photo (1).JPG')).toBe('My_Photo_1_.JPG');
    expect(uploadFileName('../../etc/passwd')).toBe('passwd');
    expect(uploadFileName('.hidden')).toBe('hidden');
    expect(uploadFileName('')).toBe('image');
  });

  it('never hands out a timestamp twice', () => {
    const now = Date.now();
    const stamps = Array.from({ length: 50 }, () => uploadTimestamp(now));
    expect(new Set(stamps).size).toBe(50);
  });

  it('knows its buckets only', () => {
    expect(isUploadBucket('header')).toBe(true);
    expect(isUploadBucket('attachments')).toBe(true);
    for (const bad of ['../header', 'HEADER', 'constructor', '__proto__', '', 7]) expect(isUploadBucket(bad)).toBe(false);
    expect(UPLOAD_BUCKETS.header.accept).toEqual(['image/png', 'image/jpeg']);
    expect(UPLOAD_BUCKETS.detail.accept).toContain('application/pdf');
  });
});

describe('storing an upload', () => {
  it('stores the original, the crop, the 250x140 thumbnail and the blurred copy under {community}/images/{bucket}/{timestamp}/', async () => {
    const files = storage();
    const stored = await storeUploadedImage(files, 'demo-campground', png(800, 800), {
      bucket: 'header',
      crop: null,
      target: header,
      now: 1717200000000,
    });
    expect(pathOf(stored.originalURL)).toBe('demo-campground/images/header/1717200000000/lake_view.png');
    expect(pathOf(stored.croppedURL)).toBe('demo-campground/images/header/1717200000000/lake_view_crop.png');
    expect(pathOf(stored.thumbURL)).toBe('demo-campground/images/header/1717200000000/lake_view_thumb.png');
    expect(pathOf(stored.blurredURL!)).toBe('demo-campground/images/header/1717200000000/lake_view_blur.png');
    expect(stored.imageURL).toBe(stored.blurredURL);
    const thumb = await loadImage(Buffer.from(await (await files.get(pathOf(stored.thumbURL)))!.bytes()));
    expect([thumb.width, thumb.height]).toEqual([250, 140]);
  });

  it('shows the crop itself when it has the header aspect', async () => {
    const stored = await storeUploadedImage(storage(), 'c1', png(2250, 1200), {
      bucket: 'header',
      crop: { x: 0, y: 0, width: 1125, height: 600 },
      target: header,
    });
    expect(stored.blurredURL).toBeNull();
    expect(stored.imageURL).toBe(stored.croppedURL);
    expect([stored.width, stored.height]).toEqual([1125, 600]);
  });

  it("renders a PDF's first page to JPEG and treats it as the image", async () => {
    const doc = await PDFDocument.create();
    doc.addPage([375, 200]).drawRectangle({ x: 0, y: 0, width: 375, height: 200, color: rgb(0, 0.5, 0) });
    const pdf = new File([new Uint8Array(await doc.save())], 'menu.pdf', { type: 'application/pdf' });
    const files = storage();
    const stored = await storeUploadedImage(files, 'c1', pdf, { bucket: 'detail', crop: null, target: header, now: 1 });
    expect(pathOf(stored.originalURL)).toBe('c1/images/detail/1/menu.pdf');
    expect(await files.exists('c1/images/detail/1/menu.jpg')).toBe(true);
    expect((await files.get('c1/images/detail/1/menu.jpg'))!.contentType).toBe('image/jpeg');
    expect([stored.width, stored.height]).toEqual([563, 300]);
    expect(pathOf(stored.imageURL)).toBe('c1/images/detail/1/menu_crop.png');
  });

  it('rejects bytes that are not an image', async () => {
    const bogus = new File(['not an image'], 'x.png', { type: 'image/png' });
    await expect(storeUploadedImage(storage(), 'c1', bogus, { bucket: 'header', crop: null, target: header })).rejects.toThrow();
  });
});
