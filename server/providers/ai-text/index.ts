import type { Env } from '@server/env';
import { createOfflineAiText } from './offline';
import { createOpenAiText } from './openai';
import type { AiTextProvider, FetchLike } from './types';

export * from './types';
export { createOpenAiText, ideasOfArguments, OPENAI_TEXT_BASE_URL } from './openai';
export { AI_TEXT_OFFLINE_MESSAGE, createOfflineAiText, offlineIdeas, offlineRework } from './offline';

export type AiTextEnv = Pick<Env, 'OPENAI_API_KEY'>;

/** OpenAI's chat completions when OPENAI_API_KEY is set, otherwise the offline default, which says so on screen. */
export function aiTextProvider(env: AiTextEnv, options: { fetch?: FetchLike; timeoutMs?: number; baseUrl?: string } = {}): AiTextProvider {
  return env.OPENAI_API_KEY
    ? createOpenAiText({
        apiKey: env.OPENAI_API_KEY,
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
        ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
      })
    : createOfflineAiText();
}
