import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data as answer } from '@remix-run/node';
import {
  HEADER_BUCKET,
  HEADER_SAVED,
  headerFormValue,
  headerImageSize,
  headerVersion,
  readHeaderInfo,
  saveHeaderInfo,
  storeHeaderImage,
  storePlacePhoto,
} from '@server/header/header-info';
import {
  aiImagePath,
  emptyAiDialog,
  generateAiDialog,
  MEDIA_TEXTS,
  parseStockChoice,
  searchStockDialog,
  shownStockPage,
  type AiDialog,
  type StockDialog,
} from '@server/header/media-dialogs';
import { loadPlacesPicker, placeIdOf, PLACES_TEXTS, type PlacesPicker } from '@server/header/places-picker';
import { parseCrop, type Size } from '@server/images/pipeline';
import { uploadLimitRefusal } from '@server/images/uploads';
import { aiImagesProvider } from '@server/providers/ai-images';
import { PlacesError, placesErrorMessage, placesProvider } from '@server/providers/places';
import { stockPhotosErrorMessage, stockPhotosProvider, StockPhotosError } from '@server/providers/stock-photos';
import { IMAGE_TYPES, MAX_UPLOAD_BYTES, parseUpload, tooLargeMessage, type ParsedUpload, type UploadError } from '@server/storage';
import { loadCommunityRecord } from '~/components/shell/shell.server';
import { redirectWithToast } from '~/components/toast.server';
import { uploadUrl } from '~/components/widgets/uploader-shared';
import { conflictMessage, conflictRows, postedVersion, type Conflict } from '~/lib/conflict';
import {
  AI_IMAGE_FIELD,
  AI_PROMPT_FIELD,
  CROP_FIELD,
  DIALOG_FIELDS,
  HEADER_TYPE_LABELS,
  HeaderSchema,
  IMAGE_FIELD,
  MAX_UPLOAD_FILES,
  PLACE_CREDIT_PREFIX,
  PLACE_PHOTO_FIELD,
  STOCK_PAGE_FIELD,
  STOCK_PHOTO_FIELD,
  STOCK_QUERY_FIELD,
  type HeaderFormValue,
  type HeaderImageValue,
  type HeaderIntentName,
} from '~/schemas/header';
import { getServices } from '~/services.server';

/**
 * The header editor's server half (spec 02 "Header editor", spec 01 §2.6): `/header-images`,
 * editing header-info/main-menu of the current community. One multipart form: an image file
 * posted with 'Upload' (or with Save) is stored and added to the list; conform's remove and
 * reorder buttons post too, so everything works without JavaScript.
 *
 * The places picker (spec 02 §2, §5, §7): when the community has a `placeId`, 'Choose from
 * Places Photos' posts the form (intent `places`) and the answer shows the picker over it,
 * keeping everything typed; it also opens with a plain GET of `/header-images?places=1`.
 * 'Add Photo' (intent `place-photo`) fetches the chosen photo on the server, stores it like an
 * upload and adds it to the list (saved with Save); a failing places service answers its
 * message in the picker.
 */

export { MEDIA_TEXTS, PLACES_TEXTS, type AiDialog, type PlacesPicker, type StockDialog };
export const HEADER_CONTEXT = 'main-menu';

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

/**
 * Whose header the editor edits: header-info/{context}. Home's is main-menu (`/header-images`);
 * a list's is its context (`/listnm/dining/header-images`, spec 02 §4 listing action header-images).
 */
export interface HeaderTarget {
  context: string;
  formAction: string;
  returnTo: string;
  /**
   * The database node holding the header, when it is not header-info/{context}: a business
   * item's own `headerInfo` (paths.listItemHeaderInfo). `context` then only names it.
   */
  node?: string;
  /** Where the uploader posts with JavaScript, when not the staff's upload address (a remote page's carries its grant). */
  uploadUrl?: string;
  /** Whether AI images are offered (not to remote managers: generating costs the community). */
  aiImages?: boolean;
  /** Runs after a save is written (a remote page records it in the item's remote audit). */
  afterSave?: () => Promise<void>;
  /**
   * Counts posted files against a limit before any is stored (a remote link's upload quota,
   * server/remote/upload-quota.ts): the refusal's message, or null when they may be stored.
   */
  chargeUploads?: (files: readonly File[]) => Promise<string | null>;
}

/** AI intents posted where AI images are not offered. */
export const AI_UNAVAILABLE = 'AI images are not available on this page.';

export const HOME_HEADER: HeaderTarget = { context: HEADER_CONTEXT, formAction: '/header-images', returnTo: '/' };

export interface HeaderImagesActionData {
  result: SubmissionResult<string[]>;
  uploadError: Pick<UploadError, 'title' | 'message'> | null;
  /** The places picker to show over the form (intents `places`, and `place-photo` failing). */
  picker?: PlacesPicker | null;
  /** The stock photo dialog to show over the form. */
  stock?: StockDialog | null;
  /** The AI images dialog to show over the form. */
  ai?: AiDialog | null;
  /** The version the form holds: the one it was posted with, or the stored one after a conflict. */
  version?: string | null;
  /** Someone else saved the header meanwhile: their values, and the version Save now replaces. */
  conflict?: Conflict | null;
}

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
function comparable(value: HeaderFormValue): Record<string, unknown> {
  return {
    ...value,
    headerType: HEADER_TYPE_LABELS[value.headerType],
    images: value.images.map((image, index) => `${image.imageName || `Image ${index + 1}`}${image.caption ? ` (${image.caption})` : ''}`),
    videoURL: value.headerType === 'video' ? value.videoURL : '',
  };
}

export async function loadHeaderEditor(request: Request, community: string, target: HeaderTarget = HOME_HEADER): Promise<HeaderImagesData> {
  const services = await getServices();
  const [stored, record] = await Promise.all([
    readHeaderInfo(services, community, target.context, target.node),
    loadCommunityRecord(community),
  ]);
  const placeId = placeIdOf(record);
  const search = new URL(request.url).searchParams;
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
    uploadUrl: target.uploadUrl ?? uploadUrl(HEADER_BUCKET),
    stockOffline: stockPhotosProvider(services.env).offline,
    aiOffline: aiImagesProvider(services.env).offline,
    version: headerVersion(stored),
    formAction: target.formAction,
    returnTo: target.returnTo,
  };
}

/** The editor's multipart form: up to 20 image files (several header images at once). */
export function parseHeaderUpload(request: Request): Promise<ParsedUpload> {
  return parseUpload(request, { accept: IMAGE_TYPES, maxFiles: MAX_UPLOAD_FILES, schemas: HeaderSchema });
}

/** The form shown again as posted, without validation messages: the picker is not a save. */
const unvalidated = (result: SubmissionResult<string[]>): SubmissionResult<string[]> => ({ ...result, error: {} });

/** The stock photo dialog's buttons. */
const STOCK_INTENTS: readonly HeaderIntentName[] = ['stock', 'stock-search', 'stock-more', 'stock-previous', 'stock-cancel', 'stock-photo'];

/** Appends an image to the posted list (images[n].…), after the last posted one. */
function appendImage(formData: FormData, image: HeaderImageValue) {
  const indexes = [...formData.keys()].flatMap((key) => /^images\[(\d+)\]\./.exec(key)?.[1] ?? []).map(Number);
  const next = indexes.length ? Math.max(...indexes) + 1 : 0;
  for (const [name, value] of Object.entries(image)) {
    if (value !== undefined) formData.set(`images[${next}].${name}`, String(value));
  }
}

/** The post of the editor's form, its intent already read: the form again, or saved and home. */
export async function headerEditorAction(
  request: Request,
  community: string,
  upload: ParsedUpload,
  intent: HeaderIntentName,
  target: HeaderTarget = HOME_HEADER,
) {
  const services = await getServices();
  const formData = upload.formData;
  // Every answer that shows the form again keeps the version it was posted with.
  const version = postedVersion(formData);
  const data = (body: HeaderImagesActionData, init?: { status: number }) => answer<HeaderImagesActionData>({ version, ...body }, init);
  const files = formData.getAll(IMAGE_FIELD).filter((value): value is File => value instanceof File && value.size > 0);
  const crop = parseCrop(formData.get(CROP_FIELD));
  const field = (name: string) => String(formData.get(name) ?? '').trim();
  const chosenPhoto = field(PLACE_PHOTO_FIELD);
  const stockQuery = field(STOCK_QUERY_FIELD);
  const stockPage = field(STOCK_PAGE_FIELD);
  const stockChoice = field(STOCK_PHOTO_FIELD);
  const aiPrompt = String(formData.get(AI_PROMPT_FIELD) ?? '');
  const aiImage = field(AI_IMAGE_FIELD);
  formData.delete(IMAGE_FIELD);
  formData.delete(CROP_FIELD);
  for (const name of DIALOG_FIELDS) formData.delete(name);
  const credits = new Map<string, string>();
  for (const key of [...formData.keys()].filter((name) => name.startsWith(PLACE_CREDIT_PREFIX))) {
    credits.set(key.slice(PLACE_CREDIT_PREFIX.length), String(formData.get(key) ?? ''));
    formData.delete(key);
  }
  let record: Record<string, unknown> | null = null;
  const communityRecord = async () => (record ??= await loadCommunityRecord(community));

  if (!upload.ok) {
    const submission = parseWithZod(formData, { schema: HeaderSchema });
    const uploadError = { title: upload.error.title, message: upload.error.message };
    return data({ result: submission.reply({ fieldErrors: { [IMAGE_FIELD]: [upload.error.message] } }), uploadError }, { status: 400 });
  }

  // Chosen files join the list in order (a video header ignores them: a video clears images).
  // A crop is the cropper's, for one file; several files are stored whole and blurred to fit.
  if (files.length > 0 && formData.get('headerType') !== 'video') {
    const refused = target.chargeUploads ? await target.chargeUploads(files) : null;
    if (refused !== null) {
      const submission = parseWithZod(formData, { schema: HeaderSchema });
      return data({ result: submission.reply({ fieldErrors: { [IMAGE_FIELD]: [refused] } }), uploadError: null }, { status: 429 });
    }
    const size = headerImageSize(await communityRecord());
    for (const file of files) {
      let image;
      try {
        image = await storeHeaderImage(services.storage, community, file, { crop: files.length === 1 ? crop : null, target: size });
      } catch (error) {
        const submission = parseWithZod(formData, { schema: HeaderSchema });
        const limit = uploadLimitRefusal(error);
        const message = limit
          ? files.length === 1
            ? limit.message
            : `${file.name}: ${limit.message}`
          : files.length === 1
            ? 'The image could not be read. Please upload a PNG or JPEG image.'
            : `The image ${file.name} could not be read. Please upload PNG or JPEG images.`;
        return data({ result: submission.reply({ fieldErrors: { [IMAGE_FIELD]: [message] } }), uploadError: null }, { status: 400 });
      }
      appendImage(formData, image);
    }
  }

  // The stock photo dialog: open it, search, page, close it, or add the chosen photo. Paging
  // posts the form like the rest, so the header as typed comes back with the next page.
  if (STOCK_INTENTS.includes(intent)) {
    const form = () => unvalidated(parseWithZod(formData, { schema: HeaderSchema }).reply());
    if (intent === 'stock-cancel') return data({ result: form(), uploadError: null, stock: null });
    if (intent === 'stock' || intent === 'stock-search') {
      const stock = await searchStockDialog(services.env, intent === 'stock' ? '' : stockQuery, 1);
      return data({ result: form(), uploadError: null, stock });
    }
    if (intent === 'stock-more' || intent === 'stock-previous') {
      const shown = shownStockPage(stockPage);
      const stock = await searchStockDialog(services.env, stockQuery, intent === 'stock-more' ? shown + 1 : shown - 1);
      return data({ result: form(), uploadError: null, stock });
    }
    const reopen = async (status: number, error: string) => {
      const stock = await searchStockDialog(services.env, stockQuery, stockPage, { error, chosen: stockChoice || null });
      return data({ result: form(), uploadError: null, stock }, { status });
    };
    const choice = parseStockChoice(stockChoice);
    if (choice === 'empty') return reopen(400, MEDIA_TEXTS.stockChoose);
    // An address, or anything else that is not one of the dialog's photos: nothing is fetched.
    if (!choice) return reopen(400, MEDIA_TEXTS.stockInvalid);
    const provider = stockPhotosProvider(services.env);
    let photo;
    try {
      photo = await provider.download(choice);
    } catch (error) {
      if (error instanceof StockPhotosError && error.kind === 'invalid-request') return reopen(400, stockPhotosErrorMessage(error));
      console.error('Downloading the chosen stock photo failed:', error);
      return reopen(502, stockPhotosErrorMessage(error));
    }
    try {
      const image = await storePlacePhoto(services.storage, community, photo, { target: headerImageSize(await communityRecord()) });
      // The services ask that their photographers be credited where the photo shows: the credit the service gave now.
      appendImage(formData, { ...image, caption: provider.offline || !photo.credit ? undefined : photo.credit.slice(0, 200) });
    } catch (error) {
      console.error('Storing the chosen stock photo failed:', error);
      return reopen(502, MEDIA_TEXTS.stockStored);
    }
    formData.set('headerType', 'images');
    return data({ result: form(), uploadError: null, stock: null });
  }

  // The AI images dialog: open it, generate, close it, or use the generated image.
  if (intent === 'ai' || intent === 'ai-generate' || intent === 'ai-cancel' || intent === 'ai-use') {
    if (target.aiImages === false) throw new Response(AI_UNAVAILABLE, { status: 403 });
    const form = () => unvalidated(parseWithZod(formData, { schema: HeaderSchema }).reply());
    if (intent === 'ai-cancel') return data({ result: form(), uploadError: null, ai: null });
    if (intent === 'ai') return data({ result: form(), uploadError: null, ai: emptyAiDialog(services.env) });
    if (intent === 'ai-generate') {
      const { dialog, status } = await generateAiDialog(services, community, aiPrompt);
      return data({ result: form(), uploadError: null, ai: dialog }, { status });
    }
    const path = aiImagePath(community, aiImage);
    const object = path ? await services.storage.get(path) : null;
    if (!path || !object) {
      const ai = { ...emptyAiDialog(services.env), prompt: aiPrompt.trim(), error: MEDIA_TEXTS.aiMissing };
      return data({ result: form(), uploadError: null, ai }, { status: 400 });
    }
    try {
      const bytes = await object.bytes();
      const fileName = path.split('/').pop()!;
      const image = await storePlacePhoto(
        services.storage,
        community,
        { bytes, contentType: 'image/png', fileName },
        {
          target: headerImageSize(await communityRecord()),
        },
      );
      appendImage(formData, image);
    } catch (error) {
      console.error('Storing the generated image failed:', error);
      const ai = {
        ...emptyAiDialog(services.env),
        prompt: aiPrompt.trim(),
        image: { url: await services.storage.url(path), path },
        error: MEDIA_TEXTS.aiStored,
      };
      return data({ result: form(), uploadError: null, ai }, { status: 502 });
    }
    formData.set('headerType', 'images');
    return data({ result: form(), uploadError: null, ai: null });
  }

  // The places picker: open it over the form, close it, or add the chosen photo.
  if (intent === 'places' || intent === 'places-cancel' || intent === 'place-photo') {
    const placeId = placeIdOf(await communityRecord());
    const reopen = async (status: number, error: string | null) => {
      const submission = parseWithZod(formData, { schema: HeaderSchema });
      const picker = await loadPlacesPicker(services.env, placeId, { error, chosen: chosenPhoto || null });
      return data({ result: unvalidated(submission.reply()), uploadError: null, picker }, { status });
    };
    if (intent === 'places') return reopen(200, null);
    if (intent === 'place-photo') {
      if (!placeId) return reopen(400, PLACES_TEXTS.noPlace);
      if (!chosenPhoto) return reopen(400, PLACES_TEXTS.choose);
      const provider = placesProvider(services.env);
      let photo;
      try {
        photo = await provider.fetchPhoto(placeId, chosenPhoto);
      } catch (error) {
        // A photo that is not one of the place's is the post's fault (400); anything else is the service's (502).
        if (error instanceof PlacesError && error.kind === 'invalid-request') return reopen(400, placesErrorMessage(error));
        console.error(`Fetching the places photo ${chosenPhoto} failed:`, error);
        return reopen(502, placesErrorMessage(error));
      }
      try {
        const image = await storePlacePhoto(services.storage, community, photo, { target: headerImageSize(await communityRecord()) });
        // Google asks that its photos' authors be credited where the photo shows.
        const credit = provider.offline ? '' : (credits.get(chosenPhoto) ?? '').trim().slice(0, 200);
        appendImage(formData, { ...image, caption: image.caption ?? (credit ? `Photo: ${credit}` : undefined) });
      } catch (error) {
        console.error(`Storing the places photo ${chosenPhoto} failed:`, error);
        return reopen(502, PLACES_TEXTS.stored);
      }
      // A chosen photo makes this an images header.
      formData.set('headerType', 'images');
    }
    const submission = parseWithZod(formData, { schema: HeaderSchema });
    return data({ result: unvalidated(submission.reply()), uploadError: null, picker: null });
  }

  const submission = parseWithZod(formData, { schema: HeaderSchema });
  // Remove / move up / move down (conform intents) and 'Upload' show the form again, unsaved.
  if (submission.status !== 'success' || intent === 'upload') {
    const failed = submission.status === 'error' && intent !== 'upload';
    return data({ result: submission.reply(), uploadError: null }, { status: failed ? 400 : 200 });
  }

  const saved = await saveHeaderInfo(services, community, target.context, submission.value, version, target.node);
  if (!saved.ok) {
    // Nothing written: the form as typed, their header beside it, and the version Save now replaces.
    const conflict: Conflict = {
      message: conflictMessage('The header'),
      version: saved.conflict.version,
      theirs: conflictRows(CONFLICT_LABELS, comparable(headerFormValue(saved.conflict.stored)), comparable(submission.value)),
    };
    return data({ result: submission.reply(), uploadError: null, version: conflict.version, conflict }, { status: 409 });
  }
  await target.afterSave?.();
  return redirectWithToast(request, target.returnTo, { kind: 'success', message: HEADER_SAVED });
}
