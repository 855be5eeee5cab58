import { isObject, requestJson, splitPair, text } from './http';
import { PmsError, type FetchLike, type PmsInstance, type PmsProvider } from './types';

/**
 * Newbook (https://developers.newbook.cloud/rest.php): every call is a JSON POST to
 * `https://api.newbook.cloud/rest/{action}` with HTTP Basic authentication (the API user's
 * username and password) and a body naming the `region` (au, ap, eu, us) and, for calls into one
 * instance, that instance's `api_key`. Answers are `{ success, message, data }`; a refused call
 * answers `success: false` with a message (sometimes with status 200).
 *
 * Instances are listed with the `api_keys` action (one API key per instance the user may reach
 * in the region; public client libraries call it as `get_api_keys`). Its data items are read
 * as `{ api_key, instance_name }`; the exact item fields are not in the public reference, so the
 * adapter also accepts `name`/`description` for the label and falls back to the key itself.
 *
 * NEWBOOK_API_KEY holds the API user's credentials as `username:password`.
 */
export const NEWBOOK_BASE_URL = 'https://api.newbook.cloud/rest';

export function createNewbookProvider(options: { credentials: string; fetch?: FetchLike; baseUrl?: string }): PmsProvider {
  const fetchImpl = options.fetch ?? fetch;
  const baseUrl = options.baseUrl ?? NEWBOOK_BASE_URL;
  const [username, password] = splitPair(options.credentials);
  const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  return {
    system: 'newbook',
    offline: false,
    async getInstances(query) {
      const region = query.apiRegion ?? '';
      const body = await requestJson('newbook', fetchImpl, `${baseUrl}/api_keys`, {
        method: 'POST',
        headers: { Authorization: authorization, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ region }),
      });
      if (!isObject(body)) throw new PmsError('newbook', 'invalid-response', 'newbook: unexpected answer');
      if (body.success === false || body.success === 'false') {
        throw new PmsError('newbook', 'unauthorized', `newbook: ${text(body.message) ?? 'request refused'}`);
      }
      const data = Array.isArray(body.data) ? body.data : isObject(body.data) ? Object.values(body.data) : [];
      const instances: PmsInstance[] = [];
      for (const item of data) {
        if (!isObject(item)) continue;
        const id = text(item.api_key);
        if (!id) continue;
        instances.push({ id, text: text(item.instance_name) ?? text(item.name) ?? text(item.description) ?? id });
      }
      return instances;
    },
  };
}
