import { createCanvas } from '@napi-rs/canvas';
import { http, HttpResponse } from 'msw';
import { PLACES_BASE_URL } from '@server/providers/places';

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

export const placesRequests: Array<{ url: string; key: string | null; fieldMask: string | null }> = [];

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

export const placesHandlers = [
  http.get(`${PLACES_BASE_URL}/places/:placeId`, ({ request, params }) => {
    const refused = checkKey(request);
    if (refused) return refused;
    if (!request.headers.get('X-Goog-FieldMask')) return googleError(400, 'INVALID_ARGUMENT', 'FieldMask is a required parameter.');
    const placeId = String(params.placeId);
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
