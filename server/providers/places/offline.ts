import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { decodeImage, thumbnail } from '@server/images/pipeline';
import { MAX_PLACE_PHOTOS, PlacesError, type PlacePhoto, type PlacesProvider } from './types';

/**
 * The offline default (ARCHITECTURE "External services"): no GOOGLE_MAPS_API_KEY, so Google is
 * never asked. The picker says so on screen and offers the demo's own header pictures
 * (firebase/seed/files, drawn by generate-images.ts) as sample photos, so the places picker can
 * be tried without a key or internet. Thumbnails are `data:` URLs made here.
 */
export const PLACES_OFFLINE_MESSAGE =
  'The places service is offline: no maps API key is configured, so sample photos are offered instead of the place’s own photos.';

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
