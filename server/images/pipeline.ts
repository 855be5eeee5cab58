import { createCanvas, loadImage, type Canvas, type Image } from '@napi-rs/canvas';
import { asBuffer, PoolTaskError, runInPool } from '@server/pool';
import { checkImageHeader, ImageTooLargeError, ImageUnreadableError, MAX_IMAGE_PIXELS, withinPixelBudget } from './dimensions';

/**
 * Server-side image work of the uploader (spec 03 §9): crop to the chosen rectangle, rescale
 * anything wider than 2000 px, a 250 px thumbnail, and a blurred-to-fit copy when the aspect
 * differs from the target by more than 10%. Every output is PNG ("cropped images saved as PNG").
 */

export const MAX_IMAGE_WIDTH = 2000;
export const THUMBNAIL_WIDTH = 250;
/** Spec 03 §9: "thumbnails 250 wide (250x140)": the uploader's thumbnails fill a 250x140 box. */
export const THUMBNAIL_HEIGHT = 140;
/** Blurred-to-fit canvas (spec 03 §9). */
export const BLUR_FIT_WIDTH = 1125;
export const BLUR_FIT_HEIGHT = 600;
/** Aspect tolerance before a blurred copy is made. */
export const BLUR_ASPECT_TOLERANCE = 0.1;
export const BLUR_RADIUS = 20;

export interface CropRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

type Drawable = Canvas | Image;

export async function decodeImage(bytes: Uint8Array): Promise<Image> {
  return loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

/** The rectangle clamped into the image; null when nothing of it is left. */
export function clampCrop(rect: CropRect, size: Size): CropRect | null {
  const x = Math.max(0, Math.min(size.width, Math.round(rect.x)));
  const y = Math.max(0, Math.min(size.height, Math.round(rect.y)));
  const width = Math.min(size.width - x, Math.round(rect.width));
  const height = Math.min(size.height - y, Math.round(rect.height));
  return width >= 1 && height >= 1 ? { x, y, width, height } : null;
}

/** A crop rectangle from the form ('x,y,width,height' in the original's pixels); null when absent or malformed. */
export function parseCrop(value: unknown): CropRect | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const parts = value.split(',').map((part) => Number(part.trim()));
  if (parts.length !== 4 || parts.some((part) => !Number.isFinite(part))) return null;
  const [x, y, width, height] = parts as [number, number, number, number];
  return width > 0 && height > 0 ? { x, y, width, height } : null;
}

/**
 * The largest rectangle of `target`'s aspect centred in an image of `size`: the cropper's
 * starting rectangle, used as is where nobody crops (a place photo chosen in the picker).
 */
export function centreCrop(size: Size, target: Size): CropRect {
  const aspect = target.width / target.height;
  const width = Math.min(size.width, Math.round(size.height * aspect));
  const height = Math.min(size.height, Math.round(width / aspect));
  return { x: Math.floor((size.width - width) / 2), y: Math.floor((size.height - height) / 2), width, height };
}

export function crop(source: Drawable, rect: CropRect): Canvas {
  const canvas = createCanvas(rect.width, rect.height);
  canvas.getContext('2d').drawImage(source, rect.x, rect.y, rect.width, rect.height, 0, 0, rect.width, rect.height);
  return canvas;
}

/** The size after scaling down to `maxWidth` wide (unchanged when not wider). */
export function scaledToWidth(size: Size, maxWidth: number): Size {
  if (size.width <= maxWidth) return { width: size.width, height: size.height };
  return { width: maxWidth, height: Math.max(1, Math.round((size.height * maxWidth) / size.width)) };
}

function resize(source: Drawable, size: Size): Canvas {
  const canvas = createCanvas(size.width, size.height);
  const context = canvas.getContext('2d');
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, size.width, size.height);
  return canvas;
}

/** Images wider than 2000 px are rescaled to 2000 px (spec 03 §9). */
export function rescale(source: Drawable, maxWidth = MAX_IMAGE_WIDTH): Canvas {
  return resize(source, scaledToWidth({ width: source.width, height: source.height }, maxWidth));
}

/** A thumbnail 250 px wide. */
export function thumbnail(source: Drawable, width = THUMBNAIL_WIDTH): Canvas {
  return resize(source, { width, height: Math.max(1, Math.round((source.height * width) / source.width)) });
}

/**
 * The uploader's thumbnail (spec 03 §9 "thumbnails 250 wide (250x140)"): the image scaled to
 * cover a 250x140 box and cut around its centre, so every thumbnail has the same shape.
 */
export function uploadThumbnail(source: Drawable, box: Size = { width: THUMBNAIL_WIDTH, height: THUMBNAIL_HEIGHT }): Canvas {
  const canvas = createCanvas(box.width, box.height);
  const context = canvas.getContext('2d');
  context.imageSmoothingQuality = 'high';
  const cover = Math.max(box.width / source.width, box.height / source.height);
  const width = source.width * cover;
  const height = source.height * cover;
  context.drawImage(source, (box.width - width) / 2, (box.height - height) / 2, width, height);
  return canvas;
}

/** Whether the aspect of `size` differs from `target`'s by more than 10%. */
export function needsBlurToFit(size: Size, target: Size = { width: BLUR_FIT_WIDTH, height: BLUR_FIT_HEIGHT }): boolean {
  const ratio = size.width / size.height / (target.width / target.height);
  return Math.abs(ratio - 1) > BLUR_ASPECT_TOLERANCE;
}

/**
 * The image fitted whole into `target` over a blurred, cover-scaled copy of itself (spec 03 §9:
 * blurred-to-fit 1125x600).
 */
export function blurredToFit(source: Drawable, target: Size = { width: BLUR_FIT_WIDTH, height: BLUR_FIT_HEIGHT }): Canvas {
  const canvas = createCanvas(target.width, target.height);
  const context = canvas.getContext('2d');
  const cover = Math.max(target.width / source.width, target.height / source.height);
  const coverWidth = source.width * cover;
  const coverHeight = source.height * cover;
  context.filter = `blur(${BLUR_RADIUS}px)`;
  // Overdraw the edges so the blur does not fade to transparent there.
  const bleed = BLUR_RADIUS * 2;
  context.drawImage(
    source,
    (target.width - coverWidth) / 2 - bleed,
    (target.height - coverHeight) / 2 - bleed,
    coverWidth + 2 * bleed,
    coverHeight + 2 * bleed,
  );
  context.filter = 'none';
  const contain = Math.min(target.width / source.width, target.height / source.height);
  const width = source.width * contain;
  const height = source.height * contain;
  context.drawImage(source, (target.width - width) / 2, (target.height - height) / 2, width, height);
  return canvas;
}

export interface ProcessedImage {
  /** The cropped (or whole) image, at most 2000 px wide, as PNG. */
  cropped: Buffer;
  croppedSize: Size;
  /** The blurred-to-fit copy, when the aspect differs from the target by more than 10%. */
  blurred: Buffer | null;
  /** 250x140 (uploadThumbnail), PNG. */
  thumbnail: Buffer;
  /** The original's size. */
  originalSize: Size;
}

/** An error a pool thread answered, as the image error it stands for. */
function imageErrorOf(error: unknown): unknown {
  if (!(error instanceof PoolTaskError)) return error;
  return error.errorName === 'ImageTooLargeError' ? new ImageTooLargeError() : new ImageUnreadableError(error.message);
}

/**
 * An uploaded image made ready for a header: cropped to `rect` when given (the cropper's
 * 'Use Image'), else whole (no JavaScript); rescaled; blurred-to-fit to `target` when needed
 * (never when `target` is null).
 * The size is read from the header first (above 50 megapixels: ImageTooLargeError, nothing
 * decoded); the decoding and drawing run in a thread of the server's pool (server/pool), so
 * parallel uploads queue instead of each holding a decoded full-size bitmap at once, and the
 * web process's event loop and memory never hold them.
 */
export async function processImage(bytes: Uint8Array, options: { crop?: CropRect | null; target: Size | null }): Promise<ProcessedImage> {
  checkImageHeader(bytes);
  try {
    const done = await runInPool('process-image', { bytes, crop: options.crop ?? null, target: options.target });
    return {
      cropped: asBuffer(done.cropped),
      croppedSize: done.croppedSize,
      blurred: done.blurred ? asBuffer(done.blurred) : null,
      thumbnail: asBuffer(done.thumbnail),
      originalSize: done.originalSize,
    };
  } catch (error) {
    throw imageErrorOf(error);
  }
}

/** Decodes an image after checking its header's size against the pixel budget (and the decoded size again). */
async function decodeWithinBudget(bytes: Uint8Array): Promise<Image> {
  checkImageHeader(bytes);
  const image = await decodeImage(bytes);
  if (!withinPixelBudget(image, MAX_IMAGE_PIXELS)) throw new ImageTooLargeError({ width: image.width, height: image.height });
  return image;
}

/** processImage in the calling thread (the pool's threads run this; the benchmark compares). */
export async function processNow(bytes: Uint8Array, options: { crop?: CropRect | null; target: Size | null }): Promise<ProcessedImage> {
  const image = await decodeWithinBudget(bytes);
  const originalSize = { width: image.width, height: image.height };
  const rect = options.crop ? clampCrop(options.crop, originalSize) : null;
  const cut = rect ? crop(image, rect) : image;
  const scaled = rescale(cut);
  const croppedSize = { width: scaled.width, height: scaled.height };
  const blurred =
    options.target && needsBlurToFit(croppedSize, options.target) ? blurredToFit(scaled, options.target).toBuffer('image/png') : null;
  return {
    cropped: scaled.toBuffer('image/png'),
    croppedSize,
    blurred,
    thumbnail: uploadThumbnail(scaled).toBuffer('image/png'),
    originalSize,
  };
}

/** The size of `size` scaled down to fit in `box` (unchanged when it fits). */
export function fitWithin(size: Size, box: Size): Size {
  const scale = Math.min(1, box.width / size.width, box.height / size.height);
  return { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) };
}

/**
 * An image (or its `rect`) scaled down to fit in `box`, as PNG (or JPEG at `jpegQuality`, 0–100),
 * in the calling thread (the pool's `fit-image` task).
 */
export async function fitImageNow(
  bytes: Uint8Array,
  box: Size,
  rect: CropRect | null = null,
  jpegQuality?: number,
): Promise<{ encoded: Buffer; size: Size }> {
  const image = await decodeWithinBudget(bytes);
  const clamped = rect ? clampCrop(rect, { width: image.width, height: image.height }) : null;
  const source = clamped ? crop(image, clamped) : image;
  const size = fitWithin({ width: source.width, height: source.height }, box);
  if (jpegQuality === undefined) return { encoded: resize(source, size).toBuffer('image/png'), size };
  // JPEG has no transparency: transparent parts become white paper, not black.
  const canvas = createCanvas(size.width, size.height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size.width, size.height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, size.width, size.height);
  return { encoded: canvas.toBuffer('image/jpeg', jpegQuality), size };
}

/** An image scaled down to fit in `box`, as PNG: header checked here, decoded and drawn in the pool. */
export async function fitImage(bytes: Uint8Array, box: Size, rect: CropRect | null = null): Promise<{ png: Buffer; size: Size }> {
  checkImageHeader(bytes);
  try {
    const done = await runInPool('fit-image', { bytes, box, crop: rect });
    return { png: asBuffer(done.encoded), size: done.size };
  } catch (error) {
    throw imageErrorOf(error);
  }
}

/** fitImage as JPEG at `quality` (0–100): for print, where a PDF embeds the JPEG as it is. */
export async function fitImageAsJpeg(
  bytes: Uint8Array,
  box: Size,
  rect: CropRect | null,
  quality: number,
): Promise<{ jpeg: Buffer; size: Size }> {
  checkImageHeader(bytes);
  try {
    const done = await runInPool('fit-image', { bytes, box, crop: rect, jpegQuality: quality });
    return { jpeg: asBuffer(done.encoded), size: done.size };
  } catch (error) {
    throw imageErrorOf(error);
  }
}
