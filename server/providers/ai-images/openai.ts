import { isObject, postOpenAi } from '../openai';
import {
  AI_IMAGE_MODEL,
  AI_IMAGE_QUALITY,
  AI_IMAGE_SIZE,
  AI_IMAGE_TIMEOUT_MS,
  AiImagesError,
  type AiImagesProvider,
  type FetchLike,
} from './types';

/**
 * OpenAI's Images API: `POST https://api.openai.com/v1/images/generations` with
 * `Authorization: Bearer {key}` and `{ model: 'dall-e-3', prompt, n: 1, size: '1024x1024',
 * quality: 'standard', response_format: 'b64_json' }` → `{ created, data: [{ b64_json,
 * revised_prompt }] }`. The image comes back in the answer, so nothing is fetched from a
 * second address. Errors are `{ error: { message, type, code } }`: 400 with code
 * `content_policy_violation` (the prompt is refused), 401 bad key, 429 rate limit or quota, 5xx.
 */
export const OPENAI_BASE_URL = 'https://api.openai.com/v1';
/** A generated PNG larger than this is refused (a 1024x1024 PNG is 1–3 MB). */
export const MAX_GENERATED_BYTES = 20_000_000;

export function createOpenAiImages(options: { apiKey: string; fetch?: FetchLike; baseUrl?: string; timeoutMs?: number }): AiImagesProvider {
  const fetchImpl = options.fetch ?? fetch;
  const baseUrl = options.baseUrl ?? OPENAI_BASE_URL;
  const timeoutMs = options.timeoutMs ?? AI_IMAGE_TIMEOUT_MS;
  return {
    offline: false,
    async generate(prompt, { signal, size = AI_IMAGE_SIZE, quality = AI_IMAGE_QUALITY } = {}) {
      const { body } = await postOpenAi(
        {
          apiKey: options.apiKey,
          fetch: fetchImpl,
          url: `${baseUrl}/images/generations`,
          body: { model: AI_IMAGE_MODEL, prompt, n: 1, size, quality, response_format: 'b64_json' },
          timeoutMs,
          signal,
        },
        (kind, message, status, retryAfter) => new AiImagesError(kind, message, status, retryAfter),
      );
      const first = isObject(body) && Array.isArray(body.data) && isObject(body.data[0]) ? body.data[0] : null;
      const b64 = first && typeof first.b64_json === 'string' ? first.b64_json : '';
      if (!b64 || b64.length > (MAX_GENERATED_BYTES * 4) / 3 + 4)
        throw new AiImagesError('invalid-response', 'openai: no image in the answer');
      const bytes = new Uint8Array(Buffer.from(b64, 'base64'));
      // A PNG starts with its 8-byte signature.
      if (bytes.length < 8 || Buffer.from(bytes.subarray(0, 8)).toString('hex') !== '89504e470d0a1a0a') {
        throw new AiImagesError('invalid-response', 'openai: the image is not a PNG');
      }
      return { bytes, contentType: 'image/png', revisedPrompt: typeof first?.revised_prompt === 'string' ? first.revised_prompt : null };
    },
  };
}
