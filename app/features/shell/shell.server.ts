import { communitySummary, loadDollarsEnabled, requireStaff, trayFlags, type Access, type StaffContext } from '@server/authz';
import { loadCommunityRecord as readCommunityRecord } from '@server/community/record';
import { notFound } from '@server/http/responses';
import { messagingUnavailable, SEND_NOTIFICATION_BUTTON } from '@server/messages/list';
import type { ShellData } from '~/components/shell/app-shell';
import { DEFAULT_COLOR_BACKGROUND, normalizeHexColor, readableTextColor } from '~/components/shell/colors';
import { isHomeAction } from '~/components/shell/home-actions';
import { UNAVAILABLE_PARAM, unavailableButtonIds, type TrayView } from '~/components/shell/tray-types';
import { imageUrl } from '~/lib/image-url';
import { listContext } from '~/lib/listing/contexts';
import { currentProject, type ProjectConfig } from '~/lib/project.server';
import { visibleTrays } from '~/lib/trays';
import { getServices } from '~/services.server';
import { leftColumnChangeRedirect, readLeftColumnState } from './left-column.server';

/** A community record as stored (`{product}/campground-locations/{key}`); every field optional. */
export type CommunityRecord = Record<string, unknown>;

/**
 * The stored record of a community; an empty record when it has none. Given the request, the
 * record is read once for all the loaders of a page (server/http/request-scope.ts).
 */
export async function loadCommunityRecord(community: string, request?: Request): Promise<CommunityRecord> {
  return readCommunityRecord(await getServices(), community, request);
}

/** The community name the shell shows (header bar, page title): as the community pickers name it. */
export function communityName(key: string, record: CommunityRecord): string {
  return communitySummary(key, record)?.displayName ?? key;
}

/**
 * The trays the person sees in this project (spec 03 §6). In the studio project, the
 * catalogue's studio-disabled buttons and any other button the project's configuration lists
 * (`studioDisabledFeatures`) open 'Feature Unavailable'; so does Send Notification for a
 * non-admin when the main menu has no Messages section.
 */
export async function trayViews(access: Access, community: string, project: ProjectConfig): Promise<TrayView[]> {
  const services = await getServices();
  const dollarsEnabled = await loadDollarsEnabled(services);
  const trays = visibleTrays(trayFlags(access, community, { dollarsEnabled, isStudio: project.isStudio }));
  const disabled = new Set(project.isStudio ? project.studioDisabledFeatures : []);
  // Messaging needs a Messages section in the main menu; without one non-admins get the dialog (spec 03 §6).
  if (await messagingUnavailable(services, access, community)) disabled.add(SEND_NOTIFICATION_BUTTON);
  if (disabled.size === 0) return trays;
  return trays.map((tray) => ({
    ...tray,
    buttons: tray.buttons.map((button) => ({ ...button, unavailable: button.unavailable || disabled.has(button.id) })),
  }));
}

/**
 * True when the address is no page, signed in or not: `/:action` (the home route's one
 * segment) with a word that is not a home action, a list context the registry does not have, or
 * any address only the layout's catch-all route (`_app.$`) matches.
 */
export function isUnknownHomeAddress(request: Request, params: Record<string, string | undefined>): boolean {
  if (params['*'] !== undefined) return true;
  // A list context the registry does not have (`/listnm/no-such-list`).
  if (params.context !== undefined && new URL(request.url).pathname.startsWith('/listnm/') && !listContext(params.context)) return true;
  const action = params.action;
  if (action === undefined) return false;
  const path = new URL(request.url).pathname.replace(/\/$/, '');
  return path === `/${encodeURIComponent(action)}` && !isHomeAction(action);
}

/**
 * The authenticated layout's loader: signs the person in or sends them to sign in
 * (requireStaff), stores a menu-expander choice, and gathers what the shell shows. An unknown
 * address answers anonymous visitors 404 rather than the sign-in redirect (signed in, the page's
 * own loader answers 404 inside the shell).
 */
export async function loadShell(
  request: Request,
  params: Record<string, string | undefined> = {},
): Promise<{ staff: StaffContext; shell: ShellData }> {
  const change = await leftColumnChangeRedirect(request);
  if (change) throw change;

  const staff = await requireStaff(request).catch((error: unknown) => {
    if (error instanceof Response && error.status >= 300 && error.status < 400 && isUnknownHomeAddress(request, params)) {
      throw notFound();
    }
    throw error;
  });
  const [record, project, leftColumn] = await Promise.all([
    loadCommunityRecord(staff.community, request),
    currentProject(request),
    readLeftColumnState(request),
  ]);
  const trays = await trayViews(staff.access, staff.community, project);

  const asked = new URL(request.url).searchParams.get(UNAVAILABLE_PARAM);
  const unavailableFeature = asked && unavailableButtonIds(trays).has(asked) ? asked : null;

  const colorBackground = normalizeHexColor(record.colorBackground) ?? DEFAULT_COLOR_BACKGROUND;
  return {
    staff,
    shell: {
      community: {
        key: staff.community,
        name: communityName(staff.community, record),
        logo: imageUrl(record.drawerLogo),
        colorBackground,
        colorOnBackground: readableTextColor(colorBackground),
      },
      appLogo: project.logo,
      trays,
      leftColumn,
      unavailableFeature,
      demoUrl: project.demoUrl,
    },
  };
}
