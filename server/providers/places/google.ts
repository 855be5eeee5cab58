import { retryAfterOf } from '../provider-error';
import { isLatLng, METERS_PER_MILE } from './geo';
import {
  MAX_PLACE_PHOTOS,
  MAX_PLACE_QUERY_LENGTH,
  MAX_PLACE_SUGGESTIONS,
  PLACE_ID_PATTERN,
  PlacesError,
  type FetchLike,
  type LatLng,
  type PlaceAttribution,
  type PlaceDetails,
  type PlacePhoto,
  type PlacesProvider,
  type PlaceSuggestion,
} from './types';

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
 * - Autocomplete (New): `POST https://places.googleapis.com/v1/places:autocomplete` with the JSON
 *   body `{ input, locationBias: { circle: { center: { latitude, longitude }, radius } },
 *   languageCode }` answers `{ suggestions: [{ placePrediction: { place, placeId, text: { text },
 *   structuredFormat: { mainText: { text }, secondaryText: { text } }, types } } | { queryPrediction }] }`
 *   (`{}` when nothing matches). The circle is a bias, as the Maps JavaScript autocomplete's
 *   bounds were: nearby places come first, a business a little further out can still be found.
 * - Place Details for a chosen place: the same `GET /v1/places/{placeId}` with the field mask
 *   `id,displayName,formattedAddress,addressComponents,location,nationalPhoneNumber,websiteUri,types`
 *   answers `{ id, displayName: { text }, formattedAddress, addressComponents: [{ longText,
 *   shortText, types }], location: { latitude, longitude }, nationalPhoneNumber, websiteUri, types }`.
 * - Driving distance: the Routes API (the Directions API's successor, same key header),
 *   `POST https://routes.googleapis.com/directions/v2:computeRoutes` with `X-Goog-FieldMask:
 *   routes.distanceMeters` and `{ origin: { location: { latLng } }, destination: …, travelMode:
 *   'DRIVE', units: 'IMPERIAL' }` answers `{ routes: [{ distanceMeters }] }`, `{}` when there is
 *   no route (and no `distanceMeters` for a route of 0 m: proto3 leaves zeros out). Units only
 *   change the localized texts; the distance is read in meters and converted to miles here.
 * - Errors are Google's `{ error: { code, message, status } }`: 400 INVALID_ARGUMENT, 403
 *   PERMISSION_DENIED (bad key, API not enabled), 404 NOT_FOUND, 429 RESOURCE_EXHAUSTED.
 */
export const PLACES_BASE_URL = 'https://places.googleapis.com/v1';
export const ROUTES_BASE_URL = 'https://routes.googleapis.com';
/** Place Details fields of a chosen place (each field mask entry is billed by its SKU). */
export const PLACE_DETAILS_FIELD_MASK = 'id,displayName,formattedAddress,addressComponents,location,nationalPhoneNumber,websiteUri,types';
export const ROUTES_FIELD_MASK = 'routes.distanceMeters';
export const PLACES_TIMEOUT_MS = 15_000;
/** The picker's thumbnails. */
export const THUMBNAIL_MAX_WIDTH_PX = 400;
/** The chosen photo (the image pipeline rescales anything wider than 2000 px anyway). */
export const PHOTO_MAX_WIDTH_PX = 1600;
/** A photo larger than this is refused (Place Photos are JPEGs of a few hundred kilobytes). */
export const PLACE_PHOTO_MAX_BYTES = 20_000_000;

const PLACE_ID = PLACE_ID_PATTERN;
const PHOTO_REFERENCE = /^[A-Za-z0-9_-]{1,2048}$/;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
const size = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : 0);

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

async function send(fetchImpl: FetchLike, url: string, headers: Record<string, string>, body?: unknown): Promise<Response> {
  try {
    return await fetchImpl(url, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(PLACES_TIMEOUT_MS),
    });
  } catch (error) {
    throw new PlacesError('network', `places: request failed: ${(error as Error).message}`);
  }
}

/** One call to the Places API, with Google's error answers mapped to `PlacesError` kinds. */
async function requestJson(fetchImpl: FetchLike, url: string, headers: Record<string, string>, body?: unknown): Promise<unknown> {
  const response = await send(fetchImpl, url, headers, body);
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

const textOf = (value: unknown): string | undefined => (isObject(value) ? text(value.text) : undefined);

function suggestionsOf(body: unknown): PlaceSuggestion[] {
  if (!isObject(body)) throw new PlacesError('invalid-response', 'places: unexpected autocomplete answer');
  if (body.suggestions === undefined) return [];
  if (!Array.isArray(body.suggestions)) throw new PlacesError('invalid-response', 'places: autocomplete suggestions are not a list');
  const seen = new Set<string>();
  return body.suggestions
    .flatMap((suggestion): PlaceSuggestion[] => {
      // Query predictions ('pizza near …') are not places: only place predictions are offered.
      const prediction = isObject(suggestion) ? suggestion.placePrediction : undefined;
      if (!isObject(prediction)) return [];
      const placeId = text(prediction.placeId);
      if (!placeId || !PLACE_ID.test(placeId) || seen.has(placeId)) return [];
      seen.add(placeId);
      const format = isObject(prediction.structuredFormat) ? prediction.structuredFormat : {};
      const full = textOf(prediction.text);
      const title = textOf(format.mainText) ?? full;
      if (!title) return [];
      const subtitle = textOf(format.secondaryText) ?? (full && full !== title ? full : '');
      return [{ placeId, title, subtitle }];
    })
    .slice(0, MAX_PLACE_SUGGESTIONS);
}

interface AddressComponent {
  longText: string;
  shortText: string;
  types: string[];
}

function componentsOf(value: unknown): AddressComponent[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): AddressComponent[] => {
    if (!isObject(item)) return [];
    const longText = text(item.longText) ?? '';
    const shortText = text(item.shortText) ?? longText;
    const types = Array.isArray(item.types) ? item.types.filter((type): type is string => typeof type === 'string') : [];
    return longText || shortText ? [{ longText: longText || shortText, shortText, types }] : [];
  });
}

const finite = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** A Place Details answer as the location fields take it. */
export function placeDetailsOf(placeId: string, body: unknown): PlaceDetails {
  if (!isObject(body)) throw new PlacesError('invalid-response', 'places: unexpected place details answer');
  const location = isObject(body.location) ? body.location : {};
  const latitude = finite(location.latitude);
  const longitude = finite(location.longitude);
  if (latitude === undefined || longitude === undefined || !isLatLng({ latitude, longitude }))
    throw new PlacesError('invalid-response', 'places: the place details have no location');
  const components = componentsOf(body.addressComponents);
  const part = (types: string[], short = false) => {
    for (const type of types) {
      const found = components.find((component) => component.types.includes(type));
      if (found) return short ? found.shortText : found.longText;
    }
    return '';
  };
  const street = [part(['street_number']), part(['route'])].filter(Boolean).join(' ');
  const formatted = text(body.formattedAddress);
  const title = textOf(body.displayName) ?? formatted ?? '';
  if (!title) throw new PlacesError('invalid-response', 'places: the place details have no name');
  const website = text(body.websiteUri);
  const types = Array.isArray(body.types) ? body.types.filter((type): type is string => typeof type === 'string').slice(0, 20) : [];
  const details: PlaceDetails = {
    placeId,
    title,
    // A place without a street (a park, a trailhead) keeps the first part of its formatted address.
    address: street || part(['premise', 'point_of_interest', 'establishment']) || (formatted?.split(',')[0]?.trim() ?? ''),
    city: part(['locality', 'postal_town', 'sublocality', 'administrative_area_level_3', 'neighborhood']),
    state: part(['administrative_area_level_1'], true),
    zip: part(['postal_code']),
    latitude,
    longitude,
  };
  const phone = text(body.nationalPhoneNumber);
  if (phone) details.phone = phone;
  if (website && /^https?:\/\//i.test(website)) details.website = website;
  if (types.length > 0) details.types = types;
  return details;
}

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

export function createGooglePlacesProvider(options: {
  apiKey: string;
  fetch?: FetchLike;
  baseUrl?: string;
  routesBaseUrl?: string;
}): PlacesProvider {
  const fetchImpl = options.fetch ?? fetch;
  const baseUrl = options.baseUrl ?? PLACES_BASE_URL;
  const routesBaseUrl = options.routesBaseUrl ?? ROUTES_BASE_URL;
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

    async autocomplete(input, bias) {
      const query = input.trim().slice(0, MAX_PLACE_QUERY_LENGTH);
      if (query === '') return [];
      if (!isLatLng(bias) || !(bias.radiusMeters > 0 && bias.radiusMeters <= 50_000))
        throw new PlacesError('invalid-request', 'places: the search circle is not valid');
      const body = await requestJson(
        fetchImpl,
        `${baseUrl}/places:autocomplete`,
        { ...keyHeader, Accept: 'application/json' },
        {
          input: query,
          locationBias: {
            circle: { center: { latitude: bias.latitude, longitude: bias.longitude }, radius: bias.radiusMeters },
          },
          languageCode: 'en',
        },
      );
      return suggestionsOf(body);
    },

    async placeDetails(placeId) {
      assertPlaceId(placeId);
      const body = await requestJson(fetchImpl, `${baseUrl}/places/${encodeURIComponent(placeId)}`, {
        ...keyHeader,
        'X-Goog-FieldMask': PLACE_DETAILS_FIELD_MASK,
        Accept: 'application/json',
      });
      return placeDetailsOf(placeId, body);
    },

    async drivingMiles(from: LatLng, to: LatLng) {
      if (!isLatLng(from) || !isLatLng(to)) throw new PlacesError('invalid-request', 'places: a route needs two valid positions');
      const waypoint = (point: LatLng) => ({ location: { latLng: { latitude: point.latitude, longitude: point.longitude } } });
      const body = await requestJson(
        fetchImpl,
        `${routesBaseUrl}/directions/v2:computeRoutes`,
        { ...keyHeader, 'X-Goog-FieldMask': ROUTES_FIELD_MASK, Accept: 'application/json' },
        { origin: waypoint(from), destination: waypoint(to), travelMode: 'DRIVE', units: 'IMPERIAL' },
      );
      if (!isObject(body)) throw new PlacesError('invalid-response', 'routes: unexpected computeRoutes answer');
      const [route] = Array.isArray(body.routes) ? body.routes : [];
      if (route === undefined) throw new PlacesError('not-found', 'routes: no driving route between the two places');
      if (!isObject(route)) throw new PlacesError('invalid-response', 'routes: unexpected route');
      // proto3 leaves a zero out: a route without distanceMeters is 0 m long.
      const meters = route.distanceMeters === undefined ? 0 : finite(route.distanceMeters);
      if (meters === undefined || meters < 0) throw new PlacesError('invalid-response', 'routes: the route has no distance');
      return meters / METERS_PER_MILE;
    },

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
