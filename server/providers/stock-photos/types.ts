import { busyMessage, ProviderError, type ProviderErrorKind } from '../provider-error';

/**
 * The stock photos port (spec 03 §7 "stock photo searches (GET, query, page, 15 per page) to
 * three photo services", §9 "Stock photo search dialog"): one search over every configured
 * service (pexels, unsplash, pixabay), 15 a page from each, and the download of a chosen photo
 * on the server: the form names it by source and id, the service is asked for it again, and
 * its image is fetched from the service's own image hosts only.
 */

export const STOCK_SERVICES = ['pexels', 'unsplash', 'pixabay'] as const;
export type StockService = (typeof STOCK_SERVICES)[number];
/** A result's source: a service, or the offline default's bundled samples. */
export type StockSource = StockService | 'offline';

/** Spec 03 §9: 15 a page. */
export const STOCK_PAGE_SIZE = 15;
/** Spec 03 §9: 5 per row in the dialog's grid. */
export const STOCK_PER_ROW = 5;
/** The longest query sent to a service. */
export const MAX_STOCK_QUERY = 100;
/** The last page anyone can ask for. */
export const MAX_STOCK_PAGE = 50;

export const STOCK_SOURCE_LABELS: Record<StockSource, string> = {
  pexels: 'Pexels',
  unsplash: 'Unsplash',
  pixabay: 'Pixabay',
  offline: 'Sample',
};

/** One result, with the spec's fields (source, id, src, downloadUrl, url, index) and its credit. */
export interface StockPhoto {
  source: StockSource;
  id: string;
  /** The grid's thumbnail. */
  src: string;
  /** The larger image on the service's image host. Not posted back: a chosen photo is looked up again by its id. */
  downloadUrl: string;
  /** The photo's page on the service. */
  url: string;
  /** Position in this page of results, from 0. */
  index: number;
  /** 'Photo by {name} on {service}'. */
  credit: string;
  width: number;
  height: number;
}

export interface StockSearchResult {
  query: string;
  page: number;
  photos: StockPhoto[];
  /** Some service has a next page. */
  hasMore: boolean;
  /** A service that failed while others answered: its message (the dialog shows it). */
  errors: string[];
}

export interface StockPhotoFile {
  bytes: Uint8Array;
  contentType: string;
  /** Spec 03 §9: the last path segment without query, with .jpg added if absent. */
  fileName: string;
}

/** A photo as the dialog's choice names it: where it is from and its id there, never an address. */
export interface StockChoice {
  source: StockSource;
  id: string;
}

/** The chosen photo, downloaded on the server, with the credit its service gives it. */
export interface ChosenStockPhoto extends StockPhotoFile {
  credit: string;
}

export interface StockPhotosProvider {
  /** True for the offline default: no service key is configured, nothing is asked of anyone. */
  offline: boolean;
  /** The services searched. */
  services: readonly StockService[];
  /** One page of results. Throws StockPhotosError when every service failed. */
  search(query: string, page: number): Promise<StockSearchResult>;
  /**
   * The chosen photo's bytes: looked up again by its id at its service, then downloaded from
   * the service's image host only (Unsplash's download is reported as its guidelines ask).
   * Throws StockPhotosError ('invalid-request' for a source that is not searched, an id the
   * service does not know, or an address off the service's image hosts).
   */
  download(choice: StockChoice): Promise<ChosenStockPhoto>;
}

export type StockPhotosErrorKind = Extract<
  ProviderErrorKind,
  'unauthorized' | 'rate-limited' | 'invalid-request' | 'vendor' | 'network' | 'invalid-response'
>;

export class StockPhotosError extends ProviderError<StockPhotosErrorKind> {
  constructor(
    kind: StockPhotosErrorKind,
    message: string,
    /** The service that failed (null: none in particular). */
    readonly source: StockSource | null = null,
    status?: number,
    retryAfter?: number,
  ) {
    super(kind, message, status, retryAfter);
    this.name = 'StockPhotosError';
  }
}

export type FetchLike = typeof fetch;

/** What the dialog says when a service fails. */
export function stockPhotosErrorMessage(error: unknown): string {
  if (!(error instanceof StockPhotosError)) return 'The stock photo search failed. Please try again later.';
  const who = error.source && error.source !== 'offline' ? STOCK_SOURCE_LABELS[error.source] : 'The stock photo service';
  switch (error.kind) {
    case 'rate-limited':
      return busyMessage(who, error.retryAfter);
    case 'unauthorized':
      return `${who} refused the request: its API key is not valid. Please contact support.`;
    case 'invalid-request':
      return 'That photo cannot be used. Please choose another one.';
    case 'network':
      return `${who} could not be reached. Please try again later.`;
    case 'invalid-response':
    case 'vendor':
      return `${who} answered with an error. Please try again later.`;
  }
}

/** Spec 03 §9: the file name of a chosen photo, from the last path segment without query, with .jpg added if absent. */
export function stockFileName(downloadUrl: string): string {
  let path = downloadUrl;
  try {
    path = new URL(downloadUrl).pathname;
  } catch {
    path = downloadUrl.split(/[?#]/)[0] ?? '';
  }
  let last = '';
  try {
    last = decodeURIComponent(path.split('/').pop() ?? '');
  } catch {
    last = path.split('/').pop() ?? '';
  }
  last = last.split(/[\\/]/).pop() ?? '';
  const cleaned =
    last
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^[._]+/, '')
      .slice(-100) || 'photo';
  return /\.[A-Za-z0-9]{2,5}$/.test(cleaned) ? cleaned : `${cleaned}.jpg`;
}
