import { redirect } from '@remix-run/node';
import { sitePath } from '@server/auth/redirect';
import { commitOptions, readSession, sessionUser, type SessionUser, type StaffSessionStorage } from '@server/auth/session';
import type { RealtimeDb } from '@server/db/types';
import type { Env } from '@server/env';
import { guardFormCommunity } from '@server/http/form-community';
import { perRequest } from '@server/http/request-scope';
import { isValidKey, parseListingContext, type Paths } from '@server/paths';
import { getServices } from '@server/services';
import { COMMUNITY_CHANGED, SWITCH_COMMUNITY_FIELD, communityChangedMessage, type CommunityRefusal } from '~/lib/form-community';
import { hrefs } from '~/lib/hrefs';
import {
  NO_ACCESS_TEXT,
  NO_ACCESS_TITLE,
  accessVerdict,
  canEdit,
  canNotify,
  canSwitchCommunity,
  defaultCommunity,
  isLocationAdmin,
  loadAccess,
  loadVisibleCommunities,
  remoteGrantFromEntry,
  type Access,
  type CommunitySummary,
  type RemoteGrant,
  type RemotePermission,
} from './access';

/**
 * The require… helpers every loader and action begins with (ARCHITECTURE "Permissions",
 * STYLE 14). Each reads the staff session from the request, decides, and either returns what
 * the route needs or THROWS a Response:
 *
 * | helper                | returns            | throws                                                            |
 * |-----------------------|--------------------|-------------------------------------------------------------------|
 * | requireUser           | SessionUser        | redirect /login?redirectTo={path+search} when nobody is signed in |
 * | requireAccess         | { user, access }   | as requireUser                                                    |
 * | requireStaff          | StaffContext       | + redirect /detail/remote for remote-only people; 403 for people  |
 * |                       |                    |   without rights ('no-access', the spec's dialog) and for a       |
 * |                       |                    |   community they may not manage ('community'); 409 for a form     |
 * |                       |                    |   opened for another community than this one (see below)         |
 * | requireLocationAdmin  | StaffContext       | + 403 unless admin of the current community                       |
 * | requireCanNotify      | StaffContext       | + 403 unless admin of, or allowed to notify in, the community     |
 * | requireSystemAdmin    | StaffContext       | + 403 unless resort system admin                                  |
 * | requireSuperAdmin     | StaffContext       | + 403 unless super admin                                          |
 * | requireRemoteManager  | { user, access }   | as requireUser; redirect / for staff (they have the console); 403 |
 * |                       |                    |   'no-access' for people with neither rights nor a remote grant  |
 * | requireRemoteGrant    | RemoteContext      | 404 unless the uuid / detail id resolves to a grant and its item; |
 * |                       |                    | 403 when the grant lacks the permission; by detail id, anonymous  |
 * |                       |                    | people are sent to /login (e-mail access needs an account)        |
 *
 * The current community is the route's community param when it has one (it must be one the
 * person may manage, else 403), otherwise the session's stored key resolved with
 * `defaultCommunity` (stored key if still allowed, else editorDefault, else the first).
 *
 * A posted form names the community it was opened for (`_community`, app/lib/form-community.ts);
 * when it is not the current community the request is refused with 409 before the action writes
 * anything (docs/decisions/018). The check runs with the form reader (server/http/form-community.ts),
 * whichever of the two the action calls first. The refusal's "Switch … and save" posts the form
 * again with `_switchCommunity`: the session selects the form's community (when the person may
 * switch to it) and a 307 sends the same post back to the same address.
 *
 * ## Dependencies
 * `createAuthz(deps)` builds the helpers over any `AuthzDeps` (or a function resolving them);
 * the helpers exported from this module are the default instance over `getServices()`, which
 * is what routes import. Tests either build their own instance with `createAuthz({ db, paths,
 * env, sessions })`, or install test services process-wide with `setServicesForTests` and call
 * the route modules as they are.
 *
 * 403 bodies are JSON `{ reason, title?, text? }` (`AuthzErrorBody`) so a route's error boundary
 * can tell the 'no-access' case apart and show the spec's dialog.
 */

export interface AuthzDeps {
  db: RealtimeDb;
  paths: Paths;
  env: Pick<Env, 'SUPER_ADMIN_EMAILS'>;
  sessions: StaffSessionStorage;
}

const MUTATING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Where a person with no community rights but a remote grant goes (spec 01 §2.1). */
export const REMOTE_HOME = hrefs.remoteHome();
/** The sign-in page. */
export const LOGIN_PATH = hrefs.login();

export type ForbiddenReason =
  'no-access' | 'community' | 'location-admin' | 'can-notify' | 'system-admin' | 'super-admin' | 'remote-permission';

export interface AuthzErrorBody {
  reason: ForbiddenReason | 'not-found';
  /** What the page says: for 'no-access' the spec's dialog 'User Does Not Have Access', else who may do this (forbiddenText). */
  title?: string;
  text?: string;
}

/**
 * What a refusal says: who may do this and whom to ask, instead of a bare 'No access'
 * (`community`: the name of the community the page is for, when known).
 */
export function forbiddenText(reason: ForbiddenReason, community: string | null = null): { title: string; text: string } {
  const of = community ? ` of ${community}` : ' of this community';
  switch (reason) {
    case 'no-access':
      return { title: NO_ACCESS_TITLE, text: NO_ACCESS_TEXT };
    case 'community':
      return {
        title: 'Not one of your communities',
        text: 'This page belongs to a community you do not manage. Ask one of its location admins to add you to its staff.',
      };
    case 'location-admin':
      return {
        title: 'For location admins',
        text: `This page is for the location admins${of}. Ask one of them to make the change, or to make you a location admin.`,
      };
    case 'can-notify':
      return {
        title: 'Sending notifications is not open to you',
        text: `Messages and notifications${of} are for its location admins and staff who may send notifications. Ask a location admin${of} to give you Can Send Notifications.`,
      };
    case 'system-admin':
      return { title: 'For resort system admins', text: 'This page is for resort system admins. Ask one of them to do this for you.' };
    case 'super-admin':
      return { title: 'For super admins', text: 'App setup and integrations are for super admins. Ask one of them to do this for you.' };
    case 'remote-permission':
      return {
        title: 'Not part of your remote access',
        text: 'Your remote access to this listing does not include this. Use Update Permissions to ask the administrators for it.',
      };
  }
}

export function forbidden(reason: ForbiddenReason, community: string | null = null): Response {
  const body: AuthzErrorBody = { reason, ...forbiddenText(reason, community) };
  return Response.json(body, { status: 403 });
}

export function notFound(): Response {
  const body: AuthzErrorBody = { reason: 'not-found' };
  return Response.json(body, { status: 404 });
}

/**
 * The sign-in redirect for a request: /login?redirectTo={path+search}, the target made safe
 * (a same-origin relative path; anything else becomes the home screen, which needs no redirectTo).
 */
export function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  const target = sitePath(`${url.pathname}${url.search}`) ?? hrefs.home();
  return redirect(target === hrefs.home() ? LOGIN_PATH : hrefs.login(new URLSearchParams({ redirectTo: target })));
}

export interface StaffOptions {
  /** The route's community param (e.g. /detailUpdate/:communityKey/…); default: the session's community. */
  community?: string | null;
}

export interface StaffContext {
  user: SessionUser;
  access: Access;
  /** The key of the community being managed. */
  community: string;
  /** The communities the person may manage, sorted pinned first, then ordinal, then title. */
  communities: CommunitySummary[];
}

export type RemoteTarget = { uuid: string; detailId?: string } | { detailId: string };

/** The item a remote grant is for. */
export interface RemoteItem {
  community: string;
  section: string;
  /** The item's key in its list. */
  itemId: string;
  path: string;
  value: Record<string, unknown>;
}

export interface RemoteContext {
  /** The signed-in person (e-mail access); null for URL access by uuid. */
  user: SessionUser | null;
  grant: RemoteGrant;
  item: RemoteItem;
}

export interface Authz {
  requireUser(request: Request): Promise<SessionUser>;
  requireAccess(request: Request): Promise<{ user: SessionUser; access: Access }>;
  requireStaff(request: Request, options?: StaffOptions): Promise<StaffContext>;
  requireLocationAdmin(request: Request, options?: StaffOptions): Promise<StaffContext>;
  requireCanNotify(request: Request, options?: StaffOptions): Promise<StaffContext>;
  requireSystemAdmin(request: Request, options?: StaffOptions): Promise<StaffContext>;
  requireSuperAdmin(request: Request, options?: StaffOptions): Promise<StaffContext>;
  requireRemoteManager(request: Request): Promise<{ user: SessionUser; access: Access }>;
  requireRemoteGrant(request: Request, target: RemoteTarget, permission: RemotePermission): Promise<RemoteContext>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

let instances = 0;

export function createAuthz(source: AuthzDeps | (() => Promise<AuthzDeps>)): Authz {
  const deps = typeof source === 'function' ? source : async () => source;
  // The reads below are done once per page request (server/http/request-scope.ts) and decided
  // anew by every caller; this instance's own keys, so instances over other services never meet.
  const scopeKey = `authz${(instances += 1)}`;

  async function optionalUser(request: Request): Promise<SessionUser | null> {
    return perRequest(request, `${scopeKey}:user`, async () => {
      const { sessions } = await deps();
      return sessionUser(await readSession(sessions, request));
    });
  }

  async function requireUser(request: Request): Promise<SessionUser> {
    const user = await optionalUser(request);
    if (!user) throw loginRedirect(request);
    return user;
  }

  async function requireAccess(request: Request) {
    const user = await requireUser(request);
    const access = await perRequest(request, `${scopeKey}:access:${user.uid}`, async () => loadAccess(await deps(), user));
    return { user, access };
  }

  async function requireStaff(request: Request, options: StaffOptions = {}): Promise<StaffContext> {
    const { user, access } = await requireAccess(request);
    const verdict = accessVerdict(access);
    if (verdict === 'remote') throw redirect(REMOTE_HOME);
    if (verdict === 'none') throw forbidden('no-access');

    const communities = await perRequest(request, `${scopeKey}:communities:${user.uid}`, async () =>
      loadVisibleCommunities(await deps(), access),
    );
    let community: string | null;
    if (options.community !== undefined && options.community !== null) {
      community = options.community;
      if (!canEdit(access, community, communities)) throw forbidden('community');
    } else {
      community = defaultCommunity(access, user.communityKey, communities);
      if (!community) throw forbidden('no-access');
    }
    const context: StaffContext = { user, access, community, communities };
    if (MUTATING_METHODS.has(request.method.toUpperCase())) {
      const fromRoute = options.community !== undefined && options.community !== null;
      await guardFormCommunity(request, (formData, stamp) => checkFormCommunity(request, context, fromRoute, formData, stamp));
    }
    return context;
  }

  /** Refuses (409) a form opened for another community than `context.community`; see the module comment. */
  async function checkFormCommunity(request: Request, context: StaffContext, fromRoute: boolean, formData: FormData, stamp: string) {
    if (stamp === context.community) return;
    const name = (key: string) => context.communities.find((summary) => summary.key === key)?.title;
    const formName = name(stamp);
    // Only a community the person may manage is named, and selected again; the route's own community stays.
    const canSwitch = formName !== undefined && !fromRoute && canSwitchCommunity(context.access);
    // The form's own address (a JavaScript post arrives at …data; Remix's own parameters dropped).
    const url = new URL(request.url);
    const search = url.search.replace(/([?&])_routes=[^&]*&?/, '$1').replace(/[?&]$/, '');
    const action = `${url.pathname.replace(/\.data$/, '').replace(/^\/_root$/, '/')}${search}`;

    if (canSwitch && formData.get(SWITCH_COMMUNITY_FIELD) === stamp) {
      const { db, paths, sessions } = await deps();
      const session = await readSession(sessions, request);
      session.set('communityKey', stamp);
      // As Switch Community does: the choice is also the person's default community next time.
      await db.ref(paths.userEditorDefault(context.user.uid)).set(stamp);
      const cookie = await sessions.commitSession(session, commitOptions(session, request));
      // 307: the browser posts the same form again, now with the form's community selected.
      throw new Response(null, { status: 307, headers: { Location: action, 'Set-Cookie': cookie } });
    }

    const formCommunity = { key: formName === undefined ? '' : stamp, name: formName ?? 'another community' };
    const selected = { key: context.community, name: name(context.community) ?? context.community };
    const fields: Array<[string, string]> = [];
    for (const [field, value] of formData.entries()) if (typeof value === 'string') fields.push([field, value]);
    const body: CommunityRefusal = {
      reason: COMMUNITY_CHANGED,
      message: communityChangedMessage(formCommunity.name, selected.name),
      formCommunity,
      selected,
      canSwitch,
      action,
      fields: fields.filter(([field]) => field !== SWITCH_COMMUNITY_FIELD),
    };
    throw Response.json(body, { status: 409 });
  }

  /** Remote editors only (REMOTE_HOME): staff belong in the console, people without rights nowhere. */
  async function requireRemoteManager(request: Request) {
    const { user, access } = await requireAccess(request);
    const verdict = accessVerdict(access);
    if (verdict === 'staff') throw redirect(hrefs.home());
    if (verdict === 'none') throw forbidden('no-access');
    return { user, access };
  }

  const requireRole =
    (reason: ForbiddenReason, allowed: (context: StaffContext) => boolean) =>
    async (request: Request, options?: StaffOptions): Promise<StaffContext> => {
      const context = await requireStaff(request, options);
      if (!allowed(context)) {
        const summary = context.communities.find((candidate) => candidate.key === context.community);
        throw forbidden(reason, summary?.displayName ?? summary?.title ?? null);
      }
      return context;
    };

  async function findItem(db: RealtimeDb, paths: Paths, grant: RemoteGrant): Promise<RemoteItem | null> {
    for (const context of [grant.origContext, ...grant.contexts]) {
      let community: string;
      let section: string;
      try {
        ({ community, section } = parseListingContext(context));
      } catch {
        continue;
      }
      // Only in the community the grant was given in (its key names it).
      if (grant.community !== null && community !== grant.community) continue;
      const direct = paths.listItem(community, section, grant.itemId);
      const value = (await db.ref(direct).get()).val();
      if (isObject(value)) return { community, section, itemId: grant.itemId, path: direct, value };
      // Items pushed into a list keep their own id in `id` (spec 03 "location-data/{context} queried by id").
      const byId = await db.ref(paths.section(community, section)).orderByChild('id').equalTo(grant.itemId).limitToFirst(1).get();
      const found: RemoteItem[] = [];
      byId.forEach((child) => {
        const childValue = child.val();
        if (!child.key || !isObject(childValue)) return false;
        found.push({ community, section, itemId: child.key, path: paths.listItem(community, section, child.key), value: childValue });
        return true;
      });
      const [first] = found;
      if (first) return first;
    }
    return null;
  }

  /**
   * A signed-in person's own grant named by an address: by its key, or (addresses made before
   * grants were keyed by community, such as older invitation e-mails) by the item's id when
   * exactly one of the person's grants is for an item with that id.
   */
  async function ownGrant(db: RealtimeDb, paths: Paths, uid: string, detailId: string): Promise<RemoteGrant | null> {
    const entry = (await db.ref(paths.remoteByUid(uid, detailId)).get()).val();
    const direct = remoteGrantFromEntry(detailId, entry, uid);
    if (direct) return direct;
    const stored = (await db.ref(paths.remoteByUid(uid)).get()).val();
    const byItem = (isObject(stored) ? Object.entries(stored) : [])
      .map(([key, value]) => remoteGrantFromEntry(key, value, uid))
      .filter((grant): grant is RemoteGrant => grant !== null && grant.itemId === detailId);
    return byItem.length === 1 ? byItem[0]! : null;
  }

  async function requireRemoteGrant(request: Request, target: RemoteTarget, permission: RemotePermission): Promise<RemoteContext> {
    const { db, paths } = await deps();
    let user: SessionUser | null = null;
    let grant: RemoteGrant | null = null;

    if ('uuid' in target) {
      // URL access: the link's uuid is the grant's uid. Only URL grants open without signing in;
      // an e-mail grant's uid is an account and is no capability.
      if (!isValidKey(target.uuid) || (target.detailId !== undefined && !isValidKey(target.detailId))) throw notFound();
      const stored = (await db.ref(paths.remoteByUid(target.uuid)).get()).val();
      const grants = (isObject(stored) ? Object.entries(stored) : [])
        .map(([detailId, entry]) => remoteGrantFromEntry(detailId, entry, target.uuid))
        .filter((candidate): candidate is RemoteGrant => candidate !== null && candidate.accessType === 'url')
        .filter((candidate) => target.detailId === undefined || candidate.detailId === target.detailId);
      if (grants.length === 1) grant = grants[0]!;
    } else {
      // E-mail access: the signed-in person's own grant for this item.
      user = await requireUser(request);
      if (!isValidKey(target.detailId)) throw notFound();
      grant = await ownGrant(db, paths, user.uid, target.detailId);
    }

    if (!grant) throw notFound();
    const item = await findItem(db, paths, grant);
    if (!item) throw notFound();
    if (!grant[permission]) throw forbidden('remote-permission');
    return { user, grant, item };
  }

  return {
    requireUser,
    requireAccess,
    requireStaff,
    requireLocationAdmin: requireRole('location-admin', ({ access, community }) => isLocationAdmin(access, community)),
    requireCanNotify: requireRole('can-notify', ({ access, community }) => canNotify(access, community)),
    requireSystemAdmin: requireRole('system-admin', ({ access }) => access.isResortSystem),
    requireSuperAdmin: requireRole('super-admin', ({ access }) => access.isSuperAdmin),
    requireRemoteManager,
    requireRemoteGrant,
  };
}

/** The helpers over the process-wide services: what routes import. */
const authz = createAuthz(getServices);

export const {
  requireUser,
  requireAccess,
  requireStaff,
  requireLocationAdmin,
  requireCanNotify,
  requireSystemAdmin,
  requireSuperAdmin,
  requireRemoteManager,
  requireRemoteGrant,
} = authz;
