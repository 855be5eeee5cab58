import { remoteGrantFromEntry, type RemoteGrant, type RemotePermission } from '@server/authz/access';
import type { RealtimeDb } from '@server/db/types';
import { formatListingContext, isValidKey, parseEventContext, type Paths } from '@server/paths';

/**
 * Remote calendars (spec 01 route table `/amc-calendar/remote/:uuid/` and
 * `/amc-calendar/remote/id/:detailId/`; spec 02 §4 "Remote management on a calendar or
 * event"): a calendar's remote access entries are written by the calendar config editor under
 * the calendar's `remoteKey` (the grant's detailId), typed 'calendar', with the community's
 * '{community}/amc-events' as origContext and the calendar's event context as its only context.
 *
 * A grant resolves to its calendar only when all of that holds and the calendar's config still
 * carries the grant's detailId as its remoteKey; anything else (a business grant, a stale key,
 * a context naming another community or calendar) is no calendar, and the pages answer 404. A
 * calendar grant never resolves to a listing item either (its origContext names no item), so
 * it opens no business page.
 *
 * - By uuid (URL access): the uuid is the grant's uid; only a URL grant of type 'calendar' opens,
 *   without signing in.
 * - By detail id (e-mail access): the signed-in person's own grant under that remoteKey.
 */

export type RemoteCalendarDeps = { db: RealtimeDb; paths: Paths };

export interface RemoteCalendar {
  community: string;
  calendarId: string;
  title: string;
  remoteKey: string;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The calendar a grant names, or null when the grant is no (longer a) grant for a calendar. The
 * grant names exactly one calendar context; its origContext ('{community}/amc-events', which
 * names the community, not a calendar) may stand beside it in `contexts`, as the config editor
 * wrote it before it wrote the calendar's context alone.
 */
export async function calendarOfGrant(deps: RemoteCalendarDeps, grant: RemoteGrant): Promise<RemoteCalendar | null> {
  if (grant.type !== 'calendar') return null;
  const named = grant.contexts.filter((context) => context !== grant.origContext);
  if (named.length !== 1) return null;
  let community: string;
  let calendarId: string;
  try {
    ({ community, calendarId } = parseEventContext(named[0]!));
  } catch {
    return null;
  }
  if (grant.origContext !== formatListingContext(community, 'amc-events')) return null;
  if (grant.community !== null && grant.community !== community) return null;
  const config = (await deps.db.ref(deps.paths.calendarConfig(community, calendarId)).get()).val();
  if (!isObject(config) || config.remoteKey !== grant.itemId) return null;
  return {
    community,
    calendarId,
    title: typeof config.title === 'string' && config.title !== '' ? config.title : calendarId,
    remoteKey: grant.itemId,
  };
}

/** The URL grant of a link's uuid that is for a calendar (exactly one), or null. */
export async function calendarGrantByUuid(deps: RemoteCalendarDeps, uuid: string): Promise<RemoteGrant | null> {
  if (!isValidKey(uuid)) return null;
  const stored = (await deps.db.ref(deps.paths.remoteByUid(uuid)).get()).val();
  const grants = (isObject(stored) ? Object.entries(stored) : [])
    .map(([detailId, entry]) => remoteGrantFromEntry(detailId, entry, uuid))
    .filter((grant): grant is RemoteGrant => grant !== null && grant.accessType === 'url' && grant.type === 'calendar');
  return grants.length === 1 ? grants[0]! : null;
}

/**
 * A signed-in person's own calendar grant by its key ('{community}~{remoteKey}'), or by the
 * calendar's remoteKey alone when exactly one of their calendar grants has it (addresses made
 * before grants were keyed by community); else null.
 */
export async function calendarGrantOfUser(deps: RemoteCalendarDeps, uid: string, detailId: string): Promise<RemoteGrant | null> {
  if (!isValidKey(uid) || !isValidKey(detailId)) return null;
  const entry = (await deps.db.ref(deps.paths.remoteByUid(uid, detailId)).get()).val();
  const grant = remoteGrantFromEntry(detailId, entry, uid);
  if (grant) return grant.type === 'calendar' ? grant : null;
  const stored = (await deps.db.ref(deps.paths.remoteByUid(uid)).get()).val();
  const byItem = (isObject(stored) ? Object.entries(stored) : [])
    .map(([key, value]) => remoteGrantFromEntry(key, value, uid))
    .filter((candidate): candidate is RemoteGrant => candidate !== null && candidate.type === 'calendar' && candidate.itemId === detailId);
  return byItem.length === 1 ? byItem[0]! : null;
}

export type CalendarGrantVerdict =
  { ok: true; grant: RemoteGrant; calendar: RemoteCalendar } | { ok: false; status: 404 } | { ok: false; status: 403 };

/** A grant and its calendar, checked for a permission (403 when the grant lacks it). */
export async function resolveCalendarGrant(
  deps: RemoteCalendarDeps,
  grant: RemoteGrant | null,
  permission: RemotePermission | null,
): Promise<CalendarGrantVerdict> {
  if (!grant) return { ok: false, status: 404 };
  const calendar = await calendarOfGrant(deps, grant);
  if (!calendar) return { ok: false, status: 404 };
  if (permission && !grant[permission]) return { ok: false, status: 403 };
  return { ok: true, grant, calendar };
}

/** The page size of a remote calendar's upcoming events. */
export const REMOTE_EVENTS_PAGE_SIZE = 20;

export interface RemoteEventRow {
  eventId: string;
  title: string;
  startDate: number;
  endDate: number;
  allDay: boolean;
}

/**
 * A page of the calendar's upcoming events (their end still ahead), in order of their end, and
 * whether another page follows. `page` counts from 0.
 */
export async function upcomingEvents(
  deps: RemoteCalendarDeps,
  calendar: Pick<RemoteCalendar, 'community' | 'calendarId'>,
  { now, page, pageSize = REMOTE_EVENTS_PAGE_SIZE }: { now: number; page: number; pageSize?: number },
): Promise<{ rows: RemoteEventRow[]; more: boolean }> {
  const skip = page * pageSize;
  const snapshot = await deps.db
    .ref(deps.paths.calendarEvents(calendar.community, calendar.calendarId))
    .orderByChild('endDate')
    .startAt(now + 1)
    .limitToFirst(skip + pageSize + 1)
    .get();
  const rows: RemoteEventRow[] = [];
  snapshot.forEach((child) => {
    const value = child.val();
    if (!child.key || !isObject(value)) return false;
    const number = (field: unknown) => (typeof field === 'number' && Number.isFinite(field) ? field : 0);
    rows.push({
      eventId: child.key,
      title: typeof value.title === 'string' ? value.title : '',
      startDate: number(value.startDate),
      endDate: number(value.endDate),
      allDay: value.allDay === true,
    });
    return false;
  });
  const upcoming = rows.filter((row) => row.endDate > now);
  return { rows: upcoming.slice(skip, skip + pageSize), more: upcoming.length > skip + pageSize };
}

/**
 * A signed-in person's calendar grants whose calendar is `calendarId` (the remote event editor's
 * address names the calendar, not the grant); the caller wants exactly one.
 */
export async function calendarGrantsOfUserFor(deps: RemoteCalendarDeps, uid: string, calendarId: string): Promise<RemoteGrant[]> {
  if (!isValidKey(uid) || !isValidKey(calendarId)) return [];
  const stored = (await deps.db.ref(deps.paths.remoteByUid(uid)).get()).val();
  const grants = (isObject(stored) ? Object.entries(stored) : [])
    .map(([detailId, entry]) => remoteGrantFromEntry(detailId, entry, uid))
    .filter((grant): grant is RemoteGrant => grant !== null && grant.type === 'calendar');
  const found: RemoteGrant[] = [];
  for (const grant of grants) if ((await calendarOfGrant(deps, grant))?.calendarId === calendarId) found.push(grant);
  return found;
}
