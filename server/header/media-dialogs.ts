import type { Env } from '@server/env';
import { uploadFileName, uploadTimestamp } from '@server/images/uploads';
import { storagePaths } from '@server/paths';
import {
  AI_OFFLINE_MESSAGE,
  aiImagesErrorMessage,
  aiImagesProvider,
  MAX_AI_PROMPT,
  type AiImagesEnv,
  type AiImagesProvider,
} from '@server/providers/ai-images';
import {
  MAX_STOCK_PAGE,
  MAX_STOCK_QUERY,
  STOCK_OFFLINE_MESSAGE,
  stockPhotosErrorMessage,
  STOCK_SERVICES,
  stockPhotosProvider,
  type StockChoice,
  type StockPhoto,
  type StockPhotosEnv,
  type StockSource,
} from '@server/providers/stock-photos';
import type { FileStorage } from '@server/storage';

/**
 * The header editor's stock photo and AI image dialogs (spec 03 §9 "Stock photo search
 * dialog", "AI images dialog"; §7 copyImage): what each dialog shows, the search and the
 * generation. Both dialogs are parts of the editor's one form, so they work without
 * JavaScript; the chosen photo or image is then stored like an upload (header-info.ts).
 *
 * AI images are generated in the action, with the adapter's timeout (90 s): jobs/ has no AI
 * queue. The generated PNG is kept at {community}/images/ai/{timestamp}/{name}.png and the
 * dialog carries that path; 'Use Image' accepts only such a path of the same community.
 */

export const AI_BUCKET = 'ai';

export const MEDIA_TEXTS = {
  stockChoose: 'Please choose a photo.',
  /** A choice that is not one of the dialog's photos (an address, an unknown service). */
  stockInvalid: 'That photo cannot be used. Please choose another one.',
  stockStored: 'The photo could not be stored. Please choose another one.',
  aiMissing: 'The generated image is no longer available. Please generate it again.',
  aiStored: 'The image could not be stored. Please try again.',
} as const;

export interface StockDialog {
  query: string;
  page: number;
  photos: StockPhoto[];
  hasMore: boolean;
  /** Why there are no results, or the search failed. */
  error: string | null;
  /** Services that failed while others answered. */
  notices: string[];
  offline: boolean;
  offlineMessage: string;
  /** The choice made before an error, chosen again (its radio value, '{source}:{id}'). */
  chosen: string | null;
  /** A search was made (an empty result then says so). */
  searched: boolean;
}

export interface AiDialog {
  prompt: string;
  /** The generated image, once there is one: its address, and its storage path (the form's hidden field). */
  image: { url: string; path: string } | null;
  error: string | null;
  offline: boolean;
  offlineMessage: string;
}

const clampPage = (value: unknown) => Math.min(MAX_STOCK_PAGE, Math.max(1, Math.floor(Number(value)) || 1));
/** The page the dialog showed, as its form posts it (`stockPage`): More photos and Previous page go from there. */
export const shownStockPage = (value: unknown) => clampPage(value);

/**
 * The choice the form posts ('{source}:{id}', app/schemas/header.ts stockChoiceValue): the
 * photo's source and its id there. The server looks the photo up again by that id, so no
 * address the browser sends is ever fetched. Empty: nothing chosen; null: not a choice at all
 * (an address, an unknown source, an id of characters no service uses).
 */
export function parseStockChoice(value: string): StockChoice | 'empty' | null {
  const trimmed = value.trim();
  if (!trimmed) return 'empty';
  const match = /^([a-z]{1,20}):([A-Za-z0-9._-]{1,100})$/.exec(trimmed);
  const source = match?.[1] as StockSource | undefined;
  if (!match || !source || !(source === 'offline' || (STOCK_SERVICES as readonly string[]).includes(source))) return null;
  return { source, id: match[2]! };
}

export async function searchStockDialog(
  env: StockPhotosEnv,
  rawQuery: string,
  rawPage: unknown,
  options: { chosen?: string | null; error?: string | null } = {},
): Promise<StockDialog> {
  const provider = stockPhotosProvider(env);
  const query = rawQuery.trim().slice(0, MAX_STOCK_QUERY);
  const page = clampPage(rawPage);
  const dialog: StockDialog = {
    query,
    page,
    photos: [],
    hasMore: false,
    error: options.error ?? null,
    notices: [],
    offline: provider.offline,
    offlineMessage: STOCK_OFFLINE_MESSAGE,
    chosen: options.chosen ?? null,
    searched: query !== '',
  };
  // An empty search does nothing: the dialog as it was, without results.
  if (!query) return dialog;
  try {
    const result = await provider.search(query, page);
    return {
      ...dialog,
      photos: result.photos,
      hasMore: result.hasMore,
      notices: result.errors,
      error: dialog.error ?? (result.photos.length === 0 ? `No photos found for “${query}”.` : null),
    };
  } catch (error) {
    console.error(`The stock photo search for ${JSON.stringify(query)} failed:`, error);
    return { ...dialog, error: dialog.error ?? stockPhotosErrorMessage(error) };
  }
}

export function emptyAiDialog(env: AiImagesEnv): AiDialog {
  const provider = aiImagesProvider(env);
  return { prompt: '', image: null, error: null, offline: provider.offline, offlineMessage: AI_OFFLINE_MESSAGE };
}

const promptSlug = (prompt: string) =>
  uploadFileName(
    prompt
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40),
    'image',
  );

/** Generates an image for the prompt and keeps it in the community's storage; an empty prompt does nothing. */
export async function generateAiDialog(
  deps: { env: Pick<Env, 'OPENAI_API_KEY'>; storage: FileStorage; provider?: AiImagesProvider },
  community: string,
  rawPrompt: string,
): Promise<{ dialog: AiDialog; status: number }> {
  const base = emptyAiDialog(deps.env);
  const prompt = rawPrompt.trim().slice(0, MAX_AI_PROMPT);
  if (!prompt) return { dialog: base, status: 200 };
  const provider = deps.provider ?? aiImagesProvider(deps.env);
  let generated;
  try {
    generated = await provider.generate(prompt);
  } catch (error) {
    console.error('Generating an AI image failed:', error);
    return { dialog: { ...base, prompt, error: aiImagesErrorMessage(error) }, status: 502 };
  }
  const path = storagePaths.upload(community, AI_BUCKET, uploadTimestamp(), `ai-${promptSlug(prompt)}.png`);
  const stored = await deps.storage.put(path, generated.bytes, { contentType: 'image/png' });
  return { dialog: { ...base, prompt, image: { url: stored.url, path } }, status: 200 };
}

/** A generated image's path as the form posted it, when it is one of this community's. */
export function aiImagePath(community: string, posted: string): string | null {
  const prefix = `${storagePaths.communityImages(community)}/${AI_BUCKET}/`;
  if (!posted.startsWith(prefix)) return null;
  return /^\d{1,16}\/ai-[A-Za-z0-9_-]{1,60}\.png$/.test(posted.slice(prefix.length)) ? posted : null;
}
