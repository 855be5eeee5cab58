import { isObject, requestJson, text } from './http';
import { PmsError, type FetchLike, type PmsInstance, type PmsProvider } from './types';

/**
 * Campspot: NO PUBLIC API REFERENCE exists (the partner API is shared with integration partners
 * only). This adapter is modelled on what is publicly visible of Campspot (parks with numeric
 * ids and names) and on common REST practice: a bearer partner key (CAMPSPOT_API_KEY) and
 * `GET {base}/v2/parks`, answering `{ parks: [{ id, name }] }` (a bare array is accepted too).
 * Check it against the partner documentation before relying on it.
 */
export const CAMPSPOT_BASE_URL = 'https://api.campspot.com';

export function createCampspotProvider(options: { apiKey: string; fetch?: FetchLike; baseUrl?: string }): PmsProvider {
  const fetchImpl = options.fetch ?? fetch;
  const baseUrl = options.baseUrl ?? CAMPSPOT_BASE_URL;
  return {
    system: 'campspot',
    offline: false,
    async getInstances() {
      const body = await requestJson('campspot', fetchImpl, `${baseUrl}/v2/parks`, {
        method: 'GET',
        headers: { Authorization: `Bearer ${options.apiKey}`, Accept: 'application/json' },
      });
      const list = Array.isArray(body) ? body : isObject(body) && Array.isArray(body.parks) ? body.parks : null;
      if (!list) throw new PmsError('campspot', 'invalid-response', 'campspot: unexpected answer');
      return list.flatMap((item): PmsInstance[] => {
        if (!isObject(item)) return [];
        const id = text(item.id);
        return id ? [{ id, text: text(item.name) ?? id }] : [];
      });
    },
  };
}
