import { redirect } from '@remix-run/node';
import { requireLocationAdmin, type StaffContext } from '@server/authz';
import { USER_MANAGEMENT_LIST_KEY, USERS_LIST_KEY } from '@server/listing';
import type { ResolvedList } from '@server/listing/resolved';
import { UNAVAILABLE_PARAM } from '~/components/shell/tray-types';
import { hrefs } from '~/lib/hrefs';
import { linkedListDefinition } from '~/lib/listing/linked';
import type { ListContextDefinition } from '~/lib/listing/types';
import { currentProject } from '~/lib/project.server';
import { SHOW_ALL_PARAM, SHOW_ALL_VALUE } from '~/lib/users';

/**
 * The two lists of people (spec 02 "Listing routes" contexts users and usermgmt, §6 user lists;
 * spec 03 §6 Administrative tray, §9 list-screen mappings users and user management; decision
 * 040): list contexts of the listing framework with their own routes under `/listnm/users` and
 * `/listnm/usermgmt` (as the orders list, decision 032), read through their source adapters
 * (server/users/store.ts). Both are the Administrative tray's, so for admins of the community
 * (resort system admins are admins of every community).
 */

const PEOPLE = {
  fields: { title: 'name' },
  filters: ['person'],
  pageSizes: { first: 50, next: 5 },
  permission: 'location-admin',
  searchHint: 'Name, e-mail or id',
} as const;

export const USERS_DEFINITION: ListContextDefinition = linkedListDefinition({
  ...PEOPLE,
  title: 'Users',
  itemName: 'User',
  emptyMessage: 'There are no users yet.',
  loadingText: 'Loading users',
});

export const USER_MANAGEMENT_DEFINITION: ListContextDefinition = linkedListDefinition({
  ...PEOPLE,
  title: 'User Management',
  itemName: 'User',
  emptyMessage: 'Nobody has rights in this community yet.',
  loadingText: 'Loading users',
});

/** The tray button's id (app/lib/trays.ts), as the studio's configuration lists it. */
export const USER_MANAGEMENT_FEATURE = 'user-management';

export interface ResolvedPeople extends ResolvedList {
  /** 'Show all logged in users' is ticked (users list only). */
  everyone: boolean;
}

/** `/listnm/users[/…]`: admins of the community; `?show=all` adds the logged-in app users. */
export async function resolveUsers(request: Request): Promise<ResolvedPeople> {
  const staff = await requireLocationAdmin(request);
  const everyone = new URL(request.url).searchParams.get(SHOW_ALL_PARAM) === SHOW_ALL_VALUE;
  return people(staff, USERS_LIST_KEY, USERS_DEFINITION, everyone);
}

/**
 * `/listnm/usermgmt[/…]`: admins of the community, outside the studio project (there User
 * Management is a studio-disabled feature: the home screen opens 'Feature Unavailable').
 */
export async function resolveUserManagement(request: Request): Promise<ResolvedPeople> {
  const staff = await requireUserManagement(request);
  return people(staff, USER_MANAGEMENT_LIST_KEY, USER_MANAGEMENT_DEFINITION, false);
}

export async function requireUserManagement(request: Request): Promise<StaffContext> {
  const staff = await requireLocationAdmin(request);
  const project = await currentProject(request);
  if (project.isStudio && project.studioDisabledFeatures.includes(USER_MANAGEMENT_FEATURE)) {
    throw redirect(hrefs.home({ [UNAVAILABLE_PARAM]: USER_MANAGEMENT_FEATURE }));
  }
  return staff;
}

function people(
  staff: StaffContext,
  key: typeof USERS_LIST_KEY | typeof USER_MANAGEMENT_LIST_KEY,
  definition: ListContextDefinition,
  everyone: boolean,
): ResolvedPeople {
  return {
    staff,
    key,
    definition,
    location: { family: 'listnm', context: key, tab: null, firstTab: null },
    address: { community: staff.community, definition, base: key, tab: null, users: { everyone } },
    title: definition.title,
    tabs: [],
    headerContext: key,
    everyone,
  };
}
