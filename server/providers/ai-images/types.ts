import { busyMessage, ProviderError, type ProviderErrorKind } from '../provider-error';

/**
 * The AI images port (spec 03 §7 "AI image generation request with prompt, model, size,
 * quality", §9 "AI images dialog": model dall-e-3, size 1024x1024, standard quality): one image
 * for a prompt, as bytes the server then stores in the community's storage.
 */

export const AI_IMAGE_MODEL = 'dall-e-3';
export const AI_IMAGE_SIZE = '1024x1024';
export const AI_IMAGE_QUALITY = 'standard';
/** dall-e-3 takes prompts of up to 4000 characters. */
export const MAX_AI_PROMPT = 4000;
/** The generation runs in the action (no AI queue in jobs/): it gives up after this long. */
export const AI_IMAGE_TIMEOUT_MS = 90_000;

export interface GeneratedImage {
  bytes: Uint8Array;
  contentType: 'image/png';
  /** The prompt as the service rewrote it (dall-e-3 answers `revised_prompt`), when it did. */
  revisedPrompt: string | null;
}

/** dall-e-3's sizes and qualities: the writing assistant's 1024x1024 standard, the flyers' tall or wide hd (spec 02 §9). */
export type AiImageSize = '1024x1024' | '1024x1792' | '1792x1024';
export type AiImageQuality = 'standard' | 'hd';

export interface GenerateOptions {
  signal?: AbortSignal;
  /** Default AI_IMAGE_SIZE. */
  size?: AiImageSize;
  /** Default AI_IMAGE_QUALITY. */
  quality?: AiImageQuality;
}

export interface AiImagesProvider {
  /** True for the offline default: no OPENAI_API_KEY, nobody is asked. */
  offline: boolean;
  /** Throws AiImagesError. */
  generate(prompt: string, options?: GenerateOptions): Promise<GeneratedImage>;
}

export type AiImagesErrorKind = Extract<
  ProviderErrorKind,
  /** The service refused the prompt under its content policy. */
  'content-policy' | 'unauthorized' | 'rate-limited' | 'invalid-request' | 'vendor' | 'network' | 'timeout' | 'invalid-response'
>;

export class AiImagesError extends ProviderError<AiImagesErrorKind> {
  constructor(kind: AiImagesErrorKind, message: string, status?: number, retryAfter?: number) {
    super(kind, message, status, retryAfter);
    this.name = 'AiImagesError';
  }
}

export type FetchLike = typeof fetch;

/** What the dialog says when generation fails. */
export function aiImagesErrorMessage(error: unknown): string {
  if (!(error instanceof AiImagesError)) return 'The image could not be generated. Please try again later.';
  switch (error.kind) {
    case 'content-policy':
      return 'The image service refused this prompt under its content policy. Please describe the image differently.';
    case 'rate-limited':
      return busyMessage('The image service', error.retryAfter);
    case 'unauthorized':
      return 'The image service refused the request: its API key is not valid. Please contact support.';
    case 'invalid-request':
      return 'The image service could not use this prompt. Please change it and try again.';
    case 'timeout':
      return 'The image service took too long. Please try again.';
    case 'network':
      return 'The image service could not be reached. Please try again later.';
    case 'vendor':
    case 'invalid-response':
      return 'The image service answered with an error. Please try again later.';
  }
}
