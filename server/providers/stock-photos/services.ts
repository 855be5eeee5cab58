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
 */

export const PEXELS_BASE_URL = 'https://api.pexels.com/v1';
export const UNSPLASH_BASE_URL = 'https://api.unsplash.com';
export const PIXABAY_BASE_URL = 'https://pixabay.com/api/';

export type ServicePhoto = Omit<StockPhoto, 'index'>;
export interface ServicePage {
  photos: ServicePhoto[];
  hasMore: boolean;
}

export interface StockServiceAdapter {
  service: StockService;
  search(query: string, page: number): Promise<ServicePage>;
}

const httpsUrl = (value: unknown): string => {
  const url = text(value);
  return /^https:\/\//i.test(url) ? url : '';
};

function invalid(service: StockService): StockPhotosError {
  return new StockPhotosError('invalid-response', `${service}: unexpected search answer`, service);
}

export function createPexels(options: { apiKey: string; fetch?: FetchLike; baseUrl?: string }): StockServiceAdapter {
  const fetchImpl = options.fetch ?? fetch;
  const baseUrl = options.baseUrl ?? PEXELS_BASE_URL;
  return {
    service: 'pexels',
    async search(query, page) {
      const params = new URLSearchParams({ query, page: String(page), per_page: String(STOCK_PAGE_SIZE) });
      const body = await getJson(fetchImpl, 'pexels', `${baseUrl}/search?${params}`, { Authorization: options.apiKey });
      if (!isObject(body) || !Array.isArray(body.photos)) throw invalid('pexels');
      const photos = body.photos.flatMap((item): ServicePhoto[] => {
        if (!isObject(item) || !isObject(item.src)) return [];
        const src = httpsUrl(item.src.medium) || httpsUrl(item.src.small);
        const downloadUrl = httpsUrl(item.src.large2x) || httpsUrl(item.src.large) || httpsUrl(item.src.original);
        if (!text(item.id) || !src || !downloadUrl) return [];
        const name = text(item.photographer);
        return [
          {
            source: 'pexels',
            id: text(item.id),
            src,
            downloadUrl,
            url: httpsUrl(item.url),
            credit: name ? `Photo by ${name} on Pexels` : 'Photo on Pexels',
            width: size(item.width),
            height: size(item.height),
          },
        ];
      });
      return { photos: photos.slice(0, STOCK_PAGE_SIZE), hasMore: typeof body.next_page === 'string' && body.next_page !== '' };
    },
  };
}

export function createUnsplash(options: { accessKey: string; fetch?: FetchLike; baseUrl?: string }): StockServiceAdapter {
  const fetchImpl = options.fetch ?? fetch;
  const baseUrl = options.baseUrl ?? UNSPLASH_BASE_URL;
  return {
    service: 'unsplash',
    async search(query, page) {
      const params = new URLSearchParams({ query, page: String(page), per_page: String(STOCK_PAGE_SIZE) });
      const body = await getJson(
        fetchImpl,
        'unsplash',
        `${baseUrl}/search/photos?${params}`,
        { Authorization: `Client-ID ${options.accessKey}`, 'Accept-Version': 'v1' },
        { rateLimited: (response, text) => response.headers.get('X-Ratelimit-Remaining') === '0' || /rate limit/i.test(text) },
      );
      if (!isObject(body) || !Array.isArray(body.results)) throw invalid('unsplash');
      const photos = body.results.flatMap((item): ServicePhoto[] => {
        if (!isObject(item) || !isObject(item.urls)) return [];
        const src = httpsUrl(item.urls.small) || httpsUrl(item.urls.thumb);
        const downloadUrl = httpsUrl(item.urls.regular) || httpsUrl(item.urls.full);
        if (!text(item.id) || !src || !downloadUrl) return [];
        const name = isObject(item.user) ? text(item.user.name) : '';
        return [
          {
            source: 'unsplash',
            id: text(item.id),
            src,
            downloadUrl,
            url: isObject(item.links) ? httpsUrl(item.links.html) : '',
            credit: name ? `Photo by ${name} on Unsplash` : 'Photo on Unsplash',
            width: size(item.width),
            height: size(item.height),
          },
        ];
      });
      const totalPages = size(body.total_pages);
      return { photos: photos.slice(0, STOCK_PAGE_SIZE), hasMore: page < totalPages };
    },
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
      const photos = body.hits.flatMap((item): ServicePhoto[] => {
        if (!isObject(item)) return [];
        const src = httpsUrl(item.webformatURL) || httpsUrl(item.previewURL);
        const downloadUrl = httpsUrl(item.largeImageURL) || httpsUrl(item.webformatURL);
        if (!text(item.id) || !src || !downloadUrl) return [];
        const name = text(item.user);
        return [
          {
            source: 'pixabay',
            id: text(item.id),
            src,
            downloadUrl,
            url: httpsUrl(item.pageURL),
            credit: name ? `Image by ${name} from Pixabay` : 'Image from Pixabay',
            width: size(item.imageWidth),
            height: size(item.imageHeight),
          },
        ];
      });
      return { photos: photos.slice(0, STOCK_PAGE_SIZE), hasMore: page * STOCK_PAGE_SIZE < size(body.totalHits) };
    },
  };
}
