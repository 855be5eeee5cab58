import type { EnqueueResult, JobQueue } from '@jobs/ports';
import type { Paths } from '@server/paths';
import { isObject, type EventDeps, type Updates } from '../records';

/**
 * Asking for calendar feeds to be rebuilt (issue 24 "iCal feeds"; docs/decisions/026). Every
 * write that changes what a feed shows sets the calendar's `icsBuildTime` in its multi-path
 * update (records.ts `icsUpdates`: event saves and deletes, Delete Selected, approvals, imports,
 * a calendar's config save and delete). Once such an update is committed, its writer hands the
 * update to `requestFeedBuilds`, which finds the calendars it touched from the update's own
 * paths and queues one `calendar-feed` job per calendar: deduplicated per calendar and delayed a
 * little, so a burst of saves gives one build, and a save during a build one more build after it.
 * A calendar whose config the update removes gets a job too: it removes the feed file.
 */

/** How long a requested build waits, so the saves of a burst are built once. */
export const FEED_BUILD_DELAY_MS = 2_000;

export interface FeedTarget {
  community: string;
  calendarId: string;
}

const COMMUNITY = 'zz-community-zz';
const CALENDAR = 'zz-calendar-zz';

/** A regular expression of one path shape, its community and calendar captured. */
function shapeOf(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(COMMUNITY, '([^/]+)').replace(CALENDAR, '([^/]+)')}$`);
}

const shapes = new WeakMap<Paths, { buildTime: RegExp; config: RegExp }>();

function shapesFor(paths: Paths) {
  let found = shapes.get(paths);
  if (!found) {
    found = {
      buildTime: shapeOf(paths.calendarIcsBuildTime(COMMUNITY, CALENDAR)),
      config: shapeOf(paths.calendarConfig(COMMUNITY, CALENDAR)),
    };
    shapes.set(paths, found);
  }
  return found;
}

/**
 * The calendars whose feed a multi-path update changes: those whose `icsBuildTime` it sets (as a
 * path of its own or inside a config it writes whole) and those whose config it removes.
 */
export function feedTargetsOf(paths: Paths, updates: Updates): FeedTarget[] {
  const { buildTime, config } = shapesFor(paths);
  const found = new Map<string, FeedTarget>();
  const add = (community: string, calendarId: string) => found.set(`${community}/${calendarId}`, { community, calendarId });
  for (const [path, value] of Object.entries(updates)) {
    const time = buildTime.exec(path);
    if (time && typeof value === 'number') {
      add(time[1]!, time[2]!);
      continue;
    }
    const whole = config.exec(path);
    if (whole && (value === null || (isObject(value) && typeof value.icsBuildTime === 'number'))) add(whole[1]!, whole[2]!);
  }
  return [...found.values()];
}

/** The deduplication id of a calendar's feed jobs. */
export const feedDeduplicationId = (target: FeedTarget): string => `calendar-feed/${target.community}/${target.calendarId}`;

/**
 * Queues a feed build for each calendar. Never throws: a job that cannot be queued (Redis away)
 * is left to the workers' sweep, which rebuilds every feed older than its calendar's icsBuildTime.
 */
export async function queueFeedBuilds(
  jobs: JobQueue | undefined,
  targets: readonly FeedTarget[],
  options: { delayMs?: number } = {},
): Promise<EnqueueResult[]> {
  if (!jobs) return [];
  const results: EnqueueResult[] = [];
  for (const target of targets) {
    try {
      results.push(
        await jobs.enqueue(
          'calendar-feed',
          { community: target.community, calendarId: target.calendarId },
          { delay: options.delayMs ?? FEED_BUILD_DELAY_MS, deduplicationId: feedDeduplicationId(target) },
        ),
      );
    } catch (error) {
      results.push({ queued: false, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  return results;
}

/** After a committed update: a feed build for every calendar whose feed it changed. */
export function requestFeedBuilds(deps: EventDeps, updates: Updates): Promise<EnqueueResult[]> {
  if (!deps.jobs) return Promise.resolve([]);
  return queueFeedBuilds(deps.jobs, feedTargetsOf(deps.paths, updates));
}
