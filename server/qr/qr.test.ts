import { createCanvas, loadImage } from '@napi-rs/canvas';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { QR_QUIET_ZONE_MODULES, qrCodeDataUrl, qrImages, qrPngBuffer, qrSvg } from './index';

async function decodePng(png: Buffer): Promise<{ text: string | null; width: number; pixels: Uint8ClampedArray }> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, image.width, image.height);
  const pixels = new Uint8ClampedArray(data);
  return { text: jsQR(pixels, image.width, image.height)?.data ?? null, width: image.width, pixels };
}

describe('QR codes', () => {
  const link =
    'https://pinehollow.go.link/?adj_t=abc123&communityKey=demo-campground&action=amc-events&actionKey=activities&skipSplashScreen=true';

  it('PNGs decode to exactly the target', async () => {
    const { text } = await decodePng(await qrPngBuffer(link));
    expect(text).toBe(link);
  });

  it('has a quiet zone of four modules of white around the code', async () => {
    const png = await qrPngBuffer(link, 400);
    const { width, pixels } = await decodePng(png);
    // Find the first dark pixel on the middle row: everything before it is the quiet zone.
    const row = Math.floor(width / 2);
    let firstDark = -1;
    for (let x = 0; x < width; x += 1) {
      // Inside the image: the red channel of pixel (x, row).
      if (pixels[(row * width + x) * 4]! < 128) {
        firstDark = x;
        break;
      }
    }
    // The code's module count from the svg's viewBox (modules + 2 × margin).
    const svg = await qrSvg(link);
    const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]);
    const modulePx = width / size;
    expect(firstDark).toBeGreaterThanOrEqual(Math.floor(QR_QUIET_ZONE_MODULES * modulePx) - 1);
    expect(QR_QUIET_ZONE_MODULES).toBe(4);
  });

  it('SVG and PNG data URLs come together', async () => {
    const images = await qrImages('https://a.example');
    expect(images.target).toBe('https://a.example');
    expect(images.svg).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(images.svg.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');
    expect(images.png).toMatch(/^data:image\/png;base64,/);
    expect(await qrCodeDataUrl('https://a.example')).toBe(images.svg);
  });
});
