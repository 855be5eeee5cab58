import { asBuffer, PoolLimitError, PoolTaskError, runInPool } from '@server/pool';
import { MAX_IMAGE_PIXELS } from './dimensions';

/**
 * A PDF's first page as an image (spec 03 §9 "a PDF's first page is rendered at 1.5 scale to
 * JPEG"): the uploader treats it as an image from then on (crop, rescale, thumbnail, blur).
 * pdfjs-dist's legacy build renders in Node onto its own @napi-rs/canvas (docs/decisions/010):
 * the canvas comes from the document's canvas factory so pdfjs's Path2D and the canvas are of
 * one build. Scripts, eval and font loading stay off; a PDF that cannot be read rejects with
 * PdfError. The rendering runs in a thread of the server's pool (server/pool) with a time limit:
 * a page that takes longer (a 1 KB file of nested q…Q operators can take minutes) has its
 * thread terminated and rejects with PdfTooComplexError.
 */

export const PDF_RENDER_SCALE = 1.5;
export const PDF_JPEG_QUALITY = 90;
/** A first page larger than this (in pixels, per side) is drawn at a smaller scale. */
export const MAX_PDF_PAGE_PX = 10_000;
/** The rendered page holds at most as many pixels as an uploaded image may (server/images/dimensions.ts). */
export const MAX_PDF_PAGE_PIXELS = MAX_IMAGE_PIXELS;
export const PDF_TOO_COMPLEX_MESSAGE = 'This PDF is too complex to convert.';

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

/** The first page could not be drawn within the pool's time or memory limit. */
export class PdfTooComplexError extends PdfError {
  constructor(options?: { cause?: unknown }) {
    super(PDF_TOO_COMPLEX_MESSAGE, options);
    this.name = 'PdfTooComplexError';
  }
}

export interface RenderedPage {
  jpeg: Buffer;
  width: number;
  height: number;
}

export function isPdf(bytes: Uint8Array): boolean {
  return bytes.length >= 5 && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
}

/**
 * The scale a page of `width` x `height` points is drawn at: `scale`, or less where that would
 * pass MAX_PDF_PAGE_PX a side or MAX_PDF_PAGE_PIXELS in all.
 */
export function pageScale(size: { width: number; height: number }, scale = PDF_RENDER_SCALE): number {
  const bySide = MAX_PDF_PAGE_PX / Math.max(size.width, size.height);
  // A little under the budget, so rounding the page up to whole pixels stays within it.
  const byArea = 0.999 * Math.sqrt(MAX_PDF_PAGE_PIXELS / (size.width * size.height));
  return Math.min(scale, bySide, byArea);
}

/** The first page at 1.5 scale, as JPEG, drawn in a thread of the server's pool. */
export async function renderPdfFirstPage(bytes: Uint8Array, scale = PDF_RENDER_SCALE): Promise<RenderedPage> {
  if (!isPdf(bytes)) throw new PdfError('The file is not a PDF.');
  try {
    const page = await runInPool('pdf-first-page', { bytes, scale });
    return { jpeg: asBuffer(page.jpeg), width: page.width, height: page.height };
  } catch (error) {
    if (error instanceof PoolLimitError) throw new PdfTooComplexError({ cause: error });
    if (error instanceof PoolTaskError) throw new PdfError(error.message, { cause: error });
    throw error;
  }
}

const importPdfjs = () => import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjsModule: ReturnType<typeof importPdfjs> | null = null;
/** pdfjs, loaded once per thread on the first PDF (a pool thread loads it before its time limit starts). */
export const loadPdfjs = () => (pdfjsModule ??= importPdfjs());

/** The first page as JPEG, in the calling thread (the pool's `pdf-first-page` task). */
export async function renderPdfPage(bytes: Uint8Array, scale = PDF_RENDER_SCALE): Promise<RenderedPage> {
  if (!isPdf(bytes)) throw new PdfError('The file is not a PDF.');
  const pdfjs = await loadPdfjs();
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
    const viewport = page.getViewport({ scale: pageScale(page.getViewport({ scale: 1 }), scale) });
    const width = Math.ceil(viewport.width);
    const height = Math.ceil(viewport.height);
    if (width < 1 || height < 1 || width > MAX_PDF_PAGE_PX || height > MAX_PDF_PAGE_PX || width * height > MAX_PDF_PAGE_PIXELS) {
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
}
