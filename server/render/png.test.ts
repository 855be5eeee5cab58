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

  it('refuses pixels that do not match the size', () => {
    expect(() => encodePng(new Uint8Array(10), 2, 2)).toThrow(RangeError);
  });
});
