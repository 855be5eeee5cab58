import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AI_IDEA_FUNCTION,
  AI_TEXT_MODEL,
  AI_TEXT_OFFLINE_MESSAGE,
  AiTextError,
  aiTextErrorMessage,
  aiTextProvider,
  type AiIdeaRequest,
} from '.';
import { aiTextHandlers, aiTextRequests, OPENAI_TEXT_KEY } from '../../../tests/mocks/ai-text';
import { rejection } from '../../../tests/setup/rejection';

const server = setupServer(...aiTextHandlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  aiTextRequests.length = 0;
});
afterAll(() => server.close());

const openai = (key = OPENAI_TEXT_KEY, timeoutMs?: number) => aiTextProvider({ OPENAI_API_KEY: key }, timeoutMs ? { timeoutMs } : {});
const ask = (prompt: string): AiIdeaRequest => ({
  prompt,
  assistantPath: 'events',
  appType: 'resort',
  context: { title: 'Breakfast', location: 'Lakeside Pavilion' },
});

describe('OpenAI text', () => {
  it('asks for drafts through a forced get_event_idea call and reads them', async () => {
    const ideas = await openai().ideas(ask('a pancake breakfast by the lake'));
    expect(ideas).toEqual([
      { title: 'Lakeside Pancake Breakfast', description: 'Start the day with pancakes by the lake.' },
      { title: 'Pancakes at Dawn', description: 'Fresh pancakes for early risers.' },
    ]);
    expect(aiTextRequests).toHaveLength(1);
    const [request] = aiTextRequests;
    expect(request!.auth).toBe(`Bearer ${OPENAI_TEXT_KEY}`);
    expect(request!.body).toMatchObject({ model: AI_TEXT_MODEL, tool_choice: { type: 'function', function: { name: AI_IDEA_FUNCTION } } });
    const user = (request!.body.messages as Array<{ role: string; content: string }>).at(-1)!;
    expect(user.content).toContain('get_event_idea: a pancake breakfast by the lake');
    expect(user.content).toContain('appType: resort');
    expect(user.content).toContain('location: Lakeside Pavilion');
  });

  it('reworks a field and writes a description from a title', async () => {
    expect(await openai().rework({ field: 'title', action: 'shorten', text: 'A long title', other: '', assistantPath: 'events' })).toBe(
      'Reworked: A long title',
    );
    expect(await openai().describe('Bingo Night', 'events')).toBe('Reworked: Bingo Night');
    expect(aiTextRequests.every((request) => request.body.tool_choice === undefined)).toBe(true);
  });

  it('maps refusals, 429 with Retry-After, 5xx and a bad key to clear messages', async () => {
    const refused = await rejection(openai().ideas(ask('something forbidden')), AiTextError);
    expect(refused.kind).toBe('content-policy');
    expect(aiTextErrorMessage(refused)).toBe('The writing assistant refused this prompt under its content policy. Please ask differently.');
    const busy = await rejection(openai().ideas(ask('busy')), AiTextError);
    expect(busy).toMatchObject({ kind: 'rate-limited', retryAfter: 15, status: 429 });
    expect(aiTextErrorMessage(busy)).toContain('try again in 15 seconds');
    expect((await rejection(openai().ideas(ask('broken')), AiTextError)).kind).toBe('vendor');
    const unauthorized = await rejection(openai('wrong').ideas(ask('lake')), AiTextError);
    expect(unauthorized.kind).toBe('unauthorized');
    expect(aiTextErrorMessage(unauthorized)).toContain('API key is not valid');
    expect((await rejection(openai().ideas(ask('filtered')), AiTextError)).kind).toBe('content-policy');
  });

  it('says a malformed answer could not be read: no choices, not JSON, broken arguments, no text', async () => {
    for (const prompt of ['garbled', 'notjson', 'badjson']) {
      const error = await rejection(openai().ideas(ask(prompt)), AiTextError);
      expect(error.kind, prompt).toBe('invalid-response');
      expect(aiTextErrorMessage(error)).toBe('The writing assistant gave an answer that could not be read. Please try again.');
    }
    const empty = await rejection(
      openai().rework({ field: 'title', action: 'rephrase', text: 'garbled', other: '', assistantPath: 'events' }),
      AiTextError,
    );
    expect(empty.kind).toBe('invalid-response');
  });

  it('gives up after its timeout', async () => {
    const error = await rejection(openai(OPENAI_TEXT_KEY, 200).ideas(ask('slow')), AiTextError);
    expect(error.kind).toBe('timeout');
    expect(aiTextErrorMessage(error)).toBe('The writing assistant took too long. Please try again.');
  });

  it('answers anything else thrown with a general message', () => {
    expect(aiTextErrorMessage(new Error('boom'))).toBe('The writing assistant could not answer. Please try again later.');
  });
});

describe('the offline default', () => {
  it('is chosen without OPENAI_API_KEY, asks nobody, and drafts from the prompt and the item only', async () => {
    const provider = aiTextProvider({ OPENAI_API_KEY: undefined });
    expect(provider.offline).toBe(true);
    expect(AI_TEXT_OFFLINE_MESSAGE).toContain('offline');
    const ideas = await provider.ideas({
      prompt: 'pancake breakfast by the lake',
      assistantPath: 'events',
      appType: 'resort',
      context: { title: 'Breakfast', location: 'Lakeside Pavilion', when: 'Sat, Jun 6, 2026 8:00 AM' },
    });
    expect(ideas).toHaveLength(2);
    expect(ideas[0]).toEqual({
      title: 'Pancake Breakfast by the Lake',
      description: 'Join us for Pancake Breakfast by the Lake. Find us at Lakeside Pavilion on Sat, Jun 6, 2026 8:00 AM.',
    });
    expect(ideas[1]!.title).toBe('Breakfast');
    expect(ideas[1]!.description).toBe(
      'Pancake breakfast by the lake. This event is open to all guests. Find us at Lakeside Pavilion on Sat, Jun 6, 2026 8:00 AM.',
    );
    // Nothing that neither the prompt nor the item said: no prices, no times of its own.
    for (const idea of ideas) expect(idea.description).not.toMatch(/\$|free|\d{1,2}:\d{2}(?! AM)/);
    expect(aiTextRequests).toEqual([]);
  });

  it('reworks fields by plain rules and writes a description from a title', async () => {
    const provider = aiTextProvider({ OPENAI_API_KEY: undefined });
    const rework = (action: 'rephrase' | 'shorten' | 'lengthen' | 'emojify' | 'regenerate', field: 'title' | 'description', text: string) =>
      provider.rework({ action, field, text, other: 'Bingo Night', assistantPath: 'events' });
    expect(await rework('shorten', 'title', 'One two three four five six seven')).toBe('One two three four five');
    expect(await rework('shorten', 'description', 'First part. Second part. Third part. Fourth.')).toBe('First part. Second part.');
    expect(await rework('emojify', 'title', 'Bingo Night')).toBe('🎲 Bingo Night');
    expect(await rework('rephrase', 'description', 'One. Two.')).toBe('Two. One.');
    expect(await rework('regenerate', 'description', 'x')).toBe('Join us for Bingo Night.');
    expect(await provider.describe('Bingo Night', 'events')).toBe('Join us for Bingo Night. More details about this event will follow.');
  });
});
