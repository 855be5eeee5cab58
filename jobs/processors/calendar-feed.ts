import { publishCalendarFeed, type PublishResult } from '@server/events/feed/publish';
import type { CalendarFeedJobPayload } from '../payloads';
import type { JobContext, JobDeps } from '../types';

/**
 * The calendar-feed processor (issue 24 "iCal feeds"; docs/decisions/026): builds the calendar's
 * feed from its stored events with the previous build's state and stores it, skipping a feed
 * already built from the calendar's current icsBuildTime; removes the feed of a calendar that is
 * gone. The expansion of the rules and the writing are CPU work: they run here, in the worker
 * process, never in the web server. Idempotent: a retry builds from what is stored then.
 */
export async function processCalendarFeed(
  payload: CalendarFeedJobPayload,
  deps: JobDeps,
  _job: JobContext,
  clock: () => number = Date.now,
): Promise<PublishResult> {
  if (!deps.storage) throw new Error('The calendar-feed job needs the file storage (JobDeps.storage).');
  const result = await publishCalendarFeed(
    { db: deps.db, paths: deps.paths, storage: deps.storage, publicUrl: deps.publicUrl ?? null },
    { community: payload.community, calendarId: payload.calendarId, now: clock() },
  );
  if (result.kind === 'built')
    deps.log.debug?.(
      `Calendar feed ${payload.community}/${payload.calendarId}: ${result.components} component(s), ${result.size} bytes${result.written ? '' : ' (unchanged)'}`,
    );
  return result;
}
