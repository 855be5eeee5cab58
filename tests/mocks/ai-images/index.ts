import { createCanvas } from '@napi-rs/canvas';
import { http, HttpResponse } from 'msw';
import { OPENAI_BASE_URL } from '@server/providers/ai-images';

/**
 * OpenAI's Images API (`POST /v1/images/generations`, Bearer key) as documented. Behaviour by
 * prompt: containing 'forbidden' → 400 content_policy_violation; 'busy' → 429 with
 * Retry-After 20; 'broken' → 500; 'garbled' → 200 without data; 'not png' → 200 with a JPEG;
 * 'slow' → never answers; anything else → a 1024x1024 PNG as b64_json. A wrong key → 401.
 */
export const OPENAI_KEY = 'test-openai-key';
export const aiRequests: Array<{ auth: string | null; body: Record<string, unknown> }> = [];

export function generatedPng(): string {
  const canvas = createCanvas(1024, 1024);
  const context = canvas.getContext('2d');
  context.fillStyle = '#8844cc';
  context.fillRect(0, 0, 1024, 1024);
  return canvas.toBuffer('image/png').toString('base64');
}

const openAiError = (status: number, code: string | null, message: string, headers?: Record<string, string>) =>
  HttpResponse.json({ error: { message, type: 'invalid_request_error', param: null, code } }, { status, headers });

export const aiImagesHandlers = [
  http.post(`${OPENAI_BASE_URL}/images/generations`, async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    aiRequests.push({ auth: request.headers.get('Authorization'), body });
    if (request.headers.get('Authorization') !== `Bearer ${OPENAI_KEY}`)
      return openAiError(401, 'invalid_api_key', 'Incorrect API key provided.');
    const prompt = String(body.prompt ?? '');
    if (prompt.includes('forbidden')) {
      return openAiError(400, 'content_policy_violation', 'Your request was rejected as a result of our safety system.');
    }
    if (prompt.includes('busy'))
      return openAiError(429, 'rate_limit_exceeded', 'Rate limit reached for images per minute.', { 'Retry-After': '20' });
    if (prompt.includes('broken')) return openAiError(500, null, 'The server had an error while processing your request.');
    if (prompt.includes('garbled')) return HttpResponse.json({ created: 1, data: [] });
    if (prompt.includes('not png')) {
      const jpeg = createCanvas(10, 10).toBuffer('image/jpeg').toString('base64');
      return HttpResponse.json({ created: 1, data: [{ b64_json: jpeg }] });
    }
    if (prompt.includes('slow')) return new Promise<Response>(() => {});
    return HttpResponse.json({ created: 1, data: [{ b64_json: generatedPng(), revised_prompt: `A detailed image of ${prompt}` }] });
  }),
];
