import { loadImage, createCanvas } from '@napi-rs/canvas';
import { PDFDocument, rgb } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { closePool, configurePool, DEFAULT_POOL_OPTIONS } from '@server/pool';
import { nestedPdf } from '@server/pool/hostile';
import { isPdf, MAX_PDF_PAGE_PIXELS, pageScale, PdfError, PdfTooComplexError, renderPdfFirstPage } from './pdf';

afterAll(closePool);

/** A two-page PDF: the first page 400x300 pt, its left half red; the second page all blue. */
async function twoPagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const first = doc.addPage([400, 300]);
  first.drawRectangle({ x: 0, y: 0, width: 200, height: 300, color: rgb(1, 0, 0) });
  const second = doc.addPage([100, 100]);
  second.drawRectangle({ x: 0, y: 0, width: 100, height: 100, color: rgb(0, 0, 1) });
  return doc.save();
}

async function pixel(jpeg: Buffer, x: number, y: number): Promise<number[]> {
  const image = await loadImage(jpeg);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  return Array.from(context.getImageData(x, y, 1, 1).data);
}

const near = (actual: number[], expected: number[]) => actual.every((value, index) => Math.abs(value - expected[index]!) <= 12);

describe("a PDF's first page (spec 03 §9)", () => {
  it('is rendered at 1.5 scale to JPEG: only the first page, white where nothing is drawn', async () => {
    const bytes = await twoPagePdf();
    const page = await renderPdfFirstPage(bytes);
    expect([page.width, page.height]).toEqual([600, 450]);
    expect(page.jpeg.subarray(0, 3).toString('hex')).toBe('ffd8ff');
    const image = await loadImage(page.jpeg);
    expect([image.width, image.height]).toEqual([600, 450]);
    expect(near(await pixel(page.jpeg, 100, 200), [255, 0, 0, 255])).toBe(true);
    expect(near(await pixel(page.jpeg, 500, 200), [255, 255, 255, 255])).toBe(true);
    // The caller's bytes are left as they were.
    expect(isPdf(bytes)).toBe(true);
  });

  it('refuses what is not a PDF, and a broken PDF, with PdfError', async () => {
    await expect(renderPdfFirstPage(new TextEncoder().encode('hello'))).rejects.toBeInstanceOf(PdfError);
    const broken = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF');
    await expect(renderPdfFirstPage(broken)).rejects.toBeInstanceOf(PdfError);
  });

  it('is drawn within the pixel budget of an image: a poster-sized page at a smaller scale', async () => {
    expect(pageScale({ width: 612, height: 792 })).toBe(1.5);
    const poster = pageScale({ width: 14_400, height: 14_400 });
    expect(Math.ceil(14_400 * poster) ** 2).toBeLessThanOrEqual(MAX_PDF_PAGE_PIXELS);
    const doc = await PDFDocument.create();
    doc.addPage([7_200, 5_400]).drawRectangle({ x: 0, y: 0, width: 3_600, height: 5_400, color: rgb(1, 0, 0) });
    const page = await renderPdfFirstPage(await doc.save());
    expect(page.width * page.height).toBeLessThanOrEqual(MAX_PDF_PAGE_PIXELS);
    expect(page.width / page.height).toBeCloseTo(4 / 3, 2);
  });

  it('is refused as too complex when drawing it passes the time limit (1 KB of nested q…Q), its thread terminated', async () => {
    expect(DEFAULT_POOL_OPTIONS.timeLimitMs['pdf-first-page']).toBe(10_000);
    // The production limit is 10 s; the rule is the same at 2 s.
    await configurePool({ timeLimitMs: { 'pdf-first-page': 2_000 } });
    const hostile = nestedPdf(100_000);
    expect(hostile.byteLength).toBeLessThan(1_024);
    const started = performance.now();
    const failure = await renderPdfFirstPage(hostile).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PdfTooComplexError);
    expect(failure).toBeInstanceOf(PdfError);
    expect((failure as Error).message).toBe('This PDF is too complex to convert.');
    expect(performance.now() - started).toBeLessThan(8_000);
    // The pool goes on: the next PDF renders.
    expect((await renderPdfFirstPage(await twoPagePdf())).width).toBe(600);
  });
});
