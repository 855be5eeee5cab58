import type { SessionUser } from '@server/auth/session';
import { forbidden, notFound, requireUser } from '@server/authz';
import type { RemoteGrant, RemotePermission } from '@server/authz/access';
import { userCreatedPolicy } from '@server/events';
import {
  calendarGrantByUuid,
  calendarGrantOfUser,
  resolveCalendarGrant,
  upcomingEvents,
  REMOTE_EVENTS_PAGE_SIZE,
  type RemoteCalendar,
} from '@server/remote/calendar';
import { currentProject } from '~/components/shell/project.server';
import { formatDate, formatTime } from '~/lib/date-time';
import { DEFAULT_TIME_ZONE } from '~/lib/event-times';
import { getServices } from '~/services.server';

/**
 * The remote calendar pages (spec 01 route table: `/amc-calendar/remote/:uuid/` for a URL
 * grant, no sign-in; `/amc-calendar/remote/id/:detailId/` for the signed-in holder of an e-mail
 * grant, detailId being the calendar's remoteKey): the calendar's upcoming events, read-only,
 * a page at a time, in the remote frame (no shell, no Log Out, a way to leave). With Edit
 * Information, each event links to the remote event editor and 'Add Event' opens a new one
 * (`/event/remote/:calendarId[/:eventId]`, naming the grant with `?uuid=` for URL grants).
 *
 * The grant is resolved from the address on every load (server/remote/calendar.ts): 404 unless
 * it is a calendar grant whose calendar still carries its key.
 */

export type RemoteCalendarTarget = { uuid: string } | { detailId: string };

export interface RemoteCalendarContext {
  user: SessionUser | null;
  grant: RemoteGrant;
  calendar: RemoteCalendar;
}

/** The grant the address names and its calendar; throws 404 / 403 / the sign-in redirect (e-mail grants). */
export async function requireRemoteCalendar(
  request: Request,
  target: RemoteCalendarTarget,
  permission: RemotePermission | null,
): Promise<RemoteCalendarContext> {
  const { db, paths } = await getServices();
  const deps = { db, paths };
  let user: SessionUser | null = null;
  let grant: RemoteGrant | null;
  if ('uuid' in target) grant = await calendarGrantByUuid(deps, target.uuid);
  else {
    user = await requireUser(request);
    grant = await calendarGrantOfUser(deps, user.uid, target.detailId);
  }
  const verdict = await resolveCalendarGrant(deps, grant, permission);
  if (!verdict.ok) throw verdict.status === 404 ? notFound() : forbidden('remote-permission');
  return { user, grant: verdict.grant, calendar: verdict.calendar };
}

/** The query that names a grant on the remote event editor's addresses ('' for e-mail grants). */
export const grantQuery = (target: RemoteCalendarTarget): string =>
  'uuid' in target ? `?${new URLSearchParams({ uuid: target.uuid })}` : '';

/** Where a remote calendar page of the target lives. */
export const remoteCalendarHref = (target: RemoteCalendarTarget): string =>
  'uuid' in target
    ? `/amc-calendar/remote/${encodeURIComponent(target.uuid)}/`
    : `/amc-calendar/remote/id/${encodeURIComponent(target.detailId)}/`;

export interface RemoteFrame {
  appTitle: string;
  logo: string;
  leaveHref: string;
  leaveLabel: string;
}

/** The remote frame of the project (as the business remote pages have it). */
export async function remoteCalendarFrame(request: Request, target: RemoteCalendarTarget): Promise<RemoteFrame> {
  const project = await currentProject(request);
  const signedIn = !('uuid' in target);
  return {
    appTitle: project.appTitle,
    logo: project.logo,
    leaveHref: signedIn ? '/detail/remote?all=1' : '/',
    leaveLabel: signedIn ? 'Your remote access' : 'Leave this page',
  };
}

export interface RemoteCalendarRow {
  eventId: string;
  title: string;
  when: string;
  editHref: string | null;
}

export interface RemoteCalendarData extends RemoteFrame {
  title: string;
  relationship: string;
  rows: RemoteCalendarRow[];
  page: number;
  previousHref: string | null;
  nextHref: string | null;
  addHref: string | null;
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

export async function loadRemoteCalendar(request: Request, target: RemoteCalendarTarget): Promise<RemoteCalendarData> {
  const { grant, calendar } = await requireRemoteCalendar(request, target, null);
  const { db, paths } = await getServices();
  const search = new URL(request.url).searchParams;
  const pageParam = Number(search.get('page') ?? '1');
  const page = Number.isInteger(pageParam) && pageParam >= 1 && pageParam <= MAX_PAGE ? pageParam : 1;
  const [{ rows, more }, community, frame, policy] = await Promise.all([
    upcomingEvents({ db, paths }, calendar, { now: Date.now(), page: page - 1, pageSize: REMOTE_EVENTS_PAGE_SIZE }),
    db.ref(paths.community(calendar.community)).get(),
    remoteCalendarFrame(request, target),
    userCreatedPolicy({ db, paths }, calendar.community, calendar.calendarId),
  ]);
  const record = community.val() as { timeZone?: unknown } | null;
  const timeZone = typeof record?.timeZone === 'string' && record.timeZone !== '' ? record.timeZone : DEFAULT_TIME_ZONE;
  const here = remoteCalendarHref(target);
  const query = grantQuery(target);
  const editor = `/event/remote/${encodeURIComponent(calendar.calendarId)}`;
  const pageHref = (number: number) => (number === 1 ? here : `${here}?page=${number}`);
  return {
    ...frame,
    title: calendar.title,
    relationship: grant.title,
    rows: rows.map((row) => ({
      eventId: row.eventId,
      title: row.title || 'Untitled event',
      when: whenOf(row, timeZone),
      editHref: grant.editInfo ? `${editor}/${encodeURIComponent(row.eventId)}${query}` : null,
    })),
    page,
    previousHref: page > 1 ? pageHref(page - 1) : null,
    nextHref: more && page < MAX_PAGE ? pageHref(page + 1) : null,
    // New events only where the calendar allows user-created events (spec 02 §3, §6).
    addHref: grant.editInfo && policy?.allowUserCreated ? `${editor}${query}` : null,
    saved: search.get('saved') === '1',
    submitted: search.get('submitted') === '1',
  };
}
