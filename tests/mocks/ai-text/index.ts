import { http, HttpResponse } from 'msw';
import { OPENAI_TEXT_BASE_URL } from '@server/providers/ai-text';

/**
 * OpenAI's Chat Completions API (`POST /v1/chat/completions`, Bearer key) as documented. The
 * behaviour follows the last message's text: 'forbidden' → 400 content_policy_violation;
 * 'busy' → 429 with Retry-After 15; 'broken' → 500; 'garbled' → 200 without choices; 'badjson'
 * → a tool call whose arguments are not JSON; 'filtered' → finish_reason content_filter;
 * 'notjson' → 200 with an HTML body; 'slow' → never answers. Otherwise a forced get_event_idea
 * call answers two drafts, and a plain completion answers 'Reworked: {text}'. A wrong key → 401.
 */
export const OPENAI_TEXT_KEY = 'test-openai-key';
export const aiTextRequests: Array<{ auth: string | null; body: Record<string, unknown> }> = [];

const openAiError = (status: number, code: string | null, message: string, headers?: Record<string, string>) =>
  HttpResponse.json({ error: { message, type: 'invalid_request_error', param: null, code } }, { status, headers });

const completion = (message: Record<string, unknown>, finishReason = 'stop') =>
  HttpResponse.json({
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1,
    model: 'gpt-3.5-turbo-1106',
    choices: [{ index: 0, message: { role: 'assistant', content: null, ...message }, finish_reason: finishReason }],
  });

export const aiTextHandlers = [
  http.post(`${OPENAI_TEXT_BASE_URL}/chat/completions`, async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    aiTextRequests.push({ auth: request.headers.get('Authorization'), body });
    if (request.headers.get('Authorization') !== `Bearer ${OPENAI_TEXT_KEY}`)
      return openAiError(401, 'invalid_api_key', 'Incorrect API key provided.');
    const messages = Array.isArray(body.messages) ? (body.messages as Array<{ content?: string }>) : [];
    const text = String(messages.at(-1)?.content ?? '');
    if (text.includes('forbidden')) return openAiError(400, 'content_policy_violation', 'Your request was rejected by the safety system.');
    if (text.includes('busy')) return openAiError(429, 'rate_limit_exceeded', 'Rate limit reached.', { 'Retry-After': '15' });
    if (text.includes('broken')) return openAiError(500, null, 'The server had an error while processing your request.');
    if (text.includes('garbled')) return HttpResponse.json({ id: 'x', choices: [] });
    if (text.includes('notjson')) return new HttpResponse('<html>gateway</html>', { headers: { 'Content-Type': 'text/html' } });
    if (text.includes('filtered')) return completion({ content: '' }, 'content_filter');
    if (text.includes('slow')) return new Promise<Response>(() => {});
    if (body.tool_choice) {
      const args = text.includes('badjson')
        ? '{"ideas": [ {"title": '
        : JSON.stringify({
            ideas: [
              { title: 'Lakeside Pancake Breakfast', description: 'Start the day with pancakes by the lake.' },
              { title: 'Pancakes at Dawn', description: 'Fresh pancakes for early risers.' },
            ],
          });
      return completion(
        { tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_event_idea', arguments: args } }] },
        'tool_calls',
      );
    }
    const last = text.split('\n\n').at(-1) ?? '';
    return completion({ content: `Reworked: ${last}` });
  }),
];
