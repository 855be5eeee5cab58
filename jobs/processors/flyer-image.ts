import { getEnv } from '@server/env';
import { addToHistory, readHistoryEntry } from '@server/flyers';
import { createPaths } from '@server/paths';
import { aiImagesErrorMessage, aiImagesProvider, AiImagesError, type AiImagesProvider } from '@server/providers/ai-images';
import { FLYER_AI } from '~/lib/design/flyer';
import { elementsFromForm } from '~/schemas/flyer';
import { PermanentJobError } from '../errors';
import type { FlyerImageJobPayload } from '../payloads';
import type { JobContext, JobDeps } from '../types';

/**
 * The flyer-image processor (spec 02 "Flyer designer", §9 AI flyer image defaults): the AI image
 * port (OpenAI with OPENAI_API_KEY, else the offline sample) asked for dall-e-3 at 1024x1792 or
 * 1792x1024, hd; the picture copied to {community}/images/flyers/{timestamp}/ and pushed to the
 * flyer history. Progress is reported for the job-status page.
 */
export async function processFlyerImage(
  payload: FlyerImageJobPayload,
  deps: JobDeps & { aiImages?: AiImagesProvider },
  job: JobContext,
): Promise<{ key: string; url: string; href: string; offline: boolean }> {
  if (!deps.storage) throw new PermanentJobError('A flyer image needs file storage.');
  const paths = payload.product === deps.paths.product() ? deps.paths : createPaths(payload.product);
  const provider = deps.aiImages ?? aiImagesProvider(getEnv());
  const back = (key: string) => `${payload.back}${payload.back.includes('?') ? '&' : '?'}use=${encodeURIComponent(key)}`;
  // A retry of a job whose entry was written (its first run lost after that): the entry, not a second image.
  const done = payload.historyKey
    ? await readHistoryEntry({ db: deps.db, paths, storage: deps.storage }, payload.community, payload.historyKey)
    : null;
  if (done) {
    await job.reportProgress(100, 'Done');
    return { key: done.key, url: done.url, href: back(done.key), offline: provider.offline };
  }
  await job.reportProgress(5, 'Asking for the image…');
  let image;
  try {
    image = await provider.generate(payload.prompt, {
      size: payload.orientation === 'landscape' ? FLYER_AI.landscape : FLYER_AI.portrait,
      quality: FLYER_AI.quality,
    });
  } catch (error) {
    if (
      error instanceof AiImagesError &&
      (error.kind === 'content-policy' || error.kind === 'invalid-request' || error.kind === 'unauthorized')
    )
      throw new PermanentJobError(`AI: ${aiImagesErrorMessage(error)}`);
    throw error;
  }
  await job.reportProgress(80, 'Storing the image…');
  const entry = await addToHistory(
    { db: deps.db, paths, storage: deps.storage },
    payload.community,
    { bytes: image.bytes, name: 'generated' },
    {
      title: payload.title,
      tags: payload.tags,
      orientation: payload.orientation,
      elements: payload.elements ? elementsFromForm(payload.elements) : undefined,
    },
    payload.requestedAt,
    payload.historyKey,
  );
  await job.reportProgress(100, 'Done');
  return { key: entry.key, url: entry.url, href: back(entry.key), offline: provider.offline };
}
