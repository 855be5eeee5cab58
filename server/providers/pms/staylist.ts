import { isObject, requestJson, text } from './http';
import { PmsError, type FetchLike, type PmsInstance, type PmsProvider } from './types';

/**
 * Staylist: NO PUBLIC API REFERENCE exists (the partner API is documented to partners only).
 * This adapter is modelled on common REST practice and on what the console needs: a bearer
 * partner key (STAYLIST_API_KEY) and `GET {base}/v1/properties`, optionally narrowed to the
 * location's own key (`X-Property-Key`), answering `{ properties: [{ id, name }] }` (a bare array
 * is accepted too). Check it against the partner documentation before relying on it.
 */
export const STAYLIST_BASE_URL = 'https://api.staylist.com';

export function createStaylistProvider(options: { apiKey: string; fetch?: FetchLike; baseUrl?: string }): PmsProvider {
  const fetchImpl = options.fetch ?? fetch;
  const baseUrl = options.baseUrl ?? STAYLIST_BASE_URL;
  return {
    system: 'staylist',
    offline: false,
    async getInstances(query) {
      const headers: Record<string, string> = { Authorization: `Bearer ${options.apiKey}`, Accept: 'application/json' };
      if (query.apiKey) headers['X-Property-Key'] = query.apiKey;
      const body = await requestJson('staylist', fetchImpl, `${baseUrl}/v1/properties`, { method: 'GET', headers });
      const list = Array.isArray(body) ? body : isObject(body) && Array.isArray(body.properties) ? body.properties : null;
      if (!list) throw new PmsError('staylist', 'invalid-response', 'staylist: unexpected answer');
      return list.flatMap((item): PmsInstance[] => {
        if (!isObject(item)) return [];
        const id = text(item.id);
        return id ? [{ id, text: text(item.name) ?? id }] : [];
      });
    },
  };
}
