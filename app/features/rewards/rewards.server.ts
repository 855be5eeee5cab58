import { formatInTimeZone } from 'date-fns-tz';
import { requireStaff } from '@server/authz';
import { communityTimeZone, REWARDS_USERS_LIST_KEY } from '@server/listing';
import type { ResolvedList } from '@server/listing/resolved';
import { readRewardsUser } from '@server/rewards/users';
import type { ListContextDefinition } from '~/lib/listing/types';
import { listUrls } from '~/lib/listing/urls';
import { getServices } from '~/services.server';

/**
 * The rewards users (spec 02 "Listing routes" context rewards-users; spec 03 §9 list-screen
 * mapping "rewards users", default item shape "rewards user (total 0, history, barcodes, name,
 * email)"; decision 041): a list context of the listing framework with its own routes under
 * `/listnm/rewards-users` (the home tile of a Rewards menu item opens it), read through its source
 * adapter (server/rewards/users.ts). For the community's staff.
 */

export const REWARDS_USERS_DEFINITION: ListContextDefinition = {
  title: 'Rewards Users',
  itemName: 'Rewards User',
  tabs: [],
  source: { kind: 'adapter' },
  order: { by: 'key' },
  fields: { title: 'name' },
  filters: ['text'],
  pageSizes: { first: 50, next: 25 },
  permission: 'staff',
  editor: { kind: 'linked' },
  emptyMessage: 'There are no rewards users yet.',
  loadingText: 'Loading rewards users',
  searchHint: 'Name, e-mail or id',
  sortable: false,
  menuTypes: [],
};

export function notFound(): Response {
  return new Response('Not Found', { status: 404 });
}

export async function resolveRewardsUsers(request: Request): Promise<ResolvedList> {
  const staff = await requireStaff(request);
  const definition = REWARDS_USERS_DEFINITION;
  const key = REWARDS_USERS_LIST_KEY;
  return {
    staff,
    key,
    definition,
    location: { family: 'listnm', context: key, tab: null, firstTab: null },
    address: { community: staff.community, definition, base: key, tab: null },
    title: definition.title,
    tabs: [],
    headerContext: key,
  };
}

export interface RewardsUserData {
  uid: string;
  name: string;
  email: string;
  total: number;
  barcodes: string[];
  history: Array<{ key: string; when: string; title: string; points: number }>;
  closeHref: string;
}

/** One rewards user (`/listnm/rewards-users/edit/:uid`): total, barcodes and points history. */
export async function loadRewardsUser(request: Request, params: Record<string, string | undefined>): Promise<RewardsUserData> {
  const list = await resolveRewardsUsers(request);
  const services = await getServices();
  const user = await readRewardsUser(services, list.staff.community, params.uid ?? '');
  if (!user) throw notFound();
  const timeZone = await communityTimeZone(services, list.staff.community);
  return {
    uid: user.uid,
    name: user.name,
    email: user.email,
    total: user.total,
    barcodes: user.barcodes,
    history: user.history.map((entry) => ({
      key: entry.key,
      when: entry.at ? formatInTimeZone(entry.at, timeZone, 'MMM d, yyyy h:mm a') : '',
      title: entry.title,
      points: entry.points,
    })),
    closeHref: listUrls(list.location, new URL(request.url).searchParams).list,
  };
}
