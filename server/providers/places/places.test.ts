import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { decodeImage } from '@server/images/pipeline';
import { OFFLINE_ATTRIBUTION, PLACES_BASE_URL, PlacesError, placesErrorMessage, placesProvider } from '.';
import { placesHandlers } from '../../../tests/mocks/places';
import {
  BUSY_PHOTO,
  NOT_AN_IMAGE_PHOTO,
  PHOTO_HOST,
  PLACE_BROKEN,
  PLACE_BUSY,
  PLACE_NOT_JSON,
  PLACE_UNKNOWN,
  PLACE_WITH_PHOTOS,
  PLACE_WITHOUT_PHOTOS,
  PLACES_KEY,
  photoJpeg,
  photoReference,
  placesRequests,
} from '../../../tests/mocks/places/google';
import { rejection } from '../../../tests/setup/rejection';

const server = setupServer(...placesHandlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  placesRequests.length = 0;
});
afterAll(() => server.close());

const google = (key = PLACES_KEY) => placesProvider({ GOOGLE_MAPS_API_KEY: key });

describe('the offline default', () => {
  it('is chosen without GOOGLE_MAPS_API_KEY, asks nobody, and offers the demo pictures as samples', async () => {
    const provider = placesProvider({ GOOGLE_MAPS_API_KEY: undefined });
    expect(provider.offline).toBe(true);
    const photos = await provider.listPhotos('ChIJ-anything');
    expect(photos.map((photo) => photo.id)).toEqual([
      'offline/campfire-night.jpg',
      'offline/lakeside-sunrise.jpg',
      'offline/pine-trail.jpg',
    ]);
    expect(photos[0]).toMatchObject({
      width: 1125,
      height: 450,
      attributions: [{ displayName: `${OFFLINE_ATTRIBUTION}: Campfire night` }],
    });
    expect(photos[0]!.thumbnailUrl).toMatch(/^data:image\/jpeg;base64,/);
    const file = await provider.fetchPhoto('ChIJ-anything', 'offline/pine-trail.jpg');
    expect(file).toMatchObject({ contentType: 'image/jpeg', fileName: 'place-photo-pine-trail.jpg' });
    expect((await decodeImage(file.bytes)).width).toBe(1125);
    expect(placesRequests).toEqual([]);
  });

  it('refuses an id it did not offer, and offers nothing when the sample folder is missing', async () => {
    const provider = placesProvider({ GOOGLE_MAPS_API_KEY: undefined });
    expect((await rejection(provider.fetchPhoto('x', 'offline/../../etc/passwd'), PlacesError)).kind).toBe('invalid-request');
    const empty = placesProvider({ GOOGLE_MAPS_API_KEY: undefined }, { samplesDir: join(tmpdir(), 'no-such-places-folder') });
    expect(await empty.listPhotos('x')).toEqual([]);
  });

  it('offers at most nine samples', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'places-samples-'));
    const jpeg = photoJpeg(40, 30);
    for (let index = 0; index < 12; index += 1) writeFileSync(join(dir, `sample-${String(index).padStart(2, '0')}.jpg`), jpeg);
    const photos = await placesProvider({ GOOGLE_MAPS_API_KEY: undefined }, { samplesDir: dir }).listPhotos('x');
    expect(photos).toHaveLength(9);
  });
});

describe('Google Places API (New)', () => {
  it('lists the first nine photos with their attributions and keyless thumbnail addresses', async () => {
    const provider = google();
    expect(provider.offline).toBe(false);
    const photos = await provider.listPhotos(PLACE_WITH_PHOTOS);
    expect(photos).toHaveLength(9);
    expect(photos[0]).toEqual({
      id: `places/${PLACE_WITH_PHOTOS}/photos/${photoReference(0)}`,
      width: 4032,
      height: 3024,
      attributions: [{ displayName: 'Guest 1', uri: 'https://maps.google.com/maps/contrib/100001' }],
      thumbnailUrl: `${PHOTO_HOST}/places/${photoReference(0)}=w400`,
    });
    for (const photo of photos) expect(photo.thumbnailUrl).not.toContain(PLACES_KEY);

    // Place Details with the key and the photos field mask, then one Place Photo per thumbnail.
    const [details, ...media] = placesRequests;
    expect(details).toEqual({ url: `${PLACES_BASE_URL}/places/${PLACE_WITH_PHOTOS}`, key: PLACES_KEY, fieldMask: 'photos' });
    expect(media).toHaveLength(9);
    expect(media[0]!.url).toBe(
      `${PLACES_BASE_URL}/places/${PLACE_WITH_PHOTOS}/photos/${photoReference(0)}/media?maxWidthPx=400&skipHttpRedirect=true`,
    );
    expect(media.every((request) => request.key === PLACES_KEY)).toBe(true);
  });

  it('answers an empty list for a place without photos', async () => {
    expect(await google().listPhotos(PLACE_WITHOUT_PHOTOS)).toEqual([]);
  });

  it('fetches a chosen photo at 1600 px through its photoUri, without sending the key there', async () => {
    const id = `places/${PLACE_WITH_PHOTOS}/photos/${photoReference(3)}`;
    const file = await google().fetchPhoto(PLACE_WITH_PHOTOS, id);
    expect(file.contentType).toBe('image/jpeg');
    expect(file.fileName).toBe(`place-photo-${photoReference(3).slice(0, 16)}.jpg`);
    expect(await decodeImage(file.bytes)).toMatchObject({ width: 1600, height: 1200 });
    expect(placesRequests.map((request) => [request.url, request.key])).toEqual([
      [`${PLACES_BASE_URL}/${id}/media?maxWidthPx=1600&skipHttpRedirect=true`, PLACES_KEY],
      [`${PHOTO_HOST}/places/${photoReference(3)}=w1600`, null],
    ]);
  });

  it('refuses a photo id of another place, or a path, before asking Google', async () => {
    for (const id of [
      `places/ChIJ-other/photos/${photoReference(0)}`,
      `places/${PLACE_WITH_PHOTOS}/photos/../../x`,
      'https://evil.example/x',
    ]) {
      expect((await rejection(google().fetchPhoto(PLACE_WITH_PHOTOS, id), PlacesError)).kind).toBe('invalid-request');
    }
    expect((await rejection(google().listPhotos('bad/place?id'), PlacesError)).kind).toBe('invalid-request');
    expect(placesRequests).toEqual([]);
  });

  it('maps a refused key, rate limits, unknown places, bad ids, server errors and bodies that are not JSON', async () => {
    const refused = await rejection(google('wrong-key').listPhotos(PLACE_WITH_PHOTOS), PlacesError);
    expect([refused.kind, refused.status]).toEqual(['unauthorized', 403]);
    expect(refused.message).toMatch(/PERMISSION_DENIED: API key not valid/);

    const limited = await rejection(google().listPhotos(PLACE_BUSY), PlacesError);
    expect([limited.kind, limited.status, limited.retryAfter]).toEqual(['rate-limited', 429, 30]);
    expect(placesErrorMessage(limited)).toBe('The places service is busy (too many requests). Please try again in 30 seconds.');

    expect((await rejection(google().listPhotos(PLACE_UNKNOWN), PlacesError)).kind).toBe('not-found');
    expect((await rejection(google().listPhotos('ChIJ-not-valid'), PlacesError)).kind).toBe('invalid-request');
    expect((await rejection(google().listPhotos(PLACE_BROKEN), PlacesError)).kind).toBe('vendor');
    expect((await rejection(google().listPhotos(PLACE_NOT_JSON), PlacesError)).kind).toBe('invalid-response');
  });

  it('maps a rate-limited photo and a photo address that answers no image', async () => {
    const busy = await rejection(google().fetchPhoto(PLACE_WITH_PHOTOS, `places/${PLACE_WITH_PHOTOS}/photos/${BUSY_PHOTO}`), PlacesError);
    expect([busy.kind, busy.retryAfter]).toEqual(['rate-limited', 12]);
    const html = await rejection(
      google().fetchPhoto(PLACE_WITH_PHOTOS, `places/${PLACE_WITH_PHOTOS}/photos/${NOT_AN_IMAGE_PHOTO}`),
      PlacesError,
    );
    expect(html.kind).toBe('invalid-response');
  });

  it('maps a connection failure to a network error', async () => {
    const unreachable = (() => Promise.reject(new TypeError('fetch failed'))) as unknown as typeof fetch;
    const error = await rejection(
      placesProvider({ GOOGLE_MAPS_API_KEY: PLACES_KEY }, { fetch: unreachable }).listPhotos(PLACE_WITH_PHOTOS),
      PlacesError,
    );
    expect(error.kind).toBe('network');
    expect(placesErrorMessage(error)).toBe('The places service could not be reached. Please try again later.');
  });
});
