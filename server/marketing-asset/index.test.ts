import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { storeUploadedImage, UPLOAD_BUCKETS } from '@server/images/uploads';
import { createLocalDiskStorage } from '@server/storage';
import { MARKETING_ASSET_BUCKET, marketingImageResolver, storeMarketingImage } from './index';

const storage = () => createLocalDiskStorage({ root: mkdtempSync(join(tmpdir(), 'marketing-asset-')) });

function png(name: string): File {
  const canvas = createCanvas(120, 80);
  canvas.getContext('2d').fillRect(0, 0, 120, 80);
  return new File([new Uint8Array(canvas.toBuffer('image/png'))], name, { type: 'image/png' });
}

const upload = (files: ReturnType<typeof storage>, community: string, bucket: string, now: number) =>
  storeUploadedImage(files, community, png('bg.png'), {
    bucket,
    crop: null,
    target: UPLOAD_BUCKETS.marketing_asset_editor.target,
    now,
  });

describe("the marketing asset's image resolver", () => {
  it('resolves the images posted with the form ({kind}.{ext}), with or without the time in their address', async () => {
    const files = storage();
    const stored = await storeMarketingImage(files, 'c1', 'bg', png('bg.png'));
    expect(stored.ok).toBe(true);
    const url = stored.ok ? stored.url : '';
    const resolve = await marketingImageResolver(files, 'c1');
    expect(resolve(url)).toBe('c1/images/marketing_asset_editor/bg.png');
    expect(resolve(url.split('?')[0]!)).toBe('c1/images/marketing_asset_editor/bg.png');
    expect(resolve('c1/images/marketing_asset_editor/logo.png')).toBeNull();
  });

  it("resolves the uploader's stored files of the community's marketing_asset_editor bucket, when they exist", async () => {
    const files = storage();
    const image = await upload(files, 'c1', MARKETING_ASSET_BUCKET, 1717200000000);
    const missing = image.croppedURL.replace('1717200000000', '1717200000001');
    const resolve = await marketingImageResolver(files, 'c1', [image.croppedURL, image.originalURL, missing]);
    expect(resolve(image.croppedURL)).toBe('c1/images/marketing_asset_editor/1717200000000/bg_crop.png');
    expect(resolve(image.originalURL)).toBe('c1/images/marketing_asset_editor/1717200000000/bg.png');
    expect(resolve(missing)).toBeNull();
    // Only the addresses it was asked about (the ones being saved or drawn).
    expect(resolve(image.thumbURL)).toBeNull();
  });

  it("refuses another community's uploads, another bucket's and foreign addresses", async () => {
    const files = storage();
    const theirs = await upload(files, 'c2', MARKETING_ASSET_BUCKET, 1);
    const header = await upload(files, 'c1', 'header', 2);
    const foreign = 'https://elsewhere.example/c1/images/marketing_asset_editor/1/bg_crop.png';
    const resolve = await marketingImageResolver(files, 'c1', [theirs.croppedURL, header.croppedURL, foreign, 42, null]);
    expect(resolve(theirs.croppedURL)).toBeNull();
    expect(resolve(header.croppedURL)).toBeNull();
    expect(resolve(foreign)).toBeNull();
  });
});
