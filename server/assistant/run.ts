import { createHash } from 'node:crypto';
import type { JobQueue } from '@jobs/ports';
import { aiTextErrorMessage, type AiAppType, type AiIdea, type AiItemContext, type AiTextProvider } from '@server/providers/ai-text';
import { failRun, RunUnderWay, saveResponses, startPrompt, type HistoryDeps, type HistoryOwner } from './history';

/**
 * The AI run (spec 02 §4 "AI run"): the prompt is stored (or the identical one reused), a job
 * asks the writing assistant for drafts (jobs/processors/ai-assistant.ts), and the drafts are
 * saved as the prompt's responses. A failed run removes its pending prompt. The page follows
 * the job through the job-status piece (docs/decisions/020, 038).
 */

export const AI_ASSISTANT_TEXTS = {
  jobTitle: 'AI Assistant',
  thinking: 'Thinking...',
  /** Redis does not answer: nothing can run. */
  unavailable: 'The writing assistant is not available right now. Please try again later.',
  failed: 'The writing assistant could not answer. Please try again later.',
  /** Another prompt's run is under way (one at a time). */
  underWay: 'The writing assistant is still working on your last prompt. Its drafts will appear here; then ask again.',
  drafts: (count: number) => (count === 1 ? '1 draft is ready.' : `${count} drafts are ready.`),
  /** The prompt was deleted while its run went on. */
  gone: 'The prompt was deleted before its drafts arrived.',
} as const;

export interface RunInput {
  product: string;
  prompt: string;
  appType: AiAppType | null;
  context: AiItemContext;
  now: number;
}

export type StartRunAnswer =
  | { kind: 'started'; jobId: string; promptKey: string; reused: boolean }
  | { kind: 'unavailable'; message: string }
  | { kind: 'under-way'; promptKey: string; message: string };

/** The run's job id: a double post within the minute is the same run. */
export function aiRunJobId(owner: HistoryOwner, promptKey: string, input: Pick<RunInput, 'prompt' | 'appType' | 'now'>): string {
  const digest = createHash('sha256')
    .update(
      JSON.stringify([
        owner.uid,
        owner.community,
        owner.assistantPath,
        promptKey,
        input.prompt,
        input.appType,
        Math.floor(input.now / 60_000),
      ]),
    )
    .digest('hex')
    .slice(0, 32);
  return `ai-${digest}`;
}

export async function startRun(deps: HistoryDeps & { jobs: JobQueue }, owner: HistoryOwner, input: RunInput): Promise<StartRunAnswer> {
  const prompt = input.prompt.trim();
  let started;
  try {
    started = await startPrompt(deps, owner, prompt, input.now);
  } catch (error) {
    if (error instanceof RunUnderWay) return { kind: 'under-way', promptKey: error.promptKey, message: AI_ASSISTANT_TEXTS.underWay };
    throw error;
  }
  const { promptKey, reused } = started;
  const jobId = aiRunJobId(owner, promptKey, { ...input, prompt });
  const queued = await deps.jobs.enqueue(
    'ai-assistant',
    {
      product: input.product,
      community: owner.community,
      uid: owner.uid,
      assistantPath: owner.assistantPath,
      promptKey,
      prompt,
      appType: input.appType,
      context: input.context,
      requestedAt: input.now,
    },
    // One attempt: a failed run removes its pending prompt at once (spec 02 §4), and the person asks again.
    { jobId, attempts: 1 },
  );
  if (!queued.queued) {
    // A new prompt goes again; a reused one keeps its responses and loses its run's marker.
    await failRun(deps, owner, promptKey);
    return { kind: 'unavailable', message: AI_ASSISTANT_TEXTS.unavailable };
  }
  return { kind: 'started', jobId, promptKey, reused };
}

export class AiRunFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AiRunFailed';
  }
}

/**
 * The run itself (the job's work): drafts asked for and saved. On failure the pending prompt is
 * removed and AiRunFailed says why in the dialog's words.
 */
export async function performRun(
  deps: HistoryDeps & { aiText: AiTextProvider },
  owner: HistoryOwner,
  input: { promptKey: string; prompt: string; appType: AiAppType | null; context: AiItemContext },
  progress: (percent: number, message: string) => Promise<void>,
): Promise<{ promptKey: string; responses: number }> {
  await progress(10, AI_ASSISTANT_TEXTS.thinking);
  let ideas: AiIdea[];
  try {
    ideas = await deps.aiText.ideas({
      prompt: input.prompt,
      assistantPath: owner.assistantPath,
      appType: input.appType,
      context: input.context,
    });
  } catch (error) {
    await failRun(deps, owner, input.promptKey);
    throw new AiRunFailed(aiTextErrorMessage(error));
  }
  await progress(90, AI_ASSISTANT_TEXTS.thinking);
  const keys = await saveResponses(deps, owner, input.promptKey, ideas);
  return { promptKey: input.promptKey, responses: keys.length };
}
