import { isObject, postOpenAi } from '../openai';
import {
  AI_IDEA_FUNCTION,
  AI_TEXT_MODEL,
  AI_TEXT_TIMEOUT_MS,
  AiTextError,
  MAX_AI_DESCRIPTION,
  MAX_AI_IDEAS,
  MAX_AI_TITLE,
  type AiFieldAction,
  type AiIdea,
  type AiIdeaRequest,
  type AiTextProvider,
  type FetchLike,
} from './types';

/**
 * OpenAI's Chat Completions API: `POST https://api.openai.com/v1/chat/completions` with
 * `Authorization: Bearer {key}` and `{ model, messages, tools?, tool_choice? }` →
 * `{ choices: [{ message: { content, tool_calls: [{ function: { name, arguments } }] }, finish_reason }] }`.
 * Drafts come through the function get_event_idea (spec 02 §7), forced with `tool_choice`, whose
 * `arguments` is a JSON text `{ ideas: [{ title, description }] }`; a reworked field and a
 * description from a title are the message's `content`. Errors are `{ error: { message, type,
 * code } }`: 400 (code `content_policy_violation` when the prompt is refused), 401 bad key, 429
 * rate limit or quota, 5xx. A `finish_reason` of `content_filter` is a refusal too.
 */
export const OPENAI_TEXT_BASE_URL = 'https://api.openai.com/v1';

const IDEA_PARAMETERS = {
  type: 'object',
  properties: {
    ideas: {
      type: 'array',
      description: 'One to three drafts.',
      items: {
        type: 'object',
        properties: {
          title: { type: 'string', description: 'A short single-line title.' },
          description: { type: 'string', description: 'A description of a few sentences, plain text.' },
        },
        required: ['title', 'description'],
      },
    },
  },
  required: ['ideas'],
} as const;

const ACTION_WORDS: Record<AiFieldAction, string> = {
  rephrase: 'Rephrase this text, keeping its meaning.',
  shorten: 'Make this text shorter, keeping what matters.',
  lengthen: 'Make this text a little longer, without inventing facts such as prices or times.',
  emojify: 'Add a few fitting emoji to this text; keep the words.',
  regenerate: 'Write this text again, differently.',
};

function systemText(assistantPath: string, appType: string | null): string {
  const what = assistantPath === 'hunts' ? 'scavenger hunts' : 'events';
  const where = appType === 'city' ? 'a town or city' : appType === 'resort' ? 'a campground or resort' : 'a community';
  return `You help the staff of ${where} write titles and descriptions of ${what} for their community app. Plain text, friendly, no invented facts (prices, times, places) beyond what you are told.`;
}

function userIdeaText(request: AiIdeaRequest): string {
  const parts = [`${AI_IDEA_FUNCTION}: ${request.prompt}`];
  if (request.appType) parts.push(`appType: ${request.appType}`);
  const { context } = request;
  if (context.title) parts.push(`current title: ${context.title}`);
  if (context.location) parts.push(`location: ${context.location}`);
  if (context.when) parts.push(`date: ${context.when}`);
  if (context.community) parts.push(`community: ${context.community}`);
  return parts.join('\n');
}

const trimTo = (value: unknown, max: number) => (typeof value === 'string' ? value.trim().slice(0, max) : '');

/** The drafts in a tool call's arguments; null when they cannot be read. */
export function ideasOfArguments(text: unknown): AiIdea[] | null {
  if (typeof text !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const list = isObject(parsed) && Array.isArray(parsed.ideas) ? parsed.ideas : null;
  if (!list) return null;
  const ideas = list
    .filter(isObject)
    .map((idea) => ({ title: trimTo(idea.title, MAX_AI_TITLE), description: trimTo(idea.description, MAX_AI_DESCRIPTION) }))
    .filter((idea) => idea.title !== '' || idea.description !== '')
    .slice(0, MAX_AI_IDEAS);
  return ideas.length > 0 ? ideas : null;
}

export function createOpenAiText(options: { apiKey: string; fetch?: FetchLike; baseUrl?: string; timeoutMs?: number }): AiTextProvider {
  const fetchImpl = options.fetch ?? fetch;
  const baseUrl = options.baseUrl ?? OPENAI_TEXT_BASE_URL;
  const timeoutMs = options.timeoutMs ?? AI_TEXT_TIMEOUT_MS;

  /** The first choice of a chat completion; throws AiTextError for every failure. */
  async function complete(body: Record<string, unknown>, signal: AbortSignal | undefined): Promise<Record<string, unknown>> {
    const { body: answer } = await postOpenAi(
      {
        apiKey: options.apiKey,
        fetch: fetchImpl,
        url: `${baseUrl}/chat/completions`,
        body: { model: AI_TEXT_MODEL, ...body },
        timeoutMs,
        signal,
      },
      (kind, message, status, retryAfter) => new AiTextError(kind, message, status, retryAfter),
    );
    const choice = isObject(answer) && Array.isArray(answer.choices) && isObject(answer.choices[0]) ? answer.choices[0] : null;
    if (!choice || !isObject(choice.message)) throw new AiTextError('invalid-response', 'openai: no choice in the answer');
    if (choice.finish_reason === 'content_filter') throw new AiTextError('content-policy', 'openai: the answer was filtered');
    return choice.message;
  }

  async function contentOf(body: Record<string, unknown>, signal: AbortSignal | undefined, max: number): Promise<string> {
    const message = await complete(body, signal);
    const text = trimTo(message.content, max);
    if (!text) throw new AiTextError('invalid-response', 'openai: the answer has no text');
    return text;
  }

  return {
    offline: false,
    async ideas(request, { signal } = {}) {
      const message = await complete(
        {
          messages: [
            { role: 'system', content: systemText(request.assistantPath, request.appType) },
            { role: 'user', content: userIdeaText(request) },
          ],
          tools: [
            {
              type: 'function',
              function: {
                name: AI_IDEA_FUNCTION,
                description: 'Drafts of a title and a description.',
                parameters: IDEA_PARAMETERS,
              },
            },
          ],
          tool_choice: { type: 'function', function: { name: AI_IDEA_FUNCTION } },
        },
        signal,
      );
      const call = Array.isArray(message.tool_calls) && isObject(message.tool_calls[0]) ? message.tool_calls[0] : null;
      const fn = call && isObject(call.function) ? call.function : null;
      const ideas = fn && fn.name === AI_IDEA_FUNCTION ? ideasOfArguments(fn.arguments) : null;
      if (!ideas) throw new AiTextError('invalid-response', 'openai: no drafts in the answer');
      return ideas;
    },
    async rework(request, { signal } = {}) {
      const max = request.field === 'title' ? MAX_AI_TITLE : MAX_AI_DESCRIPTION;
      const kind = request.field === 'title' ? 'a single-line title' : 'a description';
      return contentOf(
        {
          messages: [
            { role: 'system', content: systemText(request.assistantPath, null) },
            {
              role: 'user',
              content: `${ACTION_WORDS[request.action]} It is ${kind}${request.other ? ` (the ${request.field === 'title' ? 'description' : 'title'} is: ${request.other})` : ''}. Answer with the text only.\n\n${request.text}`,
            },
          ],
        },
        signal,
        max,
      );
    },
    async describe(title, assistantPath, { signal } = {}) {
      return contentOf(
        {
          messages: [
            { role: 'system', content: systemText(assistantPath, null) },
            { role: 'user', content: `Write a short description for this title. Answer with the description only.\n\n${title}` },
          ],
        },
        signal,
        MAX_AI_DESCRIPTION,
      );
    },
  };
}
