import { retryAfterOf, type ProviderErrorKind } from './provider-error';

/**
 * One request to OpenAI's API, as the AI text and AI images adapters make it: `POST
 * {baseUrl}{path}` with `Authorization: Bearer {key}` and a JSON body, within a time limit (and
 * the caller's signal), answered as parsed JSON. Every failure becomes the caller's own error
 * class through `fail(kind, message, status?, retryAfter?)`. OpenAI's errors are `{ error: {
 * message, type, code } }`: 400 (code `content_policy_violation` when the prompt is refused),
 * 401 bad key, 429 rate limit or quota, 5xx.
 */

export type OpenAiErrorKind = Extract<
  ProviderErrorKind,
  'content-policy' | 'unauthorized' | 'rate-limited' | 'invalid-request' | 'vendor' | 'network' | 'timeout' | 'invalid-response'
>;

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

async function openAiError(response: Response): Promise<{ code: string; message: string }> {
  try {
    const body = (await response.json()) as unknown;
    if (isObject(body) && isObject(body.error)) {
      return { code: typeof body.error.code === 'string' ? body.error.code : '', message: String(body.error.message ?? '') };
    }
  } catch {
    // not JSON
  }
  return { code: '', message: `status ${response.status}` };
}

export async function postOpenAi(
  request: {
    apiKey: string;
    fetch: typeof fetch;
    url: string;
    body: Record<string, unknown>;
    timeoutMs: number;
    signal?: AbortSignal | undefined;
  },
  fail: (kind: OpenAiErrorKind, message: string, status?: number, retryAfter?: number) => Error,
): Promise<{ body: unknown; status: number }> {
  const timeout = AbortSignal.timeout(request.timeoutMs);
  let response: Response;
  try {
    response = await request.fetch(request.url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${request.apiKey}`, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(request.body),
      signal: request.signal ? AbortSignal.any([request.signal, timeout]) : timeout,
    });
  } catch (error) {
    if (timeout.aborted) throw fail('timeout', `openai: no answer within ${request.timeoutMs} ms`);
    throw fail('network', `openai: request failed: ${(error as Error).name}`);
  }
  if (!response.ok) {
    const { code, message } = await openAiError(response);
    const status = response.status;
    const text = `openai: ${status} ${code} ${message}`.trim();
    if (code === 'content_policy_violation') throw fail('content-policy', text, status);
    if (status === 429) throw fail('rate-limited', text, status, retryAfterOf(response));
    if (status === 401 || status === 403) throw fail('unauthorized', text, status);
    if (status === 400) throw fail('invalid-request', text, status);
    throw fail('vendor', text, status);
  }
  try {
    return { body: await response.json(), status: response.status };
  } catch {
    if (timeout.aborted) throw fail('timeout', `openai: no answer within ${request.timeoutMs} ms`);
    throw fail('invalid-response', 'openai: the answer is not JSON', response.status);
  }
}
