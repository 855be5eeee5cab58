import { http, HttpResponse } from 'msw';
import { NEWBOOK_BASE_URL } from '@server/providers/pms';

/**
 * Newbook's `api_keys` action as documented (JSON POST, Basic auth, `{ region }` in the body,
 * `{ success, message, data }` answers). Behaviour by input:
 * - wrong Basic credentials → 401 `{ success: false, message }`
 * - region 'us' → two instances; 'eu' → none; 'ap' → 429 with Retry-After 30; 'au' → 500;
 *   any other region → 200 `{ success: false, message: 'Invalid region' }`.
 */
export const NEWBOOK_USER = 'api-user';
export const NEWBOOK_PASSWORD = 'api-pass';
export const NEWBOOK_CREDENTIALS = `${NEWBOOK_USER}:${NEWBOOK_PASSWORD}`;

export const NEWBOOK_US_INSTANCES = [
  { api_key: 'instances_1b18c45bae491e95', instance_name: 'Pine Hollow RV Resort' },
  { api_key: 'instances_7f3a2c9d11e04b6a', instance_name: 'Lakeside Cabins' },
];

export const newbookRequests: Array<{ authorization: string | null; body: unknown }> = [];

export const newbookHandlers = [
  http.post(`${NEWBOOK_BASE_URL}/api_keys`, async ({ request }) => {
    const authorization = request.headers.get('Authorization');
    const body = (await request.json()) as { region?: string };
    newbookRequests.push({ authorization, body });
    const expected = `Basic ${Buffer.from(NEWBOOK_CREDENTIALS).toString('base64')}`;
    if (authorization !== expected) return HttpResponse.json({ success: false, message: 'Authentication failed' }, { status: 401 });
    switch (body.region) {
      case 'us':
        return HttpResponse.json({ success: true, message: '', data: NEWBOOK_US_INSTANCES });
      case 'eu':
        return HttpResponse.json({ success: true, message: '', data: [] });
      case 'ap':
        return HttpResponse.json({ success: false, message: 'Too many requests' }, { status: 429, headers: { 'Retry-After': '30' } });
      case 'au':
        return HttpResponse.json({ success: false, message: 'Internal error' }, { status: 500 });
      default:
        return HttpResponse.json({ success: false, message: 'Invalid region' });
    }
  }),
];
