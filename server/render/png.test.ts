import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { encodePng } from './png';

describe('encodePng', () => {
  it('is lossless: the pixels decode back exactly, transparency included', async () => {
    const canvas = createCanvas(37, 23);
    const context = canvas.getContext('2d');
    const gradient = context.createLinearGradient(0, 0, 37, 23);
    gradient.addColorStop(0, '#ff000080');
    gradient.addColorStop(1, '#00ff00');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 37, 23);
    const pixels = context.getImageData(0, 0, 37, 23).data;
    const image = await loadImage(encodePng(pixels, 37, 23));
    const back = createCanvas(37, 23).getContext('2d');
    back.drawImage(image, 0, 0);
    const decoded = back.getImageData(0, 0, 37, 23).data;
    let differing = 0;
    for (let index = 0; index < pixels.length; index++) if (Math.abs((decoded[index] ?? 0) - (pixels[index] ?? 0)) > 1) differing++;
    expect(differing).toBe(0);
  });

  it('writes an opaque picture as RGB, exactly, and one with any transparency as RGBA', async () => {
    const canvas = createCanvas(41, 19);
    const context = canvas.getContext('2d');
    const gradient = context.createLinearGradient(0, 0, 41, 19);
    gradient.addColorStop(0, '#123456');
    gradient.addColorStop(1, '#fedcba');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 41, 19);
    const pixels = context.getImageData(0, 0, 41, 19).data;
    const png = encodePng(pixels, 41, 19);
    expect(png[25]).toBe(2); // IHDR colour type: RGB
    const back = createCanvas(41, 19).getContext('2d');
    back.drawImage(await loadImage(png), 0, 0);
    expect(Buffer.from(back.getImageData(0, 0, 41, 19).data)).toEqual(Buffer.from(pixels));
    const seeThrough = Uint8ClampedArray.from(pixels);
    seeThrough[seeThrough.length - 1] = 254;
    expect(encodePng(seeThrough, 41, 19)[25]).toBe(6); // RGBA
  });

  it('refuses pixels that do not match the size', () => {
    expect(() => encodePng(new Uint8Array(10), 2, 2)).toThrow(RangeError);
  });
});
