import { storagePaths } from '@server/paths';
import { isStorageError, type FileStorage } from '@server/storage/types';
import { isObject, type EventDeps } from '../records';

/**
 * What the web process and the workers' sweep need to know about stored calendar feeds, without
 * loading the feed writer (publish.ts, run by the calendar-feed job): whether a feed file exists,
 * and which feeds are behind their calendar.
 */

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** What `calendar-feeds/{community}/{calendarId}` holds about a stored feed. */
export interface FeedRecord {
  /** The calendar's icsBuildTime the stored feed was built from (0: the calendar had none). */
  builtFrom: number;
  builtAt: number;
  /** sha256 (hex) of the stored bytes. */
  sha256: string;
  size: number;
}

export function feedRecordOf(value: unknown): FeedRecord | null {
  if (!isObject(value)) return null;
  const builtFrom = num(value.builtFrom);
  const builtAt = num(value.builtAt);
  const size = num(value.size);
  if (builtFrom === null || builtAt === null || size === null || typeof value.sha256 !== 'string') return null;
  return { builtFrom, builtAt, sha256: value.sha256, size };
}

/**
 * Whether a calendar's feed file exists (spec 03 "the iCal tab appears only when an iCal file
 * exists"). False for keys no feed can have.
 */
export async function calendarFeedExists(
  from: FileStorage | { storage: FileStorage },
  community: string,
  calendarId: string,
): Promise<boolean> {
  const storage = 'storage' in from ? from.storage : from;
  let path: string;
  try {
    path = storagePaths.calendarIcs(community, calendarId);
  } catch {
    return false;
  }
  try {
    return await storage.exists(path);
  } catch (error) {
    if (isStorageError(error, 'invalid-path')) return false;
    throw error;
  }
}

/**
 * The calendars whose stored feed is behind their icsBuildTime (or missing though they have
 * one), and the feeds of calendars that are gone: what the workers' sweep queues, so a build
 * whose job was never queued (Redis away, a crash between the write and the enqueue) still
 * happens. A calendar that never had an icsBuildTime has nothing to publish yet.
 */
export async function staleCalendarFeeds(deps: EventDeps): Promise<Array<{ community: string; calendarId: string }>> {
  const communities = (await deps.db.ref(deps.paths.communities()).get()).val();
  const found: Array<{ community: string; calendarId: string }> = [];
  for (const community of isObject(communities) ? Object.keys(communities) : []) {
    const [configs, feeds] = await Promise.all([
      deps.db.ref(deps.paths.calendarConfigs(community)).get(),
      deps.db.ref(deps.paths.calendarFeeds(community)).get(),
    ]);
    const configValue: unknown = configs.val();
    const feedValue: unknown = feeds.val();
    const calendars = isObject(configValue) ? configValue : {};
    const built = isObject(feedValue) ? feedValue : {};
    for (const [calendarId, config] of Object.entries(calendars)) {
      if (!isObject(config)) continue;
      const buildTime = num(config.icsBuildTime);
      if (buildTime === null) continue;
      if (feedRecordOf(built[calendarId])?.builtFrom !== buildTime) found.push({ community, calendarId });
    }
    for (const calendarId of Object.keys(built)) if (!isObject(calendars[calendarId])) found.push({ community, calendarId });
  }
  return found;
}
