import { createCanvas } from '@napi-rs/canvas';
import { http, HttpResponse } from 'msw';
import { PLACE_DETAILS_FIELD_MASK, PLACES_BASE_URL, ROUTES_BASE_URL, ROUTES_FIELD_MASK } from '@server/providers/places';

/**
 * Google Places API (New) as documented: Place Details (`GET /v1/places/{placeId}` with
 * `X-Goog-Api-Key` and `X-Goog-FieldMask: photos`), Place Photo (`GET /v1/{name}/media` with
 * `maxWidthPx` and `skipHttpRedirect=true`, answering `{ name, photoUri }`), the photo itself at
 * its googleusercontent `photoUri` (no key), and Google's error body
 * `{ error: { code, message, status } }`. Behaviour by input:
 * - a key other than PLACES_KEY → 403 PERMISSION_DENIED; no field mask → 400 INVALID_ARGUMENT
 * - PLACE_WITH_PHOTOS → 12 photos (the picker keeps 9); PLACE_WITHOUT_PHOTOS → `{}`
 * - PLACE_BUSY → 429 RESOURCE_EXHAUSTED with Retry-After 30; PLACE_UNKNOWN → 404 NOT_FOUND;
 *   PLACE_BROKEN → 500; PLACE_NOT_JSON → 200 with an HTML body; any other id → 400
 * - photo reference BUSY_PHOTO → 429 on its media; NOT_AN_IMAGE_PHOTO → its photoUri answers HTML
 * - Place Details with PLACE_DETAILS_FIELD_MASK: PLACE_WITH_PHOTOS and PLACE_DINER answer their
 *   address components, location, phone, website and types; PLACE_PARK has no street, phone or
 *   website; PLACE_NO_LOCATION has no location; the error ids above answer as above
 * - Autocomplete (New), `POST /v1/places:autocomplete` (needs `input` and a `locationBias.circle`
 *   of at most 50000 m, else 400): input starting with 'lake' → AUTOCOMPLETE_LAKE (three place
 *   predictions and a query prediction); 'busy' → 429 with Retry-After 20; 'broken' → 500;
 *   'not json' → HTML; 'odd' → `{ suggestions: 'odd' }`; anything else → `{}`
 * - Routes API computeRoutes (needs ROUTES_FIELD_MASK, travelMode DRIVE, units IMPERIAL, else
 *   400): to ROUTE_DINER → ROUTE_DINER_METERS; to ROUTE_SAME_SPOT → a route without
 *   distanceMeters (0 m); to ROUTE_BROKEN → 500; to anything else → `{}` (no route)
 */
export const PLACES_KEY = 'test-maps-api-key';
export const PLACE_WITH_PHOTOS = 'ChIJ-demo-pine-hollow-rv-resort';
export const PLACE_WITHOUT_PHOTOS = 'ChIJ-no-photos';
export const PLACE_BUSY = 'ChIJ-busy';
export const PLACE_UNKNOWN = 'ChIJ-unknown';
export const PLACE_BROKEN = 'ChIJ-broken';
export const PLACE_NOT_JSON = 'ChIJ-not-json';
export const BUSY_PHOTO = 'AUc7tXV-busy';
export const NOT_AN_IMAGE_PHOTO = 'AUc7tXV-not-an-image';
export const PHOTO_HOST = 'https://lh3.googleusercontent.com';
export const PLACE_PHOTO_COUNT = 12;

/** Photo references of PLACE_WITH_PHOTOS, in the order Google lists them. */
export const photoReference = (index: number) => `AUc7tXV-photo-${index + 1}`;

export const PLACE_DINER = 'ChIJ-lakeshore-diner';
export const PLACE_PARK = 'ChIJ-hadley-mountain-trailhead';
export const PLACE_NO_LOCATION = 'ChIJ-no-location';

export const placesRequests: Array<{ url: string; key: string | null; fieldMask: string | null }> = [];
/** The JSON bodies of the POSTs (autocomplete, computeRoutes), in order. */
export const placesPosts: Array<{ url: string; body: unknown }> = [];

/** The answer to 'lake…', as Autocomplete (New) documents it. */
export const AUTOCOMPLETE_LAKE = {
  suggestions: [
    {
      placePrediction: {
        place: `places/${PLACE_DINER}`,
        placeId: PLACE_DINER,
        text: { text: 'Lakeshore Diner, 212 Lakeshore Road, Lake Luzerne, NY, USA', matches: [{ endOffset: 4 }] },
        structuredFormat: {
          mainText: { text: 'Lakeshore Diner', matches: [{ endOffset: 4 }] },
          secondaryText: { text: '212 Lakeshore Road, Lake Luzerne, NY, USA' },
        },
        types: ['restaurant', 'food', 'point_of_interest', 'establishment'],
      },
    },
    {
      placePrediction: {
        place: `places/${PLACE_WITH_PHOTOS}`,
        placeId: PLACE_WITH_PHOTOS,
        text: { text: 'Pine Hollow RV Resort, Lakeshore Road, Lake Luzerne, NY, USA' },
        structuredFormat: { mainText: { text: 'Pine Hollow RV Resort' }, secondaryText: { text: 'Lakeshore Road, Lake Luzerne, NY, USA' } },
      },
    },
    // Only `text` (no structured format): the title is the whole text.
    { placePrediction: { place: `places/${PLACE_PARK}`, placeId: PLACE_PARK, text: { text: 'Lake Luzerne Trailhead' } } },
    { queryPrediction: { text: { text: 'lake luzerne restaurants' } } },
  ],
};

export const ROUTE_DINER = { latitude: 43.3188, longitude: -73.8302 };
export const ROUTE_DINER_METERS = 1207;
export const ROUTE_SAME_SPOT = { latitude: 43.3124, longitude: -73.8352 };
export const ROUTE_BROKEN = { latitude: 44, longitude: -74 };

const PLACE_DETAILS: Record<string, unknown> = {
  [PLACE_DINER]: {
    id: PLACE_DINER,
    displayName: { text: 'Lakeshore Diner', languageCode: 'en' },
    formattedAddress: '212 Lakeshore Road, Lake Luzerne, NY 12846, USA',
    addressComponents: [
      { longText: '212', shortText: '212', types: ['street_number'], languageCode: 'en' },
      { longText: 'Lakeshore Road', shortText: 'Lakeshore Rd', types: ['route'], languageCode: 'en' },
      { longText: 'Lake Luzerne', shortText: 'Lake Luzerne', types: ['locality', 'political'], languageCode: 'en' },
      { longText: 'Warren County', shortText: 'Warren County', types: ['administrative_area_level_2', 'political'], languageCode: 'en' },
      { longText: 'New York', shortText: 'NY', types: ['administrative_area_level_1', 'political'], languageCode: 'en' },
      { longText: 'United States', shortText: 'US', types: ['country', 'political'], languageCode: 'en' },
      { longText: '12846', shortText: '12846', types: ['postal_code'], languageCode: 'en' },
    ],
    location: { latitude: 43.3188, longitude: -73.8302 },
    nationalPhoneNumber: '(518) 555-0162',
    websiteUri: 'https://www.lakeshorediner.example/',
    types: ['restaurant', 'food', 'point_of_interest', 'establishment'],
  },
  [PLACE_WITH_PHOTOS]: {
    id: PLACE_WITH_PHOTOS,
    displayName: { text: 'Pine Hollow RV Resort', languageCode: 'en' },
    formattedAddress: '4120 Lakeshore Road, Lake Luzerne, NY 12846, USA',
    addressComponents: [
      { longText: '4120', shortText: '4120', types: ['street_number'] },
      { longText: 'Lakeshore Road', shortText: 'Lakeshore Rd', types: ['route'] },
      { longText: 'Lake Luzerne', shortText: 'Lake Luzerne', types: ['locality', 'political'] },
      { longText: 'New York', shortText: 'NY', types: ['administrative_area_level_1', 'political'] },
      { longText: '12846', shortText: '12846', types: ['postal_code'] },
    ],
    location: { latitude: 43.3123, longitude: -73.8351 },
    types: ['rv_park', 'campground', 'lodging'],
  },
  [PLACE_PARK]: {
    id: PLACE_PARK,
    displayName: { text: 'Hadley Mountain Trailhead' },
    formattedAddress: 'Hadley Mountain Trailhead, Hadley, NY 12835, USA',
    addressComponents: [
      { longText: 'Hadley', shortText: 'Hadley', types: ['locality', 'political'] },
      { longText: 'New York', shortText: 'NY', types: ['administrative_area_level_1', 'political'] },
      { longText: '12835', shortText: '12835', types: ['postal_code'] },
    ],
    location: { latitude: 43.3742, longitude: -73.9498 },
    types: ['park'],
  },
  [PLACE_NO_LOCATION]: { id: PLACE_NO_LOCATION, displayName: { text: 'Nowhere' } },
};

const googleError = (code: number, status: string, message: string, headers?: Record<string, string>) =>
  HttpResponse.json({ error: { code, message, status } }, { status: code, headers });

function checkKey(request: Request) {
  placesRequests.push({ url: request.url, key: request.headers.get('X-Goog-Api-Key'), fieldMask: request.headers.get('X-Goog-FieldMask') });
  if (request.headers.get('X-Goog-Api-Key') !== PLACES_KEY) {
    return googleError(403, 'PERMISSION_DENIED', 'API key not valid. Please pass a valid API key.');
  }
  return null;
}

/** A 4:3 photo, as Place Photos are (blue sky over green). */
export function photoJpeg(width = 1600, height = 1200): Buffer {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#4a90d9';
  context.fillRect(0, 0, width, height / 2);
  context.fillStyle = '#2f7d3b';
  context.fillRect(0, height / 2, width, height / 2);
  return canvas.toBuffer('image/jpeg', 85);
}

async function postedJson(request: Request): Promise<Record<string, unknown> | null> {
  try {
    const body = (await request.json()) as unknown;
    placesPosts.push({ url: request.url, body });
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const placesHandlers = [
  // The colon of `places:autocomplete` would read as a path parameter: matched by a RegExp.
  http.post(new RegExp(`^${escaped(`${PLACES_BASE_URL}/places:autocomplete`)}$`), async ({ request }) => {
    const refused = checkKey(request);
    if (refused) return refused;
    const body = await postedJson(request);
    const circle = isObject(body?.locationBias) ? body.locationBias.circle : undefined;
    const center = isObject(circle) ? circle.center : undefined;
    if (
      typeof body?.input !== 'string' ||
      !isObject(circle) ||
      !isObject(center) ||
      typeof center.latitude !== 'number' ||
      typeof center.longitude !== 'number' ||
      typeof circle.radius !== 'number' ||
      circle.radius <= 0 ||
      circle.radius > 50_000
    )
      return googleError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
    const input = body.input.toLowerCase();
    if (input.startsWith('lake')) return HttpResponse.json(AUTOCOMPLETE_LAKE);
    if (input === 'busy') return googleError(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded.', { 'Retry-After': '20' });
    if (input === 'broken') return googleError(500, 'INTERNAL', 'Internal error encountered.');
    if (input === 'not json') return new HttpResponse('<html>Bad gateway</html>', { headers: { 'Content-Type': 'text/html' } });
    if (input === 'odd') return HttpResponse.json({ suggestions: 'odd' });
    return HttpResponse.json({});
  }),

  http.post(new RegExp(`^${escaped(`${ROUTES_BASE_URL}/directions/v2:computeRoutes`)}$`), async ({ request }) => {
    const refused = checkKey(request);
    if (refused) return refused;
    const body = await postedJson(request);
    if (request.headers.get('X-Goog-FieldMask') !== ROUTES_FIELD_MASK)
      return googleError(400, 'INVALID_ARGUMENT', 'FieldMask is a required parameter.');
    if (body?.travelMode !== 'DRIVE' || body.units !== 'IMPERIAL')
      return googleError(400, 'INVALID_ARGUMENT', 'Invalid travel mode or units.');
    const destination = isObject(body.destination) && isObject(body.destination.location) ? body.destination.location.latLng : undefined;
    if (!isObject(destination)) return googleError(400, 'INVALID_ARGUMENT', 'Destination is required.');
    const at = (point: { latitude: number; longitude: number }) =>
      destination.latitude === point.latitude && destination.longitude === point.longitude;
    if (at(ROUTE_DINER)) return HttpResponse.json({ routes: [{ distanceMeters: ROUTE_DINER_METERS }] });
    if (at(ROUTE_SAME_SPOT)) return HttpResponse.json({ routes: [{}] });
    if (at(ROUTE_BROKEN)) return googleError(500, 'INTERNAL', 'Internal error encountered.');
    return HttpResponse.json({});
  }),

  http.get(`${PLACES_BASE_URL}/places/:placeId`, ({ request, params }) => {
    const refused = checkKey(request);
    if (refused) return refused;
    if (!request.headers.get('X-Goog-FieldMask')) return googleError(400, 'INVALID_ARGUMENT', 'FieldMask is a required parameter.');
    const placeId = String(params.placeId);
    const mask = request.headers.get('X-Goog-FieldMask');
    if (mask === PLACE_DETAILS_FIELD_MASK && PLACE_DETAILS[placeId])
      return HttpResponse.json(PLACE_DETAILS[placeId] as Record<string, never>);
    if (mask !== 'photos' && mask !== PLACE_DETAILS_FIELD_MASK)
      return googleError(400, 'INVALID_ARGUMENT', `Unexpected field mask ${mask}.`);
    switch (placeId) {
      case PLACE_WITH_PHOTOS:
        return HttpResponse.json({
          photos: Array.from({ length: PLACE_PHOTO_COUNT }, (_, index) => ({
            name: `places/${placeId}/photos/${photoReference(index)}`,
            widthPx: 4032,
            heightPx: 3024,
            authorAttributions: [
              {
                displayName: `Guest ${index + 1}`,
                uri: `//maps.google.com/maps/contrib/10000${index + 1}`,
                photoUri: `//lh3.googleusercontent.com/a-/avatar-${index + 1}=s100-p-k-no-mo`,
              },
            ],
          })),
        });
      case PLACE_WITHOUT_PHOTOS:
        return HttpResponse.json({});
      case PLACE_BUSY:
        return googleError(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded for quota metric.', { 'Retry-After': '30' });
      case PLACE_UNKNOWN:
        return googleError(404, 'NOT_FOUND', `Place '${placeId}' not found.`);
      case PLACE_BROKEN:
        return googleError(500, 'INTERNAL', 'Internal error encountered.');
      case PLACE_NOT_JSON:
        return new HttpResponse('<html>Service Unavailable</html>', { status: 200, headers: { 'Content-Type': 'text/html' } });
      default:
        return googleError(400, 'INVALID_ARGUMENT', 'Not a valid Place ID.');
    }
  }),

  http.get(`${PLACES_BASE_URL}/places/:placeId/photos/:reference/media`, ({ request, params }) => {
    const refused = checkKey(request);
    if (refused) return refused;
    const url = new URL(request.url);
    const maxWidthPx = Number(url.searchParams.get('maxWidthPx'));
    if (!(maxWidthPx >= 1 && maxWidthPx <= 4800)) return googleError(400, 'INVALID_ARGUMENT', 'maxWidthPx or maxHeightPx is required.');
    const reference = String(params.reference);
    if (reference === BUSY_PHOTO) return googleError(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded.', { 'Retry-After': '12' });
    if (url.searchParams.get('skipHttpRedirect') !== 'true')
      return new HttpResponse(null, { status: 302, headers: { Location: `${PHOTO_HOST}/places/${reference}=w${maxWidthPx}` } });
    return HttpResponse.json({
      name: `places/${params.placeId}/photos/${reference}/media`,
      photoUri: `${PHOTO_HOST}/places/${reference}=w${maxWidthPx}`,
    });
  }),

  http.get(`${PHOTO_HOST}/places/:file`, ({ request, params }) => {
    placesRequests.push({ url: request.url, key: request.headers.get('X-Goog-Api-Key'), fieldMask: null });
    if (String(params.file).startsWith(NOT_AN_IMAGE_PHOTO)) {
      return new HttpResponse('<html>nope</html>', { headers: { 'Content-Type': 'text/html' } });
    }
    return new HttpResponse(photoJpeg(), { headers: { 'Content-Type': 'image/jpeg' } });
  }),
];
