import { http, HttpResponse } from 'msw';
import { CAMPSPOT_BASE_URL } from '@server/providers/pms';

/**
 * Campspot as the adapter models it (no public reference; see server/providers/pms/campspot.ts):
 * bearer 'campspot-key' → two parks; 'campspot-busy' → 429; 'campspot-broken' → 200 with a body
 * that is not JSON; anything else → 403.
 */
export const CAMPSPOT_KEY = 'campspot-key';
export const CAMPSPOT_BUSY_KEY = 'campspot-busy';
export const CAMPSPOT_BROKEN_KEY = 'campspot-broken';

export const campspotHandlers = [
  http.get(`${CAMPSPOT_BASE_URL}/v2/parks`, ({ request }) => {
    const auth = request.headers.get('Authorization');
    if (auth === `Bearer ${CAMPSPOT_BUSY_KEY}`) return new HttpResponse(null, { status: 429 });
    if (auth === `Bearer ${CAMPSPOT_BROKEN_KEY}`)
      return new HttpResponse('<html>maintenance</html>', { status: 200, headers: { 'Content-Type': 'text/html' } });
    if (auth !== `Bearer ${CAMPSPOT_KEY}`) return HttpResponse.json({ message: 'Forbidden' }, { status: 403 });
    return HttpResponse.json({
      parks: [
        { id: 812, name: 'Pine Hollow RV Resort' },
        { id: 813, name: 'Lakeview Campground' },
      ],
    });
  }),
];
