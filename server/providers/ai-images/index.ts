import type { Env } from '@server/env';
import { createOfflineAiImages } from './offline';
import { createOpenAiImages } from './openai';
import type { AiImagesProvider, FetchLike } from './types';

export * from './types';
export { createOpenAiImages, MAX_GENERATED_BYTES, OPENAI_BASE_URL } from './openai';
export { AI_OFFLINE_BAND, AI_OFFLINE_MESSAGE, createOfflineAiImages, drawOfflineImage } from './offline';

export type AiImagesEnv = Pick<Env, 'OPENAI_API_KEY'>;

/** OpenAI's Images API when OPENAI_API_KEY is set, otherwise the offline default, which says so on screen. */
export function aiImagesProvider(env: AiImagesEnv, options: { fetch?: FetchLike; timeoutMs?: number } = {}): AiImagesProvider {
  return env.OPENAI_API_KEY
    ? createOpenAiImages({
        apiKey: env.OPENAI_API_KEY,
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      })
    : createOfflineAiImages();
}
