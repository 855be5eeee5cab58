import { PmsError, type FetchLike, type PmsSystem } from './types';

/** How long a vendor may take before the lookup gives up. */
export const PMS_TIMEOUT_MS = 15_000;

/**
 * One JSON request to a vendor, with the shared error mapping: 401/403 → 'unauthorized',
 * 429 → 'rate-limited' (with Retry-After), other non-2xx → 'vendor', a failed connection or
 * timeout → 'network', a body that is not JSON → 'invalid-response'.
 */
export async function requestJson(
  system: PmsSystem,
  fetchImpl: FetchLike,
  url: string,
  init: RequestInit & { timeoutMs?: number },
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? PMS_TIMEOUT_MS) });
  } catch (error) {
    throw new PmsError(system, 'network', `${system}: request failed: ${(error as Error).message}`);
  }
  if (response.status === 429) {
    const retry = Number(response.headers.get('Retry-After'));
    throw new PmsError(system, 'rate-limited', `${system}: rate limited`, 429, Number.isFinite(retry) && retry > 0 ? retry : undefined);
  }
  if (response.status === 401 || response.status === 403) {
    throw new PmsError(system, 'unauthorized', `${system}: credentials refused (${response.status})`, response.status);
  }
  if (!response.ok) {
    throw new PmsError(system, 'vendor', `${system}: vendor answered ${response.status}`, response.status);
  }
  try {
    return await response.json();
  } catch {
    throw new PmsError(system, 'invalid-response', `${system}: the answer is not JSON`, response.status);
  }
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== ''
    ? value.trim()
    : typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : null;

/** "user:secret" → [user, secret]; a value without a colon is all secret. */
export function splitPair(value: string): [string, string] {
  const at = value.indexOf(':');
  return at < 0 ? ['', value] : [value.slice(0, at), value.slice(at + 1)];
}
