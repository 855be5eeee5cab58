import { createCanvas, loadImage, type Image } from '@napi-rs/canvas';
import { drawDesign, loadDesignImages, type Design, type DesignContext } from '~/lib/design';
import { registerDesignFonts } from './fonts';
import { encodePng } from './png';

/**
 * A design drawn as PNG with @napi-rs/canvas: the same `drawDesign` as the editors' preview, the
 * same fonts. CPU work: it runs in a thread of the worker pool (the 'design-png' task), never on
 * the web event loop; its images arrive already read and bounded (./images.ts).
 */

/** The largest output: 2700×2700 (a 900×900 design at 3×) fits, 4000×4000 is the ceiling. */
export const MAX_RENDER_SIDE = 4000;

export interface DesignImageInput {
  src: string;
  /** The file's bytes (a stored image), or null when `src` is a data address drawn as it is. */
  bytes: Uint8Array | null;
}

export async function renderDesignPngNow(
  design: Design,
  images: DesignImageInput[],
  scale: number,
): Promise<{ png: Uint8Array; width: number; height: number }> {
  registerDesignFonts();
  const width = Math.round(design.width * scale);
  const height = Math.round(design.height * scale);
  if (!(width > 0 && height > 0 && width <= MAX_RENDER_SIDE && height <= MAX_RENDER_SIDE))
    throw new RangeError(`A design renders at most ${MAX_RENDER_SIDE}×${MAX_RENDER_SIDE} pixels.`);
  const given = new Map(images.map((image) => [image.src, image.bytes]));
  const loaded = await loadDesignImages<Image>(design, async (src) => {
    if (!given.has(src)) return null;
    const bytes = given.get(src);
    return loadImage(bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : src);
  });
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  drawDesign(ctx as unknown as DesignContext<Image>, design, loaded, scale);
  // Encoded by ./png.ts (lossless, several times faster than Skia's encoder on photographs).
  const png = encodePng(ctx.getImageData(0, 0, width, height).data, width, height);
  return { png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength), width, height };
}
