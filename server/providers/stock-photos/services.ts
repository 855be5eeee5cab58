import { getJson, isObject, size, text } from './http';
import { STOCK_PAGE_SIZE, StockPhotosError, type FetchLike, type StockPhoto, type StockService } from './types';

/**
 * The three services' search APIs, each answering one page of STOCK_PAGE_SIZE results in the
 * port's shape. Keys never reach the page: pexels and unsplash take theirs in a header;
 * pixabay's query key stays in the server's request and out of every message.
 *
 * - Pexels `GET https://api.pexels.com/v1/search?query&page&per_page` with `Authorization: {key}`
 *   → `{ page, per_page, photos: [{ id, width, height, url, photographer, src: { medium, large2x } }], next_page? }`.
 * - Unsplash `GET https://api.unsplash.com/search/photos?query&page&per_page` with
 *   `Authorization: Client-ID {key}` and `Accept-Version: v1` → `{ total, total_pages, results:
 *   [{ id, width, height, urls: { small, regular }, links: { html }, user: { name } }] }`; its
 *   rate limit is a 403 "Rate Limit Exceeded" with `X-Ratelimit-Remaining: 0` (or a 429).
 * - Pixabay `GET https://pixabay.com/api/?key&q&page&per_page&image_type=photo&safesearch=true`
 *   → `{ total, totalHits, hits: [{ id, pageURL, webformatURL, largeImageURL, imageWidth, imageHeight, user }] }`;
 *   errors are plain text ('[ERROR 400] …'), 429 when rate limited.
 *
 * A chosen photo is looked up again by its id on the server (the form posts `{source}:{id}`,
 * never an address), so the server only ever downloads what the service itself answers:
 * - Pexels `GET /v1/photos/{id}` → one photo as in the search.
 * - Unsplash `GET /photos/{id}` → one photo as in the search, with `links.download_location`,
 *   which the API guidelines require to be called (with the key) whenever a photo is
 *   downloaded; the adapter reports the download there.
 * - Pixabay `GET /api/?key&id={id}` → `{ hits: [one] }`; its `largeImageURL` is a keyed
 *   temporary address, fetched right away and copied into the community's storage, never
 *   hot-linked.
 */

export const PEXELS_BASE_URL = 'https://api.pexels.com/v1';
export const UNSPLASH_BASE_URL = 'https://api.unsplash.com';
export const PIXABAY_BASE_URL = 'https://pixabay.com/api/';

export type ServicePhoto = Omit<StockPhoto, 'index'>;
export interface ServicePage {
  photos: ServicePhoto[];
  hasMore: boolean;
}

/** A chosen photo as its service answers it now: where to download it, and its credit. */
export interface ResolvedPhoto {
  downloadUrl: string;
  credit: string;
  /** Unsplash: the address that counts the download (links.download_location). */
  downloadLocation?: string;
}

export interface StockServiceAdapter {
  service: StockService;
  search(query: string, page: number): Promise<ServicePage>;
  /** The photo with this id, asked of the service again. Throws StockPhotosError ('invalid-request' for an id it does not know). */
  resolve(id: string): Promise<ResolvedPhoto>;
  /** Tells the service its photo was downloaded, when its terms ask for that (Unsplash). Throws StockPhotosError. */
  reportDownload?(photo: ResolvedPhoto): Promise<void>;
}

const httpsUrl = (value: unknown): string => {
  const url = text(value);
  return /^https:\/\//i.test(url) ? url : '';
};

function invalid(service: StockService, what = 'search'): StockPhotosError {
  return new StockPhotosError('invalid-response', `${service}: unexpected ${what} answer`, service);
}

/** The ids each service gives its photos: only these are ever put in a request. */
const NUMERIC_ID = /^[1-9]\d{0,19}$/;
const UNSPLASH_ID = /^[A-Za-z0-9_-]{1,64}$/;

function checkId(service: StockService, id: string, pattern: RegExp) {
  if (!pattern.test(id))
    throw new StockPhotosError('invalid-request', `${service}: not a photo id: ${JSON.stringify(id.slice(0, 80))}`, service);
}

/**
 * A lookup by id that the service answers 404 (pexels, unsplash) or 400 for anything but its key
 * (pixabay, whose 400 texts say what is wrong): the photo cannot be chosen.
 */
async function lookup<T>(service: StockService, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (!(error instanceof StockPhotosError)) throw error;
    const unknownPhoto = error.status === 404 || (service === 'pixabay' && error.status === 400 && !/api key/i.test(error.message));
    if (unknownPhoto) throw new StockPhotosError('invalid-request', `${service}: no such photo`, service, error.status);
    throw error;
  }
}

function resolved(service: StockService, photo: ServicePhoto | undefined): ResolvedPhoto {
  if (!photo) throw invalid(service, 'photo');
  return { downloadUrl: photo.downloadUrl, credit: photo.credit };
}

function pexelsPhoto(item: unknown): ServicePhoto | undefined {
  if (!isObject(item) || !isObject(item.src)) return undefined;
  const src = httpsUrl(item.src.medium) || httpsUrl(item.src.small);
  const downloadUrl = httpsUrl(item.src.large2x) || httpsUrl(item.src.large) || httpsUrl(item.src.original);
  if (!text(item.id) || !src || !downloadUrl) return undefined;
  const name = text(item.photographer);
  return {
    source: 'pexels',
    id: text(item.id),
    src,
    downloadUrl,
    url: httpsUrl(item.url),
    credit: name ? `Photo by ${name} on Pexels` : 'Photo on Pexels',
    width: size(item.width),
    height: size(item.height),
  };
}

export function createPexels(options: { apiKey: string; fetch?: FetchLike; baseUrl?: string }): StockServiceAdapter {
  const fetchImpl = options.fetch ?? fetch;
  const baseUrl = options.baseUrl ?? PEXELS_BASE_URL;
  const headers = { Authorization: options.apiKey };
  return {
    service: 'pexels',
    async search(query, page) {
      const params = new URLSearchParams({ query, page: String(page), per_page: String(STOCK_PAGE_SIZE) });
      const body = await getJson(fetchImpl, 'pexels', `${baseUrl}/search?${params}`, headers);
      if (!isObject(body) || !Array.isArray(body.photos)) throw invalid('pexels');
      const photos = body.photos.flatMap((item) => pexelsPhoto(item) ?? []);
      return { photos: photos.slice(0, STOCK_PAGE_SIZE), hasMore: typeof body.next_page === 'string' && body.next_page !== '' };
    },
    async resolve(id) {
      checkId('pexels', id, NUMERIC_ID);
      const body = await lookup('pexels', () => getJson(fetchImpl, 'pexels', `${baseUrl}/photos/${id}`, headers));
      return resolved('pexels', pexelsPhoto(body));
    },
  };
}

function unsplashPhoto(item: unknown): (ServicePhoto & { downloadLocation: string }) | undefined {
  if (!isObject(item) || !isObject(item.urls)) return undefined;
  const src = httpsUrl(item.urls.small) || httpsUrl(item.urls.thumb);
  const downloadUrl = httpsUrl(item.urls.regular) || httpsUrl(item.urls.full);
  if (!text(item.id) || !src || !downloadUrl) return undefined;
  const name = isObject(item.user) ? text(item.user.name) : '';
  return {
    source: 'unsplash',
    id: text(item.id),
    src,
    downloadUrl,
    url: isObject(item.links) ? httpsUrl(item.links.html) : '',
    credit: name ? `Photo by ${name} on Unsplash` : 'Photo on Unsplash',
    width: size(item.width),
    height: size(item.height),
    downloadLocation: isObject(item.links) ? httpsUrl(item.links.download_location) : '',
  };
}

export function createUnsplash(options: { accessKey: string; fetch?: FetchLike; baseUrl?: string }): StockServiceAdapter {
  const fetchImpl = options.fetch ?? fetch;
  const baseUrl = options.baseUrl ?? UNSPLASH_BASE_URL;
  const headers = { Authorization: `Client-ID ${options.accessKey}`, 'Accept-Version': 'v1' };
  const rateLimited = {
    rateLimited: (response: Response, body: string) => response.headers.get('X-Ratelimit-Remaining') === '0' || /rate limit/i.test(body),
  };
  return {
    service: 'unsplash',
    async search(query, page) {
      const params = new URLSearchParams({ query, page: String(page), per_page: String(STOCK_PAGE_SIZE) });
      const body = await getJson(fetchImpl, 'unsplash', `${baseUrl}/search/photos?${params}`, headers, rateLimited);
      if (!isObject(body) || !Array.isArray(body.results)) throw invalid('unsplash');
      const photos = body.results.flatMap((item): ServicePhoto[] => {
        const photo = unsplashPhoto(item);
        if (!photo) return [];
        const { downloadLocation: _, ...shown } = photo;
        return [shown];
      });
      const totalPages = size(body.total_pages);
      return { photos: photos.slice(0, STOCK_PAGE_SIZE), hasMore: page < totalPages };
    },
    async resolve(id) {
      checkId('unsplash', id, UNSPLASH_ID);
      const body = await lookup('unsplash', () => getJson(fetchImpl, 'unsplash', `${baseUrl}/photos/${id}`, headers, rateLimited));
      const photo = unsplashPhoto(body);
      // The download is counted on Unsplash's own API, nowhere else.
      const location = photo?.downloadLocation ?? '';
      if (!photo || !location.startsWith(`${new URL(baseUrl).origin}/`)) throw invalid('unsplash', 'photo');
      return { downloadUrl: photo.downloadUrl, credit: photo.credit, downloadLocation: location };
    },
    async reportDownload(photo) {
      if (!photo.downloadLocation) return;
      await getJson(fetchImpl, 'unsplash', photo.downloadLocation, headers, rateLimited);
    },
  };
}

function pixabayPhoto(item: unknown): ServicePhoto | undefined {
  if (!isObject(item)) return undefined;
  const src = httpsUrl(item.webformatURL) || httpsUrl(item.previewURL);
  const downloadUrl = httpsUrl(item.largeImageURL) || httpsUrl(item.webformatURL);
  if (!text(item.id) || !src || !downloadUrl) return undefined;
  const name = text(item.user);
  return {
    source: 'pixabay',
    id: text(item.id),
    src,
    downloadUrl,
    url: httpsUrl(item.pageURL),
    credit: name ? `Image by ${name} from Pixabay` : 'Image from Pixabay',
    width: size(item.imageWidth),
    height: size(item.imageHeight),
  };
}

export function createPixabay(options: { apiKey: string; fetch?: FetchLike; baseUrl?: string }): StockServiceAdapter {
  const fetchImpl = options.fetch ?? fetch;
  const baseUrl = options.baseUrl ?? PIXABAY_BASE_URL;
  return {
    service: 'pixabay',
    async search(query, page) {
      const params = new URLSearchParams({
        key: options.apiKey,
        q: query,
        page: String(page),
        per_page: String(STOCK_PAGE_SIZE),
        image_type: 'photo',
        safesearch: 'true',
      });
      const body = await getJson(fetchImpl, 'pixabay', `${baseUrl}?${params}`, {});
      if (!isObject(body) || !Array.isArray(body.hits)) throw invalid('pixabay');
      const photos = body.hits.flatMap((item) => pixabayPhoto(item) ?? []);
      return { photos: photos.slice(0, STOCK_PAGE_SIZE), hasMore: page * STOCK_PAGE_SIZE < size(body.totalHits) };
    },
    async resolve(id) {
      checkId('pixabay', id, NUMERIC_ID);
      const params = new URLSearchParams({ key: options.apiKey, id });
      const body = await lookup('pixabay', () => getJson(fetchImpl, 'pixabay', `${baseUrl}?${params}`, {}));
      if (!isObject(body) || !Array.isArray(body.hits)) throw invalid('pixabay', 'photo');
      if (body.hits.length === 0) throw new StockPhotosError('invalid-request', 'pixabay: no such photo', 'pixabay');
      const photo = pixabayPhoto(body.hits[0]);
      if (photo && photo.id !== id) throw invalid('pixabay', 'photo');
      return resolved('pixabay', photo);
    },
  };
}
