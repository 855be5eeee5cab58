import { http, HttpResponse } from 'msw';
import { STAYLIST_BASE_URL } from '@server/providers/pms';

/**
 * Staylist as the adapter models it (no public reference; see server/providers/pms/staylist.ts):
 * bearer 'staylist-key' → two properties; 'staylist-busy' → 429; anything else → 401.
 */
export const STAYLIST_KEY = 'staylist-key';
export const STAYLIST_BUSY_KEY = 'staylist-busy';

export const staylistHandlers = [
  http.get(`${STAYLIST_BASE_URL}/v1/properties`, ({ request }) => {
    const auth = request.headers.get('Authorization');
    if (auth === `Bearer ${STAYLIST_BUSY_KEY}`) return new HttpResponse(null, { status: 429, headers: { 'Retry-After': '5' } });
    if (auth !== `Bearer ${STAYLIST_KEY}`) return HttpResponse.json({ error: 'unauthorized' }, { status: 401 });
    return HttpResponse.json({
      properties: [
        { id: 'sl-1001', name: 'Pine Hollow RV Resort' },
        { id: 'sl-1002', name: 'River Bend Campground' },
      ],
    });
  }),
];
