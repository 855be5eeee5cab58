import { redirect } from '@remix-run/node';
import { requireRemoteManager } from '@server/authz';
import { calendarOfGrant } from '@server/remote/calendar';
import {
  isCalendarGrant,
  loadRemoteCalendars,
  loadRemoteListings,
  remoteCalendarHref,
  type RemoteCalendarLink,
  type RemoteListing,
} from '@server/remote/home';
import { hrefs } from '~/lib/hrefs';
import { currentProject } from '~/lib/project.server';
import { getServices } from '~/services.server';

export interface RemoteHomeData {
  appTitle: string;
  logo: string;
  email: string;
  listings: RemoteListing[];
  /** The calendars their grants reach, each with its remote calendar's address. */
  calendars: RemoteCalendarLink[];
}

/** /detail/remote: signed-in remote managers only (staff go home, people without rights get the no-access dialog). */
export async function loadRemoteHome(request: Request): Promise<RemoteHomeData> {
  const { user, access } = await requireRemoteManager(request);
  const services = await getServices();
  // Spec 03: straight to the one listing when the person manages exactly one (its editor; a calendar's remote calendar).
  const [only, ...others] = access.remoteGrants;
  // `?all=1` shows this page anyway: the remote pages' way back here, where Log Out is.
  const all = new URL(request.url).searchParams.get('all') === '1';
  if (!all && only && others.length === 0) {
    if (only.editInfo && (only.type === '' || only.type === 'business')) throw redirect(hrefs.remoteDetailById(only.detailId));
    if (isCalendarGrant(only) && (await calendarOfGrant(services, only))) throw redirect(remoteCalendarHref(only.detailId));
  }
  const project = await currentProject(request);
  const [listings, calendars] = await Promise.all([loadRemoteListings(services, access, user), loadRemoteCalendars(services, access)]);
  return { appTitle: project.appTitle, logo: project.logo, email: user.email, listings, calendars };
}
