import { loadImage, createCanvas } from '@napi-rs/canvas';
import { PDFDocument, rgb } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { isPdf, PdfError, renderPdfFirstPage } from './pdf';

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
});
