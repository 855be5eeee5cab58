import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { PDFDocument, rgb } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from '@server/storage';
import {
  bucketUploaders,
  bucketUploadPath,
  isUploadBucket,
  storeUploadedImage,
  UPLOAD_BUCKETS,
  uploadFileName,
  uploadTimestamp,
} from './uploads';

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

  it("has the marketing asset editor's bucket: .jpg or .png, for resort system admins only", () => {
    expect(isUploadBucket('marketing_asset_editor')).toBe(true);
    expect(UPLOAD_BUCKETS.marketing_asset_editor.accept).toEqual(['.jpg', '.png']);
    expect(bucketUploaders('marketing_asset_editor')).toBe('system-admin');
    expect(bucketUploaders('header')).toBe('staff');
    expect(bucketUploaders('marketing')).toBe('staff');
  });
});

describe("an upload's storage path rule: {community}/images/{bucket}/{timestamp}/{file}", () => {
  const at = 'c1/images/marketing_asset_editor/1717200000000/bg_crop.png';

  it('names the file of a bare path, a /files/ address or a bucket download URL', () => {
    expect(bucketUploadPath('c1', 'marketing_asset_editor', at)).toBe(at);
    expect(bucketUploadPath('c1', 'marketing_asset_editor', `/files/${at}`)).toBe(at);
    // A /files/ address names an object of the product's storage whatever its host: it is read by path, never fetched.
    expect(bucketUploadPath('c1', 'marketing_asset_editor', `http://localhost:3000/files/${at}`)).toBe(at);
    const download = `https://firebasestorage.googleapis.com/v0/b/demo.appspot.com/o/${encodeURIComponent(at)}?alt=media&token=t`;
    expect(bucketUploadPath('c1', 'marketing_asset_editor', download)).toBe(at);
  });

  it("refuses another community's, another bucket's, another folder's and foreign addresses", () => {
    for (const address of [
      'c2/images/marketing_asset_editor/1717200000000/bg_crop.png',
      'c1/images/header/1717200000000/bg_crop.png',
      'c1/images/marketing_asset_editor/bg.png',
      'c1/images/marketing_asset_editor/latest/bg_crop.png',
      'c1/images/marketing_asset_editor/1717200000000/deeper/bg_crop.png',
      'c1/images/marketing_asset_editor/1717200000000/../../../c2/x.png',
      'user-written/c1/images/marketing_asset_editor/1/x.png',
      'https://elsewhere.example/c1/images/marketing_asset_editor/1/x.png',
      '',
      7,
      null,
    ]) {
      expect(bucketUploadPath('c1', 'marketing_asset_editor', address), String(address)).toBeNull();
    }
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

  it('makes no blurred copy for a bucket without a target (the crop is the image)', async () => {
    const files = storage();
    const stored = await storeUploadedImage(files, 'c1', png(300, 600, 'phone.png'), {
      bucket: 'marketing_asset_editor',
      crop: null,
      target: UPLOAD_BUCKETS.marketing_asset_editor.target,
      now: 5,
    });
    expect(stored.blurredURL).toBeNull();
    expect(pathOf(stored.imageURL)).toBe('c1/images/marketing_asset_editor/5/phone_crop.png');
    expect([stored.width, stored.height]).toEqual([300, 600]);
    expect(await files.exists('c1/images/marketing_asset_editor/5/phone_blur.png')).toBe(false);
  });

  it('rejects bytes that are not an image', async () => {
    const bogus = new File(['not an image'], 'x.png', { type: 'image/png' });
    await expect(storeUploadedImage(storage(), 'c1', bogus, { bucket: 'header', crop: null, target: header })).rejects.toThrow();
  });
});
