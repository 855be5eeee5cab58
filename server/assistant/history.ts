import { randomBytes } from 'node:crypto';
import { formatInTimeZone } from 'date-fns-tz';
import type { DbValue, RealtimeDb } from '@server/db/types';
import type { Paths } from '@server/paths';
import { AI_RESPONSE_KEY } from '@server/paths/derived-keys';
import type { AiAssistantPath, AiField, AiIdea } from '@server/providers/ai-text';

/**
 * The AI writing assistant's prompt history (spec 02 §3 "AI prompt history", §4 "AI run", §5,
 * §7 "AI history"): per person and community, under
 * users/{uid}/campground-locations/{community}/ai/{path}/{promptKey} =
 * `{ prompt, date, responses: { {20-character key}: { properties: [{ id, text, history }] } } }`.
 *
 * - A prompt is stored before its run starts (the run's pending prompt); a prompt with the same
 *   text is reused instead (its date moves to now, its responses stay).
 * - A run under way marks its prompt (`running`, beyond the spec's shape; decision 038): one run
 *   at a time per person, community and assistant.
 * - A failed run removes its pending prompt: the one it stored, still without responses.
 * - Deleting the last response of a prompt deletes the prompt.
 */

/** Spec 02 §9: response keys are 20 characters of letters, digits, underscore and hyphen. */
export const AI_RESPONSE_KEY_LENGTH = 20;
/** Spec 02 §5: a prompt over 50 characters is shown cut to 65 characters and an ellipsis. */
export const PROMPT_HEADER_LIMIT = 50;
export const PROMPT_HEADER_CUT = 65;
/** The history keeps at most this many earlier texts of one field. */
export const MAX_FIELD_HISTORY = 20;
/** At most this many prompts are shown (newest first). */
export const MAX_PROMPTS_SHOWN = 100;

export interface AiProperty {
  id: AiField;
  text: string;
  /** Earlier texts, oldest first. */
  history: string[];
}

export interface AiResponse {
  key: string;
  properties: AiProperty[];
}

export interface AiPrompt {
  key: string;
  prompt: string;
  /** Epoch ms. */
  date: number;
  responses: AiResponse[];
}

export interface HistoryDeps {
  db: RealtimeDb;
  paths: Paths;
}

export interface HistoryOwner {
  uid: string;
  community: string;
  assistantPath: AiAssistantPath;
}

export const isResponseKey = (value: string) => AI_RESPONSE_KEY.test(value);

/** A new response key: 20 characters of letters, digits, '-' and '_' (15 random bytes in base64url). */
export function newResponseKey(): string {
  return randomBytes(15).toString('base64url');
}

/** The prompt's header (spec 02 §5): 'MM/DD/YYYY {prompt}', the prompt cut to 65 characters and '...' when over 50. */
export function promptHeader(date: number, prompt: string, timeZone: string): string {
  const day = formatInTimeZone(new Date(date), timeZone, 'MM/dd/yyyy');
  const text = prompt.length > PROMPT_HEADER_LIMIT ? `${prompt.slice(0, PROMPT_HEADER_CUT)}...` : prompt;
  return `${day} ${text}`;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

function propertiesOf(value: unknown): AiProperty[] {
  const list = Array.isArray(value) ? value : isObject(value) ? Object.values(value) : [];
  return list
    .filter(isObject)
    .filter((property) => property.id === 'title' || property.id === 'description')
    .map((property) => ({
      id: property.id as AiField,
      text: textOf(property.text),
      history: (Array.isArray(property.history) ? property.history : []).filter((item): item is string => typeof item === 'string'),
    }));
}

/** A stored prompt as the dialog reads it; responses whose key is not a valid response key are left out. */
export function promptOf(key: string, value: unknown): AiPrompt | null {
  if (!isObject(value)) return null;
  const responses = isObject(value.responses)
    ? Object.entries(value.responses)
        .filter(([responseKey]) => isResponseKey(responseKey))
        .map(([responseKey, response]) => ({ key: responseKey, properties: isObject(response) ? propertiesOf(response.properties) : [] }))
    : [];
  return { key, prompt: textOf(value.prompt), date: typeof value.date === 'number' ? value.date : 0, responses };
}

const promptsRef = (deps: HistoryDeps, owner: HistoryOwner) =>
  deps.db.ref(deps.paths.aiPrompts(owner.uid, owner.community, owner.assistantPath));
const promptRef = (deps: HistoryDeps, owner: HistoryOwner, promptKey: string) =>
  deps.db.ref(deps.paths.aiPrompt(owner.uid, owner.community, owner.assistantPath, promptKey));

/** Every prompt of the person's history, newest first. */
export async function readHistory(deps: HistoryDeps, owner: HistoryOwner): Promise<AiPrompt[]> {
  const value = (await promptsRef(deps, owner).get()).val() as unknown;
  if (!isObject(value)) return [];
  return Object.entries(value)
    .map(([key, prompt]) => promptOf(key, prompt))
    .filter((prompt): prompt is AiPrompt => prompt !== null)
    .sort((a, b) => b.date - a.date || (a.key < b.key ? 1 : -1))
    .slice(0, MAX_PROMPTS_SHOWN);
}

export async function readPrompt(deps: HistoryDeps, owner: HistoryOwner, promptKey: string): Promise<AiPrompt | null> {
  return promptOf(promptKey, (await promptRef(deps, owner, promptKey).get()).val());
}

/**
 * A run under way marks its prompt with `running: {epoch ms}` until its drafts are saved or it
 * fails; a marker older than this is a run that died without saying so (its worker gone), and no
 * longer stops a new one.
 */
export const RUN_UNDER_WAY_MS = 3 * 60_000;

/** Another prompt of the person's history has a run under way: one run at a time per person, community and assistant. */
export class RunUnderWay extends Error {
  constructor(readonly promptKey: string) {
    super('Another run of the writing assistant is under way.');
    this.name = 'RunUnderWay';
  }
}

const runningSince = (value: unknown) => (isObject(value) && typeof value.running === 'number' ? value.running : null);

/**
 * Stores the prompt a run starts from, marked as running: the existing prompt of identical text
 * (after trimming) when there is one, its date moved to `now`; otherwise a new prompt under a
 * push key. One transaction over the person's history, so two posts at once cannot both start a
 * run: while another prompt's run is under way (RUN_UNDER_WAY_MS) it throws RunUnderWay. The same
 * prompt posted again joins its own run (the caller's job id makes it one job).
 */
export async function startPrompt(
  deps: HistoryDeps,
  owner: HistoryOwner,
  prompt: string,
  now: number,
): Promise<{ promptKey: string; reused: boolean }> {
  const text = prompt.trim();
  const newKey = promptsRef(deps, owner).push().key!;
  let outcome: { promptKey: string; reused: boolean } | { busy: string } = { promptKey: newKey, reused: false };
  await promptsRef(deps, owner).transaction((current: unknown) => {
    const history: Record<string, unknown> = isObject(current) ? { ...current } : {};
    const same = Object.entries(history).find(([, value]) => isObject(value) && textOf(value.prompt).trim() === text);
    const busy = Object.entries(history).find(([key, value]) => {
      const since = runningSince(value);
      return key !== same?.[0] && since !== null && now - since < RUN_UNDER_WAY_MS && since <= now;
    });
    if (busy) {
      outcome = { busy: busy[0] };
      return undefined;
    }
    if (same) {
      history[same[0]] = { ...(same[1] as Record<string, unknown>), date: now, running: now };
      outcome = { promptKey: same[0], reused: true };
    } else {
      history[newKey] = { prompt: text, date: now, running: now };
      outcome = { promptKey: newKey, reused: false };
    }
    return history as DbValue;
  });
  const settled = outcome as { promptKey: string; reused: boolean } | { busy: string };
  if ('busy' in settled) throw new RunUnderWay(settled.busy);
  return settled;
}

/** The run of a prompt that keeps its responses ended (failed, or not queued): its marker goes. */
export async function endRun(deps: HistoryDeps, owner: HistoryOwner, promptKey: string): Promise<void> {
  const ref = promptRef(deps, owner, promptKey);
  if ((await ref.child('prompt').get()).exists()) await ref.child('running').remove();
}

/** Saves a run's drafts as responses of its prompt (each under a new 20-character key); answers their keys. */
export async function saveResponses(deps: HistoryDeps, owner: HistoryOwner, promptKey: string, ideas: AiIdea[]): Promise<string[]> {
  const ref = promptRef(deps, owner, promptKey);
  if (!(await ref.child('prompt').get()).exists()) return [];
  const updates: Record<string, DbValue> = { running: null };
  const keys: string[] = [];
  for (const idea of ideas) {
    const key = newResponseKey();
    keys.push(key);
    updates[`responses/${key}`] = {
      properties: [
        { id: 'title', text: idea.title },
        { id: 'description', text: idea.description },
      ],
    };
  }
  await ref.update(updates);
  return keys;
}

/** A failed run: its pending prompt is removed when it has no responses (a reused prompt with earlier responses stays). */
export async function failRun(deps: HistoryDeps, owner: HistoryOwner, promptKey: string): Promise<boolean> {
  const prompt = await readPrompt(deps, owner, promptKey);
  if (!prompt) return false;
  if (prompt.responses.length > 0) {
    await endRun(deps, owner, promptKey);
    return false;
  }
  await promptRef(deps, owner, promptKey).remove();
  return true;
}

/** Deletes one response; the prompt goes with its last response. Answers what was removed. */
export async function deleteResponse(
  deps: HistoryDeps,
  owner: HistoryOwner,
  promptKey: string,
  responseKey: string,
): Promise<'response' | 'prompt' | 'none'> {
  const prompt = await readPrompt(deps, owner, promptKey);
  if (!prompt || !prompt.responses.some((response) => response.key === responseKey)) return 'none';
  if (prompt.responses.length === 1) {
    await promptRef(deps, owner, promptKey).remove();
    return 'prompt';
  }
  await deps.db.ref(deps.paths.aiResponse(owner.uid, owner.community, owner.assistantPath, promptKey, responseKey)).remove();
  return 'response';
}

/** A field of a response given a new text; the old text joins its history (at most 20 kept). */
export async function replaceField(
  deps: HistoryDeps,
  owner: HistoryOwner,
  promptKey: string,
  responseKey: string,
  field: AiField,
  text: string,
): Promise<boolean> {
  const prompt = await readPrompt(deps, owner, promptKey);
  const response = prompt?.responses.find((item) => item.key === responseKey);
  if (!response) return false;
  const current = response.properties.find((property) => property.id === field);
  const properties = ['title', 'description'].map((id) => {
    const property = response.properties.find((item) => item.id === id) ?? { id: id as AiField, text: '', history: [] };
    if (id !== field) return property;
    const history = current && current.text !== text ? [...current.history, current.text].slice(-MAX_FIELD_HISTORY) : property.history;
    return { id: property.id, text, history };
  });
  await deps.db
    .ref(deps.paths.aiResponse(owner.uid, owner.community, owner.assistantPath, promptKey, responseKey))
    .child('properties')
    .set(
      properties.map((property) => ({
        id: property.id,
        text: property.text,
        ...(property.history.length ? { history: property.history } : {}),
      })),
    );
  return true;
}
