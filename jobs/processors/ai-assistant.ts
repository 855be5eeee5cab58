import { AiRunFailed, performRun } from '@server/assistant/run';
import { createPaths } from '@server/paths';
import { createOfflineAiText } from '@server/providers/ai-text/offline';
import { PermanentJobError } from '../errors';
import type { AiAssistantJobPayload } from '../payloads';
import type { JobContext, JobDeps } from '../types';

/**
 * The ai-assistant processor (spec 02 §4 "AI run"): drafts for the stored prompt, saved as its
 * responses (server/assistant/run.ts). A failure removes the pending prompt and fails the job
 * with the dialog's words; the job has one attempt.
 */
export async function processAiAssistant(
  payload: AiAssistantJobPayload,
  deps: JobDeps,
  job: JobContext,
): Promise<{ promptKey: string; responses: number }> {
  const paths = payload.product === deps.paths.product() ? deps.paths : createPaths(payload.product);
  try {
    return await performRun(
      { db: deps.db, paths, aiText: deps.aiText ?? createOfflineAiText() },
      { uid: payload.uid, community: payload.community, assistantPath: payload.assistantPath },
      { promptKey: payload.promptKey, prompt: payload.prompt, appType: payload.appType, context: payload.context },
      (percent, message) => job.reportProgress(percent, message),
    );
  } catch (error) {
    if (error instanceof AiRunFailed) throw new PermanentJobError(error.message);
    throw error;
  }
}
