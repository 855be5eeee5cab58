import type { DbValue, RealtimeDb } from '@server/db/types';
import { isValidKey, LEGACY_EVENT_SECTIONS, type Paths } from '@server/paths';

/**
 * What a change outside the calendars that the feeds are written from (the community's time zone:
 * every VTIMEZONE and local time of its feeds) writes with it: `icsBuildTime` = now on each
 * calendar config that exists, so the `calendar-feed` job rebuilds every feed of the community
 * (spec 02 §4). Legacy sections have no feed; a calendar deleted meanwhile gets no config back
 * from this alone, because only configs read just before are touched.
 */
export async function allFeedsRebuildUpdates(
  deps: { db: RealtimeDb; paths: Pick<Paths, 'calendarConfigs' | 'calendarIcsBuildTime'> },
  community: string,
  now: number,
): Promise<Record<string, DbValue>> {
  const configs: unknown = (await deps.db.ref(deps.paths.calendarConfigs(community)).get()).val();
  const updates: Record<string, DbValue> = {};
  if (typeof configs !== 'object' || configs === null || Array.isArray(configs)) return updates;
  for (const [calendarId, config] of Object.entries(configs)) {
    if (!isValidKey(calendarId) || (LEGACY_EVENT_SECTIONS as readonly string[]).includes(calendarId)) continue;
    if (typeof config !== 'object' || config === null) continue;
    updates[deps.paths.calendarIcsBuildTime(community, calendarId)] = now;
  }
  return updates;
}
