import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { drawnSize, ENTRY_PAGE, PHOTO_BOX, renderEntryPdf, SIGNATURE_BOX } from './entry';
import { embedFonts } from './fonts';
import { wrapWords } from './text';

/** The entry PDF's drawing rules: image sizes, and answers that run on over pages. */

describe('drawnSize', () => {
  it('draws an image at its pixels at 150 dpi, never larger than its box', () => {
    expect(drawnSize({ width: 300, height: 150 }, PHOTO_BOX)).toEqual({ width: 144, height: 72 });
    const photo = drawnSize({ width: 4000, height: 3000 }, PHOTO_BOX);
    expect(photo.height).toBeCloseTo(PHOTO_BOX.height);
    expect(photo.width).toBeCloseTo((PHOTO_BOX.height * 4) / 3);
    const signature = drawnSize({ width: 1200, height: 200 }, SIGNATURE_BOX);
    expect(signature.width).toBeCloseTo(SIGNATURE_BOX.width);
    expect(signature.height).toBeCloseTo(SIGNATURE_BOX.width / 6);
  });
});

describe('renderEntryPdf', () => {
  const base = {
    title: 'Visitor Registration',
    facts: [{ label: 'Submitted', value: '11/29/2026 09:00 AM' }],
    footer: 'Entry e1',
    documentTitle: 'Visitor Registration – Ann',
    now: 0,
  };

  it('is one US Letter page for a short entry, and runs a long answer on over further pages', async () => {
    const short = await renderEntryPdf({ ...base, parts: [{ kind: 'answer', label: 'Your name', text: 'Ann', empty: false }] });
    expect(short.pages).toBe(1);
    const pdf = await PDFDocument.load(short.bytes);
    expect(pdf.getPage(0).getSize()).toEqual(ENTRY_PAGE);
    expect(pdf.getTitle()).toBe('Visitor Registration – Ann');

    const words = Array.from({ length: 3000 }, (_, index) => `word${index}`).join(' ');
    const long = await renderEntryPdf({ ...base, parts: [{ kind: 'answer', label: 'Comments', text: words, empty: false }] });
    expect(long.pages).toBeGreaterThanOrEqual(4);
    expect((await PDFDocument.load(long.bytes)).getPageCount()).toBe(long.pages);
  }, 60_000);

  it('draws text the fonts lack as ? instead of failing, and control characters not at all', async () => {
    const made = await renderEntryPdf({
      ...base,
      parts: [
        { kind: 'header', text: 'Раздел' },
        { kind: 'answer', label: '名前', text: 'Ελένη\u0000\u0007\tTab', empty: false },
        { kind: 'image', label: 'Photo', signature: false, image: null, note: 'The image could not be read, so it is left out.' },
      ],
    });
    expect(made.pages).toBe(1);
  });
});

describe('wrapWords', () => {
  it('wraps words to a width, and cuts a word longer than a line in linear time', async () => {
    const document = await PDFDocument.create();
    const fonts = await embedFonts(document);
    const text = 'The quick brown fox jumps over the lazy dog near the riverbank at dawn.\nSecond paragraph.';
    expect(wrapWords(text, fonts.regular, 11, 120)).toEqual([
      'The quick brown fox',
      'jumps over the lazy dog',
      'near the riverbank at',
      'dawn.',
      'Second paragraph.',
    ]);
    const word = 'x'.repeat(20_000);
    const started = performance.now();
    const lines = wrapWords(`a ${word} b`, fonts.regular, 11, 200);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(lines[0]).toBe('a');
    expect(lines.slice(1).join('')).toBe(`${word} b`);
    for (const line of lines) expect(fonts.regular.widthOfTextAtSize(line, 11)).toBeLessThanOrEqual(200.01);
  });
});
