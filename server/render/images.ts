import { MAX_STORED_IMAGE_BYTES, readImageFile } from '@server/images/stored';
import type { FileStorage } from '@server/storage';
import { designImageSources, type Design } from '~/lib/design';
import type { DesignImageInput } from './design-png';

/**
 * The server's image loader for designs: what a design may draw, read before the render is
 * handed to the pool. A data address of a PNG, JPEG or SVG up to MAX_DATA_URL_LENGTH is drawn as
 * it is; any other address must be one `resolve` maps to a path of the community's storage (the
 * caller's rule), read by the shared image reader (server/images/stored.ts: up to
 * MAX_DESIGN_IMAGE_BYTES, refused above 50 megapixels before anything decodes it). Everything else is left out of the picture, as the browser leaves out an
 * image it cannot load.
 */

export const MAX_DESIGN_IMAGE_BYTES = MAX_STORED_IMAGE_BYTES;
export const MAX_DATA_URL_LENGTH = 2_000_000;
const DATA_URL = /^data:image\/(png|jpeg|svg\+xml)[;,]/;

export async function designImageInputs(
  design: Design,
  storage: FileStorage,
  resolve: (src: string) => string | null,
): Promise<DesignImageInput[]> {
  const inputs = await Promise.all(
    designImageSources(design).map(async (src): Promise<DesignImageInput | null> => {
      if (src.startsWith('data:')) return DATA_URL.test(src) && src.length <= MAX_DATA_URL_LENGTH ? { src, bytes: null } : null;
      const path = resolve(src);
      if (!path) return null;
      const read = await readImageFile(storage, path).catch(() => null);
      return read && 'bytes' in read ? { src, bytes: read.bytes } : null;
    }),
  );
  return inputs.filter((input): input is DesignImageInput => input !== null);
}
