import { z } from 'zod';
import { videoIdFrom } from '~/lib/header-info';
import { intent, intents } from '~/lib/intent';

/**
 * The header editor (spec 02 "Header editor", §3 header info, §5): one schema for conform in
 * the browser and parseWithZod in the action.
 */

/** Spec 02 §5. */
export const IMAGE_REQUIRED = 'Image is required.';
export const VIDEO_REQUIRED = 'Video is required.';
export const INVALID_VIDEO = 'Enter a YouTube video code (11 characters) or the address of a YouTube video page.';
export const INVALID_DELAY = 'Slideshow delay must be a whole number of seconds from 1 to 60.';
/** Spec 02 §9: the header editor's default slideshow delay. */
export const EDITOR_DEFAULT_DELAY_SECONDS = 4;

export const HEADER_TYPES = ['images', 'video'] as const;
export type HeaderType = (typeof HEADER_TYPES)[number];
export const HEADER_TYPE_LABELS: Record<HeaderType, string> = { images: 'Image(s)', video: 'Video' };

/** The editor's file field and the crop rectangle the cropper fills ('x,y,width,height'). */
export const IMAGE_FIELD = 'image';
/** The places picker's choice, and `{PLACE_CREDIT_PREFIX}{photo id}`: the authors of each photo offered. */
export const PLACE_PHOTO_FIELD = 'placePhoto';
export const PLACE_CREDIT_PREFIX = 'placeCredit:';
export const CROP_FIELD = 'crop';
/** The stock photo dialog's search box, the page shown and the choice; the AI dialog's prompt and generated image (spec 03 §9). */
export const STOCK_QUERY_FIELD = 'stockQuery';
export const STOCK_PAGE_FIELD = 'stockPage';
export const STOCK_PHOTO_FIELD = 'stockPhoto';
/** A stock photo's radio value: its source and its id there ('pexels:1234'), never an address (server/header/media-dialogs.ts parseStockChoice). */
export const stockChoiceValue = (photo: { source: string; id: string }) => `${photo.source}:${photo.id}`;
export const AI_PROMPT_FIELD = 'aiPrompt';
export const AI_IMAGE_FIELD = 'aiImage';
/** Fields of the dialogs: never part of the header itself. */
export const DIALOG_FIELDS = [
  PLACE_PHOTO_FIELD,
  STOCK_QUERY_FIELD,
  STOCK_PAGE_FIELD,
  STOCK_PHOTO_FIELD,
  AI_PROMPT_FIELD,
  AI_IMAGE_FIELD,
] as const;
/** Files one post of the editor's form may carry (spec 03 §9: 20 parallel uploads). */
export const MAX_UPLOAD_FILES = 20;

/** Spec 01 §9 / 03 §9: the recommended header image, 1125 wide, 450 high for esp apps and 600 otherwise. */
export const HEADER_IMAGE_WIDTH = 1125;
export const HEADER_IMAGE_HEIGHT = 600;
export const ESP_HEADER_IMAGE_HEIGHT = 450;

/** An image address the form holds that is not one the apps can open. */
export const INVALID_IMAGE_URL = 'This image cannot be used: its address is not valid. Remove it and upload the image again.';

const text = z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), z.string().optional());

/**
 * A file this console stored on its own disk, as the local storage engine addresses it
 * (`/files/{path}`, each segment a plain name: no `..`, no scheme, no host).
 */
export function isStoredFilePath(value: string): boolean {
  if (!value.startsWith('/files/')) return false;
  const segments = value.slice('/files/'.length).split('/');
  return segments.every((segment) => /^[\w\-.~%!$&'()*+,;=:@]+$/.test(segment) && segment !== '.' && segment !== '..');
}

/**
 * Where the apps may load a header image from (spec 01 §3.3 imageURL): an http(s) address (the
 * storage bucket's, a places photo's) or a file stored by this console. Never `javascript:`,
 * `data:` or any other scheme, whatever the browser posted.
 */
export const isImageUrl = (value: string): boolean => isHttpUrl(value) || isStoredFilePath(value);

/** An absolute http: or https: address with a host (a storage URL may name localhost). */
export function isHttpUrl(value: string): boolean {
  if (/[\s\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const imageUrl = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim() : value),
  z.string().max(2000, INVALID_IMAGE_URL).refine(isImageUrl, INVALID_IMAGE_URL),
);
const optionalImageUrl = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined),
  z.string().max(2000, INVALID_IMAGE_URL).refine(isImageUrl, INVALID_IMAGE_URL).optional(),
);

export const HeaderImageSchema = z.object({
  imageURL: imageUrl,
  originalURL: optionalImageUrl,
  imageName: text,
  thumbURL: optionalImageUrl,
  caption: text,
  date: z.coerce.number().int().nonnegative().optional(),
});
export type HeaderImageValue = z.infer<typeof HeaderImageSchema>;
/** A header image row as the form holds it (conform's `useForm<HeaderFormInput>`). */
export type HeaderImageInput = z.input<typeof HeaderImageSchema>;

/** More slides than any header shows; a post with more is refused rather than stored. */
export const MAX_HEADER_IMAGES = 50;

export const HeaderSchema = z
  .object({
    headerType: z.enum(HEADER_TYPES).default('images'),
    images: z.array(HeaderImageSchema).max(MAX_HEADER_IMAGES, `A header holds at most ${MAX_HEADER_IMAGES} images.`).default([]),
    videoURL: text,
    autoplay: z.boolean().default(false),
    delaySeconds: z
      .number({ invalid_type_error: INVALID_DELAY })
      .int(INVALID_DELAY)
      .min(1, INVALID_DELAY)
      .max(60, INVALID_DELAY)
      .default(EDITOR_DEFAULT_DELAY_SECONDS),
    hideTitle: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    if (value.headerType === 'images' && value.images.length === 0) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['images'], message: IMAGE_REQUIRED });
    }
    if (value.headerType === 'video') {
      if (!value.videoURL) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['videoURL'], message: VIDEO_REQUIRED });
      else if (!videoIdFrom(value.videoURL)) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['videoURL'], message: INVALID_VIDEO });
    }
  });
export type HeaderFormValue = z.infer<typeof HeaderSchema>;
/** The form's fields before parsing (conform's `useForm<HeaderFormInput>`). */
export type HeaderFormInput = z.input<typeof HeaderSchema>;

/**
 * The header editor's buttons: Save; Upload (adds the chosen file, unsaved); the places picker's
 * Choose from Places Photos / Try Again (`places`), Add Photo (`place-photo`) and Cancel
 * (`places-cancel`); the stock photo dialog's Stock Photos (`stock`), Search (`stock-search`,
 * the first page), More photos (`stock-more`) and Previous page (`stock-previous`) (the page
 * next to the one shown, `stockPage`), OK (`stock-photo`) and Cancel (`stock-cancel`); the AI
 * images dialog's AI Image (`ai`), Search (`ai-generate`), Use Image (`ai-use`) and Close
 * (`ai-cancel`). Each posts the whole form, so nothing typed is lost. conform's remove and
 * reorder buttons post no intent: they count as `save`, which shows the form again unsaved.
 */
export const HeaderIntent = intents(
  intent('save'),
  intent('upload'),
  intent('places'),
  intent('place-photo'),
  intent('places-cancel'),
  intent('stock'),
  intent('stock-search'),
  intent('stock-more'),
  intent('stock-previous'),
  intent('stock-photo'),
  intent('stock-cancel'),
  intent('ai'),
  intent('ai-generate'),
  intent('ai-use'),
  intent('ai-cancel'),
);
export type HeaderIntentName = z.infer<typeof HeaderIntent>['intent'];
