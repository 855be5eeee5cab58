import type { RealtimeDb } from '@server/db/types';
import type { Env } from '@server/env';
import { isValidKey, parseListingContext, parseRemoteGrantKey, type Paths } from '@server/paths';

/**
 * Who may do what (spec 01 §3.7, §4.2, §6; spec 03 §6).
 *
 * `loadAccess` reads a person's rights once per request from the two records the spec names:
 * - `user-authorization/users/{uid}`: `{ editorDefault, communities: { [key]: { isEditor,
 *   isAdmin, canNotify, isResortSystem } } }` (shape documented in server/seed; an absent flag
 *   is false, an absent record means no community rights);
 * - `{product}/remote-management/uid/{uid}`: `{ [detailId]: remote access entry }`.
 * Super admins come from the configured e-mail list (SUPER_ADMIN_EMAILS), never from the
 * database.
 *
 * Everything else in this module is a pure rule over the resulting `Access`, so routes, the
 * shell and the trays all decide the same way. Routes do not call these directly: they begin
 * with a require… helper of ./require.ts (STYLE 14).
 */

/** The spec's dialog for a signed-in person with neither community rights nor a remote grant (spec 01 §4.2, §8). */
export const NO_ACCESS_TITLE = 'User Does Not Have Access';
export const NO_ACCESS_TEXT = 'The authenticated user does not have access to modify this app.';
export const NO_ACCESS_BUTTON = 'OK';

/** The permissions a remote access entry can grant (spec 03 §3 "Remote access entry"). */
export const REMOTE_PERMISSIONS = ['editInfo', 'addButtons', 'sendNotifications'] as const;
export type RemotePermission = (typeof REMOTE_PERMISSIONS)[number];

/** One remote-management entry of a person (or of a link's uuid), keyed by the item it grants. */
export interface RemoteGrant {
  /**
   * The key the grant is stored under (remote-management/uid/{uid}/{key}): '{community}~{item id}'
   * (server/paths.ts remoteGrantKey), or the item id alone for a grant written before
   * grants were keyed by community. What remote addresses name (/detail/remote/id/{detailId}).
   */
  detailId: string;
  /** The granted item's id (a listing's id, a calendar's remoteKey). */
  itemId: string;
  /** The community the grant was given in: its key's, else its origContext's; null when neither names one. */
  community: string | null;
  /** The person's uid for e-mail access, the link's uuid for URL access. */
  uid: string;
  accessType: 'email' | 'url';
  /** The item's kind as stored (business …). */
  type: string;
  /** The relationship title (Owner, Manager, Staff …). */
  title: string;
  detailTitle: string;
  /** The listing context '{community}/{section}' the item was granted from. */
  origContext: string;
  contexts: string[];
  editInfo: boolean;
  addButtons: boolean;
  sendNotifications: boolean;
}

export interface Access {
  uid: string;
  email: string;
  /** The e-mail is in SUPER_ADMIN_EMAILS (case-insensitive). */
  isSuperAdmin: boolean;
  /** Resort system admin: the isResortSystem flag on any community; sees every community. */
  isResortSystem: boolean;
  /** Communities where the person is admin. */
  adminLocations: string[];
  /** Communities where the person is editor or admin. */
  editLocations: string[];
  /** Communities where the person is admin or may notify. */
  canNotifyLocations: string[];
  /** The stored default community, when there is one. */
  editorDefault: string | null;
  remoteGrants: RemoteGrant[];
}

export type AccessDeps = {
  db: RealtimeDb;
  paths: Pick<Paths, 'userAuthorization' | 'remoteByUid'>;
  env: Pick<Env, 'SUPER_ADMIN_EMAILS'>;
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** True when the e-mail is one of the configured super-admin addresses (compared case-insensitively). */
export function isSuperAdminEmail(env: Pick<Env, 'SUPER_ADMIN_EMAILS'>, email: string): boolean {
  const wanted = email.trim().toLowerCase();
  return wanted !== '' && env.SUPER_ADMIN_EMAILS.some((listed) => listed.trim().toLowerCase() === wanted);
}

/** Builds an Access from the two stored records (either may be null). Malformed parts are ignored. */
export function accessFromRecords(
  user: { uid: string; email: string },
  authorization: unknown,
  remote: unknown,
  env: Pick<Env, 'SUPER_ADMIN_EMAILS'>,
): Access {
  const adminLocations: string[] = [];
  const editLocations: string[] = [];
  const canNotifyLocations: string[] = [];
  let isResortSystem = false;
  let editorDefault: string | null = null;

  if (isObject(authorization)) {
    if (isValidKey(authorization.editorDefault)) editorDefault = authorization.editorDefault;
    const communities = isObject(authorization.communities) ? authorization.communities : {};
    for (const [key, rights] of Object.entries(communities)) {
      if (!isValidKey(key) || !isObject(rights)) continue;
      const flag = (name: string) => rights[name] === true;
      if (flag('isResortSystem')) isResortSystem = true;
      if (flag('isAdmin')) adminLocations.push(key);
      if (flag('isEditor') || flag('isAdmin')) editLocations.push(key);
      if (flag('isAdmin') || flag('canNotify')) canNotifyLocations.push(key);
    }
  }

  const remoteGrants: RemoteGrant[] = [];
  if (isObject(remote)) {
    for (const [detailId, entry] of Object.entries(remote)) {
      const grant = remoteGrantFromEntry(detailId, entry, user.uid);
      if (grant) remoteGrants.push(grant);
    }
  }

  return {
    uid: user.uid,
    email: user.email,
    isSuperAdmin: isSuperAdminEmail(env, user.email),
    isResortSystem,
    adminLocations,
    editLocations,
    canNotifyLocations,
    editorDefault,
    remoteGrants,
  };
}

/** A stored remote access entry as a grant; null when it is not one (not an object, bad key). */
export function remoteGrantFromEntry(detailId: string, entry: unknown, uid: string): RemoteGrant | null {
  if (!isValidKey(detailId) || !isObject(entry)) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const contexts = Array.isArray(entry.contexts) ? entry.contexts.filter((c): c is string => typeof c === 'string' && c !== '') : [];
  const origContext = text(entry.origContext) || contexts[0] || '';
  const key = parseRemoteGrantKey(detailId);
  let community = key.community;
  if (community === null) {
    try {
      community = parseListingContext(origContext).community;
    } catch {
      community = null;
    }
  }
  return {
    detailId,
    itemId: key.detailId,
    community,
    uid: isValidKey(entry.uid) ? entry.uid : uid,
    accessType: entry.accessType === 'url' ? 'url' : 'email',
    type: text(entry.type),
    title: text(entry.title),
    detailTitle: text(entry.detailTitle),
    origContext,
    contexts,
    editInfo: entry.editInfo === true,
    addButtons: entry.addButtons === true,
    sendNotifications: entry.sendNotifications === true,
  };
}

/** Reads a person's rights: their authorization record and their remote-management entries. */
export async function loadAccess(deps: AccessDeps, user: { uid: string; email: string }): Promise<Access> {
  const [authorization, remote] = await Promise.all([
    deps.db.ref(deps.paths.userAuthorization(user.uid)).get(),
    deps.db.ref(deps.paths.remoteByUid(user.uid)).get(),
  ]);
  return accessFromRecords(user, authorization.val(), remote.val(), deps.env);
}

// ─── Pure rules ────────────────────────────────────────────────────────────────────────────

export type AccessVerdict = 'staff' | 'remote' | 'none';

/**
 * Spec 01 §4.2: editor or admin rights for at least one community give access (a resort system
 * admin sees every community, so the flag alone counts too); without them, a remote-management
 * entry with editInfo lets the person in as a remote editor; otherwise no access.
 */
export function accessVerdict(access: Access): AccessVerdict {
  if (access.editLocations.length > 0 || access.isResortSystem) return 'staff';
  if (access.remoteGrants.some((grant) => grant.editInfo)) return 'remote';
  return 'none';
}

/** Location admin: the community is in the admin locations (spec 01 §6). */
export function isLocationAdmin(access: Access, community: string | null | undefined): boolean {
  return typeof community === 'string' && access.adminLocations.includes(community);
}

/** Can notify: the community is in the can-notify locations (admin or canNotify). */
export function canNotify(access: Access, community: string | null | undefined): boolean {
  return typeof community === 'string' && access.canNotifyLocations.includes(community);
}

/** The keys of the existing communities, in any of the forms callers hold them. */
export type ExistingCommunities = Iterable<string | { key: string }>;

const keysOf = (communities: ExistingCommunities): Set<string> =>
  new Set([...communities].map((community) => (typeof community === 'string' ? community : community.key)));

/**
 * May manage this community: it exists, and the person is a resort system admin (any existing
 * community) or has it among their edit locations.
 */
export function canEdit(access: Access, community: string | null | undefined, existing: ExistingCommunities): boolean {
  if (typeof community !== 'string' || !keysOf(existing).has(community)) return false;
  return access.isResortSystem || access.editLocations.includes(community);
}

/** What the authorization rules and the community pickers need of a community record. */
export interface CommunitySummary {
  key: string;
  title: string;
  /** The name shown in the header bar (displayName, else name, else title). */
  displayName: string;
  pinned: boolean;
  ordinal: number | null;
}

/** Spec 01 §9 (and spec 02 §9): community sort — pinned first, then ordinal, then title. */
export function compareCommunities(
  a: Pick<CommunitySummary, 'pinned' | 'ordinal' | 'title' | 'key'>,
  b: Pick<CommunitySummary, 'pinned' | 'ordinal' | 'title' | 'key'>,
): number {
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  const ordinalA = a.ordinal ?? Number.POSITIVE_INFINITY;
  const ordinalB = b.ordinal ?? Number.POSITIVE_INFINITY;
  if (ordinalA !== ordinalB) return ordinalA < ordinalB ? -1 : 1;
  const byTitle = a.title.localeCompare(b.title, 'en', { sensitivity: 'base' });
  return byTitle !== 0 ? byTitle : a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

/** A community record (`{product}/campground-locations/{key}`) as a summary; null when it is not a record. */
export function communitySummary(key: string, record: unknown): CommunitySummary | null {
  if (!isValidKey(key) || !isObject(record)) return null;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
  const title = text(record.title) ?? text(record.name) ?? text(record.displayName) ?? key;
  const ordinal = typeof record.ordinal === 'number' && Number.isFinite(record.ordinal) ? record.ordinal : null;
  return {
    key,
    title,
    displayName: text(record.displayName) ?? text(record.name) ?? title,
    pinned: record.pinned === true,
    ordinal,
  };
}

/**
 * The communities a person sees (spec 01 §6, spec 03 §6): a resort system admin all of them,
 * anyone else those in their edit locations; sorted pinned first, then ordinal, then title.
 */
export function visibleCommunities<T extends Pick<CommunitySummary, 'key' | 'title' | 'pinned' | 'ordinal'>>(
  access: Access,
  all: readonly T[],
): T[] {
  const visible = access.isResortSystem ? [...all] : all.filter((community) => access.editLocations.includes(community.key));
  return visible.sort(compareCommunities);
}

/**
 * The community to manage (spec 01 §4.2): the stored key when still allowed, else editorDefault
 * when allowed, else the person's first authorized community. `communities` are the ones the
 * person may manage (visibleCommunities). Null when there is none.
 */
export function defaultCommunity(access: Access, storedKey: string | null | undefined, communities: ExistingCommunities): string | null {
  const allowed = [...communities].map((community) => (typeof community === 'string' ? community : community.key));
  const allowedSet = new Set(allowed);
  if (storedKey && allowedSet.has(storedKey)) return storedKey;
  if (access.editorDefault && allowedSet.has(access.editorDefault)) return access.editorDefault;
  return access.editLocations.find((key) => allowedSet.has(key)) ?? allowed[0] ?? null;
}

/**
 * Switch Community (spec 03 §6): admin rights plus at least two editable communities, unless
 * resort system admin. "Admin rights" are admin rights anywhere, so an admin can always switch
 * back from a community where they are only an editor.
 */
export function canSwitchCommunity(access: Access): boolean {
  if (access.isResortSystem) return true;
  return access.adminLocations.length > 0 && access.editLocations.length >= 2;
}

/**
 * The app list a person is offered (spec 03 §6): apps (`{product}/app-data/{appId}` records)
 * whose location (cLocationId) the person may edit, or every app for a resort system admin.
 */
export function visibleApps<T extends { cLocationId?: unknown }>(access: Access, apps: readonly T[]): T[] {
  if (access.isResortSystem) return [...apps];
  return apps.filter((app) => typeof app.cLocationId === 'string' && access.editLocations.includes(app.cLocationId));
}

/** The remote grant for an item, when the person has one: by its key, or by the item's id when exactly one grant has it. */
export function remoteGrantFor(access: Access, detailId: string): RemoteGrant | null {
  const byKey = access.remoteGrants.find((grant) => grant.detailId === detailId);
  if (byKey) return byKey;
  const byItem = access.remoteGrants.filter((grant) => grant.itemId === detailId);
  return byItem.length === 1 ? byItem[0]! : null;
}

// ─── Community records ─────────────────────────────────────────────────────────────────────

export type CommunityDeps = { db: RealtimeDb; paths: Pick<Paths, 'communities' | 'community'> };

/**
 * The communities a person may see, as sorted summaries: a resort system admin's read is the
 * whole community list; anyone else reads only their own edit locations' records (communities
 * that no longer exist drop out).
 */
export async function loadVisibleCommunities(deps: CommunityDeps, access: Access): Promise<CommunitySummary[]> {
  let summaries: CommunitySummary[];
  if (access.isResortSystem) {
    const all = (await deps.db.ref(deps.paths.communities()).get()).val();
    summaries = isObject(all)
      ? Object.entries(all)
          .map(([key, record]) => communitySummary(key, record))
          .filter((summary): summary is CommunitySummary => summary !== null)
      : [];
  } else {
    const records = await Promise.all(
      access.editLocations.map(async (key) => communitySummary(key, (await deps.db.ref(deps.paths.community(key)).get()).val())),
    );
    summaries = records.filter((summary): summary is CommunitySummary => summary !== null);
  }
  return visibleCommunities(access, summaries);
}
