import { parseWithZod } from '@conform-to/zod';
import { flyerStoragePath, renderFlyerPng, saveHistoryElements } from '@server/flyers';
import { renderFlyerPdf } from '@server/flyers/pdf';
import { PoolBusyError, PoolLimitError } from '@server/pool';
import { FLYER_TEXTS, flyerFileName, type Flyer } from '~/lib/design';
import { FlyerDownloadIntent, FlyerSchema, flyerFromForm } from '~/schemas/flyer';
import { getServices } from '~/services.server';
import { readFlyerPost, type FlyerTarget } from './flyer-designer.server';

/**
 * The designer's files, drawn by the server (spec 02 "Flyer designer"): POST of the flyer with
 * `intent` download (everything, PNG; the elements are saved on the history entry, spec 02 §7),
 * download-background (the image and tint only) or print-pdf (the print PDF). GET with the form
 * in the query is the preview image of the page without JavaScript (half size).
 */

const text = (body: string, status: number) => new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

/** An attachment's header: an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

function imageProblem(target: FlyerTarget, flyer: Flyer): string | null {
  if (!flyer.image) return FLYER_TEXTS.needImage;
  if (!flyerStoragePath(target.community, flyer.image)) return 'The flyer’s image is not one of the community’s flyer images.';
  return null;
}

async function rendered(render: () => Promise<Response>): Promise<Response> {
  try {
    return await render();
  } catch (error) {
    if (error instanceof PoolBusyError) return text('The server is busy drawing other images. Please try again in a minute.', 503);
    if (error instanceof PoolLimitError) return text('This flyer took too long to draw.', 422);
    throw error;
  }
}

export async function flyerDownload(request: Request, target: FlyerTarget): Promise<Response> {
  const services = await getServices();
  const { intent, submission } = await readFlyerPost(request, FlyerDownloadIntent);
  if (submission.status !== 'success') return text('The flyer in the form is not valid: update it and try again.', 400);
  const flyer = flyerFromForm(submission.value);
  const problem = imageProblem(target, flyer);
  if (problem) return text(problem, 400);
  return rendered(async () => {
    if (intent.intent === 'print-pdf') {
      const pdf = await renderFlyerPdf(services, target.community, flyer);
      return new Response(new Uint8Array(pdf), {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': attachment(flyerFileName(flyer.title, 'pdf')),
          'Cache-Control': 'private, no-store',
        },
      });
    }
    const backgroundOnly = intent.intent === 'download-background';
    const { png } = await renderFlyerPng(services, target.community, flyer, { backgroundOnly });
    if (!backgroundOnly && flyer.key) await saveHistoryElements(services, target.community, flyer.key, flyer.elements);
    return new Response(new Uint8Array(png), {
      headers: {
        'Content-Type': 'image/png',
        'Content-Disposition': attachment(flyerFileName(flyer.title)),
        'Cache-Control': 'private, no-store',
        'Content-Length': String(png.byteLength),
      },
    });
  });
}

/** The preview of the page without JavaScript: the flyer of the query at half size. */
export async function flyerPreview(request: Request, target: FlyerTarget): Promise<Response> {
  const services = await getServices();
  const query = new URL(request.url).searchParams;
  const submission = parseWithZod(query, { schema: FlyerSchema });
  if (submission.status !== 'success') return text('The flyer in the address is not valid.', 400);
  const flyer = flyerFromForm(submission.value);
  return rendered(async () => {
    const { png } = await renderFlyerPng(services, target.community, flyer, { scale: 0.5 });
    return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png', 'Cache-Control': 'private, no-store' } });
  });
}
