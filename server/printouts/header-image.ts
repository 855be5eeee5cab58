import { checkImageHeader } from '@server/images/dimensions';
import { centreCrop, fitImage, fitImageAsJpeg, parseCrop } from '@server/images/pipeline';
import { storeUploadedImage, uploadFileName, uploadTimestamp } from '@server/images/uploads';
import { storagePaths } from '@server/paths/storage';
import { objectPathOfUrl } from '@server/storage/object-path';
import type { FileStorage } from '@server/storage/types';
import { HEADER_PRINT_PX } from '~/lib/printout';

/**
 * The printout's header image (spec 02 §3 headerDrawable): uploaded with the uploader (the
 * cropper's rectangle with JavaScript, the centre of the image without), cut and scaled in the
 * server's pool to the header band at print resolution (HEADER_PRINT_PX: 300 dpi) and stored
 * beside the original under `{community}/images/printout/{timestamp}/`. The PDF job reads only
 * files of the printout's own community, through the storage port (never a URL from outside).
 */

export const PRINTOUT_UPLOAD_BUCKET = 'printout';
/** JPEG quality of the header as the PDF embeds it (a photo at 300 dpi: no visible loss). */
export const PRINT_JPEG_QUALITY = 90;
/** The largest stored header the job reads. */
export const MAX_HEADER_BYTES = 40_000_000;

/** The object path a stored file's URL names, when it is a file of `community`; else null. */
export function storedPathOf(url: string, community: string): string | null {
  const path = objectPathOfUrl(url);
  return path !== null && path.startsWith(`${community}/`) ? path : null;
}

/** Stores an uploaded header: the original, and the print copy the template's headerDrawable names. */
export async function storePrintoutHeader(
  storage: FileStorage,
  community: string,
  file: File,
  cropField: unknown,
): Promise<{ headerDrawable: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const size = checkImageHeader(bytes);
  const rect = parseCrop(cropField) ?? centreCrop(size, HEADER_PRINT_PX);
  const fitted = await fitImage(bytes, HEADER_PRINT_PX, rect);
  const stored = await storeUploadedImage(storage, community, file, {
    bucket: PRINTOUT_UPLOAD_BUCKET,
    crop: rect,
    target: HEADER_PRINT_PX,
    now: uploadTimestamp(),
  });
  const name = uploadFileName(file.name);
  const stem = name.lastIndexOf('.') > 0 ? name.slice(0, name.lastIndexOf('.')) : name;
  const printPath = storagePaths.upload(community, PRINTOUT_UPLOAD_BUCKET, stored.date, `${stem}_print.png`);
  const print = await storage.put(printPath, fitted.png, { contentType: 'image/png' });
  return { headerDrawable: print.url };
}

/**
 * The header image ready for the PDF: the stored file decoded, cut to the header band's shape and
 * scaled to it at print resolution in the pool, as JPEG. Null when there is none, it is not a file of the community, or
 * it cannot be read (the printout is then made without it, and says so).
 */
export async function loadPrintoutHeader(
  storage: FileStorage,
  community: string,
  url: string,
): Promise<{ image: { jpeg: Uint8Array; width: number; height: number } | null; problem: string | null }> {
  if (url === '') return { image: null, problem: null };
  const path = storedPathOf(url, community);
  if (!path) return { image: null, problem: 'The header image is not a file of this community, so the printout has none.' };
  try {
    const object = await storage.get(path);
    if (!object || object.size > MAX_HEADER_BYTES)
      return { image: null, problem: 'The header image could not be found, so the printout has none.' };
    const bytes = await object.bytes();
    const size = checkImageHeader(bytes);
    const fitted = await fitImageAsJpeg(bytes, HEADER_PRINT_PX, centreCrop(size, HEADER_PRINT_PX), PRINT_JPEG_QUALITY);
    return { image: { jpeg: new Uint8Array(fitted.jpeg), width: fitted.size.width, height: fitted.size.height }, problem: null };
  } catch {
    return { image: null, problem: 'The header image could not be read, so the printout has none.' };
  }
}
