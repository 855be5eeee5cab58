import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { decodeImage, thumbnail } from '@server/images/pipeline';
import { STOCK_PAGE_SIZE, StockPhotosError, type StockPhoto, type StockPhotosProvider } from './types';

/**
 * The offline default (ARCHITECTURE "External services"): no PEXELS_API_KEY,
 * UNSPLASH_ACCESS_KEY or PIXABAY_API_KEY, so no service is asked. The dialog says so and
 * offers a few drawn sample photos bundled in ./samples (generate.ts), so the dialog can be
 * tried without keys or internet. Samples whose names match a word of the query come first;
 * every search answers all of them, 15 a page like the services (there are more than 15, so
 * paging can be tried too). Thumbnails are `data:` URLs made here; a chosen sample is named by
 * its file name (`offline:{file}`).
 */
export const STOCK_OFFLINE_MESSAGE =
  'The stock photo services are offline: no Pexels, Unsplash or Pixabay key is configured, so sample photos are offered instead.';
export const OFFLINE_PREFIX = 'offline:';
const THUMBNAIL_WIDTH = 200;

export function defaultStockSamplesDir(): string {
  return resolve(process.cwd(), 'server/providers/stock-photos/samples');
}

interface Sample {
  photo: Omit<StockPhoto, 'index'>;
  file: string;
  words: string[];
}

async function listSamples(dir: string): Promise<Sample[]> {
  if (!existsSync(dir)) return [];
  const names = (await readdir(dir)).filter((name) => /\.(jpe?g|png)$/i.test(name)).sort();
  return Promise.all(
    names.map(async (name): Promise<Sample> => {
      const file = join(dir, name);
      const image = await decodeImage(await readFile(file));
      const small = thumbnail(image, THUMBNAIL_WIDTH).toBuffer('image/jpeg', 80);
      const words = name
        .replace(/\.[^.]+$/, '')
        .split(/[-_]+/)
        .filter(Boolean);
      const title = words.join(' ');
      return {
        file,
        words,
        photo: {
          source: 'offline',
          id: name,
          src: `data:image/jpeg;base64,${small.toString('base64')}`,
          downloadUrl: `${OFFLINE_PREFIX}${name}`,
          url: '',
          credit: `Sample photo: ${title.charAt(0).toUpperCase()}${title.slice(1)}`,
          width: image.width,
          height: image.height,
        },
      };
    }),
  );
}

const cache = new Map<string, Promise<Sample[]>>();
function samplesOf(dir: string): Promise<Sample[]> {
  let samples = cache.get(dir);
  if (!samples) {
    samples = listSamples(dir).catch((error) => {
      cache.delete(dir);
      throw new StockPhotosError(
        'invalid-response',
        `stock photos (offline): the samples could not be read: ${(error as Error).message}`,
        'offline',
      );
    });
    cache.set(dir, samples);
  }
  return samples;
}

export function createOfflineStockPhotos(options: { dir?: string } = {}): StockPhotosProvider {
  const dir = options.dir ?? defaultStockSamplesDir();
  return {
    offline: true,
    services: [],
    async search(query, page) {
      const samples = query.trim() !== '' ? await samplesOf(dir) : [];
      const wanted = query.toLowerCase().split(/\s+/).filter(Boolean);
      const score = (sample: Sample) => sample.words.filter((word) => wanted.some((w) => word.startsWith(w) || w.startsWith(word))).length;
      const ordered = [...samples].sort((a, b) => score(b) - score(a));
      const start = (page - 1) * STOCK_PAGE_SIZE;
      return {
        query,
        page,
        photos: ordered.slice(start, start + STOCK_PAGE_SIZE).map((sample, index) => ({ ...sample.photo, index })),
        hasMore: ordered.length > start + STOCK_PAGE_SIZE,
        errors: [],
      };
    },
    async download(choice) {
      const sample = choice.source === 'offline' ? (await samplesOf(dir)).find((candidate) => candidate.photo.id === choice.id) : undefined;
      if (!sample) throw new StockPhotosError('invalid-request', 'stock photos (offline): no such sample', 'offline');
      const bytes = new Uint8Array(await readFile(sample.file));
      return {
        bytes,
        contentType: /\.png$/i.test(sample.file) ? 'image/png' : 'image/jpeg',
        fileName: sample.photo.id,
        credit: sample.photo.credit,
      };
    },
  };
}
