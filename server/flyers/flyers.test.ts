import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { renderDesignPngNow } from '@server/render/design-png';
import { FLYER_STYLE_TAGS, flyerDesign } from '~/lib/design';
import { addCustomTag, flyerConfigOf, flyerStoragePath, parseDetailPath, shownHistory, type FlyerHistoryEntry } from './index';
import { renderFlyerPdfNow } from './pdf-now';
import { sampleFlyer } from './sample';

const decode = async (png: Uint8Array) => {
  const image = await loadImage(Buffer.from(png));
  const context = createCanvas(image.width, image.height).getContext('2d');
  context.drawImage(image, 0, 0);
  const data = context.getImageData(0, 0, image.width, image.height);
  return jsQR(new Uint8ClampedArray(data.data), image.width, image.height)?.data ?? null;
};

describe('flyer rules', () => {
  it('custom tags are unique among presets and custom ones', () => {
    const config = flyerConfigOf({ customTags: ['Beach'] });
    expect(addCustomTag(config, 'retro')).toEqual({ ok: false, message: 'Tag already exists.' });
    expect(addCustomTag(config, 'beach ')).toEqual({ ok: false, message: 'Tag already exists.' });
    expect(addCustomTag(config, 'Sunset')).toMatchObject({ ok: true, config: { customTags: ['Beach', 'Sunset'] } });
    expect(FLYER_STYLE_TAGS).toHaveLength(17);
  });

  it('history shows the 12 newest, fuzzy-filtered only past one character', () => {
    const entries: FlyerHistoryEntry[] = Array.from({ length: 15 }, (_, index) => ({
      key: `k${index}`,
      title: index === 3 ? 'Pancake Breakfast' : `Flyer ${index}`,
      url: '/files/c/images/flyers/1/a.png',
      tags: [],
      orientation: 'portrait',
      created: 1000 - index,
      elements: null,
    }));
    expect(shownHistory(entries, '')).toHaveLength(12);
    expect(shownHistory(entries, 'p')).toHaveLength(12);
    expect(shownHistory(entries, 'pnck').map((entry) => entry.key)).toEqual(['k3']);
  });

  it('reads detail paths and flyer image addresses of the community only', () => {
    expect(parseDetailPath('cal1/ev1')).toEqual({ calendarId: 'cal1', eventId: 'ev1' });
    expect(parseDetailPath('cal1/ev1/x')).toBeNull();
    expect(parseDetailPath('cal.1/ev1')).toBeNull();
    expect(flyerStoragePath('c1', '/files/c1/images/flyers/123/a.png')).toBe('c1/images/flyers/123/a.png');
    expect(flyerStoragePath('c1', '/files/c2/images/flyers/123/a.png')).toBeNull();
    expect(flyerStoragePath('c1', '/files/c1/images/header/a.png')).toBeNull();
    expect(flyerStoragePath('c1', 'https://firebasestorage.googleapis.com/v0/b/b/o/c1%2Fimages%2Fflyers%2F1%2Fa.png?alt=media')).toBe(
      'c1/images/flyers/1/a.png',
    );
  });

  it('the event layout: Verdana bold, the sizes, the dates in the zone, the QR code 100×100', async () => {
    const flyer = await sampleFlyer();
    const texts = Object.fromEntries(flyer.elements.map((element) => [element.id, element]));
    expect(texts.date?.type === 'text' && texts.date.text).toBe('July 4');
    expect(texts.time?.type === 'text' && texts.time.text).toBe('9:00 AM - 11:00 AM');
    expect(texts.description?.visible).toBe(false);
    expect(texts.description?.type === 'text' && texts.description.text).toBe('Fresh pancakes & coffee\n\nAll welcome');
    expect(texts.title?.type === 'text' && texts.title.style).toMatchObject({ family: 'Verdana', bold: true, size: 30 });
    expect(texts.qr?.position).toMatchObject({ width: 100, height: 100 });
  });
});

describe('flyer rendering', () => {
  it('the PNG has the QR code that decodes, the margins around the paper', async () => {
    const flyer = await sampleFlyer();
    flyer.margins = { width: 30, height: 30 };
    const design = flyerDesign(flyer);
    expect([design.width, design.height]).toEqual([1084, 1852]);
    const sources = design.elements.flatMap((element) => (element.type === 'image' ? [{ src: element.src, bytes: null }] : []));
    const { png } = await renderDesignPngNow(design, sources, 1);
    writeFileSync('tests/.tmp/flyer-unit.png', png);
    expect(await decode(png)).toBe('https://app.example/one-link');
  });

  it('the print PDF embeds every font, has the bleed and the trim box', async () => {
    const flyer = await sampleFlyer();
    const extra = flyer.elements.find((element) => element.id === 'extra');
    if (extra?.type === 'text') extra.style = { ...extra.style, family: 'Comic Sans MS', italic: true };
    const pdf = await renderFlyerPdfNow({ flyer, background: null });
    writeFileSync('tests/.tmp/flyer-unit.pdf', pdf);
    const fonts = execFileSync('pdffonts', ['tests/.tmp/flyer-unit.pdf']).toString();
    const rows = fonts
      .split('\n')
      .slice(2)
      .filter((line) => line.trim() !== '');
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) expect(row).toMatch(/\syes\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/);
    const info = execFileSync('pdfinfo', ['-box', 'tests/.tmp/flyer-unit.pdf']).toString();
    expect(info).toMatch(/Page size:\s+630 x 1089/);
    expect(info).toMatch(/TrimBox:\s+9\.00\s+9\.00\s+621\.00\s+1080\.00/);
  });

  it('the print PDF draws blurred shadows as the PNG does (poppler’s picture of the PDF against the canvas’s PNG)', async () => {
    const flyer = await sampleFlyer();
    flyer.elements = flyer.elements.filter((element) => element.id === 'extra');
    const extra = flyer.elements[0]!;
    extra.position = { ...extra.position, y: 40 };
    if (extra.type === 'text') extra.style = { ...extra.style, shadow: { enable: true, distance: 8, blur: 12, color: '#000000FF' } };
    extra.box = { ...extra.box, shadow: { enable: true, distance: 16, blur: 20, color: '#000000CC' } };
    // A light paper, so that the shadows show.
    flyer.tint = { whiteBlack: 'white', opacity: 0.75 };
    const design = flyerDesign(flyer);
    const { png } = await renderDesignPngNow(design, [], 1);
    writeFileSync('tests/.tmp/flyer-shadow-canvas.png', png);
    writeFileSync('tests/.tmp/flyer-shadow.pdf', await renderFlyerPdfNow({ flyer, background: null }));
    // 1024 design px are 8.5 in: poppler at that resolution, the 0.125 in bleed cut off.
    const dpi = 1024 / 8.5;
    const bleed = Math.round(0.125 * dpi);
    execFileSync('pdftoppm', ['-png', '-singlefile', '-r', String(dpi), 'tests/.tmp/flyer-shadow.pdf', 'tests/.tmp/flyer-shadow-pdf']);
    const pixels = async (source: Buffer | string, dx: number, dy: number) => {
      const image = await loadImage(source);
      const ctx = createCanvas(1024, 1792).getContext('2d');
      ctx.drawImage(image, -dx, -dy);
      return ctx.getImageData(0, 0, 1024, 1792).data;
    };
    const fromCanvas = await pixels(Buffer.from(png), 0, 0);
    const fromPdf = await pixels('tests/.tmp/flyer-shadow-pdf.png', bleed, bleed);
    const luma = (data: Uint8ClampedArray, x: number, y: number) => {
      const at = (y * 1024 + x) * 4;
      return (data[at]! + data[at + 1]! + data[at + 2]!) / 3;
    };
    // The box's halo: below the box, past its offset shadow's hard edge, where only the blur reaches.
    const box = { x: Math.round((1024 - 450) / 2), y: Math.round((40 / 100) * 1792), width: 450, height: 100 };
    const paper = luma(fromCanvas, 5, 5);
    let compared = 0;
    let differing = 0;
    for (let y = box.y + box.height + 16 - 6; y < box.y + box.height + 16 + 20; y++)
      for (let x = box.x + 40; x < box.x + box.width - 40; x += 3) {
        const canvasLuma = luma(fromCanvas, x, y);
        if (canvasLuma > paper - 8) continue;
        compared += 1;
        if (Math.abs(canvasLuma - luma(fromPdf, x, y)) > 16) differing += 1;
      }
    // A flat (unblurred) shadow would differ at every one of them.
    expect(compared, 'the PNG has a blurred halo there').toBeGreaterThan(500);
    expect(differing / compared).toBeLessThan(0.05);
  });
});
