import type { Env } from '@server/env';
import { downloadImage } from './http';
import { createOfflineStockPhotos } from './offline';
import { createPexels, createPixabay, createUnsplash, type StockServiceAdapter } from './services';
import {
  MAX_STOCK_PAGE,
  MAX_STOCK_QUERY,
  StockPhotosError,
  stockPhotosErrorMessage,
  type FetchLike,
  type StockPhotosProvider,
} from './types';

export * from './types';
export { IMAGE_HOSTS, STOCK_PHOTO_MAX_BYTES, serviceOfImageUrl } from './http';
export { PEXELS_BASE_URL, PIXABAY_BASE_URL, UNSPLASH_BASE_URL, type ResolvedPhoto, type StockServiceAdapter } from './services';
export { createOfflineStockPhotos, defaultStockSamplesDir, OFFLINE_PREFIX, STOCK_OFFLINE_MESSAGE } from './offline';

export type StockPhotosEnv = Pick<Env, 'PEXELS_API_KEY' | 'UNSPLASH_ACCESS_KEY' | 'PIXABAY_API_KEY'>;

/**
 * One search over the configured services: each key (PEXELS_API_KEY, UNSPLASH_ACCESS_KEY,
 * PIXABAY_API_KEY) adds its service; with none, the offline default. The services are asked
 * in parallel and their pages joined (pexels, unsplash, pixabay); a service that fails while
 * others answer is reported in `errors`; when all fail, the first failure is thrown.
 */
export function combineStockServices(adapters: StockServiceAdapter[], fetchImpl: FetchLike = fetch): StockPhotosProvider {
  const services = adapters.map((adapter) => adapter.service);
  return {
    offline: false,
    services,
    async search(rawQuery, rawPage) {
      const query = rawQuery.trim().slice(0, MAX_STOCK_QUERY);
      const page = Math.min(MAX_STOCK_PAGE, Math.max(1, Math.floor(rawPage) || 1));
      if (!query) return { query, page, photos: [], hasMore: false, errors: [] };
      const settled = await Promise.allSettled(adapters.map((adapter) => adapter.search(query, page)));
      const failures = settled.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
      if (failures.length === settled.length && failures.length > 0) {
        const first = failures[0];
        throw first instanceof StockPhotosError ? first : new StockPhotosError('vendor', String(first));
      }
      for (const failure of failures) console.error('A stock photo search failed:', failure);
      const pages = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
      return {
        query,
        page,
        photos: pages.flatMap((one) => one.photos).map((photo, index) => ({ ...photo, index })),
        hasMore: pages.some((one) => one.hasMore),
        errors: failures.map(stockPhotosErrorMessage),
      };
    },
    async download(choice) {
      const adapter = adapters.find((candidate) => candidate.service === choice.source);
      if (!adapter)
        throw new StockPhotosError('invalid-request', `stock photos: ${String(choice.source).slice(0, 20)} is not searched here`);
      const photo = await adapter.resolve(choice.id);
      // Unsplash counts the download while the photo is copied; a failed count does not fail the choice.
      const reported = adapter.reportDownload?.(photo).catch((error: unknown) => {
        console.error(`Reporting the download of ${choice.source} photo ${choice.id} failed:`, error);
      });
      const [file] = await Promise.all([downloadImage(fetchImpl, services, photo.downloadUrl), reported]);
      return { ...file, credit: photo.credit };
    },
  };
}

export function stockPhotosProvider(env: StockPhotosEnv, options: { fetch?: FetchLike; samplesDir?: string } = {}): StockPhotosProvider {
  const fetchOption = options.fetch ? { fetch: options.fetch } : {};
  const adapters: StockServiceAdapter[] = [];
  if (env.PEXELS_API_KEY) adapters.push(createPexels({ apiKey: env.PEXELS_API_KEY, ...fetchOption }));
  if (env.UNSPLASH_ACCESS_KEY) adapters.push(createUnsplash({ accessKey: env.UNSPLASH_ACCESS_KEY, ...fetchOption }));
  if (env.PIXABAY_API_KEY) adapters.push(createPixabay({ apiKey: env.PIXABAY_API_KEY, ...fetchOption }));
  if (adapters.length === 0) return createOfflineStockPhotos(options.samplesDir ? { dir: options.samplesDir } : {});
  return combineStockServices(adapters, options.fetch ?? fetch);
}
