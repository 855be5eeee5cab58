import { storagePaths } from '@server/paths';
import { PoolBusyError, PoolLimitError } from '@server/pool';
import { IMAGE_TYPES, PDF_TYPES, type FileStorage } from '@server/storage';
import { objectPathOfUrl } from '@server/storage/object-path';
import { PROMO_IMAGE_SIZE } from '~/lib/promos';
import type { UploadedImage } from '~/lib/upload-result';
import { IMAGE_TOO_LARGE_MESSAGE, ImageTooLargeError } from './dimensions';
import { PDF_TOO_COMPLEX_MESSAGE, PdfTooComplexError, renderPdfFirstPage } from './pdf';
import { processImage, type CropRect, type Size } from './pipeline';

/**
 * The uploader's storage step (spec 03 §7 "Storage uploads to {community}/images/{bucket}/
 * {timestamp}/{filename}, plus '_blur' and '_crop' versions", §9): the original as sent, the
 * cropped (or whole) image rescaled to at most 2000 px as PNG ('{stem}_crop.png'), the 250x140
 * thumbnail ('{stem}_thumb.png') and, when the aspect differs from the target by more than 10%,
 * the blurred-to-fit copy ('{stem}_blur.png'), which is then the image shown. A PDF's first
 * page is rendered to JPEG at 1.5 scale ('{stem}.jpg', beside the PDF) and treated as the image.
 */

export interface UploadBucket {
  /** What the bucket's uploader accepts (the 'Incorrect Type' list). */
  accept: readonly string[];
  /**
   * 'header': the community's header size (1125x600, or 1125x450 for esp apps); else this size;
   * null: no target (the crop is the image; no blurred copy is made).
   */
  target: 'header' | Size | null;
  /** Who may upload besides staff of the community: 'system-admin' narrows it to resort system admins (no remote grant). */
  uploaders?: 'staff' | 'system-admin';
}

/** The marketing images' size: a square social-media post. */
export const MARKETING_IMAGE_SIZE: Size = { width: 1080, height: 1080 };

/** Spec 03 §9: the blurred-to-fit canvas. */
const BLUR_FIT: Size = { width: 1125, height: 600 };

/**
 * The buckets the upload route stores into (`{community}/images/{bucket}/…`); any other name
 * is refused. header: header images; detail: a business item's images (PDF menus and flyers
 * become images); attachments: attachment lists; marketing: the marketing screen's images.
 */
export const UPLOAD_BUCKETS = {
  header: { accept: IMAGE_TYPES, target: 'header' },
  detail: { accept: [...IMAGE_TYPES, ...PDF_TYPES], target: 'header' },
  attachments: { accept: [...IMAGE_TYPES, ...PDF_TYPES], target: BLUR_FIT },
  /** The marketing screen's images (QR code, phone-only, introducing and ongoing images): png and jpeg (spec 03 §5). */
  marketing: { accept: IMAGE_TYPES, target: MARKETING_IMAGE_SIZE },
  /** Splash screens (full screen on a phone) and banner ads (across a listing page): png and jpeg (app/lib/promos.ts). */
  splashscreen: { accept: IMAGE_TYPES, target: PROMO_IMAGE_SIZE.splashscreen },
  ads: { accept: IMAGE_TYPES, target: PROMO_IMAGE_SIZE.ads },
  /**
   * The marketing asset editor's background, logo and phone image (spec 03 §7 keeps them under
   * {community}/images/marketing_asset_editor/): .jpg or .png (spec 03 §5); the design draws each
   * with cover or contain, so the crop is the image (no blurred copy). Resort system admins only,
   * as the editor (spec 03 §6). Decision 047.
   */
  marketing_asset_editor: { accept: ['.jpg', '.png'], target: null, uploaders: 'system-admin' },
} as const satisfies Record<string, UploadBucket>;

export type UploadBucketName = keyof typeof UPLOAD_BUCKETS;
export const UPLOAD_BUCKET_NAMES = Object.keys(UPLOAD_BUCKETS) as UploadBucketName[];

export function isUploadBucket(value: unknown): value is UploadBucketName {
  return typeof value === 'string' && Object.hasOwn(UPLOAD_BUCKETS, value);
}

/** Who may upload into `bucket`: staff of the community (and remote grant holders), or resort system admins only. */
export function bucketUploaders(bucket: UploadBucketName): 'staff' | 'system-admin' {
  const config: UploadBucket = UPLOAD_BUCKETS[bucket];
  return config.uploaders ?? 'staff';
}

const TIMESTAMP_FOLDER = /^\d{1,16}$/;

/**
 * The storage path an address names when it is a file the uploader stored in `bucket` for
 * `community` — `{community}/images/{bucket}/{timestamp}/{file}`, as a bare path, a bucket
 * download URL or a `/files/…` URL — else null (another community, another bucket, another
 * folder depth, anything else). Whether the file exists is the caller's question.
 */
export function bucketUploadPath(community: string, bucket: UploadBucketName, address: unknown): string | null {
  if (typeof address !== 'string' || address === '') return null;
  const trimmed = address.trim();
  const path = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith('/') ? objectPathOfUrl(trimmed) : trimmed.split(/[?#]/)[0];
  if (!path) return null;
  const segments = path.split('/');
  if (segments.length !== 5) return null;
  const [owner, images, folder, timestamp, file] = segments as [string, string, string, string, string];
  if (owner !== community || images !== 'images' || folder !== bucket || !TIMESTAMP_FOLDER.test(timestamp)) return null;
  try {
    return storagePaths.upload(community, bucket, timestamp, file) === path ? path : null;
  } catch {
    return null;
  }
}

/** The last path segment as a storage-safe name: letters, digits, '.', '_' and '-'. */
export function uploadFileName(name: string, fallback = 'image'): string {
  const base =
    String(name ?? '')
      .split(/[\\/]/)
      .pop() ?? '';
  const cleaned = base.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '');
  return cleaned.slice(-100) || fallback;
}

const stemOf = (name: string) => (name.lastIndexOf('.') > 0 ? name.slice(0, name.lastIndexOf('.')) : name);

let lastTimestamp = 0;
/**
 * A timestamp folder no earlier upload of this process used: parallel uploads of files with
 * the same name never overwrite each other.
 */
export function uploadTimestamp(now = Date.now()): number {
  lastTimestamp = Math.max(now, lastTimestamp + 1);
  return lastTimestamp;
}

export interface StoreImageOptions {
  bucket: string;
  crop: CropRect | null;
  /** The size the image is blurred to fit when its aspect differs; null: never blurred. */
  target: Size | null;
  now?: number;
}

/**
 * Stores an uploaded image (or PDF, when `file` is one) under
 * {community}/images/{bucket}/{timestamp}/ and answers the stored addresses.
 */
export async function storeUploadedImage(
  storage: FileStorage,
  community: string,
  file: File,
  options: StoreImageOptions,
): Promise<UploadedImage> {
  const now = options.now ?? uploadTimestamp();
  const name = uploadFileName(file.name);
  const stem = stemOf(name);
  const at = (fileName: string) => storagePaths.upload(community, options.bucket, now, fileName);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const pdf = file.type === 'application/pdf';
  // Everything is made before anything is stored: a file that is not an image stores nothing.
  let imageBytes = bytes;
  if (pdf) imageBytes = new Uint8Array((await renderPdfFirstPage(bytes)).jpeg);
  const processed = await processImage(imageBytes, { crop: options.crop, target: options.target });
  const original = await storage.put(at(name), bytes, { contentType: file.type || 'application/octet-stream' });
  if (pdf) await storage.put(at(name === `${stem}.jpg` ? `${stem}_page.jpg` : `${stem}.jpg`), imageBytes, { contentType: 'image/jpeg' });
  const png = { contentType: 'image/png' };
  const cropped = await storage.put(at(`${stem}_crop.png`), processed.cropped, png);
  const thumb = await storage.put(at(`${stem}_thumb.png`), processed.thumbnail, png);
  const blurred = processed.blurred ? await storage.put(at(`${stem}_blur.png`), processed.blurred, png) : null;
  return {
    imageURL: (blurred ?? cropped).url,
    originalURL: original.url,
    croppedURL: cropped.url,
    blurredURL: blurred?.url ?? null,
    thumbURL: thumb.url,
    imageName: name,
    date: now,
    width: processed.croppedSize.width,
    height: processed.croppedSize.height,
  };
}

export const IMAGE_TOO_SLOW_MESSAGE = 'This image took too long to convert. Please upload a smaller image.';
export const CONVERSION_BUSY_MESSAGE = 'The server is busy converting other files. Please try again in a minute.';

/**
 * What an upload that hit one of the server's limits answers: the image over 50 megapixels
 * (413), the PDF or image whose conversion passed the pool's time or memory limit (422), the
 * pool's queue full (503, try again). Null for any other error.
 */
export function uploadLimitRefusal(
  error: unknown,
): { status: 413 | 422 | 503; code: 'too-many-pixels' | 'too-complex' | 'busy'; message: string } | null {
  if (error instanceof ImageTooLargeError) return { status: 413, code: 'too-many-pixels', message: IMAGE_TOO_LARGE_MESSAGE };
  if (error instanceof PdfTooComplexError) return { status: 422, code: 'too-complex', message: PDF_TOO_COMPLEX_MESSAGE };
  if (error instanceof PoolLimitError) return { status: 422, code: 'too-complex', message: IMAGE_TOO_SLOW_MESSAGE };
  if (error instanceof PoolBusyError) return { status: 503, code: 'busy', message: CONVERSION_BUSY_MESSAGE };
  return null;
}
