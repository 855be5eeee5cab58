import { createHash } from 'node:crypto';
import { storagePaths } from '@server/paths';
import type { FileStorage } from '@server/storage/types';
import { absoluteUrl, hrefs } from '~/lib/hrefs';
import { isObject, type EventDeps } from '../records';
import { buildCalendarFeed } from './build';
import type { FeedState } from './feed';
import { feedRecordOf, staleCalendarFeeds, type FeedRecord } from './stale';

/**
 * Storing a calendar's feed (issue 24 "iCal feeds", spec 03 §7 `amc-events/{tab}-calendar.ics`;
 * docs/decisions/026), what the `calendar-feed` job runs in the worker process:
 *
 * - The feed is written at `storagePaths.calendarIcs` as `text/calendar; charset=utf-8` with a
 *   short Cache-Control, and served by `/files/…` with ETag and Last-Modified (304s).
 * - Beside it, in the database, `calendar-feeds/{community}/{calendarId}` says which
 *   `icsBuildTime` it was built from (and its hash), and `calendar-feed-state/…` keeps the
 *   FeedState (SEQUENCE and LAST-MODIFIED per component) for the next build, as JSON text (its
 *   keys hold '.' and '@', which database keys may not).
 * - A build is skipped when the stored feed was built from the calendar's current
 *   `icsBuildTime`. A build that gives the bytes already stored does not write them again, so
 *   the file keeps its ETag and subscribers get 304s.
 * - A calendar without config (deleted) loses its feed file and both records.
 */

export const FEED_CONTENT_TYPE = 'text/calendar; charset=utf-8';
/** Subscribed clients refresh about hourly (REFRESH-INTERVAL); a cache may keep the feed five minutes. */
export const FEED_CACHE_CONTROL = 'public, max-age=300';

export type FeedDeps = EventDeps & {
  storage: FileStorage;
  /** The console's public address (PUBLIC_URL): the feed's SOURCE when set. */
  publicUrl?: string | null;
};

export type PublishResult =
  | { kind: 'built'; builtFrom: number; components: number; size: number; written: boolean }
  | { kind: 'current'; builtFrom: number }
  | { kind: 'removed'; existed: boolean };

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function feedStateOf(value: unknown): FeedState | null {
  if (typeof value !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return isObject(parsed) ? (parsed as FeedState) : null;
  } catch {
    return null;
  }
}

/** The icsBuildTime of a stored calendar config (0 when it has none). */
export const buildTimeOf = (config: Record<string, unknown>): number => num(config.icsBuildTime) ?? 0;

/** Removes a calendar's feed file and its records; answers whether there was a file. */
export async function removeCalendarFeed(deps: FeedDeps, community: string, calendarId: string): Promise<boolean> {
  const existed = await deps.storage.delete(storagePaths.calendarIcs(community, calendarId));
  await deps.db.ref().update({
    [deps.paths.calendarFeed(community, calendarId)]: null,
    [deps.paths.calendarFeedState(community, calendarId)]: null,
  });
  return existed;
}

/** Builds and stores one calendar's feed, or removes it when the calendar is gone (see above). */
export async function publishCalendarFeed(
  deps: FeedDeps,
  input: { community: string; calendarId: string; now: number },
): Promise<PublishResult> {
  const { community, calendarId, now } = input;
  const path = storagePaths.calendarIcs(community, calendarId);
  const [config, stored] = await Promise.all([
    deps.db.ref(deps.paths.calendarConfig(community, calendarId)).get(),
    deps.db.ref(deps.paths.calendarFeed(community, calendarId)).get(),
  ]);
  const configValue: unknown = config.val();
  if (!isObject(configValue)) return { kind: 'removed', existed: await removeCalendarFeed(deps, community, calendarId) };
  const builtFrom = buildTimeOf(configValue);
  const record = feedRecordOf(stored.val());
  const fileThere = record !== null && (await deps.storage.exists(path));
  if (record && fileThere && record.builtFrom === builtFrom) return { kind: 'current', builtFrom };

  const previous = feedStateOf((await deps.db.ref(deps.paths.calendarFeedState(community, calendarId)).get()).val());
  const source = deps.publicUrl ? absoluteUrl(deps.publicUrl, hrefs.calendarFeed(community, calendarId)) : null;
  const feed = await buildCalendarFeed(deps, { community, calendarId, now, previous, source });
  if (!feed) return { kind: 'removed', existed: await removeCalendarFeed(deps, community, calendarId) };

  const bytes = Buffer.from(feed.ics, 'utf8');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  // The same bytes are not written again: the stored file keeps its ETag and Last-Modified.
  const written = !(record && fileThere && record.sha256 === sha256);
  if (written) await deps.storage.put(path, bytes, { contentType: FEED_CONTENT_TYPE, cacheControl: FEED_CACHE_CONTROL });
  const next: FeedRecord = { builtFrom, builtAt: now, sha256, size: bytes.length };
  await deps.db.ref().update({
    [deps.paths.calendarFeed(community, calendarId)]: { ...next },
    [deps.paths.calendarFeedState(community, calendarId)]: JSON.stringify(feed.state),
  });
  return { kind: 'built', builtFrom, components: feed.components, size: bytes.length, written };
}

/**
 * Builds, here and now, every feed the workers' sweep would queue (stale.ts `staleCalendarFeeds`):
 * for scripts and tests that hold the demo data without running the workers.
 */
export async function publishStaleFeeds(deps: FeedDeps, now: number): Promise<PublishResult[]> {
  const results: PublishResult[] = [];
  for (const target of await staleCalendarFeeds(deps)) results.push(await publishCalendarFeed(deps, { ...target, now }));
  return results;
}
