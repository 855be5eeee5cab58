import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from '@server/storage/local-disk';
import { makeTempDir } from '../../tests/setup/tmp';
import { communityImagePath, MAX_STORED_IMAGE_BYTES, readCommunityImage, readImageFile } from './stored';

/** The shared reader of stored images (entry PDFs, design PNGs): folder rule, byte cap, pixel check before decoding. */

const png = (width: number, height: number) => new Uint8Array(createCanvas(width, height).toBuffer('image/png'));

describe('the stored image reader', () => {
  it('reads only files of the community, up to the byte cap, refusing more than 50 megapixels from the header', async () => {
    const storage = createLocalDiskStorage({ root: makeTempDir('stored-image') });
    const image = png(8, 8);
    await storage.put('user-written/pines/forms/f/e/photo.png', image, { contentType: 'image/png' });
    await storage.put('lakeside/images/x.png', image, { contentType: 'image/png' });
    const huge = png(4, 4);
    new DataView(huge.buffer).setUint32(16, 30_000);
    new DataView(huge.buffer).setUint32(20, 30_000);
    await storage.put('pines/huge.png', huge, { contentType: 'image/png' });
    await storage.put('pines/not-an-image.png', new TextEncoder().encode('hello'), { contentType: 'image/png' });
    await storage.put('pines/big.png', new Uint8Array(MAX_STORED_IMAGE_BYTES + 1), { contentType: 'image/png' });

    const read = await readCommunityImage(storage, 'pines', '/files/user-written/pines/forms/f/e/photo.png');
    expect('bytes' in read && read.bytes.byteLength).toBe(image.byteLength);
    expect(await readCommunityImage(storage, 'pines', 'lakeside/images/x.png')).toEqual({ problem: 'foreign' });
    expect(await readCommunityImage(storage, 'pines', 'https://tracker.example/pixel.png')).toEqual({ problem: 'foreign' });
    expect(await readCommunityImage(storage, 'pines', 'pines/gone.png')).toEqual({ problem: 'missing' });
    expect(await readCommunityImage(storage, 'pines', 'pines/huge.png')).toEqual({ problem: 'too-large' });
    expect(await readCommunityImage(storage, 'pines', 'pines/big.png')).toEqual({ problem: 'too-large' });
    expect(await readImageFile(storage, 'pines/not-an-image.png')).toEqual({ problem: 'unreadable' });
  });

  it('keeps to the community folders', () => {
    expect(communityImagePath('pines', 'gs://bucket/user-written/pines/a.jpg')).toBe('user-written/pines/a.jpg');
    expect(communityImagePath('pines', 'pines-2/a.jpg')).toBeNull();
    expect(communityImagePath('pines', 'user-written/pines/../lakeside/a.jpg')).toBeNull();
  });
});
