import { MAX_PLACE_PHOTOS, PlacesError, type FetchLike, type PlaceAttribution, type PlacePhoto, type PlacesProvider } from './types';

/**
 * Google Places API (New), with the key in the `X-Goog-Api-Key` header (never in a URL that
 * reaches the page):
 *
 * - Place Details: `GET https://places.googleapis.com/v1/places/{placeId}` with
 *   `X-Goog-FieldMask: photos` answers `{ photos: [{ name, widthPx, heightPx,
 *   authorAttributions: [{ displayName, uri, photoUri }] }] }` (no `photos` when the place has
 *   none). `name` is the photo's resource name, `places/{placeId}/photos/{reference}`.
 * - Place Photo: `GET https://places.googleapis.com/v1/{name}/media?maxWidthPx=…&skipHttpRedirect=true`
 *   answers `{ name, photoUri }`; `photoUri` is a short-lived googleusercontent address that
 *   carries no key, used for the picker's thumbnails (400 px) and, at 1600 px, fetched on the
 *   server for the chosen photo.
 * - Errors are Google's `{ error: { code, message, status } }`: 400 INVALID_ARGUMENT, 403
 *   PERMISSION_DENIED (bad key, API not enabled), 404 NOT_FOUND, 429 RESOURCE_EXHAUSTED.
 */
export const PLACES_BASE_URL = 'https://places.googleapis.com/v1';
export const PLACES_TIMEOUT_MS = 15_000;
/** The picker's thumbnails. */
export const THUMBNAIL_MAX_WIDTH_PX = 400;
/** The chosen photo (the image pipeline rescales anything wider than 2000 px anyway). */
export const PHOTO_MAX_WIDTH_PX = 1600;
/** A photo larger than this is refused (Place Photos are JPEGs of a few hundred kilobytes). */
export const PLACE_PHOTO_MAX_BYTES = 20_000_000;

const PLACE_ID = /^[A-Za-z0-9_-]{1,512}$/;
const PHOTO_REFERENCE = /^[A-Za-z0-9_-]{1,2048}$/;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
const size = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : 0);

function retryAfterOf(response: Response): number | undefined {
  const retry = Number(response.headers.get('Retry-After'));
  return Number.isFinite(retry) && retry > 0 ? retry : undefined;
}

/** Google's error text (`error.message`), when the body has one. */
async function googleMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as unknown;
    if (isObject(body) && isObject(body.error)) {
      return [text(body.error.status), text(body.error.message)].filter(Boolean).join(': ') || `status ${response.status}`;
    }
  } catch {
    // Not JSON: the status says enough.
  }
  return `status ${response.status}`;
}

async function send(fetchImpl: FetchLike, url: string, headers: Record<string, string>): Promise<Response> {
  try {
    return await fetchImpl(url, { method: 'GET', headers, signal: AbortSignal.timeout(PLACES_TIMEOUT_MS) });
  } catch (error) {
    throw new PlacesError('network', `places: request failed: ${(error as Error).message}`);
  }
}

/** One call to the Places API, with Google's error answers mapped to `PlacesError` kinds. */
async function requestJson(fetchImpl: FetchLike, url: string, headers: Record<string, string>): Promise<unknown> {
  const response = await send(fetchImpl, url, headers);
  if (!response.ok) {
    const message = `places: ${await googleMessage(response)}`;
    const status = response.status;
    if (status === 429) throw new PlacesError('rate-limited', message, status, retryAfterOf(response));
    if (status === 401 || status === 403) throw new PlacesError('unauthorized', message, status);
    if (status === 404) throw new PlacesError('not-found', message, status);
    if (status === 400) throw new PlacesError('invalid-request', message, status);
    throw new PlacesError('vendor', message, status);
  }
  try {
    return await response.json();
  } catch {
    throw new PlacesError('invalid-response', 'places: the answer is not JSON', response.status);
  }
}

/** A resource name as a URL path: each segment encoded, the slashes kept. */
const pathOf = (name: string) => name.split('/').map(encodeURIComponent).join('/');

function attributionsOf(value: unknown): PlaceAttribution[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): PlaceAttribution[] => {
    if (!isObject(item)) return [];
    const displayName = text(item.displayName);
    if (!displayName) return [];
    // Profile links are https addresses (protocol-relative in some answers); nothing else is linked.
    const raw = text(item.uri);
    const uri = raw?.startsWith('//') ? `https:${raw}` : raw;
    return [uri && /^https?:\/\//i.test(uri) ? { displayName, uri } : { displayName }];
  });
}

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

export function createGooglePlacesProvider(options: { apiKey: string; fetch?: FetchLike; baseUrl?: string }): PlacesProvider {
  const fetchImpl = options.fetch ?? fetch;
  const baseUrl = options.baseUrl ?? PLACES_BASE_URL;
  const keyHeader = { 'X-Goog-Api-Key': options.apiKey };

  /** The photo's short-lived address at `maxWidthPx` (Place Photo with skipHttpRedirect). */
  async function photoUri(name: string, maxWidthPx: number): Promise<string> {
    const query = new URLSearchParams({ maxWidthPx: String(maxWidthPx), skipHttpRedirect: 'true' });
    const body = await requestJson(fetchImpl, `${baseUrl}/${pathOf(name)}/media?${query}`, { ...keyHeader, Accept: 'application/json' });
    const uri = isObject(body) ? text(body.photoUri) : undefined;
    if (!uri || !/^https:\/\//i.test(uri)) throw new PlacesError('invalid-response', 'places: the photo media answer has no photoUri');
    return uri;
  }

  function assertPlaceId(placeId: string) {
    if (!PLACE_ID.test(placeId)) throw new PlacesError('invalid-request', `places: not a place id: ${JSON.stringify(placeId)}`);
  }

  return {
    offline: false,

    async listPhotos(placeId) {
      assertPlaceId(placeId);
      const body = await requestJson(fetchImpl, `${baseUrl}/places/${encodeURIComponent(placeId)}`, {
        ...keyHeader,
        'X-Goog-FieldMask': 'photos',
        Accept: 'application/json',
      });
      if (!isObject(body)) throw new PlacesError('invalid-response', 'places: unexpected place details answer');
      // A place without photos answers `{}`.
      const listed = Array.isArray(body.photos) ? body.photos : [];
      const photos = listed
        .flatMap((photo) => {
          if (!isObject(photo)) return [];
          const name = text(photo.name);
          if (
            !name ||
            !name.startsWith(`places/${placeId}/photos/`) ||
            !PHOTO_REFERENCE.test(name.slice(`places/${placeId}/photos/`.length))
          )
            return [];
          return [
            { id: name, width: size(photo.widthPx), height: size(photo.heightPx), attributions: attributionsOf(photo.authorAttributions) },
          ];
        })
        .slice(0, MAX_PLACE_PHOTOS);
      const thumbnails = await Promise.all(photos.map((photo) => photoUri(photo.id, THUMBNAIL_MAX_WIDTH_PX)));
      return photos.map((photo, index): PlacePhoto => ({ ...photo, thumbnailUrl: thumbnails[index]! }));
    },

    async fetchPhoto(placeId, photoId) {
      assertPlaceId(placeId);
      const prefix = `places/${placeId}/photos/`;
      const reference = photoId.startsWith(prefix) ? photoId.slice(prefix.length) : '';
      // Only a photo of this place: the id goes into a URL that carries the key.
      if (!PHOTO_REFERENCE.test(reference)) throw new PlacesError('invalid-request', 'places: the photo is not one of this place');
      const uri = await photoUri(photoId, PHOTO_MAX_WIDTH_PX);
      // The short-lived address needs no key: none is sent to it.
      const response = await send(fetchImpl, uri, { Accept: 'image/*' });
      if (!response.ok) {
        if (response.status === 429)
          throw new PlacesError('rate-limited', 'places: photo download rate limited', 429, retryAfterOf(response));
        throw new PlacesError('vendor', `places: photo download answered ${response.status}`, response.status);
      }
      const contentType = (response.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (!contentType.startsWith('image/'))
        throw new PlacesError('invalid-response', `places: the photo is not an image (${contentType || 'no type'})`);
      const declared = Number(response.headers.get('Content-Length'));
      if (Number.isFinite(declared) && declared > PLACE_PHOTO_MAX_BYTES)
        throw new PlacesError('invalid-response', 'places: the photo is too large');
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (bytes.byteLength === 0 || bytes.byteLength > PLACE_PHOTO_MAX_BYTES)
        throw new PlacesError('invalid-response', 'places: the photo is empty or too large');
      return { bytes, contentType, fileName: `place-photo-${reference.slice(0, 16)}.${EXTENSIONS[contentType] ?? 'jpg'}` };
    },
  };
}
