import { formatInTimeZone } from 'date-fns-tz';
import { notFound } from '@server/http/responses';
import { communityTimeZone } from '@server/listing';
import { readRightsAudit } from '@server/users/audit';
import { rightsOf, rightsText } from '@server/users/rights';
import { readPeopleRows } from '@server/users/store';
import { hrefs } from '~/lib/hrefs';
import type { ListScreenData } from '~/lib/listing/screen';
import { listUrls } from '~/lib/listing/urls';
import { SHOW_ALL_PARAM, SHOW_ALL_VALUE } from '~/lib/users';
import { getServices } from '~/services.server';
import { resolveUsers, type ResolvedPeople } from './resolve.server';

/**
 * The users lists' screens (spec 02 §6 "User lists show admin users only unless 'Show all logged
 * in users' is ticked"): the listing framework's screen over the people sources, the tick kept by
 * the filter form, and a person of the users list in the right column.
 */

export interface PeopleScreenData extends ListScreenData {
  /** 'Show all logged in users' is ticked (users list). */
  everyone: boolean;
  /** The users list with the tick the other way (no JavaScript: a link; with it, the checkbox submits). */
  toggleHref: string;
}

function withTick(data: ListScreenData, list: ResolvedPeople, url: URL): PeopleScreenData {
  const search = new URLSearchParams(url.search);
  search.delete('more');
  search.delete('all');
  if (list.everyone) search.delete(SHOW_ALL_PARAM);
  else search.set(SHOW_ALL_PARAM, SHOW_ALL_VALUE);
  const keep = list.everyone ? [{ name: SHOW_ALL_PARAM, value: SHOW_ALL_VALUE }] : [];
  return {
    ...data,
    filters: { ...data.filters, keep: [...(data.filters.keep ?? []), ...keep] },
    everyone: list.everyone,
    toggleHref: listUrls(list.location, search).list,
  };
}

/** The users list's screen (the listing framework's, from the route) with the tick. */
export function usersScreen(request: Request, list: ResolvedPeople, data: ListScreenData): PeopleScreenData {
  return withTick(data, list, new URL(request.url));
}

export interface UserManagementScreenData extends PeopleScreenData {
  /** The community's latest rights changes (the audit trail). */
  recent: Array<{ key: string; when: string; who: string; whom: string; summary: string }>;
}

/** "Nov 28, 2026, 9:09 AM EST": a time of the audit trail, in the community's zone. */
export const auditTime = (at: number, timeZone: string) => formatInTimeZone(at, timeZone, 'MMM d, yyyy, h:mm a zzz');

/** User Management's screen (the listing framework's, from the route) with the latest changes of the audit trail. */
export async function userManagementScreen(
  request: Request,
  list: ResolvedPeople,
  data: ListScreenData,
): Promise<UserManagementScreenData> {
  const services = await getServices();
  const [recent, timeZone] = await Promise.all([
    readRightsAudit(services, list.staff.community, { limit: 10 }),
    communityTimeZone(services, list.staff.community),
  ]);
  return {
    ...withTick(data, list, new URL(request.url)),
    everyone: false,
    recent: recent.map((entry) => ({
      key: entry.key,
      when: auditTime(entry.at, timeZone),
      who: entry.byName,
      whom: entry.targetName,
      summary: entry.summary,
    })),
  };
}

export interface UserViewData {
  uid: string;
  name: string;
  email: string;
  kind: 'staff' | 'app';
  roles: string[];
  closeHref: string;
  /** User Management's editor of this person (staff only). */
  manageHref: string | null;
}

/** A person of the users list (`/listnm/users/edit/:uid`): name, e-mail, id, and their rights in the community or 'App user'. */
export async function loadUserView(request: Request, params: Record<string, string | undefined>): Promise<UserViewData> {
  const list = await resolveUsers(request);
  const uid = params.uid ?? '';
  const services = await getServices();
  const rows = await readPeopleRows(services, list.staff.community, true);
  const row = rows.find((candidate) => candidate.key === uid);
  if (!row) throw notFound();
  const staff = row.item.kind === 'staff';
  return {
    uid,
    name: String(row.item.name),
    email: String(row.item.email ?? ''),
    kind: staff ? 'staff' : 'app',
    roles: staff ? rightsText(rightsOf(row.item)) : ['App user'],
    closeHref: listUrls(list.location, new URL(request.url).searchParams).list,
    manageHref: staff ? hrefs.listnmItem('usermgmt', 'edit', uid) : null,
  };
}
