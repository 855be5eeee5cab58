import { GlobalFonts, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import type { FileStorage } from '@server/storage';
import { DESIGN_FONT_FAMILIES, designFontName, type Design } from '~/lib/design';
import { renderDesignPngNow } from './design-png';
import { designImageInputs } from './images';

const pixelAt = async (png: Uint8Array, x: number, y: number) => {
  const { createCanvas } = await import('@napi-rs/canvas');
  const image = await loadImage(Buffer.from(png));
  const context = createCanvas(image.width, image.height).getContext('2d');
  context.drawImage(image, 0, 0);
  return [...context.getImageData(x, y, 1, 1).data];
};

describe('renderDesignPngNow', () => {
  const design: Design = {
    width: 100,
    height: 50,
    background: '#FF0000FF',
    elements: [
      { type: 'rect', x: 50, y: 0, width: 50, height: 50, fill: '#0000FF80' },
      {
        type: 'image',
        src: 'data:image/svg+xml;charset=utf-8,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%20width%3D%2210%22%20height%3D%2210%22%3E%3Crect%20width%3D%2210%22%20height%3D%2210%22%20fill%3D%22%2300ff00%22%2F%3E%3C%2Fsvg%3E',
        x: 0,
        y: 0,
        width: 10,
        height: 10,
        fit: 'fill',
      },
    ],
  };

  it('draws at the scale asked, 8-digit colours blended, data images drawn', async () => {
    const out = await renderDesignPngNow(
      design,
      [{ src: design.elements[1]?.type === 'image' ? design.elements[1].src : '', bytes: null }],
      2,
    );
    expect([out.width, out.height]).toEqual([200, 100]);
    expect(await pixelAt(out.png, 5, 50)).toEqual([255, 0, 0, 255]);
    const blended = await pixelAt(out.png, 150, 50);
    expect(blended[0]).toBeGreaterThan(120);
    expect(blended[0]).toBeLessThan(135);
    expect(blended[2]).toBeGreaterThan(120);
    expect(await pixelAt(out.png, 5, 5)).toEqual([0, 255, 0, 255]);
  });

  it('registers the eight families under their design names', async () => {
    await renderDesignPngNow({ width: 1, height: 1, background: '#000', elements: [] }, [], 1);
    const families = GlobalFonts.families.map((family) => family.family);
    for (const family of DESIGN_FONT_FAMILIES) expect(families).toContain(designFontName(family));
  });

  it('refuses a render above 4000×4000', async () => {
    await expect(renderDesignPngNow({ width: 2000, height: 2000, background: '#000', elements: [] }, [], 3)).rejects.toThrow(RangeError);
  });
});

describe('designImageInputs', () => {
  it('reads only data images and the paths the caller maps, and leaves the rest out', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    const storage = {
      get: async (path: string) =>
        path === 'c/images/marketing_asset_editor/bg.png' ? { size: png.length, bytes: async () => new Uint8Array(png) } : null,
    } as unknown as FileStorage;
    const design: Design = {
      width: 10,
      height: 10,
      background: '#000',
      elements: [
        '/files/c/images/marketing_asset_editor/bg.png',
        'https://elsewhere.example/x.png',
        'data:text/html,<b>',
        'data:image/png;base64,AA',
      ].map((src) => ({ type: 'image' as const, src, x: 0, y: 0, width: 1, height: 1, fit: 'fill' as const })),
    };
    const inputs = await designImageInputs(design, storage, (src) => (src.startsWith('/files/') ? src.slice('/files/'.length) : null));
    expect(inputs.map((input) => [input.src, input.bytes ? 'bytes' : 'as is'])).toEqual([
      ['/files/c/images/marketing_asset_editor/bg.png', 'bytes'],
      ['data:image/png;base64,AA', 'as is'],
    ]);
  });
});
