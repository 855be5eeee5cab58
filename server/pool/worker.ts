import { icsEvents } from '@server/events/import/expand';
import { renderFlyerPdfNow } from '@server/flyers/pdf-now';
import { loadPdfjs, renderPdfPage } from '@server/images/pdf';
import { fitImageNow, processNow } from '@server/images/pipeline';
import { xlsxToCsv } from '@server/imports/xlsx';
import { renderDesignPngNow } from '@server/render/design-png';
import type { PoolAnswer, PoolRequest } from './tasks';

/**
 * The entry of the pool's threads (./index.ts): runs one typed task and answers its output, or
 * the error it threw as plain data. Bundled as build/pool-worker.js by `npm run build`.
 */
export default async function runTask(request: PoolRequest): Promise<PoolAnswer> {
  // Loading pdfjs (once per thread) is not the PDF's work: the time limit starts after it.
  if (request.kind === 'pdf-first-page') await loadPdfjs();
  request.started?.postMessage('started');
  request.started?.close();
  try {
    switch (request.kind) {
      case 'pdf-first-page': {
        const page = await renderPdfPage(request.input.bytes, request.input.scale);
        return { ok: true, value: { jpeg: page.jpeg, width: page.width, height: page.height } };
      }
      case 'process-image':
        return { ok: true, value: await processNow(request.input.bytes, request.input) };
      case 'fit-image':
        return {
          ok: true,
          value: await fitImageNow(request.input.bytes, request.input.box, request.input.crop ?? null, request.input.jpegQuality),
        };
      case 'design-png':
        return { ok: true, value: await renderDesignPngNow(request.input.design, request.input.images, request.input.scale) };
      case 'flyer-pdf':
        return { ok: true, value: await renderFlyerPdfNow(request.input) };
      case 'ics-events':
        return { ok: true, value: icsEvents(request.input.text, request.input.window) };
      case 'xlsx-csv':
        return { ok: true, value: { text: xlsxToCsv(request.input.bytes) } };
    }
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    return { ok: false, error: { name, message } };
  }
}
