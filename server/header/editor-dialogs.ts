import { PlacesError, placesErrorMessage, placesProvider } from '@server/providers/places';
import { stockPhotosErrorMessage, stockPhotosProvider, StockPhotosError } from '@server/providers/stock-photos';
import type { HeaderIntentName } from '~/schemas/header';
import { appendImage, type HeaderAnswer, type HeaderPost } from './editor-post';
import { headerImageSize, storePlacePhoto } from './header-info';
import {
  aiImagePath,
  emptyAiDialog,
  generateAiDialog,
  MEDIA_TEXTS,
  parseStockChoice,
  searchStockDialog,
  shownStockPage,
} from './media-dialogs';
import { loadPlacesPicker, placeIdOf, PLACES_TEXTS } from './places-picker';

/**
 * The header editor's dialogs as steps of its one form (spec 03 §9 "Stock photo search
 * dialog", "AI images dialog"; spec 02 §2, §5, §7 the places picker): open, search, page,
 * close, or add the chosen photo to the list. Each answers the form as posted (unvalidated:
 * a dialog's step is not a save) with the dialog to show over it, or without one.
 */

const STOCK_INTENTS = ['stock', 'stock-search', 'stock-more', 'stock-previous', 'stock-cancel', 'stock-photo'] as const;
const AI_INTENTS = ['ai', 'ai-generate', 'ai-cancel', 'ai-use'] as const;
const PLACES_INTENTS = ['places', 'places-cancel', 'place-photo'] as const;

type StockIntent = (typeof STOCK_INTENTS)[number];
type AiIntent = (typeof AI_INTENTS)[number];
type PlacesIntent = (typeof PLACES_INTENTS)[number];

export const isStockIntent = (intent: HeaderIntentName): intent is StockIntent => (STOCK_INTENTS as readonly string[]).includes(intent);
export const isAiIntent = (intent: HeaderIntentName): intent is AiIntent => (AI_INTENTS as readonly string[]).includes(intent);
export const isPlacesIntent = (intent: HeaderIntentName): intent is PlacesIntent => (PLACES_INTENTS as readonly string[]).includes(intent);

/**
 * The stock photo dialog: open it, search, page, close it, or add the chosen photo. Paging
 * posts the form like the rest, so the header as typed comes back with the next page.
 */
export async function answerStockIntent(post: HeaderPost, intent: StockIntent): Promise<HeaderAnswer> {
  const { services, community, formData, dialog } = post;
  const form = () => ({ result: post.unvalidated(), uploadError: null });
  if (intent === 'stock-cancel') return post.reply({ ...form(), stock: null });
  if (intent === 'stock' || intent === 'stock-search') {
    const stock = await searchStockDialog(services.env, intent === 'stock' ? '' : dialog.stockQuery, 1);
    return post.reply({ ...form(), stock });
  }
  if (intent === 'stock-more' || intent === 'stock-previous') {
    const shown = shownStockPage(dialog.stockPage);
    const stock = await searchStockDialog(services.env, dialog.stockQuery, intent === 'stock-more' ? shown + 1 : shown - 1);
    return post.reply({ ...form(), stock });
  }
  const reopen = async (status: number, error: string) => {
    const stock = await searchStockDialog(services.env, dialog.stockQuery, dialog.stockPage, { error, chosen: dialog.stockChoice || null });
    return post.reply({ ...form(), stock }, status);
  };
  const choice = parseStockChoice(dialog.stockChoice);
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
    const image = await storePlacePhoto(services.storage, community, photo, { target: headerImageSize(await post.communityRecord()) });
    // The services ask that their photographers be credited where the photo shows: the credit the service gave now.
    appendImage(formData, { ...image, caption: provider.offline || !photo.credit ? undefined : photo.credit.slice(0, 200) });
  } catch (error) {
    console.error('Storing the chosen stock photo failed:', error);
    return reopen(502, MEDIA_TEXTS.stockStored);
  }
  formData.set('headerType', 'images');
  return post.reply({ ...form(), stock: null });
}

/** The AI images dialog: open it, generate, close it, or use the generated image (where AI images are offered). */
export async function answerAiIntent(post: HeaderPost, intent: AiIntent): Promise<HeaderAnswer> {
  const { services, community, formData, dialog } = post;
  const form = () => ({ result: post.unvalidated(), uploadError: null });
  if (intent === 'ai-cancel') return post.reply({ ...form(), ai: null });
  if (intent === 'ai') return post.reply({ ...form(), ai: emptyAiDialog(services.env) });
  if (intent === 'ai-generate') {
    const { dialog: ai, status } = await generateAiDialog(services, community, dialog.aiPrompt);
    return post.reply({ ...form(), ai }, status);
  }
  const path = aiImagePath(community, dialog.aiImage);
  const object = path ? await services.storage.get(path) : null;
  if (!path || !object) {
    const ai = { ...emptyAiDialog(services.env), prompt: dialog.aiPrompt.trim(), error: MEDIA_TEXTS.aiMissing };
    return post.reply({ ...form(), ai }, 400);
  }
  try {
    const bytes = await object.bytes();
    const fileName = path.split('/').pop()!;
    const image = await storePlacePhoto(
      services.storage,
      community,
      { bytes, contentType: 'image/png', fileName },
      { target: headerImageSize(await post.communityRecord()) },
    );
    appendImage(formData, image);
  } catch (error) {
    console.error('Storing the generated image failed:', error);
    const ai = {
      ...emptyAiDialog(services.env),
      prompt: dialog.aiPrompt.trim(),
      image: { url: await services.storage.url(path), path },
      error: MEDIA_TEXTS.aiStored,
    };
    return post.reply({ ...form(), ai }, 502);
  }
  formData.set('headerType', 'images');
  return post.reply({ ...form(), ai: null });
}

/** The places picker: open it over the form, close it, or add the chosen photo. */
export async function answerPlacesIntent(post: HeaderPost, intent: PlacesIntent): Promise<HeaderAnswer> {
  const { services, community, formData, dialog } = post;
  const { chosenPhoto } = dialog;
  const placeId = placeIdOf(await post.communityRecord());
  const reopen = async (status: number, error: string | null) => {
    const result = post.unvalidated();
    const picker = await loadPlacesPicker(services.env, placeId, { error, chosen: chosenPhoto || null });
    return post.reply({ result, uploadError: null, picker }, status);
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
      const image = await storePlacePhoto(services.storage, community, photo, { target: headerImageSize(await post.communityRecord()) });
      // Google asks that its photos' authors be credited where the photo shows.
      const credit = provider.offline ? '' : (dialog.credits.get(chosenPhoto) ?? '').trim().slice(0, 200);
      appendImage(formData, { ...image, caption: image.caption ?? (credit ? `Photo: ${credit}` : undefined) });
    } catch (error) {
      console.error(`Storing the places photo ${chosenPhoto} failed:`, error);
      return reopen(502, PLACES_TEXTS.stored);
    }
    // A chosen photo makes this an images header.
    formData.set('headerType', 'images');
  }
  return post.reply({ result: post.unvalidated(), uploadError: null, picker: null });
}
