import type { SessionUser } from '@server/auth/session';
import { forbidden, notFound, requireUser } from '@server/authz';
import type { RemoteGrant, RemotePermission } from '@server/authz/access';
import {
  loadRemoteCalendarEvents,
  openRemoteCalendar,
  remoteCalendarLeave,
  type RemoteCalendarAsker,
  type RemoteCalendarData,
  type RemoteCalendarTarget,
  type RemoteFrame,
} from '@server/calendars';
import type { RemoteCalendar } from '@server/remote/calendar';
import { currentProject } from '~/lib/project.server';
import { getServices } from '~/services.server';

/**
 * The remote calendar pages (spec 01 route table: `/amc-calendar/remote/:uuid/` for a URL
 * grant, no sign-in; `/amc-calendar/remote/id/:detailId/` for the signed-in holder of an e-mail
 * grant): the calendar's upcoming events, read-only, a page at a time, in the remote frame (no
 * shell, no Log Out, a way to leave). The grant and the page are server/calendars/remote-page.ts's.
 */

export type { RemoteCalendarData, RemoteCalendarRow, RemoteCalendarTarget, RemoteFrame } from '@server/calendars';

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
  let user: SessionUser | null = null;
  let asker: RemoteCalendarAsker;
  if ('uuid' in target) asker = { uuid: target.uuid };
  else {
    user = await requireUser(request);
    asker = { uid: user.uid, detailId: target.detailId };
  }
  const access = await openRemoteCalendar({ db, paths }, asker, permission);
  if (access.kind === 'not-found') throw notFound();
  if (access.kind === 'forbidden') throw forbidden('remote-permission');
  return { user, grant: access.grant, calendar: access.calendar };
}

/** The remote frame of the project (as the business remote pages have it). */
export async function remoteCalendarFrame(request: Request, target: RemoteCalendarTarget): Promise<RemoteFrame> {
  const project = await currentProject(request);
  return { appTitle: project.appTitle, logo: project.logo, ...remoteCalendarLeave(target) };
}

export async function loadRemoteCalendar(request: Request, target: RemoteCalendarTarget): Promise<RemoteCalendarData> {
  const { grant, calendar } = await requireRemoteCalendar(request, target, null);
  const { db, paths } = await getServices();
  const search = new URL(request.url).searchParams;
  const [events, frame] = await Promise.all([
    loadRemoteCalendarEvents({ db, paths }, { target, grant, calendar, page: search.get('page'), now: Date.now() }),
    remoteCalendarFrame(request, target),
  ]);
  return { ...frame, ...events, saved: search.get('saved') === '1', submitted: search.get('submitted') === '1' };
}
