import { FLYER_TEXTS } from '~/lib/design/flyer';
import { defineQueue, type JobSummary } from '../define';
import { FlyerImageJobSchema } from '../payloads';

/** A flyer background in words, and the way back to the designer with it chosen. */
export function flyerImageSummary(result: unknown): JobSummary {
  const value = (typeof result === 'object' && result !== null ? result : {}) as Record<string, unknown>;
  const href = typeof value.href === 'string' && value.href.startsWith('/create-flyer') ? value.href : null;
  return {
    lines: [
      value.offline === true ? 'An offline sample image was made (no AI service is configured).' : 'The image was generated.',
      'It is in the flyer history.',
    ],
    download: href ? { href, label: 'Use it in the flyer', page: true } : null,
  };
}

/** The flyer-image queue: an AI background for a flyer (./flyer-image.ts), followed on the job-status page. */
export const flyerImageQueue = defineQueue({
  name: 'flyer-image',
  schema: FlyerImageJobSchema,
  concurrency: 2,
  description: 'Generates a flyer background with the AI image service and adds it to the flyer history.',
  // An OpenAI answer may take up to 90 s: the lock outlasts it.
  lockDurationMs: 120_000,
  load: async () => (await import('./flyer-image')).processFlyerImage,
  status: {
    title: 'Flyer Image',
    community: (payload) => payload.community,
    summary: flyerImageSummary,
    failure: (reason) =>
      reason.startsWith('AI:') ? reason.slice(3).trim() : `The image could not be generated. ${FLYER_TEXTS.generationWait}`,
  },
});
