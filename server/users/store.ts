import type { IdentityProvider } from '@server/auth/identity/types';
import type { DbValue } from '@server/db';
import type { ListRow } from '@server/listing/engine';
import type { ListDeps, ListSourceAdapter, RowDetails } from '@server/listing/source';
import { rowsSource } from '@server/listing/sources/rows';
import { isValidKey } from '~/lib/db-key';
import { personLabel } from '~/lib/users';
import { hasAnyRight, rightsOf, rightsText, type Rights } from './rights';

/**
 * The people of a community (spec 01 §3.7; spec 02 §6 user lists, §7 manageUsers and getUserData):
 * its staff, who have rights in `user-authorization/users/{uid}/communities/{community}`, named
 * from the identity provider; and its app users (`{product}/users`, queried by communityId), the
 * logged-in ones of whom the users list adds when 'Show all logged in users' is ticked.
 */

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The most app users one list reads. */
export const MAX_APP_USERS = 5000;

/** One person of the community as a list row's item. */
export interface PersonItem {
  [field: string]: DbValue;
  uid: string;
  /** The name the row shows ('No User ID' when the lookup failed). */
  name: string;
  /** The e-mail shown ('Anonymous through Apple' for a relay address), or ''. */
  email: string;
  /** 'staff': rights in the community; 'app': an app user only. */
  kind: 'staff' | 'app';
  isEditor: boolean;
  isAdmin: boolean;
  canNotify: boolean;
  isResortSystem: boolean;
}

/** The stored rights of every person with any right in the community, by uid. */
export async function readCommunityRights({ db, paths }: Pick<ListDeps, 'db' | 'paths'>, community: string): Promise<Map<string, Rights>> {
  const stored = (await db.ref(paths.userAuthorizations()).get()).val();
  const found = new Map<string, Rights>();
  if (!isObject(stored)) return found;
  for (const [uid, record] of Object.entries(stored)) {
    if (!isValidKey(uid) || !isObject(record) || !isObject(record.communities)) continue;
    const rights = rightsOf(record.communities[community]);
    if (hasAnyRight(rights)) found.set(uid, rights);
  }
  return found;
}

/** The uids of the community's admins (stored isAdmin). */
export function adminsOf(rights: ReadonlyMap<string, Rights>): string[] {
  return [...rights].filter(([, held]) => held.isAdmin).map(([uid]) => uid);
}

/** Name and e-mail from the identity provider; null when it knows no such account or cannot answer. */
export async function lookUpPerson(identity: IdentityProvider | undefined, uid: string): Promise<{ name: string; email: string } | null> {
  if (!identity) return null;
  try {
    const user = await identity.getUser(uid);
    return user ? { name: user.displayName ?? '', email: user.email } : null;
  } catch {
    return null;
  }
}

function personItem(uid: string, profile: { name?: unknown; email?: unknown } | null, rights: Rights | null): PersonItem {
  const label = personLabel(profile);
  return {
    uid,
    name: label.title,
    email: label.email ?? '',
    kind: rights ? 'staff' : 'app',
    isEditor: rights?.isEditor ?? false,
    isAdmin: rights?.isAdmin ?? false,
    canNotify: rights?.canNotify ?? false,
    isResortSystem: rights?.isResortSystem ?? false,
  };
}

const byName = (a: ListRow, b: ListRow) => {
  const order = String(a.item.name).localeCompare(String(b.item.name), 'en', { sensitivity: 'base' });
  return order !== 0 ? order : a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
};

/** The community's staff as rows: admins first, then by name. */
export async function readStaffRows(deps: ListDeps, community: string): Promise<ListRow[]> {
  const rights = await readCommunityRights(deps, community);
  const rows = await Promise.all(
    [...rights].map(async ([uid, held]) => ({ key: uid, item: personItem(uid, await lookUpPerson(deps.identity, uid), held) })),
  );
  return rows.sort((a, b) => (a.item.isAdmin === b.item.isAdmin ? byName(a, b) : a.item.isAdmin ? -1 : 1));
}

/**
 * The community's logged-in app users (spec 02 §7 manageUsers namedUsers: name, uid, email,
 * communityId, loggedIn): anonymous users and records that say they are logged out are left out.
 * A record without a name or e-mail is named from the identity provider.
 */
export async function readAppUserRows(deps: ListDeps, community: string): Promise<ListRow[]> {
  const found = await deps.db.ref(deps.paths.appUsers()).orderByChild('communityId').equalTo(community).limitToFirst(MAX_APP_USERS).get();
  const records: Array<[string, Record<string, unknown>]> = [];
  found.forEach((child) => {
    const record = child.val();
    if (child.key && isValidKey(child.key) && isObject(record) && record.isAnonymous !== true && record.loggedIn !== false) {
      records.push([child.key, record]);
    }
  });
  const rows = await Promise.all(
    records.map(async ([uid, record]) => {
      const own = { name: text(record.name) || text(record.displayName), email: text(record.email) };
      const profile = own.name || own.email ? own : await lookUpPerson(deps.identity, uid);
      return { key: uid, item: personItem(uid, profile, null) };
    }),
  );
  return rows.sort(byName);
}

/** The users list's rows: the staff, then (ticked) the logged-in app users who are not staff. */
export async function readPeopleRows(deps: ListDeps, community: string, everyone: boolean): Promise<ListRow[]> {
  const staff = await readStaffRows(deps, community);
  if (!everyone) return staff;
  const known = new Set(staff.map((row) => row.key));
  const app = (await readAppUserRows(deps, community)).filter((row) => !known.has(row.key));
  return [...staff, ...app];
}

/** The person filter (spec 02 §5 "item-title filter matches name, email or id, case-insensitive"). */
export function personMatches(filter: string | undefined): ((row: ListRow) => boolean) | null {
  const wanted = filter?.trim().toLowerCase();
  if (!wanted) return null;
  return (row) =>
    [row.item.name, row.item.email, row.key].some((value) =>
      String(value ?? '')
        .toLowerCase()
        .includes(wanted),
    );
}

/** What a person's row shows under the name: e-mail and id; then their rights in the community, or 'App user'. */
export function personRowDetails(item: Record<string, unknown>, key: string): RowDetails {
  const rights = rightsOf(item);
  const roles = rightsText(rights);
  return {
    // The e-mail once: not when the row is already named by it ('Anonymous through Apple').
    subtitle: [text(item.email) === text(item.name) ? '' : text(item.email), key].filter(Boolean).join(' · '),
    notes: [{ text: item.kind === 'staff' ? roles.join(' · ') : 'App user', tone: item.isAdmin === true ? 'good' : 'plain' }],
  };
}

/** A list of people is never emptied from the list: people leave a community by losing their rights (the person's editor). */
async function keepEveryone(): Promise<{ archived: number; removed: number }> {
  return { archived: 0, removed: 0 };
}

/**
 * The users list's source (`users`): the community's staff with their rights, and its logged-in
 * app users when the address says so (`address.users.everyone`), filtered by name, e-mail or id.
 */
export const USERS_SOURCE: ListSourceAdapter = {
  ...rowsSource({
    rows: (deps, address) => readPeopleRows(deps, address.community, address.users?.everyone === true),
    remove: keepEveryone,
    predicate: (filters) => personMatches(filters.person ?? filters.text),
  }),
  rowDetails: async () => personRowDetails,
};

/** The user management list's source (`usermgmt`): the community's staff, filtered by name, e-mail or id. */
export const USER_MANAGEMENT_SOURCE: ListSourceAdapter = {
  ...rowsSource({
    rows: (deps, address) => readStaffRows(deps, address.community),
    remove: keepEveryone,
    predicate: (filters) => personMatches(filters.person ?? filters.text),
  }),
  rowDetails: async () => personRowDetails,
};
