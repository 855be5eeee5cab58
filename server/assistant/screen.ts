import type { JobQueue } from '@jobs/ports';
import type { RealtimeDb } from '@server/db/types';
import { viewJobStatus, type JobStatusDeps, type JobStatusView } from '@server/jobs/status';
import { communityTimeZone } from '@server/listing/reads';
import type { Paths } from '@server/paths';
import {
  AI_TEXT_OFFLINE_MESSAGE,
  aiTextErrorMessage,
  type AiAppType,
  type AiAssistantPath,
  type AiField,
  type AiFieldAction,
  type AiItemContext,
  type AiTextProvider,
} from '@server/providers/ai-text';
import { deleteResponse, promptHeader, readHistory, readPrompt, replaceField, type AiPrompt, type HistoryOwner } from './history';
import { startRun } from './run';

/**
 * The AI writing assistant dialog (spec 02 "AI writing assistant dialog", §5 "AI dialog"): what
 * it shows and what its buttons do. The history of the person in the community, newest first;
 * the run that is under way (a job, followed through the job-status piece); in edit-only mode the
 * item's own Title and Description, the description written from the title when empty.
 */

export const ASSISTANT_TEXTS = {
  heading: 'AI Writing Assistant',
  placeholder: 'Enter prompt...',
  promptRequired: 'Enter a prompt.',
  promptTooLong: 'The prompt is too long (at most 1000 characters).',
  useTooltip: 'Uses each text item.',
  thinking: 'Thinking...',
  noHistory: 'No prompts yet. Describe what you are planning and press Search.',
  responseGone: 'That response is no longer in your history.',
  deleted: 'Response deleted.',
  promptDeleted: 'Response deleted, and its prompt with it (it had no other responses).',
  used: 'The assistant’s text is in the form. Submit to save it.',
} as const;

export interface AssistantDeps {
  db: RealtimeDb;
  paths: Paths;
  jobs: JobQueue & JobStatusDeps['jobs'];
  aiText: AiTextProvider;
}

export interface ResponseView {
  key: string;
  title: string;
  description: string;
  /** Earlier texts of each field (newest last). */
  titleHistory: number;
  descriptionHistory: number;
}

export interface PromptView {
  key: string;
  header: string;
  prompt: string;
  responses: ResponseView[];
}

export interface AssistantScreen {
  assistantPath: AiAssistantPath;
  offline: boolean;
  offlineMessage: string;
  prompts: PromptView[];
  /** The run under way or just ended (`?run=`). */
  run: JobStatusView | null;
  /** The prompt shown open (`?open=`, or the run's). */
  open: string | null;
  /** Edit-only mode: the item's title and description (the description written from the title when it was empty). */
  /** Edit-only mode: the item's texts; `describe` when the description is to be written from the title (a post: the page's GET never calls the provider). */
  edit: { title: string; description: string; error: string | null; describe: boolean } | null;
}

export function responseView(key: string, properties: AiPrompt['responses'][number]['properties']): ResponseView {
  const title = properties.find((property) => property.id === 'title');
  const description = properties.find((property) => property.id === 'description');
  return {
    key,
    title: title?.text ?? '',
    description: description?.text ?? '',
    titleHistory: title?.history.length ?? 0,
    descriptionHistory: description?.history.length ?? 0,
  };
}

export async function loadAssistantScreen(
  deps: AssistantDeps,
  owner: HistoryOwner & { communities: readonly string[] },
  query: { run: string | null; open: string | null; edit: { title: string; description: string } | null },
): Promise<AssistantScreen> {
  const base = {
    assistantPath: owner.assistantPath,
    offline: deps.aiText.offline,
    offlineMessage: AI_TEXT_OFFLINE_MESSAGE,
  };
  if (query.edit) {
    const { title, description } = query.edit;
    const describe = description.trim() === '' && title.trim() !== '';
    return { ...base, prompts: [], run: null, open: null, edit: { title, description, error: null, describe } };
  }
  const [history, timeZone] = await Promise.all([readHistory(deps, owner), communityTimeZone(deps, owner.community)]);
  const run = query.run ? await viewJobStatus(deps, { queue: 'ai-assistant', id: query.run, communities: owner.communities }) : null;
  const prompts = history.map((prompt) => ({
    key: prompt.key,
    header: promptHeader(prompt.date, prompt.prompt, timeZone),
    prompt: prompt.prompt,
    responses: prompt.responses.map((response) => responseView(response.key, response.properties)),
  }));
  const open = query.open && prompts.some((prompt) => prompt.key === query.open) ? query.open : null;
  return { ...base, prompts, run, open, edit: null };
}

export type AssistantAnswer =
  | { kind: 'run'; jobId: string; promptKey: string }
  | { kind: 'refused'; status: 400 | 404 | 409 | 503; message: string }
  | { kind: 'deleted'; message: string }
  | { kind: 'use'; title: string; description: string }
  | { kind: 'reworked'; promptKey: string }
  | { kind: 'edited'; title: string; description: string; error: string | null };

export async function searchPrompt(
  deps: AssistantDeps,
  owner: HistoryOwner,
  input: { product: string; prompt: string; appType: AiAppType | null; context: AiItemContext; now: number },
): Promise<AssistantAnswer> {
  const answer = await startRun(deps, owner, input);
  if (answer.kind === 'unavailable') return { kind: 'refused', status: 503, message: answer.message };
  if (answer.kind === 'under-way') return { kind: 'refused', status: 409, message: answer.message };
  return { kind: 'run', jobId: answer.jobId, promptKey: answer.promptKey };
}

export async function removeResponse(
  deps: AssistantDeps,
  owner: HistoryOwner,
  promptKey: string,
  responseKey: string,
): Promise<AssistantAnswer> {
  const removed = await deleteResponse(deps, owner, promptKey, responseKey);
  if (removed === 'none') return { kind: 'refused', status: 404, message: ASSISTANT_TEXTS.responseGone };
  return { kind: 'deleted', message: removed === 'prompt' ? ASSISTANT_TEXTS.promptDeleted : ASSISTANT_TEXTS.deleted };
}

export async function useResponse(
  deps: AssistantDeps,
  owner: HistoryOwner,
  promptKey: string,
  responseKey: string,
): Promise<AssistantAnswer> {
  const prompt = await readPrompt(deps, owner, promptKey);
  const response = prompt?.responses.find((item) => item.key === responseKey);
  if (!response) return { kind: 'refused', status: 404, message: ASSISTANT_TEXTS.responseGone };
  const view = responseView(response.key, response.properties);
  return { kind: 'use', title: view.title, description: view.description };
}

/** One field of a stored response reworked (rephrase, shorten, lengthen, emojify, regenerate); the old text joins its history. */
export async function reworkResponse(
  deps: AssistantDeps,
  owner: HistoryOwner,
  input: { promptKey: string; responseKey: string; field: AiField; action: AiFieldAction },
): Promise<AssistantAnswer> {
  const prompt = await readPrompt(deps, owner, input.promptKey);
  const response = prompt?.responses.find((item) => item.key === input.responseKey);
  if (!response) return { kind: 'refused', status: 404, message: ASSISTANT_TEXTS.responseGone };
  const view = responseView(response.key, response.properties);
  const text = input.field === 'title' ? view.title : view.description;
  const other = input.field === 'title' ? view.description : view.title;
  try {
    const next = await deps.aiText.rework({ field: input.field, action: input.action, text, other, assistantPath: owner.assistantPath });
    await replaceField(deps, owner, input.promptKey, input.responseKey, input.field, next);
  } catch (error) {
    return { kind: 'refused', status: 503, message: aiTextErrorMessage(error) };
  }
  return { kind: 'reworked', promptKey: input.promptKey };
}

/** Edit-only mode with an empty description: one written from the title (spec 02 §4); nothing is saved in the history. */
export async function describeEdited(deps: AssistantDeps, assistantPath: AiAssistantPath, title: string): Promise<AssistantAnswer> {
  try {
    return { kind: 'edited', title, description: await deps.aiText.describe(title, assistantPath), error: null };
  } catch (error) {
    return { kind: 'edited', title, description: '', error: aiTextErrorMessage(error) };
  }
}

/** Edit-only mode: a field of the item's own text reworked; nothing is saved in the history. */
export async function reworkEdited(
  deps: AssistantDeps,
  assistantPath: AiAssistantPath,
  input: { title: string; description: string; field: AiField; action: AiFieldAction },
): Promise<AssistantAnswer> {
  const text = input.field === 'title' ? input.title : input.description;
  const other = input.field === 'title' ? input.description : input.title;
  try {
    const next = await deps.aiText.rework({ field: input.field, action: input.action, text, other, assistantPath });
    return {
      kind: 'edited',
      title: input.field === 'title' ? next : input.title,
      description: input.field === 'description' ? next : input.description,
      error: null,
    };
  } catch (error) {
    return { kind: 'edited', title: input.title, description: input.description, error: aiTextErrorMessage(error) };
  }
}
