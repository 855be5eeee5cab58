import type { DbValue, RealtimeDb } from '@server/db/types';
import { unchanged, versionOf } from '@server/db/version';
import { checkImageHeader } from '@server/images/dimensions';
import { centreCrop, type CropRect, type Size } from '@server/images/pipeline';
import { storeUploadedImage } from '@server/images/uploads';
import type { Paths } from '@server/paths';
import type { PlacePhotoFile } from '@server/providers/places';
import type { FileStorage } from '@server/storage';
import { videoIdFrom } from '~/lib/header-info';
import type { UploadedImage } from '~/lib/upload-result';
import {
  EDITOR_DEFAULT_DELAY_SECONDS,
  ESP_HEADER_IMAGE_HEIGHT,
  HEADER_IMAGE_HEIGHT,
  HEADER_IMAGE_WIDTH,
  type HeaderFormValue,
  type HeaderImageValue,
} from '~/schemas/header';

/**
 * Header info of a context (spec 01 §3.3, spec 02 §3): reading it into the editor's form,
 * storing an uploaded header image, and writing the node in one set.
 */

export const HEADER_SAVED = 'Header saved.';
/** The storage bucket folder of header uploads: {community}/images/header/{timestamp}/… */
export const HEADER_BUCKET = 'header';

interface Deps {
  db: RealtimeDb;
  paths: Paths;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : isObject(value) ? Object.values(value) : []);

/** The target size of a header image: 1125x450 for esp apps, 1125x600 otherwise (spec 01 §5). */
export function headerImageSize(community: Record<string, unknown>): Size {
  return { width: HEADER_IMAGE_WIDTH, height: community.espApp === true ? ESP_HEADER_IMAGE_HEIGHT : HEADER_IMAGE_HEIGHT };
}

export async function readHeaderInfo(
  { db, paths }: Deps,
  community: string,
  context: string,
  node?: string,
): Promise<Record<string, unknown>> {
  const value = (await db.ref(node ?? paths.headerInfo(community, context)).get()).val();
  return isObject(value) ? value : {};
}

/** The editor's form value of a stored node. */
export function headerFormValue(stored: Record<string, unknown>): HeaderFormValue {
  const images = listOf(stored.images).flatMap((image): HeaderImageValue[] => {
    if (!isObject(image) || !str(image.imageURL)) return [];
    const fileInfo = isObject(image.fileInfo) ? image.fileInfo : {};
    const date = Number(image.date);
    return [
      {
        imageURL: str(image.imageURL)!,
        originalURL: str(image.originalURL),
        imageName: str(image.imageName),
        thumbURL: str(fileInfo.thumb),
        caption: typeof image.caption === 'string' ? image.caption : undefined,
        date: Number.isFinite(date) ? date : undefined,
      },
    ];
  });
  const videoURL = str(stored.videoURL);
  const delay = Number(stored.delaySeconds);
  return {
    headerType: videoURL && images.length === 0 ? 'video' : 'images',
    images,
    videoURL,
    autoplay: stored.videoPlaybackMode === 'autoplay',
    delaySeconds: Number.isInteger(delay) && delay > 0 ? delay : EDITOR_DEFAULT_DELAY_SECONDS,
    hideTitle: stored.hideTitle === true,
  };
}

/**
 * The node to store for a valid form. Switching type clears the other (spec 02 §4): a video
 * removes the images, images remove the video. Fields the editor does not show (radio,
 * fileInfo …) are kept on images that stay.
 */
export function headerRecord(form: HeaderFormValue, stored: Record<string, unknown>): Record<string, DbValue> {
  const previous = new Map<string, Record<string, unknown>>();
  for (const image of listOf(stored.images)) if (isObject(image) && str(image.imageURL)) previous.set(str(image.imageURL)!, image);
  const record: Record<string, DbValue> = {
    delaySeconds: form.delaySeconds,
    hideTitle: form.hideTitle,
  };
  if (form.headerType === 'video') {
    record.videoURL = videoIdFrom(form.videoURL) ?? '';
    if (form.autoplay) record.videoPlaybackMode = 'autoplay';
  } else {
    record.images = form.images.map((image) => {
      const kept = previous.get(image.imageURL) ?? {};
      const fileInfo = { ...(isObject(kept.fileInfo) ? kept.fileInfo : {}), ...(image.thumbURL ? { thumb: image.thumbURL } : {}) };
      const entry: Record<string, unknown> = { ...kept, imageURL: image.imageURL, caption: image.caption ?? '' };
      if (image.originalURL) entry.originalURL = image.originalURL;
      if (image.imageName) entry.imageName = image.imageName;
      if (image.date !== undefined) entry.date = image.date;
      if (Object.keys(fileInfo).length) entry.fileInfo = fileInfo;
      return entry as DbValue;
    });
  }
  return record;
}

/** The version of a stored header as the editor shows it (server/db/version.ts). */
export const headerVersion = (stored: Record<string, unknown>): string => versionOf(headerFormValue(stored));

export type SaveHeaderResult = { ok: true } | { ok: false; conflict: { version: string; stored: Record<string, unknown> } };

/**
 * Writes header-info/{context} for a valid form in one transaction: the node is made from the
 * form and the images' fields as stored then (headerRecord). When `expectedVersion` is given
 * (the version the editor showed) and the stored header is another, nothing is written and the
 * answer is the header as it is.
 */
export async function saveHeaderInfo(
  deps: Deps,
  community: string,
  context: string,
  form: HeaderFormValue,
  expectedVersion: string | null = null,
  node?: string,
): Promise<SaveHeaderResult> {
  let conflict: Record<string, unknown> | null = null;
  await deps.db.ref(node ?? deps.paths.headerInfo(community, context)).transaction((raw) => {
    conflict = null;
    const stored = isObject(raw) ? raw : {};
    if (expectedVersion && headerVersion(stored) !== expectedVersion) {
      conflict = stored;
      return unchanged(raw);
    }
    return headerRecord(form, stored);
  });
  const changed = conflict as Record<string, unknown> | null;
  return changed ? { ok: false, conflict: { version: headerVersion(changed), stored: changed } } : { ok: true };
}

/**
 * Stores an uploaded header image under {community}/images/header/{timestamp}/ (the uploader's
 * storage step, server/images/uploads.ts): the original, the cropped PNG ('{name}_crop.png'), its
 * thumbnail ('{name}_thumb.png') and, when the aspect differs from the target by more than 10%,
 * the blurred-to-fit copy ('{name}_blur.png'), which is then the image shown.
 */
export async function storeHeaderImage(
  storage: FileStorage,
  community: string,
  file: File,
  options: { crop: CropRect | null; target: Size; now?: number },
): Promise<HeaderImageValue> {
  const stored = await storeUploadedImage(storage, community, file, { bucket: HEADER_BUCKET, ...options });
  return headerImageOf(stored);
}

/** A stored upload as a row of the header editor. */
export function headerImageOf(stored: UploadedImage): HeaderImageValue {
  return {
    imageURL: stored.imageURL,
    originalURL: stored.originalURL,
    imageName: stored.imageName,
    thumbURL: stored.thumbURL,
    caption: undefined,
    date: stored.date,
  };
}

/**
 * Stores a photo fetched on the server (a places photo, a stock photo, an AI image; spec 03 §7
 * copyImage) (spec 02 §2 "a places picker modal", §7) exactly
 * like an uploaded image, under the same folder and names: nobody crops it, so it is cut to the
 * header's aspect around its centre (the cropper's starting rectangle), then rescaled and
 * thumbnailed by the same pipeline.
 */
export async function storePlacePhoto(
  storage: FileStorage,
  community: string,
  photo: Pick<PlacePhotoFile, 'bytes' | 'contentType' | 'fileName'>,
  options: { target: Size; now?: number },
): Promise<HeaderImageValue> {
  // The size from the header: the photo is decoded once, in the pool, and only when within the pixel budget.
  const image = checkImageHeader(photo.bytes);
  const crop = centreCrop({ width: image.width, height: image.height }, options.target);
  const file = new File([new Uint8Array(photo.bytes)], photo.fileName, { type: photo.contentType });
  return storeHeaderImage(storage, community, file, { crop, target: options.target, now: options.now });
}
