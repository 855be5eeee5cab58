import { remoteGrantFromEntry, type RemoteGrant } from '@server/authz/access';
import { DEFAULT_TIME_ZONE } from '~/lib/event-times';
import type { ListDeps } from './source';

/**
 * What the list screens read besides their rows (spec 02 "Listing routes", "Calendars",
 * "Messages"): the community's time zone, a list's header, a calendar's config, a remote
 * listing link's grants.
 */

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The time zone a list's dates are read in: the community's, else the spec's default (spec 02 §9). */
export async function communityTimeZone({ db, paths }: ListDeps, community: string): Promise<string> {
  const record = (await db.ref(paths.community(community)).get()).val() as unknown;
  return isRecord(record) && typeof record.timeZone === 'string' && record.timeZone ? record.timeZone : DEFAULT_TIME_ZONE;
}

/** A list's header media as stored: header-info/{context}, or the node a list names (a calendar's config header-info). */
export async function readListHeader(
  { db, paths }: ListDeps,
  community: string,
  header: { context: string; node?: string },
): Promise<unknown> {
  return (await db.ref(header.node ?? paths.headerInfo(community, header.context)).get()).val();
}

/** A calendar's (or a legacy events list's) stored config; null when there is none. */
export async function readCalendarConfig(
  { db, paths }: ListDeps,
  community: string,
  calendarId: string,
): Promise<Record<string, unknown> | null> {
  const stored = (await db.ref(paths.calendarConfig(community, calendarId)).get()).val() as unknown;
  return isRecord(stored) ? stored : null;
}

/** The remote grants an account's uid (or a link's uuid) holds. */
export async function remoteGrantsOf({ db, paths }: ListDeps, uuid: string): Promise<RemoteGrant[]> {
  const stored = (await db.ref(paths.remoteByUid(uuid)).get()).val() as unknown;
  return typeof stored === 'object' && stored !== null
    ? Object.entries(stored as Record<string, unknown>)
        .map(([detailId, entry]) => remoteGrantFromEntry(detailId, entry, uuid))
        .filter((grant) => grant !== null)
    : [];
}
