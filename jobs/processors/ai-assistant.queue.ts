import { AI_ASSISTANT_TEXTS } from '@server/assistant/run';
import { aiTextErrorMessage, AiTextError } from '@server/providers/ai-text/types';
import { defineQueue, type JobSummary } from '../define';
import { AiAssistantJobSchema } from '../payloads';

/** The run's outcome in words: how many drafts arrived, or that the prompt was deleted meanwhile. */
export function aiAssistantSummary(result: unknown): JobSummary {
  const value = (typeof result === 'object' && result !== null ? result : {}) as Record<string, unknown>;
  const count = typeof value.responses === 'number' ? value.responses : 0;
  return { lines: [count > 0 ? AI_ASSISTANT_TEXTS.drafts(count) : AI_ASSISTANT_TEXTS.gone], download: null };
}

/** The messages a failed run may show as they are (the writing assistant's own words); anything else is the general failure. */
const SHOWN = new Set<string>([
  ...(
    ['content-policy', 'rate-limited', 'unauthorized', 'invalid-request', 'timeout', 'network', 'vendor', 'invalid-response'] as const
  ).map((kind) => aiTextErrorMessage(new AiTextError(kind, ''))),
  AI_ASSISTANT_TEXTS.failed,
]);

export function aiAssistantFailure(reason: string): string {
  if (SHOWN.has(reason) || reason.startsWith('The writing assistant is busy')) return reason;
  return AI_ASSISTANT_TEXTS.failed;
}

/** The ai-assistant queue: one run of the writing assistant (./ai-assistant.ts), followed by the dialog through the job-status piece. */
export const aiAssistantQueue = defineQueue({
  name: 'ai-assistant',
  schema: AiAssistantJobSchema,
  concurrency: 4,
  description: 'Asks the AI writing assistant for drafts of a prompt and saves them in the person’s prompt history.',
  load: async () => (await import('./ai-assistant')).processAiAssistant,
  status: {
    title: AI_ASSISTANT_TEXTS.jobTitle,
    community: (payload) => payload.community,
    summary: aiAssistantSummary,
    failure: aiAssistantFailure,
  },
});
