import { join } from 'node:path';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEmbeddedDb, type EmbeddedDb } from '@server/db';
import { createPaths } from '@server/paths';
import { MAX_PLACE_QUERY_LENGTH, OFFLINE_PLACES, placesProvider, type PlaceDetails } from '@server/providers/places';
import { PLACE_IMPORT_QUERY_MAX } from '~/lib/listing-import';
import { placesHandlers } from '../../tests/mocks/places';
import { PLACE_DINER, PLACES_KEY } from '../../tests/mocks/places/google';
import { makeTempDir } from '../../tests/setup/tmp';
import { parseCsv } from './csv';
import { duplicateKey, guessMapping, planRows, rowFields, type ExistingListing } from './listings';
import { nearestWithin, PLACE_IMPORT_TEXTS, placesCsv, placeToListingFields, searchPlacesForImport } from './places';

const server = setupServer(...placesHandlers);
let db: EmbeddedDb;
const paths = createPaths('amc');
let counter = 0;
const RESORT = { latitude: 43.3123, longitude: -73.8351 };

async function community(position: { latitude: number; longitude: number } | null = RESORT): Promise<string> {
  const key = `place-import-${++counter}`;
  await db.ref(paths.community(key)).set({ title: `Place import ${counter}`, ...(position ?? {}) });
  return key;
}

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  db = createEmbeddedDb({ file: join(makeTempDir('place-import'), 'rtdb.sqlite') });
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(async () => {
  server.close();
  await db.close();
});

const DINER = OFFLINE_PLACES.find((place) => place.placeId === 'offline-lakeshore-diner')!;

describe('a place as listing fields', () => {
  it('takes the title, address, position, phone, website and place id; no description', () => {
    expect(placeToListingFields(DINER)).toEqual({
      title: 'Lakeshore Diner',
      address: '212 Lakeshore Road',
      city: 'Lake Luzerne',
      state: 'NY',
      zip: '12846',
      latitude: '43.3188',
      longitude: '-73.8302',
      phone: '(518) 555-0162',
      website: 'https://www.lakeshorediner.example',
      description: '',
      placeId: 'offline-lakeshore-diner',
    });
  });

  it('leaves out what the place does not say, and a place id that is no place id', () => {
    const bare: PlaceDetails = { ...DINER, phone: undefined, website: undefined, placeId: 'not a place/id', latitude: 43.123456789 };
    const fields = placeToListingFields(bare);
    expect(fields.phone).toBe('');
    expect(fields.website).toBe('');
    expect(fields.placeId).toBe('');
    expect(fields.latitude).toBe('43.1234568');
  });

  it('becomes a file whose columns map themselves, its rows checked and written as a file’s', () => {
    const commaPlace: PlaceDetails = { ...DINER, placeId: 'offline-x', title: 'Bait, Tackle & "More"', phone: '12' };
    const table = parseCsv(placesCsv([DINER, commaPlace]));
    const mapping = guessMapping(table.headers);
    expect(Object.values(mapping).every((column) => column !== null)).toBe(true);
    expect(table.rows[1]![0]).toBe('Bait, Tackle & "More"');
    const existing = new Map<string, ExistingListing>();
    const plan = planRows(table, mapping, existing, 'import');
    expect(plan.rows.map((row) => row.status)).toEqual(['ready', 'invalid']);
    expect(plan.rows[1]!.messages).toContain('Phone Number needs to have more than seven digits.');
    expect(rowFields(plan.rows[0]!.values, 'import')).toMatchObject({
      title: 'Lakeshore Diner',
      latitude: '43.3188',
      longitude: '-73.8302',
      placeId: 'offline-lakeshore-diner',
      description: null,
    });
    // Already in the list (by title and address): a duplicate, as in a file.
    existing.set(duplicateKey('lakeshore diner', '212 LAKESHORE ROAD.'), { key: 'x', value: {} });
    expect(planRows(table, mapping, existing, 'import').rows[0]!.status).toBe('duplicate');
  });

  it('keeps only the places inside the circle, nearest first, each once', () => {
    const far = OFFLINE_PLACES.find((place) => place.placeId === 'offline-queensbury-outlet-center')!;
    const marina = OFFLINE_PLACES.find((place) => place.placeId === 'offline-luzerne-marina')!;
    expect(nearestWithin([marina, far, DINER, DINER], RESORT, 6).map((place) => place.placeId)).toEqual([
      'offline-lakeshore-diner',
      'offline-luzerne-marina',
    ]);
  });

  it('searches no longer than the places port takes', () => {
    expect(PLACE_IMPORT_QUERY_MAX).toBe(MAX_PLACE_QUERY_LENGTH);
  });
});

describe('the place search of an import', () => {
  const offline = () => placesProvider({ GOOGLE_MAPS_API_KEY: undefined });
  const google = () => placesProvider({ GOOGLE_MAPS_API_KEY: PLACES_KEY });

  it('answers the offline default’s places around the community, with their details', async () => {
    const found = await searchPlacesForImport({ db, paths, places: offline() }, await community(), 'lakeshore', 6);
    expect(found.ok && found.places.map((place) => place.title)).toEqual(['Lakeshore Diner', 'Northwoods Bait & Tackle']);
  });

  it('says so when nothing is found within the radius', async () => {
    expect(await searchPlacesForImport({ db, paths, places: offline() }, await community(), 'queensbury', 6)).toEqual({
      ok: false,
      error: PLACE_IMPORT_TEXTS.nothingFound('queensbury', 6),
    });
    const wider = await searchPlacesForImport({ db, paths, places: offline() }, await community(), 'queensbury', 15);
    expect(wider.ok && wider.places.map((place) => place.title)).toEqual(['Queensbury Outlet Center']);
  });

  it('needs the community’s position and a search text', async () => {
    const deps = { db, paths, places: offline() };
    expect(await searchPlacesForImport(deps, await community(null), 'lake', 6)).toMatchObject({ ok: false });
    expect(await searchPlacesForImport(deps, await community(), '   ', 6)).toEqual({ ok: false, error: PLACE_IMPORT_TEXTS.query });
  });

  it('asks Google through the same adapter (msw), leaving out places whose details fail', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const found = await searchPlacesForImport({ db, paths, places: google() }, await community(), 'lake', 6);
    expect(found.ok).toBe(true);
    expect(found.ok && found.places.map((place) => place.placeId)).toContain(PLACE_DINER);
  });

  it('gives the place search’s message when the service fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const found = await searchPlacesForImport({ db, paths, places: google() }, await community(), 'busy', 6);
    expect(found.ok).toBe(false);
    expect(!found.ok && found.error).toMatch(/places service/i);
  });
});
