import { sanitizeRichText } from '@server/html';
import { retryAfterOf, type ProviderErrorKind } from '@server/providers/provider-error';
import { IcsError } from './ics';
import { checkHost, PRIVATE_NETWORK_MESSAGE, pinnedFetch, systemResolver, type HostResolver, type ResolvedAddress } from './network';
import { FeedTooComplexError, icsEventsInPool } from './pooled';
import { countSkipped, IMPORT_HORIZON_MS, MAX_IMPORTED_EVENTS, type FetchedEvents, type ImportedEvent, type ImportWindow } from './types';
import { ianaZone } from './zones';

/**
 * The calendar import port (spec 02 §3 import types iCal, google, tribe): the events one source
 * gives within the import window. Adapters:
 *
 * - iCal: GET the feed URL (http/https, webcal:// read as https://), at most ICS_MAX_BYTES, read
 *   by expand.ts. Its host (and a redirect's) must resolve to public addresses only, which are
 *   the ones connected to (network.ts); otherwise PRIVATE_NETWORK_MESSAGE. The same for tribe. An uploaded .ics goes straight to `icsEvents`.
 * - Google Calendar API v3 `events.list` with the API key (GOOGLE_CALENDAR_API_KEY),
 *   `singleEvents=true` (Google expands recurrences), `timeMin`/`timeMax` the window, paged by
 *   `nextPageToken`. Without a key the offline default answers instead (below).
 * - The Events Calendar (WordPress "tribe" REST API): GET `{site}/wp-json/tribe/events/v1/events`
 *   with `start_date`/`end_date` and `per_page`, following `total_pages`.
 *
 * The offline default (no Google key: the embedded setup) gives no events and says so: an
 * import never invents events in a community's calendar. Failures are ImportError with a kind
 * (provider-error.ts) and a message staff can read.
 */

export type ImportErrorKind = Extract<
  ProviderErrorKind,
  'unauthorized' | 'rate-limited' | 'not-found' | 'invalid-request' | 'vendor' | 'network' | 'timeout' | 'invalid-response'
>;

/** A source that could not be read; `offline` when the port has no adapter for it (no key). */
export class ImportError extends Error {
  constructor(
    readonly kind: ImportErrorKind | 'offline',
    message: string,
    /** The source's HTTP status, when it answered. */
    readonly status?: number,
    /** Seconds, from a 429's Retry-After. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ImportError';
  }
}

/**
 * One GET, redirects not followed; `addresses` are the checked addresses of the URL's host to
 * connect to (empty: resolve as usual). The default is network.ts pinnedFetch; a test may pass
 * the global fetch (msw), which connects by name.
 */
export type ImportFetch = (
  url: string,
  init: { headers: Record<string, string>; redirect: 'manual'; signal: AbortSignal },
  addresses: ResolvedAddress[],
) => Promise<Response>;

export interface SourceRef {
  type: 'iCal' | 'google' | 'tribe';
  /** The feed URL, Google calendar id, or site address. */
  calendarId: string;
}

export interface CalendarImportPort {
  /** True when this port cannot reach the source type (its offline default). */
  offline(type: SourceRef['type']): boolean;
  events(source: SourceRef, window: ImportWindow): Promise<FetchedEvents>;
}

export const IMPORT_TIMEOUT_MS = 20_000;
/** The largest feed read (a few years of a busy calendar fit). */
export const ICS_MAX_BYTES = 10 * 1024 * 1024;
export const GOOGLE_CALENDAR_BASE_URL = 'https://www.googleapis.com/calendar/v3';
export const GOOGLE_PAGE_SIZE = 2500;
export const TRIBE_PAGE_SIZE = 50;
/** Pages followed at most per run (Google: 25,000 events; tribe: 5,000). */
export const MAX_PAGES = 100;
export const GOOGLE_OFFLINE_MESSAGE =
  'Google Calendar imports are offline: no GOOGLE_CALENDAR_API_KEY is set, so no events were imported from Google.';

const windowEnd = (window: ImportWindow) => window.now + (window.horizonMs ?? IMPORT_HORIZON_MS);

/** A staff-entered feed or site address as http(s) (webcal:// read as https://); null when it is none. */
export function httpSourceUrl(text: string): URL | null {
  const trimmed = text.trim().replace(/^webcals?:\/\//i, 'https://');
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    return null;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
}

/** Redirects followed at most; each target must be a public http(s) address too. */
export const MAX_REDIRECTS = 5;

/**
 * How a request goes out. `resolve` set: the host of the address and of every redirect is
 * resolved and checked first, and `fetch` is given the checked addresses to connect to
 * (staff-entered addresses: iCal, The Events Calendar); null: a fixed vendor host (Google).
 */
interface Transport {
  fetch: ImportFetch;
  resolve: HostResolver | null;
  /** The whole request's time limit, the body's download included (IMPORT_TIMEOUT_MS). */
  timeoutMs?: number;
}

/** The time limit of each answer `send` gave, which its body's download shares. */
const answerSignals = new WeakMap<Response, AbortSignal>();

async function send(transport: Transport, url: string, who: string, accept: string): Promise<Response> {
  let response: Response;
  let target = url;
  const signal = AbortSignal.timeout(transport.timeoutMs ?? IMPORT_TIMEOUT_MS);
  for (let redirects = 0; ; redirects += 1) {
    let addresses: ResolvedAddress[] = [];
    if (transport.resolve) {
      const checked = await checkHost(transport.resolve, new URL(target).hostname);
      if (!checked.ok && checked.reason === 'private') throw new ImportError('invalid-request', PRIVATE_NETWORK_MESSAGE);
      if (!checked.ok) throw new ImportError('network', `${who} did not answer: its address (${new URL(target).hostname}) was not found.`);
      addresses = checked.addresses;
    }
    try {
      response = await transport.fetch(target, { headers: { Accept: accept }, redirect: 'manual', signal }, addresses);
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError';
      throw new ImportError(timedOut ? 'timeout' : 'network', `${who} did not answer${timedOut ? ' in time' : ''}.`);
    }
    const location = response.headers.get('Location');
    if (response.status < 300 || response.status >= 400 || !location) break;
    await response.body?.cancel();
    let next: URL | null = null;
    try {
      next = redirects < MAX_REDIRECTS ? httpSourceUrl(new URL(location, target).toString()) : null;
    } catch {
      next = null;
    }
    if (!next) throw new ImportError('invalid-request', `${who} sent the request on to an address that cannot be read.`, response.status);
    target = next.toString();
  }
  if (response.ok) {
    answerSignals.set(response, signal);
    return response;
  }
  const status = response.status;
  if (status === 429) throw new ImportError('rate-limited', `${who} is busy (too many requests).`, status, retryAfterOf(response));
  if (status === 401 || status === 403) throw new ImportError('unauthorized', `${who} refused the request (${status}).`, status);
  if (status === 404) throw new ImportError('not-found', `${who} has no such calendar (404).`, status);
  if (status === 400) throw new ImportError('invalid-request', `${who} refused the request (400).`, status);
  throw new ImportError('vendor', `${who} answered with an error (${status}).`, status);
}

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${bytes} bytes`);

/**
 * The body as text, refusing one larger than `max` bytes, and one whose download did not finish:
 * the time limit ran out, the connection dropped, or fewer bytes came than Content-Length said.
 */
async function limitedText(response: Response, max: number, who: string): Promise<string> {
  const length = Number(response.headers.get('Content-Length') ?? NaN);
  if (Number.isFinite(length) && length > max)
    throw new ImportError('invalid-response', `${who}: the calendar is too large (more than ${sizeText(max)}).`);
  if (!response.body) return '';
  const signal = answerSignals.get(response);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const stopped = (timedOut: boolean) =>
    new ImportError(
      timedOut ? 'timeout' : 'network',
      timedOut ? `${who} did not finish answering in time.` : `${who} stopped answering before the end.`,
    );
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch (error) {
      // The connection dropped or the time ran out in the middle of the body.
      throw stopped(signal?.aborted === true || (error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError');
    }
    const { done, value } = chunk;
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new ImportError('invalid-response', `${who}: the calendar is too large (more than ${sizeText(max)}).`);
    }
    chunks.push(value);
  }
  // A body read as it came (no Content-Encoding) has exactly the length announced.
  const encoding = (response.headers.get('Content-Encoding') ?? 'identity').trim().toLowerCase();
  if (Number.isFinite(length) && (encoding === '' || encoding === 'identity') && size < length) throw stopped(false);
  return Buffer.concat(chunks).toString('utf8');
}

async function json(response: Response, who: string): Promise<unknown> {
  try {
    return JSON.parse(await limitedText(response, ICS_MAX_BYTES, who)) as unknown;
  } catch (error) {
    if (error instanceof ImportError) throw error;
    throw new ImportError('invalid-response', `${who}: the answer is not JSON.`, response.status);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown) => (typeof value === 'string' ? value : '');

// ─── iCal ────────────────────────────────────────────────────────────────────────────────────

export async function icalUrlEvents(transport: Transport, feed: string, window: ImportWindow): Promise<FetchedEvents> {
  const url = httpSourceUrl(feed);
  if (!url) throw new ImportError('invalid-request', 'The iCal address must be an http(s) address.');
  const response = await send(transport, url.toString(), 'The iCal feed', 'text/calendar, text/plain;q=0.9, */*;q=0.5');
  const text = await limitedText(response, ICS_MAX_BYTES, 'The iCal feed');
  try {
    return await icsEventsInPool(text, window);
  } catch (error) {
    if (error instanceof FeedTooComplexError) throw new ImportError('invalid-response', error.message);
    if (error instanceof IcsError) throw new ImportError('invalid-response', `The iCal feed: ${error.message}`);
    throw error;
  }
}

// ─── Google Calendar ─────────────────────────────────────────────────────────────────────────

const DAY = 24 * 3600 * 1000;

/** A Google event time: `{ date: 'YYYY-MM-DD' }` (all-day) or `{ dateTime: RFC 3339 }`. */
function googleTime(value: unknown, timeZone: string): { ms: number; allDay: boolean } | null {
  if (!isRecord(value)) return null;
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(str(value.date));
  if (date) return { ms: ianaZone(timeZone).toInstant(Date.UTC(+date[1]!, +date[2]! - 1, +date[3]!)), allDay: true };
  const ms = Date.parse(str(value.dateTime));
  return Number.isFinite(ms) ? { ms, allDay: false } : null;
}

export function googleEvent(item: Record<string, unknown>, timeZone: string): ImportedEvent | null {
  const id = str(item.id);
  const start = googleTime(item.start, timeZone);
  const end = googleTime(item.end, timeZone);
  if (id === '' || !start) return null;
  // All-day ends are exclusive dates; timed events without an end last an hour.
  const endDate = start.allDay ? Math.max(start.ms + DAY, end?.ms ?? 0) - 1 : Math.max(start.ms, end?.ms ?? start.ms + 3_600_000);
  return {
    id,
    title: str(item.summary).trim() || '(No title)',
    description: sanitizeRichText(str(item.description)),
    location: str(item.location).trim(),
    address: '',
    city: '',
    latitude: '',
    longitude: '',
    startDate: start.ms,
    endDate,
    allDay: start.allDay,
  };
}

export async function googleEvents(
  fetchImpl: ImportFetch,
  options: { apiKey: string; baseUrl?: string },
  calendarId: string,
  window: ImportWindow,
): Promise<FetchedEvents> {
  const out: FetchedEvents = { events: [], cancelled: [] };
  let pageToken = '';
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const query = new URLSearchParams({
      key: options.apiKey,
      singleEvents: 'true',
      orderBy: 'startTime',
      timeMin: new Date(window.now).toISOString(),
      timeMax: new Date(windowEnd(window)).toISOString(),
      maxResults: String(GOOGLE_PAGE_SIZE),
      showDeleted: 'true',
      ...(pageToken ? { pageToken } : {}),
    });
    const url = `${options.baseUrl ?? GOOGLE_CALENDAR_BASE_URL}/calendars/${encodeURIComponent(calendarId.trim())}/events?${query}`;
    const body = await json(await send({ fetch: fetchImpl, resolve: null }, url, 'Google Calendar', 'application/json'), 'Google Calendar');
    if (!isRecord(body) || (body.items !== undefined && !Array.isArray(body.items)))
      throw new ImportError('invalid-response', 'Google Calendar: the answer has no events list.');
    for (const item of (body.items as unknown[] | undefined) ?? []) {
      if (!isRecord(item)) continue;
      if (item.status === 'cancelled') {
        if (typeof item.id === 'string') out.cancelled.push(item.id);
        continue;
      }
      const event = googleEvent(item, window.timeZone);
      if (!event) countSkipped(out, typeof item.id === 'string' && item.id !== '' ? 'no-start' : 'unreadable');
      else if (event.endDate >= window.now && out.events.length < MAX_IMPORTED_EVENTS) out.events.push(event);
    }
    pageToken = str(body.nextPageToken);
    if (pageToken === '') break;
  }
  return out;
}

// ─── The Events Calendar ─────────────────────────────────────────────────────────────────────

export const TRIBE_EVENTS_PATH = '/wp-json/tribe/events/v1/events';

/** The REST address of a site (or of the address itself when it already names the API). */
export function tribeEndpoint(site: string): URL | null {
  const url = httpSourceUrl(site);
  if (!url) return null;
  if (!url.pathname.includes('/wp-json/')) url.pathname = `${url.pathname.replace(/\/+$/, '')}${TRIBE_EVENTS_PATH}`;
  url.search = '';
  url.hash = '';
  return url;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  ndash: '–',
  mdash: '—',
};
/** Text of a WordPress title: tags dropped, entities read. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
      if (entity[0] === '#') {
        const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[entity.toLowerCase()] ?? whole;
    })
    .trim();
}

/** 'YYYY-MM-DD HH:MM:SS' as a floating date (wall clock as UTC). */
function wpFloating(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(text);
  return match ? Date.UTC(+match[1]!, +match[2]! - 1, +match[3]!, +match[4]!, +match[5]!, +(match[6] ?? 0)) : null;
}

export function tribeEvent(item: Record<string, unknown>, timeZone: string): ImportedEvent | null {
  const id = item.id;
  if ((typeof id !== 'number' && typeof id !== 'string') || String(id) === '') return null;
  const allDay = item.all_day === true;
  let startDate: number;
  let endDate: number;
  if (allDay) {
    const start = wpFloating(str(item.start_date));
    const end = wpFloating(str(item.end_date)) ?? start;
    if (start === null || end === null) return null;
    const zone = ianaZone(timeZone);
    startDate = zone.toInstant(start - (start % DAY));
    // The site gives the last day's 23:59:59: the event ends at the end of that day.
    endDate = Math.max(startDate + DAY - 1, zone.toInstant(end - (end % DAY) + DAY) - 1);
  } else {
    const start = wpFloating(str(item.utc_start_date));
    const end = wpFloating(str(item.utc_end_date));
    if (start === null) return null;
    startDate = start;
    endDate = Math.max(start, end ?? start + 3_600_000);
  }
  const venue = isRecord(item.venue) ? item.venue : {};
  const lat = venue.geo_lat;
  const lng = venue.geo_lng;
  return {
    id: String(id),
    title: plainText(str(item.title)) || '(No title)',
    description: sanitizeRichText(str(item.description)),
    location: plainText(str(venue.venue)),
    address: plainText(str(venue.address)),
    city: plainText(str(venue.city)),
    latitude: typeof lat === 'number' || (typeof lat === 'string' && lat !== '') ? String(lat) : '',
    longitude: typeof lng === 'number' || (typeof lng === 'string' && lng !== '') ? String(lng) : '',
    startDate,
    endDate,
    allDay,
  };
}

const wpDate = (ms: number, timeZone: string) => {
  const floating = new Date(ianaZone(timeZone).toFloating(ms)).toISOString();
  return `${floating.slice(0, 10)} ${floating.slice(11, 19)}`;
};

export async function tribeEvents(transport: Transport, site: string, window: ImportWindow): Promise<FetchedEvents> {
  const endpoint = tribeEndpoint(site);
  if (!endpoint) throw new ImportError('invalid-request', 'The Events Calendar address must be an http(s) address.');
  const out: FetchedEvents = { events: [], cancelled: [] };
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const url = new URL(endpoint);
    url.search = new URLSearchParams({
      start_date: wpDate(window.now, window.timeZone),
      end_date: wpDate(windowEnd(window), window.timeZone),
      per_page: String(TRIBE_PAGE_SIZE),
      page: String(page),
    }).toString();
    const body = await json(await send(transport, url.toString(), 'The Events Calendar', 'application/json'), 'The Events Calendar');
    if (!isRecord(body) || !Array.isArray(body.events))
      throw new ImportError('invalid-response', 'The Events Calendar: the answer has no events list.');
    for (const item of body.events) {
      if (!isRecord(item)) continue;
      const event = tribeEvent(item, window.timeZone);
      if (!event) countSkipped(out, item.id === undefined || item.id === '' ? 'unreadable' : 'no-start');
      else if (event.endDate >= window.now && out.events.length < MAX_IMPORTED_EVENTS) out.events.push(event);
    }
    const totalPages = typeof body.total_pages === 'number' ? body.total_pages : 1;
    if (page >= totalPages || body.events.length === 0) break;
  }
  return out;
}

// ─── The port ────────────────────────────────────────────────────────────────────────────────

export interface CalendarImportOptions {
  googleApiKey?: string | undefined;
  /** How requests go out (pinnedFetch by default). */
  fetch?: ImportFetch;
  /** How feed and site host names are resolved before they are checked (DNS by default). */
  resolve?: HostResolver;
  googleBaseUrl?: string;
  /** The time limit of one request and its body (IMPORT_TIMEOUT_MS). */
  timeoutMs?: number;
}

/** The port: HTTP adapters, with the offline default for Google when there is no key. */
export function calendarImportPort(options: CalendarImportOptions = {}): CalendarImportPort {
  const fetchImpl: ImportFetch = options.fetch ?? pinnedFetch;
  const timeout = options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {};
  const guarded: Transport = { fetch: fetchImpl, resolve: options.resolve ?? systemResolver, ...timeout };
  const apiKey = options.googleApiKey?.trim() ?? '';
  return {
    offline: (type) => type === 'google' && apiKey === '',
    async events(source, window) {
      if (source.type === 'iCal') return icalUrlEvents(guarded, source.calendarId, window);
      if (source.type === 'tribe') return tribeEvents(guarded, source.calendarId, window);
      if (apiKey === '') throw new ImportError('offline', GOOGLE_OFFLINE_MESSAGE);
      return googleEvents(
        fetchImpl,
        { apiKey, ...(options.googleBaseUrl ? { baseUrl: options.googleBaseUrl } : {}) },
        source.calendarId,
        window,
      );
    },
  };
}
