import { parseWithZod } from '@conform-to/zod';
import { loadCommunityRecord } from '@server/community/record';
import { parseCrop, type Size } from '@server/images/pipeline';
import { uploadLimitRefusal } from '@server/images/uploads';
import { aiImagesProvider } from '@server/providers/ai-images';
import { placesProvider } from '@server/providers/places';
import { stockPhotosProvider } from '@server/providers/stock-photos';
import { IMAGE_TYPES, MAX_UPLOAD_BYTES, tooLargeMessage, type ParsedUpload } from '@server/storage';
import { conflictMessage, conflictRows, postedVersion, type Conflict } from '~/lib/conflict';
import { hrefs } from '~/lib/hrefs';
import {
  AI_IMAGE_FIELD,
  AI_PROMPT_FIELD,
  CROP_FIELD,
  DIALOG_FIELDS,
  HEADER_TYPE_LABELS,
  HeaderSchema,
  IMAGE_FIELD,
  PLACE_CREDIT_PREFIX,
  PLACE_PHOTO_FIELD,
  STOCK_PAGE_FIELD,
  STOCK_PHOTO_FIELD,
  STOCK_QUERY_FIELD,
  type HeaderFormValue,
  type HeaderIntentName,
} from '~/schemas/header';
import { answerAiIntent, answerPlacesIntent, answerStockIntent, isAiIntent, isPlacesIntent, isStockIntent } from './editor-dialogs';
import { appendImage, type DialogFields, type HeaderAnswer, type HeaderDeps, type HeaderPost, type HeaderTarget } from './editor-post';
import {
  HEADER_BUCKET,
  HEADER_SAVED,
  headerFormValue,
  headerImageSize,
  headerVersion,
  readHeaderInfo,
  saveHeaderInfo,
  storeHeaderImage,
} from './header-info';
import { emptyAiDialog, searchStockDialog, type AiDialog, type StockDialog } from './media-dialogs';
import { loadPlacesPicker, placeIdOf, PLACES_TEXTS, type PlacesPicker } from './places-picker';

/**
 * The header editor (spec 02 "Header editor", spec 01 §2.6): what it shows, and what each of
 * its buttons does, for header-info/{context} of a community or a node of its own (a list's,
 * a calendar's, a listing's, an event's). One multipart form: an image file posted with 'Upload'
 * (or with Save) is stored and added to the list; conform's remove and reorder buttons post too,
 * so everything works without JavaScript. The stock photo, AI image and places dialogs are
 * steps of the same form (./editor-dialogs.ts). The routes check who may edit, read the form
 * and the intent, and turn an answer into a response.
 */

export const HEADER_CONTEXT = 'main-menu';

/** AI intents posted where AI images are not offered. */
export const AI_UNAVAILABLE = 'AI images are not available on this page.';

export interface HeaderImagesData {
  defaultValue: HeaderFormValue;
  /** The header image's size: the cropper's aspect. */
  target: Size;
  accept: readonly string[];
  maxBytes: number;
  /** The cropper's message when a chosen file is over the limit (an error, never a hint). */
  tooLargeMessage: string;
  places: {
    /** The community has a place id: 'Choose from Places Photos' is offered. */
    available: boolean;
    offline: boolean;
    offlineMessage: string;
    offlineHint: string;
  };
  /** The picker opened by a GET of `?places=1`. */
  picker: PlacesPicker | null;
  /** The stock photo dialog opened (and searched) by a GET of `?stock={query}&page={n}`. */
  stock: StockDialog | null;
  /** The AI images dialog opened by a GET of `?ai=1`. */
  ai: AiDialog | null;
  /** Where the uploader posts each file with JavaScript (the upload route, this editor's bucket). */
  uploadUrl: string;
  /** Whether the AI Image button is offered here. */
  aiImages: boolean;
  /** Whether the stock photos and AI images services are offline (the buttons' hints say so). */
  stockOffline: boolean;
  aiOffline: boolean;
  /** The version of the stored header as shown (app/lib/conflict.ts). */
  version: string;
  /** Where the form posts, and where Save and Cancel go back to. */
  formAction: string;
  returnTo: string;
}

export const HOME_HEADER: HeaderTarget = { context: HEADER_CONTEXT, formAction: hrefs.homeAction('header-images'), returnTo: hrefs.home() };

/** The labels of the fields a conflict lists (the editor's own labels). */
const CONFLICT_LABELS = {
  headerType: 'Header Type',
  images: 'Image(s)',
  videoURL: 'Video URL',
  autoplay: 'Autoplay',
  delaySeconds: 'Slideshow Delay (seconds)',
  hideTitle: 'Hide Title in Android',
} as const;

/** A header's values as the conflict notice compares and shows them: each image by its name and caption. */
export function comparableHeader(value: HeaderFormValue): Record<string, unknown> {
  return {
    ...value,
    headerType: HEADER_TYPE_LABELS[value.headerType],
    images: value.images.map((image, index) => `${image.imageName || `Image ${index + 1}`}${image.caption ? ` (${image.caption})` : ''}`),
    videoURL: value.headerType === 'video' ? value.videoURL : '',
  };
}

/** The editor as a GET shows it; `search` opens a dialog (`?places=1`, `?stock=…&page=…`, `?ai=1`). */
export async function loadHeaderScreen(
  services: HeaderDeps,
  community: string,
  search: URLSearchParams,
  target: HeaderTarget = HOME_HEADER,
): Promise<HeaderImagesData> {
  const [stored, record] = await Promise.all([
    readHeaderInfo(services, community, target.context, target.node),
    loadCommunityRecord(services, community),
  ]);
  const placeId = placeIdOf(record);
  const wantsPicker = search.get('places') === '1';
  const stockQuery = search.get('stock');
  return {
    defaultValue: headerFormValue(stored),
    target: headerImageSize(record),
    accept: IMAGE_TYPES,
    maxBytes: MAX_UPLOAD_BYTES,
    tooLargeMessage: tooLargeMessage(),
    places: {
      available: placeId !== null,
      offline: placesProvider(services.env).offline,
      offlineMessage: PLACES_TEXTS.offline,
      offlineHint: PLACES_TEXTS.offlineHint,
    },
    picker: wantsPicker ? await loadPlacesPicker(services.env, placeId) : null,
    stock: stockQuery !== null ? await searchStockDialog(services.env, stockQuery, search.get('page')) : null,
    ai: search.get('ai') === '1' && target.aiImages !== false ? emptyAiDialog(services.env) : null,
    aiImages: target.aiImages !== false,
    uploadUrl: target.uploadUrl ?? hrefs.uploads(new URLSearchParams({ bucket: HEADER_BUCKET })),
    stockOffline: stockPhotosProvider(services.env).offline,
    aiOffline: aiImagesProvider(services.env).offline,
    version: headerVersion(stored),
    formAction: target.formAction,
    returnTo: target.returnTo,
  };
}

/** The message of a posted file that could not be stored: the limit it broke, or that it is no image. */
export function storeFailureMessage(error: unknown, fileName: string, fileCount: number): string {
  const limit = uploadLimitRefusal(error);
  if (limit) return fileCount === 1 ? limit.message : `${fileName}: ${limit.message}`;
  return fileCount === 1
    ? 'The image could not be read. Please upload a PNG or JPEG image.'
    : `The image ${fileName} could not be read. Please upload PNG or JPEG images.`;
}

function takeDialogFields(formData: FormData): DialogFields {
  const field = (name: string) => String(formData.get(name) ?? '').trim();
  const dialog: DialogFields = {
    chosenPhoto: field(PLACE_PHOTO_FIELD),
    credits: new Map(),
    stockQuery: field(STOCK_QUERY_FIELD),
    stockPage: field(STOCK_PAGE_FIELD),
    stockChoice: field(STOCK_PHOTO_FIELD),
    aiPrompt: String(formData.get(AI_PROMPT_FIELD) ?? ''),
    aiImage: field(AI_IMAGE_FIELD),
  };
  for (const name of DIALOG_FIELDS) formData.delete(name);
  for (const key of [...formData.keys()].filter((name) => name.startsWith(PLACE_CREDIT_PREFIX))) {
    dialog.credits.set(key.slice(PLACE_CREDIT_PREFIX.length), String(formData.get(key) ?? ''));
    formData.delete(key);
  }
  return dialog;
}

/** The post of the editor's form, its intent already read: the form again, or saved. */
export async function answerHeaderPost(
  services: HeaderDeps,
  community: string,
  upload: ParsedUpload,
  intent: HeaderIntentName,
  target: HeaderTarget = HOME_HEADER,
): Promise<HeaderAnswer> {
  const formData = upload.formData;
  // Every answer that shows the form again keeps the version it was posted with.
  const version = postedVersion(formData);
  const files = formData.getAll(IMAGE_FIELD).filter((value): value is File => value instanceof File && value.size > 0);
  const crop = parseCrop(formData.get(CROP_FIELD));
  formData.delete(IMAGE_FIELD);
  formData.delete(CROP_FIELD);
  const dialog = takeDialogFields(formData);
  let record: Record<string, unknown> | null = null;
  const post: HeaderPost = {
    services,
    community,
    formData,
    target,
    dialog,
    communityRecord: async () => (record ??= await loadCommunityRecord(services, community)),
    reply: (body, status = 200) => ({ kind: 'form', status, data: { version, ...body } }),
    unvalidated: () => ({ ...parseWithZod(formData, { schema: HeaderSchema }).reply(), error: {} }),
  };
  const fileError = (message: string, status: number) =>
    post.reply(
      { result: parseWithZod(formData, { schema: HeaderSchema }).reply({ fieldErrors: { [IMAGE_FIELD]: [message] } }), uploadError: null },
      status,
    );

  if (!upload.ok) {
    const submission = parseWithZod(formData, { schema: HeaderSchema });
    const uploadError = { title: upload.error.title, message: upload.error.message };
    return post.reply({ result: submission.reply({ fieldErrors: { [IMAGE_FIELD]: [upload.error.message] } }), uploadError }, 400);
  }

  // Chosen files join the list in order (a video header ignores them: a video clears images).
  // A crop is the cropper's, for one file; several files are stored whole and blurred to fit.
  if (files.length > 0 && formData.get('headerType') !== 'video') {
    const refused = target.chargeUploads ? await target.chargeUploads(files) : null;
    if (refused !== null) return fileError(refused, 429);
    const size = headerImageSize(await post.communityRecord());
    for (const file of files) {
      let image;
      try {
        image = await storeHeaderImage(services.storage, community, file, { crop: files.length === 1 ? crop : null, target: size });
      } catch (error) {
        return fileError(storeFailureMessage(error, file.name, files.length), 400);
      }
      appendImage(formData, image);
    }
  }

  if (isStockIntent(intent)) return answerStockIntent(post, intent);
  if (isAiIntent(intent)) {
    if (target.aiImages === false) return { kind: 'refused', status: 403, message: AI_UNAVAILABLE };
    return answerAiIntent(post, intent);
  }
  if (isPlacesIntent(intent)) return answerPlacesIntent(post, intent);

  const submission = parseWithZod(formData, { schema: HeaderSchema });
  // Remove / move up / move down (conform intents) and 'Upload' show the form again, unsaved.
  if (submission.status !== 'success' || intent === 'upload') {
    const failed = submission.status === 'error' && intent !== 'upload';
    return post.reply({ result: submission.reply(), uploadError: null }, failed ? 400 : 200);
  }

  const saved = await saveHeaderInfo(services, community, target.context, submission.value, version, target.node);
  if (!saved.ok) {
    // Nothing written: the form as typed, their header beside it, and the version Save now replaces.
    const conflict: Conflict = {
      message: conflictMessage('The header'),
      version: saved.conflict.version,
      theirs: conflictRows(CONFLICT_LABELS, comparableHeader(headerFormValue(saved.conflict.stored)), comparableHeader(submission.value)),
    };
    return post.reply({ result: submission.reply(), uploadError: null, version: conflict.version, conflict }, 409);
  }
  await target.afterSave?.();
  return { kind: 'saved', to: target.returnTo, message: HEADER_SAVED };
}
