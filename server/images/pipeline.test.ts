import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import {
  blurredToFit,
  centreCrop,
  clampCrop,
  crop,
  needsBlurToFit,
  parseCrop,
  processImage,
  rescale,
  scaledToWidth,
  thumbnail,
  uploadThumbnail,
} from './pipeline';

/** A PNG of `width`x`height`: left half red, right half blue. */
function png(width: number, height: number): Buffer {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ff0000';
  context.fillRect(0, 0, Math.floor(width / 2), height);
  context.fillStyle = '#0000ff';
  context.fillRect(Math.floor(width / 2), 0, width - Math.floor(width / 2), height);
  return canvas.toBuffer('image/png');
}

const pixel = async (bytes: Buffer, x: number, y: number) => {
  const image = await loadImage(bytes);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  return Array.from(context.getImageData(x, y, 1, 1).data);
};

const header = { width: 1125, height: 600 };

describe('crop rectangle', () => {
  it('parses x,y,width,height and refuses anything else', () => {
    expect(parseCrop('10, 20,300,160')).toEqual({ x: 10, y: 20, width: 300, height: 160 });
    expect(parseCrop('')).toBeNull();
    expect(parseCrop('1,2,3')).toBeNull();
    expect(parseCrop('a,b,c,d')).toBeNull();
    expect(parseCrop('0,0,0,10')).toBeNull();
    expect(parseCrop(null)).toBeNull();
  });

  it('clamps into the image', () => {
    expect(clampCrop({ x: -5, y: 10, width: 500, height: 50 }, { width: 100, height: 40 })).toEqual({
      x: 0,
      y: 10,
      width: 100,
      height: 30,
    });
    expect(clampCrop({ x: 200, y: 0, width: 10, height: 10 }, { width: 100, height: 40 })).toBeNull();
  });

  it('centres the largest rectangle of the header aspect (a place photo nobody crops)', () => {
    // 4:3 photo → full width, 1600 × 853 centred vertically.
    expect(centreCrop({ width: 1600, height: 1200 }, header)).toEqual({ x: 0, y: 173, width: 1600, height: 853 });
    // Wider than the header → full height, centred horizontally.
    expect(centreCrop({ width: 3000, height: 600 }, header)).toEqual({ x: 937, y: 0, width: 1125, height: 600 });
    expect(needsBlurToFit(centreCrop({ width: 1600, height: 1200 }, header), header)).toBe(false);
  });

  it('cuts the chosen part', async () => {
    const image = await loadImage(png(200, 100));
    const right = crop(image, { x: 120, y: 10, width: 50, height: 40 });
    expect([right.width, right.height]).toEqual([50, 40]);
    expect(Array.from(right.getContext('2d').getImageData(25, 20, 1, 1).data)).toEqual([0, 0, 255, 255]);
  });
});

describe('rescale and thumbnail', () => {
  it('rescales images wider than 2000 px to 2000 px, keeping the aspect', async () => {
    expect(scaledToWidth({ width: 4000, height: 1000 }, 2000)).toEqual({ width: 2000, height: 500 });
    expect(scaledToWidth({ width: 1500, height: 3000 }, 2000)).toEqual({ width: 1500, height: 3000 });
    const wide = rescale(await loadImage(png(2400, 300)));
    expect([wide.width, wide.height]).toEqual([2000, 250]);
  });

  it('makes a 250 px wide thumbnail', async () => {
    const thumb = thumbnail(await loadImage(png(1125, 600)));
    expect([thumb.width, thumb.height]).toEqual([250, 133]);
  });

  it("makes the uploader's 250x140 thumbnail (spec 03 §9), covering the box around the centre", async () => {
    // A square, left half red and right half blue: the box shows its middle band, both colours.
    const thumb = uploadThumbnail(await loadImage(png(600, 600)));
    expect([thumb.width, thumb.height]).toEqual([250, 140]);
    const bytes = thumb.toBuffer('image/png');
    expect(await pixel(bytes, 5, 70)).toEqual([255, 0, 0, 255]);
    expect(await pixel(bytes, 245, 70)).toEqual([0, 0, 255, 255]);
    // A panorama keeps its middle too.
    const wide = uploadThumbnail(await loadImage(png(3000, 300)));
    expect([wide.width, wide.height]).toEqual([250, 140]);
  });
});

describe('blurred to fit', () => {
  it('is needed only when the aspect differs by more than 10%', () => {
    expect(needsBlurToFit({ width: 1125, height: 600 }, header)).toBe(false);
    expect(needsBlurToFit({ width: 375, height: 200 }, header)).toBe(false);
    expect(needsBlurToFit({ width: 1100, height: 620 }, header)).toBe(false); // 5% narrower
    expect(needsBlurToFit({ width: 1000, height: 600 }, header)).toBe(true); // 11% narrower
    expect(needsBlurToFit({ width: 600, height: 600 }, header)).toBe(true);
    expect(needsBlurToFit({ width: 1125, height: 450 }, { width: 1125, height: 450 })).toBe(false);
  });

  it('fits the whole image into 1125x600 over a blurred copy', async () => {
    const square = await loadImage(png(300, 300));
    const fitted = blurredToFit(square, header);
    expect([fitted.width, fitted.height]).toEqual([1125, 600]);
    const context = fitted.getContext('2d');
    // The image itself, contained and centred (x 262..862): red then blue.
    expect(Array.from(context.getImageData(400, 300, 1, 1).data)).toEqual([255, 0, 0, 255]);
    expect(Array.from(context.getImageData(800, 300, 1, 1).data)).toEqual([0, 0, 255, 255]);
    // The sides are the blurred copy, opaque.
    expect(context.getImageData(20, 300, 1, 1).data[3]).toBe(255);
  });
});

describe('processImage', () => {
  it('crops with the cropper rectangle, with no blurred copy when the aspect fits', async () => {
    const result = await processImage(png(3000, 2000), { crop: { x: 0, y: 0, width: 2250, height: 1200 }, target: header });
    expect(result.originalSize).toEqual({ width: 3000, height: 2000 });
    expect(result.croppedSize).toEqual({ width: 2000, height: 1067 });
    expect(result.blurred).toBeNull();
    const thumb = await loadImage(result.thumbnail);
    expect([thumb.width, thumb.height]).toEqual([250, 140]);
    expect(result.cropped.subarray(1, 4).toString()).toBe('PNG');
  });

  it('keeps the whole image without a rectangle and blurs it to fit when the aspect differs', async () => {
    const result = await processImage(png(400, 400), { crop: null, target: header });
    expect(result.croppedSize).toEqual({ width: 400, height: 400 });
    expect(result.blurred).not.toBeNull();
    const blurred = await loadImage(result.blurred!);
    expect([blurred.width, blurred.height]).toEqual([1125, 600]);
    expect(await pixel(result.cropped, 300, 200)).toEqual([0, 0, 255, 255]);
  });

  it('rejects bytes that are not an image', async () => {
    await expect(processImage(new TextEncoder().encode('not an image'), { crop: null, target: header })).rejects.toThrow();
  });
});
