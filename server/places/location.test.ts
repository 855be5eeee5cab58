import { join } from 'node:path';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEmbeddedDb, type EmbeddedDb } from '@server/db';
import type { DbValue } from '@server/db/types';
import { createPaths } from '@server/paths';
import { placesProvider, type PlacesProvider } from '@server/providers/places';
import { EMPTY_LOCATION } from '~/lib/location';
import { placesHandlers } from '../../tests/mocks/places';
import {
  PLACE_DINER,
  PLACE_UNKNOWN,
  PLACES_KEY,
  placesPosts,
  placesRequests,
  ROUTE_BROKEN,
  ROUTE_DINER,
} from '../../tests/mocks/places/google';
import { makeTempDir } from '../../tests/setup/tmp';
import {
  applyPlaceChoice,
  choosePlace,
  communityDistanceMiles,
  communityPosition,
  distanceMiles,
  PLACE_SEARCH_RADIUS_M,
  PLACE_SEARCH_TEXTS,
  roundMiles,
  searchPlaces,
  straightLineMiles,
} from './location';

const server = setupServer(...placesHandlers);
let db: EmbeddedDb;
const paths = createPaths('amc');
let counter = 0;
const RESORT = { latitude: 43.3123, longitude: -73.8351 };

/** A community of the test's own, at `position` (stored as the seed stores it: numbers). */
async function community(position: Record<string, DbValue> | null = { latitude: 43.3123, longitude: -73.8351 }): Promise<string> {
  const key = `places-${++counter}`;
  await db.ref(paths.community(key)).set({ title: `Places ${counter}`, ...(position ?? {}) });
  return key;
}

const google = () => placesProvider({ GOOGLE_MAPS_API_KEY: PLACES_KEY });
const offline = () => placesProvider({ GOOGLE_MAPS_API_KEY: undefined });

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  db = createEmbeddedDb({ file: join(makeTempDir('places-location'), 'rtdb.sqlite') });
});
afterEach(() => {
  server.resetHandlers();
  placesRequests.length = 0;
  placesPosts.length = 0;
  vi.restoreAllMocks();
});
afterAll(async () => {
  server.close();
  await db.close();
});

describe('distances', () => {
  it('rounds to a tenth of a mile, and very short distances become 0 (spec 03 §9)', () => {
    expect(roundMiles(12.345)).toBe(12.3);
    expect(roundMiles(0.1)).toBe(0.1);
    expect(roundMiles(0.0999)).toBe(0);
    expect(roundMiles(0)).toBe(0);
    expect(roundMiles(Number.NaN)).toBe(0);
  });

  it('measures the straight line with the haversine formula', () => {
    expect(straightLineMiles(RESORT, ROUTE_DINER)).toBeCloseTo(0.512, 3);
  });

  it('drives when the service can, and falls back to the straight line when directions fail (spec 03 §8)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await distanceMiles(google(), RESORT, ROUTE_DINER)).toEqual({ miles: 0.7, method: 'driving' });
    expect(await distanceMiles(google(), RESORT, ROUTE_BROKEN)).toEqual({
      miles: roundMiles(straightLineMiles(RESORT, ROUTE_BROKEN)),
      method: 'straight-line',
    });
    // No route at all is a failure too.
    expect((await distanceMiles(google(), RESORT, { latitude: 10, longitude: 10 })).method).toBe('straight-line');
    expect(error).toHaveBeenCalledTimes(2);
  });

  it('uses the straight line offline without asking anybody', async () => {
    expect(await distanceMiles(offline(), RESORT, ROUTE_DINER)).toEqual({ miles: 0.5, method: 'straight-line' });
    expect(placesRequests).toEqual([]);
  });

  it('measures from the community, which needs a position', async () => {
    const key = await community({ latitude: '43.3123', longitude: '-73.8351' });
    expect(await communityPosition({ db, paths }, key)).toEqual(RESORT);
    expect(await communityDistanceMiles({ db, paths, places: google() }, key, ROUTE_DINER)).toEqual({ miles: 0.7, method: 'driving' });
    const nowhere = await community(null);
    expect(await communityPosition({ db, paths }, nowhere)).toBeNull();
    expect(await communityDistanceMiles({ db, paths, places: google() }, nowhere, ROUTE_DINER)).toBeNull();
    expect(await communityPosition({ db, paths }, await community({ latitude: 'north', longitude: 3 }))).toBeNull();
    expect(await communityPosition({ db, paths }, 'no-such-community')).toBeNull();
  });
});

describe('searchPlaces', () => {
  it('searches a 10000 m circle around the community', async () => {
    const key = await community();
    const result = await searchPlaces({ db, paths, places: google() }, key, 'lake');
    expect(result.offline).toBe(false);
    expect(result.error).toBeNull();
    expect(result.suggestions[0]).toEqual({
      placeId: PLACE_DINER,
      title: 'Lakeshore Diner',
      subtitle: '212 Lakeshore Road, Lake Luzerne, NY, USA',
    });
    expect(placesPosts[0]!.body).toMatchObject({
      locationBias: { circle: { center: RESORT, radius: PLACE_SEARCH_RADIUS_M } },
    });
  });

  it('says the offline default answered', async () => {
    const key = await community();
    const result = await searchPlaces({ db, paths, places: offline() }, key, 'diner');
    expect(result).toEqual({
      suggestions: [
        { placeId: 'offline-lakeshore-diner', title: 'Lakeshore Diner', subtitle: '212 Lakeshore Road, Lake Luzerne, NY, USA' },
      ],
      offline: true,
      error: null,
    });
  });

  it('answers an empty text with nothing, a long one and a community without a position with a message', async () => {
    const key = await community();
    const deps = { db, paths, places: google() };
    expect(await searchPlaces(deps, key, '   ')).toEqual({ suggestions: [], offline: false, error: null });
    expect((await searchPlaces(deps, key, 'x'.repeat(121))).error).toBe(PLACE_SEARCH_TEXTS.tooLong);
    expect((await searchPlaces(deps, await community(null), 'lake')).error).toBe(PLACE_SEARCH_TEXTS.noCommunityPosition);
    expect(placesRequests).toEqual([]);
  });

  it("turns the service's failures into a message and never throws", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const key = await community();
    const result = await searchPlaces({ db, paths, places: google() }, key, 'busy');
    expect(result).toEqual({
      suggestions: [],
      offline: false,
      error: 'The places service is busy (too many requests). Please try again in 20 seconds.',
    });
    const broken: PlacesProvider = { ...google(), autocomplete: () => Promise.reject(new Error('boom')) };
    expect((await searchPlaces({ db, paths, places: broken }, key, 'lake')).error).toBe(
      'The place search failed. Please try again, or fill in the address yourself.',
    );
  });
});

describe('choosing a place', () => {
  it('fills the address fields and the position as strings, and the title when it was empty', async () => {
    const form = { ...EMPTY_LOCATION, noLocation: true, zip: '99999' };
    expect(await applyPlaceChoice({ places: google() }, PLACE_DINER, form)).toEqual({
      noLocation: false,
      title: 'Lakeshore Diner',
      address: '212 Lakeshore Road',
      city: 'Lake Luzerne',
      state: 'NY',
      zip: '12846',
      latitude: '43.3188',
      longitude: '-73.8302',
      placeId: PLACE_DINER,
    });
    const kept = await applyPlaceChoice({ places: google() }, PLACE_DINER, { ...EMPTY_LOCATION, title: 'Breakfast at the Diner' });
    expect(kept.title).toBe('Breakfast at the Diner');
  });

  it('also gives the details (phone, website) for the editor', async () => {
    const { details } = await choosePlace({ places: offline() }, 'offline-main-street-hardware', EMPTY_LOCATION);
    expect(details).toMatchObject({ phone: '(608) 555-0144', website: 'https://www.mainstreethardware.example' });
  });

  it('refuses an id that is no place id before asking, and passes the service errors on', async () => {
    await expect(applyPlaceChoice({ places: google() }, 'places/../x', EMPTY_LOCATION)).rejects.toMatchObject({ kind: 'invalid-request' });
    expect(placesRequests).toEqual([]);
    await expect(applyPlaceChoice({ places: google() }, PLACE_UNKNOWN, EMPTY_LOCATION)).rejects.toMatchObject({ kind: 'not-found' });
  });
});
