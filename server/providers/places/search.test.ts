import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  OFFLINE_PLACES,
  PLACE_DETAILS_FIELD_MASK,
  PLACES_BASE_URL,
  PlacesError,
  placeSearchErrorMessage,
  placesProvider,
  ROUTES_BASE_URL,
  ROUTES_FIELD_MASK,
} from '.';
import { placesHandlers } from '../../../tests/mocks/places';
import {
  PLACE_BROKEN,
  PLACE_BUSY,
  PLACE_DINER,
  PLACE_NO_LOCATION,
  PLACE_NOT_JSON,
  PLACE_PARK,
  PLACE_UNKNOWN,
  PLACE_WITH_PHOTOS,
  PLACES_KEY,
  placesPosts,
  placesRequests,
  ROUTE_BROKEN,
  ROUTE_DINER,
  ROUTE_DINER_METERS,
  ROUTE_SAME_SPOT,
} from '../../../tests/mocks/places/google';
import { rejection } from '../../../tests/setup/rejection';

const server = setupServer(...placesHandlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  placesRequests.length = 0;
  placesPosts.length = 0;
});
afterAll(() => server.close());

const google = (key = PLACES_KEY) => placesProvider({ GOOGLE_MAPS_API_KEY: key });
const offline = () => placesProvider({ GOOGLE_MAPS_API_KEY: undefined });
const RESORT = { latitude: 43.3123, longitude: -73.8351 };
const TOWN = { latitude: 43.9853, longitude: -90.5021 };
const near = (center: { latitude: number; longitude: number }) => ({ ...center, radiusMeters: 10_000 });

describe('Autocomplete (New)', () => {
  it('posts the text and a 10000 m circle around the community, and lists the place predictions only', async () => {
    const suggestions = await google().autocomplete('  lake  ', near(RESORT));
    expect(suggestions).toEqual([
      { placeId: PLACE_DINER, title: 'Lakeshore Diner', subtitle: '212 Lakeshore Road, Lake Luzerne, NY, USA' },
      { placeId: PLACE_WITH_PHOTOS, title: 'Pine Hollow RV Resort', subtitle: 'Lakeshore Road, Lake Luzerne, NY, USA' },
      { placeId: PLACE_PARK, title: 'Lake Luzerne Trailhead', subtitle: '' },
    ]);
    expect(placesRequests).toEqual([{ url: `${PLACES_BASE_URL}/places:autocomplete`, key: PLACES_KEY, fieldMask: null }]);
    expect(placesPosts[0]!.body).toEqual({
      input: 'lake',
      locationBias: { circle: { center: { latitude: 43.3123, longitude: -73.8351 }, radius: 10_000 } },
      languageCode: 'en',
    });
  });

  it('answers nothing for an empty text without asking, and an empty list for no match', async () => {
    expect(await google().autocomplete('   ', near(RESORT))).toEqual([]);
    expect(placesRequests).toEqual([]);
    expect(await google().autocomplete('zzz', near(RESORT))).toEqual([]);
  });

  it('cuts a long text to 120 characters and refuses a circle that is not one', async () => {
    await google().autocomplete(`lake ${'x'.repeat(300)}`, near(RESORT));
    expect((placesPosts[0]!.body as { input: string }).input).toHaveLength(120);
    expect((await rejection(google().autocomplete('lake', { ...RESORT, radiusMeters: 0 }), PlacesError)).kind).toBe('invalid-request');
    expect((await rejection(google().autocomplete('lake', { latitude: 95, longitude: 0, radiusMeters: 10 }), PlacesError)).kind).toBe(
      'invalid-request',
    );
  });

  it('maps a refused key, rate limits, server errors, bodies that are not JSON and unexpected shapes', async () => {
    const refused = await rejection(google('wrong-key').autocomplete('lake', near(RESORT)), PlacesError);
    expect([refused.kind, refused.status]).toEqual(['unauthorized', 403]);
    const busy = await rejection(google().autocomplete('busy', near(RESORT)), PlacesError);
    expect([busy.kind, busy.retryAfter]).toEqual(['rate-limited', 20]);
    expect(placeSearchErrorMessage(busy)).toBe('The places service is busy (too many requests). Please try again in 20 seconds.');
    expect((await rejection(google().autocomplete('broken', near(RESORT)), PlacesError)).kind).toBe('vendor');
    expect((await rejection(google().autocomplete('not json', near(RESORT)), PlacesError)).kind).toBe('invalid-response');
    expect((await rejection(google().autocomplete('odd', near(RESORT)), PlacesError)).kind).toBe('invalid-response');
  });

  it('maps a connection failure to a network error', async () => {
    const unreachable = (() => Promise.reject(new TypeError('fetch failed'))) as unknown as typeof fetch;
    const provider = placesProvider({ GOOGLE_MAPS_API_KEY: PLACES_KEY }, { fetch: unreachable });
    const error = await rejection(provider.autocomplete('lake', near(RESORT)), PlacesError);
    expect(error.kind).toBe('network');
    expect(placeSearchErrorMessage(error)).toMatch(/could not be reached/);
  });
});

describe('Place Details (New) of a chosen place', () => {
  it('asks for the address components, location, phone, website and types, and reads them', async () => {
    const details = await google().placeDetails(PLACE_DINER);
    expect(details).toEqual({
      placeId: PLACE_DINER,
      title: 'Lakeshore Diner',
      address: '212 Lakeshore Road',
      city: 'Lake Luzerne',
      state: 'NY',
      zip: '12846',
      latitude: 43.3188,
      longitude: -73.8302,
      phone: '(518) 555-0162',
      website: 'https://www.lakeshorediner.example/',
      types: ['restaurant', 'food', 'point_of_interest', 'establishment'],
    });
    expect(placesRequests).toEqual([
      { url: `${PLACES_BASE_URL}/places/${PLACE_DINER}`, key: PLACES_KEY, fieldMask: PLACE_DETAILS_FIELD_MASK },
    ]);
  });

  it('takes the first part of the formatted address for a place without a street', async () => {
    expect(await google().placeDetails(PLACE_PARK)).toEqual({
      placeId: PLACE_PARK,
      title: 'Hadley Mountain Trailhead',
      address: 'Hadley Mountain Trailhead',
      city: 'Hadley',
      state: 'NY',
      zip: '12835',
      latitude: 43.3742,
      longitude: -73.9498,
      types: ['park'],
    });
  });

  it('refuses an id that is no place id before asking, and maps every error answer', async () => {
    expect((await rejection(google().placeDetails('../places/x'), PlacesError)).kind).toBe('invalid-request');
    expect(placesRequests).toEqual([]);
    expect((await rejection(google('wrong-key').placeDetails(PLACE_DINER), PlacesError)).kind).toBe('unauthorized');
    expect((await rejection(google().placeDetails(PLACE_BUSY), PlacesError)).kind).toBe('rate-limited');
    expect((await rejection(google().placeDetails(PLACE_UNKNOWN), PlacesError)).kind).toBe('not-found');
    expect((await rejection(google().placeDetails(PLACE_BROKEN), PlacesError)).kind).toBe('vendor');
    expect((await rejection(google().placeDetails(PLACE_NOT_JSON), PlacesError)).kind).toBe('invalid-response');
    expect((await rejection(google().placeDetails(PLACE_NO_LOCATION), PlacesError)).kind).toBe('invalid-response');
    expect((await rejection(google().placeDetails('ChIJ-something-else'), PlacesError)).kind).toBe('invalid-request');
  });
});

describe('Routes API driving distance', () => {
  it('posts a driving route in imperial units with the distance field mask, and answers miles', async () => {
    const miles = await google().drivingMiles(RESORT, ROUTE_DINER);
    expect(miles).toBeCloseTo(ROUTE_DINER_METERS / 1609.344, 6);
    expect(placesRequests).toEqual([
      { url: `${ROUTES_BASE_URL}/directions/v2:computeRoutes`, key: PLACES_KEY, fieldMask: ROUTES_FIELD_MASK },
    ]);
    expect(placesPosts[0]!.body).toEqual({
      origin: { location: { latLng: RESORT } },
      destination: { location: { latLng: ROUTE_DINER } },
      travelMode: 'DRIVE',
      units: 'IMPERIAL',
    });
  });

  it('reads a route without distanceMeters as 0 m, and no route as not found', async () => {
    expect(await google().drivingMiles(RESORT, ROUTE_SAME_SPOT)).toBe(0);
    expect((await rejection(google().drivingMiles(RESORT, { latitude: 10, longitude: 10 }), PlacesError)).kind).toBe('not-found');
  });

  it('maps a refused key, a server error and positions that are not positions', async () => {
    expect((await rejection(google('wrong-key').drivingMiles(RESORT, ROUTE_DINER), PlacesError)).kind).toBe('unauthorized');
    expect((await rejection(google().drivingMiles(RESORT, ROUTE_BROKEN), PlacesError)).kind).toBe('vendor');
    expect((await rejection(google().drivingMiles(RESORT, { latitude: Number.NaN, longitude: 0 }), PlacesError)).kind).toBe(
      'invalid-request',
    );
  });
});

describe('the offline default', () => {
  it('finds sample places near the community by the start of their words, nearest first, and asks nobody', async () => {
    const provider = offline();
    const found = await provider.autocomplete('lake', near(RESORT));
    expect(found.map((place) => place.title)).toEqual([
      'Adirondack Outfitters',
      'Lakeshore Diner',
      'Northwoods Bait & Tackle',
      'Luzerne Marina',
    ]);
    expect(found[1]).toEqual({
      placeId: 'offline-lakeshore-diner',
      title: 'Lakeshore Diner',
      subtitle: '212 Lakeshore Road, Lake Luzerne, NY, USA',
    });
    expect(await provider.autocomplete('main street hard', near(TOWN))).toEqual([
      { placeId: 'offline-main-street-hardware', title: 'Main Street Hardware', subtitle: '240 Main Street, Maple Falls, WI, USA' },
    ]);
    expect(placesRequests).toEqual([]);
  });

  it('keeps to the 10000 m circle: a sample place further out is not offered', async () => {
    expect(await offline().autocomplete('queensbury', near(RESORT))).toEqual([]);
    expect(await offline().autocomplete('queensbury', near({ latitude: 43.35, longitude: -73.67 }))).toHaveLength(1);
    expect(await offline().autocomplete('diner', near(TOWN))).toEqual([]);
  });

  it('answers the details of its own places only, and a straight line for the driving distance', async () => {
    const diner = OFFLINE_PLACES.find((place) => place.placeId === 'offline-lakeshore-diner')!;
    expect(await offline().placeDetails('offline-lakeshore-diner')).toEqual(diner);
    expect((await rejection(offline().placeDetails('ChIJ-real'), PlacesError)).kind).toBe('not-found');
    expect(await offline().drivingMiles(RESORT, diner)).toBeCloseTo(0.51, 2);
  });
});
