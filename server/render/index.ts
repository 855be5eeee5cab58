import { asBuffer, runInPool } from '@server/pool';
import type { FileStorage } from '@server/storage';
import type { Design } from '~/lib/design';
import { designImageInputs } from './images';

/**
 * Rendering a design (marketing asset, flyer) to PNG on the server: its images read and
 * bounded here (./images.ts), the drawing done by a thread of the worker pool
 * (./design-png.ts through the 'design-png' task), so the web event loop only waits.
 */
export { MAX_DESIGN_IMAGE_BYTES, MAX_DATA_URL_LENGTH } from './images';

export async function renderDesignPng(
  design: Design,
  options: { storage: FileStorage; resolve: (src: string) => string | null; scale: number },
): Promise<{ png: Buffer; width: number; height: number }> {
  const images = await designImageInputs(design, options.storage, options.resolve);
  const transfer = images.flatMap((image) => (image.bytes ? [image.bytes.buffer as ArrayBuffer] : []));
  const rendered = await runInPool('design-png', { design, images, scale: options.scale }, { transfer });
  return { png: asBuffer(rendered.png), width: rendered.width, height: rendered.height };
}
