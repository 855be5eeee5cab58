import { withImageSlot } from './limit';

/**
 * A PDF's first page as an image (spec 03 §9 "a PDF's first page is rendered at 1.5 scale to
 * JPEG"): the uploader treats it as an image from then on (crop, rescale, thumbnail, blur).
 * pdfjs-dist's legacy build renders in Node onto its own @napi-rs/canvas (docs/decisions/010):
 * the canvas comes from the document's canvas factory so pdfjs's Path2D and the canvas are of
 * one build. Scripts, eval and font loading stay off; a PDF that cannot be read rejects with
 * PdfError.
 */

export const PDF_RENDER_SCALE = 1.5;
export const PDF_JPEG_QUALITY = 90;
/** A first page larger than this (in pixels at 1.5 scale, per side) is refused rather than drawn. */
export const MAX_PDF_PAGE_PX = 10_000;

export class PdfError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PdfError';
  }
}

interface NodeCanvas {
  width: number;
  height: number;
  toBuffer(mime: 'image/jpeg', quality?: number): Buffer;
}
interface CanvasFactory {
  create(width: number, height: number): { canvas: NodeCanvas; context: unknown };
}

export interface RenderedPage {
  jpeg: Buffer;
  width: number;
  height: number;
}

export function isPdf(bytes: Uint8Array): boolean {
  return bytes.length >= 5 && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
}

/** The first page at 1.5 scale, as JPEG. */
export function renderPdfFirstPage(bytes: Uint8Array, scale = PDF_RENDER_SCALE): Promise<RenderedPage> {
  return withImageSlot(async () => {
    if (!isPdf(bytes)) throw new PdfError('The file is not a PDF.');
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    // pdfjs takes ownership of (and detaches) the buffer it is given: a copy keeps the caller's.
    const task = pdfjs.getDocument({
      data: new Uint8Array(bytes),
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      stopAtErrors: true,
      verbosity: 0,
    });
    let pdf;
    try {
      pdf = await task.promise;
    } catch (error) {
      await task.destroy().catch(() => {});
      throw new PdfError('The PDF could not be read.', { cause: error });
    }
    try {
      const page = await pdf.getPage(1);
      const viewport = page.getViewport({ scale });
      const width = Math.ceil(viewport.width);
      const height = Math.ceil(viewport.height);
      if (width < 1 || height < 1 || width > MAX_PDF_PAGE_PX || height > MAX_PDF_PAGE_PX) {
        throw new PdfError('The first page of the PDF is too large to show.');
      }
      const factory = (pdf as unknown as { canvasFactory: CanvasFactory }).canvasFactory;
      const { canvas, context } = factory.create(width, height);
      await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as CanvasRenderingContext2D, viewport })
        .promise;
      return { jpeg: canvas.toBuffer('image/jpeg', PDF_JPEG_QUALITY), width, height };
    } catch (error) {
      if (error instanceof PdfError) throw error;
      throw new PdfError('The first page of the PDF could not be drawn.', { cause: error });
    } finally {
      await pdf.destroy().catch(() => {});
    }
  });
}
