import type { RemoteGrant, RemotePermission } from '@server/authz/access';
import { userCreatedPolicy } from '@server/events';
import { communityTimeZone } from '@server/listing';
import {
  calendarGrantByUuid,
  calendarGrantOfUser,
  resolveCalendarGrant,
  upcomingEvents,
  REMOTE_EVENTS_PAGE_SIZE,
  type RemoteCalendar,
  type RemoteCalendarDeps,
} from '@server/remote/calendar';
import { formatDate, formatTime } from '~/lib/date-time';
import { hrefs } from '~/lib/hrefs';

/**
 * The remote calendar pages (spec 01 route table: `/amc-calendar/remote/:uuid/` for a URL
 * grant, no sign-in; `/amc-calendar/remote/id/:detailId/` for the signed-in holder of an e-mail
 * grant, detailId being the calendar's remoteKey): the calendar's upcoming events, read-only,
 * a page at a time. With Edit Information, each event links to the remote event editor and
 * 'Add Event' opens a new one (`/event/remote/:calendarId[/:eventId]`, naming the grant with
 * `?uuid=` for URL grants).
 *
 * The grant is resolved from the address on every load (server/remote/calendar.ts): not found
 * unless it is a calendar grant whose calendar still carries its key.
 */

export type RemoteCalendarTarget = { uuid: string } | { detailId: string };

/** Who asks: a URL grant's link, or the signed-in holder of an e-mail grant. */
export type RemoteCalendarAsker = { uuid: string } | { uid: string; detailId: string };

export type RemoteCalendarAccess =
  { kind: 'calendar'; grant: RemoteGrant; calendar: RemoteCalendar } | { kind: 'not-found' } | { kind: 'forbidden' };

/** The grant the address names and its calendar, when it allows `permission` (null: just reading). */
export async function openRemoteCalendar(
  deps: RemoteCalendarDeps,
  asker: RemoteCalendarAsker,
  permission: RemotePermission | null,
): Promise<RemoteCalendarAccess> {
  const grant = 'uid' in asker ? await calendarGrantOfUser(deps, asker.uid, asker.detailId) : await calendarGrantByUuid(deps, asker.uuid);
  const verdict = await resolveCalendarGrant(deps, grant, permission);
  if (!verdict.ok) return verdict.status === 404 ? { kind: 'not-found' } : { kind: 'forbidden' };
  return { kind: 'calendar', grant: verdict.grant, calendar: verdict.calendar };
}

/** The query that names a grant on the remote event editor's addresses (none for e-mail grants). */
export const grantSearch = (target: RemoteCalendarTarget): URLSearchParams | undefined =>
  'uuid' in target ? new URLSearchParams({ uuid: target.uuid }) : undefined;

/** Where a remote calendar page of the target lives (`page` beyond the first in the query). */
export const remoteCalendarHref = (target: RemoteCalendarTarget, page = 1): string => {
  const search = page === 1 ? undefined : { page };
  return 'uuid' in target ? hrefs.remoteCalendar(target.uuid, search) : hrefs.remoteCalendarById(target.detailId, search);
};

export interface RemoteFrame {
  appTitle: string;
  logo: string;
  leaveHref: string;
  leaveLabel: string;
}

/** The remote frame's way out: the signed-in manager's remote access, or for a link (no account) the page saying they have left. */
export function remoteCalendarLeave(target: RemoteCalendarTarget): Pick<RemoteFrame, 'leaveHref' | 'leaveLabel'> {
  const signedIn = !('uuid' in target);
  return {
    leaveHref: signedIn ? hrefs.remoteHome({ all: 1 }) : hrefs.remoteLeft(),
    leaveLabel: signedIn ? 'Your remote access' : 'Leave this page',
  };
}

export interface RemoteCalendarRow {
  eventId: string;
  title: string;
  when: string;
  editHref: string | null;
}

export interface RemoteCalendarEvents {
  title: string;
  relationship: string;
  rows: RemoteCalendarRow[];
  page: number;
  previousHref: string | null;
  nextHref: string | null;
  addHref: string | null;
}

export interface RemoteCalendarData extends RemoteFrame, RemoteCalendarEvents {
  /** Back from the remote event editor after a save ('Save Complete'). */
  saved: boolean;
  /** Back from the remote event editor after adding an event that waits for approval. */
  submitted: boolean;
}

const MAX_PAGE = 500;

function whenOf(row: { startDate: number; endDate: number; allDay: boolean }, timeZone: string): string {
  const startDay = formatDate(row.startDate, timeZone);
  if (row.allDay) return `${startDay} (all day)`;
  const endDay = formatDate(row.endDate, timeZone);
  const end = endDay === startDay ? formatTime(row.endDate, timeZone) : `${endDay} ${formatTime(row.endDate, timeZone)}`;
  return `${startDay} ${formatTime(row.startDate, timeZone)} – ${end}`;
}

/** One page (`page` as the address has it, 1 to 500, else 1) of the calendar's upcoming events. */
export async function loadRemoteCalendarEvents(
  deps: RemoteCalendarDeps,
  input: { target: RemoteCalendarTarget; grant: RemoteGrant; calendar: RemoteCalendar; page: string | null; now: number },
): Promise<RemoteCalendarEvents> {
  const { target, grant, calendar } = input;
  const pageParam = Number(input.page ?? '1');
  const page = Number.isInteger(pageParam) && pageParam >= 1 && pageParam <= MAX_PAGE ? pageParam : 1;
  const [{ rows, more }, timeZone, policy] = await Promise.all([
    upcomingEvents(deps, calendar, { now: input.now, page: page - 1, pageSize: REMOTE_EVENTS_PAGE_SIZE }),
    communityTimeZone(deps, calendar.community),
    userCreatedPolicy(deps, calendar.community, calendar.calendarId),
  ]);
  const search = grantSearch(target);
  return {
    title: calendar.title,
    relationship: grant.title,
    rows: rows.map((row) => ({
      eventId: row.eventId,
      title: row.title || 'Untitled event',
      when: whenOf(row, timeZone),
      editHref: grant.editInfo ? hrefs.remoteEvent(calendar.calendarId, row.eventId, search) : null,
    })),
    page,
    previousHref: page > 1 ? remoteCalendarHref(target, page - 1) : null,
    nextHref: more && page < MAX_PAGE ? remoteCalendarHref(target, page + 1) : null,
    // New events only where the calendar allows user-created events (spec 02 §3, §6).
    addHref: grant.editInfo && policy?.allowUserCreated ? hrefs.remoteEvent(calendar.calendarId, null, search) : null,
  };
}
