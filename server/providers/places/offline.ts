import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { decodeImage, thumbnail } from '@server/images/pipeline';
import { haversineMiles, isLatLng, METERS_PER_MILE } from './geo';
import {
  MAX_PLACE_PHOTOS,
  MAX_PLACE_QUERY_LENGTH,
  MAX_PLACE_SUGGESTIONS,
  PlacesError,
  type PlaceDetails,
  type PlacePhoto,
  type PlacesProvider,
  type PlaceSuggestion,
} from './types';

/**
 * The offline default (ARCHITECTURE "External services"): no GOOGLE_MAPS_API_KEY, so Google is
 * never asked. The picker says so on screen and offers the demo's own header pictures
 * (firebase/seed/files, drawn by generate-images.ts) as sample photos, so the places picker can
 * be tried without a key or internet. Thumbnails are `data:` URLs made here.
 */
export const PLACES_OFFLINE_MESSAGE =
  'The places service is offline: no maps API key is configured, so sample photos are offered instead of the place’s own photos.';

/** What the place search says while the offline default answers. */
export const PLACE_SEARCH_OFFLINE_MESSAGE =
  'The places service is offline: no maps API key is configured, so the search only knows a few sample places near the demo communities. ' +
  'You can type the address, latitude and longitude yourself.';

/**
 * The offline default's places: a few around each demo community (Pine Hollow RV Resort in Lake
 * Luzerne, NY and the Village of Maple Falls, WI), and one beyond the 10000 m circle of each, so
 * the search, the choice and the distance can be tried without a key. The names and numbers are
 * the demo's own inventions.
 */
export const OFFLINE_PLACES: readonly PlaceDetails[] = [
  place('lakeshore-diner', 'Lakeshore Diner', '212 Lakeshore Road', 'Lake Luzerne', 'NY', '12846', 43.3188, -73.8302, {
    phone: '(518) 555-0162',
    website: 'https://www.lakeshorediner.example',
    types: ['restaurant', 'food'],
  }),
  place('luzerne-marina', 'Luzerne Marina', '15 Bay Road', 'Lake Luzerne', 'NY', '12846', 43.3241, -73.8425, {
    phone: '(518) 555-0118',
    types: ['marina'],
  }),
  place('adirondack-outfitters', 'Adirondack Outfitters', '48 Main Street', 'Lake Luzerne', 'NY', '12846', 43.3142, -73.8389, {
    phone: '(518) 555-0175',
    website: 'https://www.adkoutfitters.example',
    types: ['store', 'sporting_goods_store'],
  }),
  place('rockwell-falls-pizza', 'Rockwell Falls Pizza', '9 Bridge Street', 'Hadley', 'NY', '12835', 43.3171, -73.8468, {
    phone: '(518) 555-0133',
    types: ['restaurant', 'pizza_restaurant'],
  }),
  place('hadley-country-store', 'Hadley Country Store', '301 Stony Creek Road', 'Hadley', 'NY', '12835', 43.3302, -73.8587, {
    types: ['store', 'grocery_store'],
  }),
  place('northwoods-bait', 'Northwoods Bait & Tackle', '77 Lakeshore Road', 'Lake Luzerne', 'NY', '12846', 43.3055, -73.8268, {
    types: ['store'],
  }),
  place('queensbury-outlet-center', 'Queensbury Outlet Center', '1444 State Route 9', 'Queensbury', 'NY', '12804', 43.3478, -73.6662, {
    types: ['shopping_mall'],
  }),
  place(
    'maple-falls-family-restaurant',
    'Maple Falls Family Restaurant',
    '118 Main Street',
    'Maple Falls',
    'WI',
    '54660',
    43.9861,
    -90.5032,
    {
      phone: '(608) 555-0121',
      types: ['restaurant', 'food'],
    },
  ),
  place('main-street-hardware', 'Main Street Hardware', '240 Main Street', 'Maple Falls', 'WI', '54660', 43.9849, -90.5004, {
    phone: '(608) 555-0144',
    website: 'https://www.mainstreethardware.example',
    types: ['hardware_store', 'store'],
  }),
  place('falls-creek-coffee', 'Falls Creek Coffee', '12 River Street', 'Maple Falls', 'WI', '54660', 43.9872, -90.4987, {
    types: ['cafe', 'food'],
  }),
  place('riverside-park-shelter', 'Riverside Park Shelter', '500 River Street', 'Maple Falls', 'WI', '54660', 43.9903, -90.4931, {
    types: ['park'],
  }),
  place('sparta-farm-supply', 'Sparta Farm Supply', '1800 County Road B', 'Sparta', 'WI', '54656', 43.9441, -90.8129, {
    types: ['store'],
  }),
];

function place(
  slug: string,
  title: string,
  address: string,
  city: string,
  state: string,
  zip: string,
  latitude: number,
  longitude: number,
  extra: Pick<PlaceDetails, 'phone' | 'website' | 'types'>,
): PlaceDetails {
  return { placeId: `offline-${slug}`, title, address, city, state, zip, latitude, longitude, ...extra };
}

const normalized = (value: string) =>
  value
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9& ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** True when every word typed starts a word of the place's name or address. */
function matches(candidate: PlaceDetails, query: string): boolean {
  const words = normalized(`${candidate.title} ${candidate.address} ${candidate.city}`).split(' ');
  return normalized(query)
    .split(' ')
    .filter(Boolean)
    .every((typed) => words.some((word) => word.startsWith(typed)));
}

/** The credit of a sample photo: 'Sample photo: Campfire night'. */
export const OFFLINE_ATTRIBUTION = 'Sample photo';
const sampleTitle = (fileName: string) => {
  const words = fileName
    .replace(/\.[^.]+$/, '')
    .replace(/[-_]+/g, ' ')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
export const OFFLINE_PHOTO_PREFIX = 'offline/';
const THUMBNAIL_WIDTH = 320;

/** Where the sample photos are: the demo resort's header pictures. */
export function defaultSamplePhotosDir(): string {
  return resolve(process.cwd(), 'firebase/seed/files/demo-campground/images/header');
}

interface Sample {
  photo: PlacePhoto;
  file: string;
  contentType: string;
}

async function listSamples(dir: string): Promise<Sample[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && /\.(jpe?g|png)$/i.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
    .slice(0, MAX_PLACE_PHOTOS);
  return Promise.all(
    files.map(async (file): Promise<Sample> => {
      const bytes = await readFile(file);
      const image = await decodeImage(bytes);
      const small = thumbnail(image, THUMBNAIL_WIDTH).toBuffer('image/jpeg', 80);
      const name = file.split(/[\\/]/).pop()!;
      return {
        file,
        contentType: /\.png$/i.test(name) ? 'image/png' : 'image/jpeg',
        photo: {
          id: `${OFFLINE_PHOTO_PREFIX}${name}`,
          width: image.width,
          height: image.height,
          attributions: [{ displayName: `${OFFLINE_ATTRIBUTION}: ${sampleTitle(name)}` }],
          thumbnailUrl: `data:image/jpeg;base64,${small.toString('base64')}`,
        },
      };
    }),
  );
}

/** The samples of a folder, read once per process. */
const cache = new Map<string, Promise<Sample[]>>();

function samplesOf(dir: string): Promise<Sample[]> {
  let samples = cache.get(dir);
  if (!samples) {
    samples = listSamples(dir).catch((error) => {
      cache.delete(dir);
      throw new PlacesError('invalid-response', `places (offline): the sample photos could not be read: ${(error as Error).message}`);
    });
    cache.set(dir, samples);
  }
  return samples;
}

export function createOfflinePlacesProvider(options: { dir?: string } = {}): PlacesProvider {
  const dir = options.dir ?? defaultSamplePhotosDir();
  const load = () => samplesOf(dir);
  return {
    offline: true,
    async autocomplete(input, bias) {
      const query = input.trim().slice(0, MAX_PLACE_QUERY_LENGTH);
      if (normalized(query) === '') return [];
      if (!isLatLng(bias)) throw new PlacesError('invalid-request', 'places (offline): the search circle is not valid');
      const radiusMiles = bias.radiusMeters / METERS_PER_MILE;
      return OFFLINE_PLACES.map((candidate) => ({ candidate, miles: haversineMiles(bias, candidate) }))
        .filter(({ candidate, miles }) => miles <= radiusMiles && matches(candidate, query))
        .sort((a, b) => a.miles - b.miles)
        .slice(0, MAX_PLACE_SUGGESTIONS)
        .map(({ candidate }): PlaceSuggestion => ({
          placeId: candidate.placeId,
          title: candidate.title,
          subtitle: `${candidate.address}, ${candidate.city}, ${candidate.state}, USA`,
        }));
    },
    async placeDetails(placeId) {
      const found = OFFLINE_PLACES.find((candidate) => candidate.placeId === placeId);
      if (!found) throw new PlacesError('not-found', `places (offline): no sample place ${JSON.stringify(placeId)}`);
      return structuredClone(found);
    },
    /** Offline there are no roads: the straight-line distance stands in for the driving one. */
    async drivingMiles(from, to) {
      if (!isLatLng(from) || !isLatLng(to)) throw new PlacesError('invalid-request', 'places (offline): a route needs two valid positions');
      return haversineMiles(from, to);
    },
    async listPhotos() {
      return (await load()).map((sample) => sample.photo);
    },
    async fetchPhoto(_placeId, photoId) {
      const sample = (await load()).find((candidate) => candidate.photo.id === photoId);
      if (!sample) throw new PlacesError('invalid-request', 'places (offline): no such sample photo');
      const bytes = new Uint8Array(await readFile(sample.file));
      return { bytes, contentType: sample.contentType, fileName: `place-photo-${photoId.slice(OFFLINE_PHOTO_PREFIX.length)}` };
    },
  };
}
