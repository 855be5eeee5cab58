import { retryAfterOf } from '../provider-error';
import { StockPhotosError, type FetchLike, type StockPhotoFile, type StockService, stockFileName } from './types';

/** Shared HTTP handling of the three services: timeouts, error kinds, and the guarded download. */

export const STOCK_TIMEOUT_MS = 15_000;
/** A chosen photo larger than this is refused (the services' large sizes are a few MB). */
export const STOCK_PHOTO_MAX_BYTES = 25_000_000;
const MAX_REDIRECTS = 3;

/** The hosts each service serves its images from: the only addresses the server downloads. */
export const IMAGE_HOSTS: Record<StockService, readonly string[]> = {
  pexels: ['images.pexels.com'],
  unsplash: ['images.unsplash.com', 'plus.unsplash.com'],
  pixabay: ['pixabay.com', 'cdn.pixabay.com'],
};

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');
export const size = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : 0);

async function send(fetchImpl: FetchLike, source: StockService, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetchImpl(url, { ...init, signal: AbortSignal.timeout(STOCK_TIMEOUT_MS) });
  } catch (error) {
    // Never the URL: pixabay's carries the key.
    throw new StockPhotosError('network', `${source}: request failed: ${(error as Error).name}`, source);
  }
}

/** A GET answered with JSON; the services' error answers mapped to kinds (`rateLimited` for services that say so in a 403). */
export async function getJson(
  fetchImpl: FetchLike,
  source: StockService,
  url: string,
  headers: Record<string, string>,
  options: { rateLimited?: (response: Response, body: string) => boolean } = {},
): Promise<unknown> {
  const response = await send(fetchImpl, source, url, { method: 'GET', headers: { Accept: 'application/json', ...headers } });
  if (!response.ok) {
    const body = (await response.text().catch(() => '')).slice(0, 300);
    const status = response.status;
    const message = `${source}: status ${status}`;
    if (status === 429 || options.rateLimited?.(response, body)) {
      throw new StockPhotosError('rate-limited', message, source, status, retryAfterOf(response));
    }
    if (status === 401 || status === 403) throw new StockPhotosError('unauthorized', message, source, status);
    if (status === 400) throw new StockPhotosError('vendor', `${message}: ${body.replace(/key=[^&\s]+/gi, 'key=…')}`, source, status);
    throw new StockPhotosError('vendor', message, source, status);
  }
  try {
    return await response.json();
  } catch {
    throw new StockPhotosError('invalid-response', `${source}: the answer is not JSON`, source, response.status);
  }
}

/** The service whose image host `url` is on (https only), or null. */
export function serviceOfImageUrl(url: string, services: readonly StockService[]): StockService | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password || (parsed.port && parsed.port !== '443')) return null;
  const host = parsed.hostname.toLowerCase();
  return services.find((service) => IMAGE_HOSTS[service].includes(host)) ?? null;
}

/**
 * Downloads a chosen photo from a configured service's image host. Redirects are followed
 * only to those hosts; the answer must be an image no larger than STOCK_PHOTO_MAX_BYTES.
 */
export async function downloadImage(fetchImpl: FetchLike, services: readonly StockService[], downloadUrl: string): Promise<StockPhotoFile> {
  let url = downloadUrl;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    const source = serviceOfImageUrl(url, services);
    if (!source) throw new StockPhotosError('invalid-request', 'stock photos: the address is not on a stock photo service’s image host');
    const response = await send(fetchImpl, source, url, { method: 'GET', headers: { Accept: 'image/*' }, redirect: 'manual' });
    if (response.status >= 300 && response.status < 400) {
      const location = response.headers.get('Location');
      if (!location) throw new StockPhotosError('invalid-response', `${source}: a redirect without Location`, source, response.status);
      url = new URL(location, url).toString();
      continue;
    }
    if (!response.ok) {
      if (response.status === 429)
        throw new StockPhotosError('rate-limited', `${source}: download rate limited`, source, 429, retryAfterOf(response));
      throw new StockPhotosError('vendor', `${source}: download answered ${response.status}`, source, response.status);
    }
    const contentType = (response.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (contentType !== 'image/jpeg' && contentType !== 'image/png') {
      throw new StockPhotosError('invalid-response', `${source}: the photo is not a JPEG or PNG (${contentType || 'no type'})`, source);
    }
    const declared = Number(response.headers.get('Content-Length'));
    if (Number.isFinite(declared) && declared > STOCK_PHOTO_MAX_BYTES)
      throw new StockPhotosError('invalid-response', `${source}: the photo is too large`, source);
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.byteLength === 0 || bytes.byteLength > STOCK_PHOTO_MAX_BYTES) {
      throw new StockPhotosError('invalid-response', `${source}: the photo is empty or too large`, source);
    }
    return { bytes, contentType, fileName: stockFileName(downloadUrl) };
  }
  throw new StockPhotosError('invalid-response', 'stock photos: too many redirects');
}
