import QRCode from 'qrcode';
import { qrTarget, readCommunity } from '@server/community/setup';
import type { DbValue, RealtimeDb } from '@server/db/types';
import { readEvent } from '@server/events/records';
import { checkImageHeader } from '@server/images/dimensions';
import { communityTimeZone } from '@server/listing';
import { isValidKey, storagePaths, type Paths } from '@server/paths';
import { QR_ERROR_CORRECTION, QR_QUIET_ZONE_MODULES } from '@server/qr';
import { renderDesignPng } from '@server/render';
import { storagePathFromUrl, type FileStorage } from '@server/storage';
import {
  FLYER_DEFAULTS,
  FLYER_LIMITS,
  FLYER_PAPER_TYPES,
  FLYER_STYLE_TAGS,
  flyerDesign,
  fuzzyMatches,
  type Flyer,
  type FlyerElement,
  type FlyerEvent,
  type FlyerOrientation,
  type FlyerPaperType,
} from '~/lib/design';

/**
 * The flyer designer's use cases (spec 02 "Flyer designer", §3, §5, §7): the configuration at
 * {community}/flyers/config, the history at flyers/generated (an entry per background image,
 * its elements saved on download), background images copied to
 * {community}/images/flyers/{timestamp}/{name}, the event a flyer is made for, and the flyer
 * drawn as PNG by the server's renderer.
 */

export interface FlyerDeps {
  db: RealtimeDb;
  paths: Paths;
  storage: FileStorage;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown) => (typeof value === 'string' ? value : '');

// ── Configuration (spec 02 §7: set orientation, type, tags, customTags) ──

export interface FlyerConfig {
  orientation: FlyerOrientation;
  type: FlyerPaperType;
  tags: string[];
  customTags: string[];
}

const tagList = (value: unknown, max: number) =>
  (Array.isArray(value) ? value : isObject(value) ? Object.values(value) : [])
    .filter((tag): tag is string => typeof tag === 'string' && tag.trim() !== '')
    .map((tag) => tag.slice(0, FLYER_LIMITS.tag))
    .slice(0, max);

export function flyerConfigOf(raw: unknown): FlyerConfig {
  const stored = isObject(raw) ? raw : {};
  const type = (FLYER_PAPER_TYPES as readonly string[]).includes(str(stored.type)) ? (stored.type as FlyerPaperType) : 'match';
  const orientation = stored.orientation === 'landscape' ? 'landscape' : 'portrait';
  return {
    orientation,
    type,
    tags: tagList(stored.tags, FLYER_STYLE_TAGS.length + FLYER_LIMITS.customTags),
    customTags: tagList(stored.customTags, FLYER_LIMITS.customTags),
  };
}

export async function readFlyerConfig({ db, paths }: FlyerDeps, community: string): Promise<FlyerConfig> {
  return flyerConfigOf((await db.ref(paths.flyersConfig(community)).get()).val());
}

export async function saveFlyerConfig({ db, paths }: FlyerDeps, community: string, config: FlyerConfig): Promise<void> {
  await db.ref(paths.flyersConfig(community)).set(config as unknown as DbValue);
}

export type AddTagResult = { ok: true; config: FlyerConfig } | { ok: false; message: string };

/** A custom tag (spec 02 §5): unique among the presets and the custom ones, case aside. */
export function addCustomTag(config: FlyerConfig, name: string): AddTagResult {
  const tag = name.trim();
  if (tag === '') return { ok: false, message: 'Enter a tag name.' };
  const known = [...FLYER_STYLE_TAGS, ...config.customTags].map((existing) => existing.toLowerCase());
  if (known.includes(tag.toLowerCase())) return { ok: false, message: 'Tag already exists.' };
  if (config.customTags.length >= FLYER_LIMITS.customTags) return { ok: false, message: `At most ${FLYER_LIMITS.customTags} custom tags.` };
  return { ok: true, config: { ...config, customTags: [...config.customTags, tag] } };
}

// ── History (spec 02 §3: title, url, tags, orientation, created, key, elements) ──

export interface FlyerHistoryEntry {
  key: string;
  title: string;
  url: string;
  tags: string[];
  orientation: FlyerOrientation;
  created: number;
  elements: FlyerElement[] | null;
}

function historyEntry(key: string, raw: unknown): FlyerHistoryEntry | null {
  if (!isObject(raw) || !str(raw.url)) return null;
  return {
    key,
    title: str(raw.title),
    url: str(raw.url),
    tags: tagList(raw.tags, 60),
    orientation: raw.orientation === 'landscape' ? 'landscape' : 'portrait',
    created: typeof raw.created === 'number' ? raw.created : 0,
    elements: Array.isArray(raw.elements) ? (raw.elements as FlyerElement[]) : null,
  };
}

/** Every entry, newest first. */
export async function readFlyerHistory({ db, paths }: FlyerDeps, community: string): Promise<FlyerHistoryEntry[]> {
  const raw: unknown = (await db.ref(paths.flyersGenerated(community)).get()).val();
  if (!isObject(raw)) return [];
  return Object.entries(raw)
    .flatMap(([key, value]) => {
      const entry = historyEntry(key, value);
      return entry ? [entry] : [];
    })
    .sort((a, b) => b.created - a.created || (a.key < b.key ? 1 : -1));
}

/** Spec 02 §9: the 12 newest, fuzzy-filtered by title when the query is longer than one character. */
export function shownHistory(entries: FlyerHistoryEntry[], query: string): FlyerHistoryEntry[] {
  return entries.filter((entry) => fuzzyMatches(entry.title, query)).slice(0, FLYER_DEFAULTS.historyShown);
}

export async function readHistoryEntry({ db, paths }: FlyerDeps, community: string, key: string): Promise<FlyerHistoryEntry | null> {
  if (!isValidKey(key)) return null;
  return historyEntry(key, (await db.ref(paths.flyerGenerated(community, key)).get()).val());
}

/**
 * Stores a background image at {community}/images/flyers/{timestamp}/{name} and pushes its
 * history entry (spec 02 §5: an image from AI or an event header goes to history with a key).
 */
export async function addToHistory(
  { db, paths, storage }: FlyerDeps,
  community: string,
  image: { bytes: Uint8Array; name: string },
  entry: { title: string; tags: string[]; orientation: FlyerOrientation; elements?: FlyerElement[] },
  now = Date.now(),
  /** The entry's key when the caller chose it (a job's, kept over its retries); a new push key otherwise. */
  chosenKey?: string,
): Promise<FlyerHistoryEntry> {
  const { format } = checkImageHeader(image.bytes);
  const extension = format === 'png' ? 'png' : 'jpg';
  const name = `${image.name.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 40) || 'flyer'}.${extension}`;
  const stored = await storage.put(storagePaths.flyerImage(community, now, name), image.bytes, {
    contentType: format === 'png' ? 'image/png' : 'image/jpeg',
  });
  const value = { title: entry.title, url: stored.url, tags: entry.tags, orientation: entry.orientation, created: now };
  const elements = entry.elements && entry.elements.length > 0 ? entry.elements : null;
  const record = { ...value, ...(elements ? { elements } : {}) };
  let key: string;
  if (chosenKey !== undefined) {
    key = chosenKey;
    await db.ref(paths.flyerGenerated(community, key)).set({ ...record, key } as unknown as DbValue);
  } else {
    key = (await db.ref(paths.flyersGenerated(community)).push(record as unknown as DbValue)).key ?? '';
    await db.ref(paths.flyerGenerated(community, key)).update({ key });
  }
  return { key, ...value, elements };
}

/** Spec 02 §7: the elements are saved on the entry when the flyer is downloaded. */
export async function saveHistoryElements(
  { db, paths }: FlyerDeps,
  community: string,
  key: string,
  elements: FlyerElement[],
): Promise<void> {
  if (!isValidKey(key)) return;
  const ref = db.ref(paths.flyerGenerated(community, key));
  if (!(await ref.get()).exists()) return;
  await db.ref(paths.flyerElements(community, key)).set(elements as unknown as DbValue);
}

/** Delete Flyer: the entry and its stored image. */
export async function deleteHistoryEntry(deps: FlyerDeps, community: string, key: string): Promise<boolean> {
  const entry = await readHistoryEntry(deps, community, key);
  if (!entry) return false;
  await deps.db.ref(deps.paths.flyerGenerated(community, key)).remove();
  const path = flyerStoragePath(community, entry.url);
  if (path) await deps.storage.delete(path).catch(() => false);
  return true;
}

// ── Images the renderer may read ──

/**
 * The storage path of an address of the community's flyer images ({community}/images/flyers/…),
 * on the local disk (/files/…) or the bucket (…/o/{path}); null for anything else.
 */
export function flyerStoragePath(community: string, url: string): string | null {
  let path: string | null = null;
  try {
    const parsed = new URL(url, 'http://localhost');
    const bucket = /\/o\/([^/?#]+)$/.exec(parsed.pathname);
    path = bucket?.[1] ? decodeURIComponent(bucket[1]) : storagePathFromUrl(parsed);
  } catch {
    return null;
  }
  return path && path.startsWith(`${community}/images/flyers/`) && !path.includes('..') ? path : null;
}

// ── The event (spec 02 §3 "event item used by the flyer") ──

export interface FlyerEventSource {
  calendarId: string;
  eventId: string;
  event: FlyerEvent;
  timeZone: string;
  /** The event's header images (existing-image mode is offered only when there are some). */
  headerImages: string[];
  /** The QR code's PNG (the community's one-link, else its website), or null. */
  qr: string | null;
}

/** `{calendarId}/{eventId}` (spec 02 §3 detailPath: two parts separated by a slash). */
export function parseDetailPath(value: string | null): { calendarId: string; eventId: string } | null {
  if (!value) return null;
  const [calendarId, eventId, ...rest] = value.split('/');
  if (rest.length > 0 || !calendarId || !eventId || !isValidKey(calendarId) || !isValidKey(eventId)) return null;
  return { calendarId, eventId };
}

export async function flyerQr(deps: FlyerDeps, community: string): Promise<string | null> {
  const record = await readCommunity(deps, community);
  const target = record ? qrTarget(record) : null;
  if (!target) return null;
  return QRCode.toDataURL(target, { margin: QR_QUIET_ZONE_MODULES, errorCorrectionLevel: QR_ERROR_CORRECTION, width: 300 });
}

export async function readFlyerEvent(
  deps: FlyerDeps,
  community: string,
  calendarId: string,
  eventId: string,
): Promise<FlyerEventSource | null> {
  const stored = await readEvent(deps, community, calendarId, eventId);
  if (!stored) return null;
  const [timeZone, locations, qr] = await Promise.all([
    communityTimeZone(deps, community),
    deps.db.ref(deps.paths.locations(community)).get(),
    flyerQr(deps, community),
  ]);
  const known = isObject(locations.val()) ? (locations.val() as Record<string, unknown>) : {};
  const place = known[str(stored.resortLocationId)];
  const location =
    isObject(place) && str(place.title) ? str(place.title) : [str(stored.location), str(stored.address)].filter(Boolean).join(', ');
  const header = isObject(stored.headerInfo) ? stored.headerInfo : {};
  const images = Array.isArray(header.images) ? header.images : isObject(header.images) ? Object.values(header.images) : [];
  return {
    calendarId,
    eventId,
    timeZone,
    qr,
    headerImages: images.flatMap((image) => (isObject(image) && str(image.originalURL) ? [str(image.originalURL)] : [])).slice(0, 20),
    event: {
      title: str(stored.title),
      description: str(stored.description),
      startDate: typeof stored.startDate === 'number' ? stored.startDate : 0,
      endDate: typeof stored.endDate === 'number' ? stored.endDate : 0,
      allDay: stored.allDay === true,
      location,
    },
  };
}

/** The stored bytes behind one of the community's header image addresses (to copy as a flyer background). */
export async function readCommunityImage(storage: FileStorage, community: string, url: string): Promise<Uint8Array | null> {
  let path: string | null = null;
  try {
    const parsed = new URL(url, 'http://localhost');
    const bucket = /\/o\/([^/?#]+)$/.exec(parsed.pathname);
    path = bucket?.[1] ? decodeURIComponent(bucket[1]) : storagePathFromUrl(parsed);
  } catch {
    return null;
  }
  if (!path || !path.startsWith(`${community}/`)) return null;
  const object = await storage.get(path);
  if (!object || object.size > 20_000_000) return null;
  return object.bytes();
}

// ── Drawing ──

/** The flyer drawn as PNG in the worker pool; only the community's flyer images are read. */
export async function renderFlyerPng(
  deps: FlyerDeps,
  community: string,
  flyer: Flyer,
  options: { backgroundOnly?: boolean; scale?: number } = {},
) {
  const design = flyerDesign(flyer, { backgroundOnly: options.backgroundOnly ?? false });
  return renderDesignPng(design, {
    storage: deps.storage,
    resolve: (src) => flyerStoragePath(community, src),
    scale: options.scale ?? 1,
  });
}
