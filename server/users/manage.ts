import { IdentityError, normalizeEmail } from '@server/auth/identity/types';
import { publicOrigin } from '@server/auth/sign-in';
import type { Access } from '@server/authz/access';
import type { DbValue } from '@server/db';
import { queueEmail } from '@server/mail/email-queue';
import { emailFromTemplate } from '@server/mail/templates';
import { accountFor } from '@server/remote/management';
import type { Services } from '@server/services';
import { isValidKey } from '~/lib/db-key';
import { hrefs } from '~/lib/hrefs';
import { personLabel } from '~/lib/users';
import { auditValue, readRightsAudit, rightsChangeSummary, type RightsAuditEntry } from './audit';
import {
  NO_RIGHTS,
  checkRightsChange,
  hasAnyRight,
  offeredRights,
  requestedRights,
  rightsOf,
  rightsStamp,
  sameRights,
  type Actor,
  type Right,
  type Rights,
  type RightsRefusal,
} from './rights';
import { adminsOf, lookUpPerson, readCommunityRights } from './store';

/**
 * User management (spec 01 §1 "admins manage users", §3.7, §6; spec 02 §7 getUserData; decision
 * 040): an admin grants and removes a person's rights in the community, invites a new person by
 * e-mail, and sets a person's default community. Every change is checked by ./rights.ts, written
 * in one update with its audit entry (./audit.ts), and guarded by the community's rights version
 * (`user-authorization/rights-version/{community}`), so two admins changing people of one
 * community at once never both pass the last-admin rule, and a form made from rights that changed
 * since is refused. Rights take effect on the person's next request: server/authz reads them anew
 * for every request (loadAccess), never from the session cookie.
 */

export type ManageDeps = Pick<Services, 'db' | 'paths' | 'identity' | 'jobs' | 'auth' | 'env'>;

/** How long an invitation's sign-in link works. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The person making a change, from their access as the request read it. */
export async function actorOf(deps: Pick<ManageDeps, 'db' | 'paths'>, access: Access, community: string): Promise<Actor> {
  const stored = (await deps.db.ref(deps.paths.userCommunityRights(access.uid, community)).get()).val();
  return { uid: access.uid, rights: rightsOf(stored), isSystemAdmin: access.isResortSystem };
}

/** "Karen Lindqvist (admin@demo.example)", as the audit trail names the actor. */
export function actorName(user: { email: string; displayName?: string | null }): string {
  return user.displayName ? `${user.displayName} (${user.email})` : user.email;
}

export interface PersonView {
  uid: string;
  name: string;
  email: string;
  rights: Rights;
  /** The version of the rights the form shows (`was`). */
  stamp: string;
  /** The rights the actor's form offers. */
  offered: Right[];
  editorDefault: string | null;
  /** The person's communities (keys), for the default community. */
  communities: string[];
  history: Array<RightsAuditEntry & { key: string }>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A staff member of the community as the editor shows them; null when they have no rights in it. */
export async function loadPerson(deps: ManageDeps, actor: Actor, community: string, uid: string): Promise<PersonView | null> {
  if (!isValidKey(uid)) return null;
  const record = (await deps.db.ref(deps.paths.userAuthorization(uid)).get()).val();
  if (!isObject(record) || !isObject(record.communities)) return null;
  const rights = rightsOf(record.communities[community]);
  if (!hasAnyRight(rights)) return null;
  const profile = await lookUpPerson(deps.identity, uid);
  const label = personLabel(profile);
  const communities = Object.entries(record.communities)
    .filter(([key, value]) => isValidKey(key) && hasAnyRight(rightsOf(value)))
    .map(([key]) => key);
  return {
    uid,
    name: label.title,
    email: label.email ?? '',
    rights,
    stamp: rightsStamp(rights),
    offered: offeredRights(actor),
    editorDefault: typeof record.editorDefault === 'string' && isValidKey(record.editorDefault) ? record.editorDefault : null,
    communities,
    history: await readRightsAudit(deps, community, { target: uid, limit: 10 }),
  };
}

export type RightsAnswer =
  | { kind: 'saved'; summary: string }
  | { kind: 'unchanged' }
  | { kind: 'not-found' }
  /** The rights changed since the form was made (another admin): nothing written. */
  | { kind: 'conflict' }
  | { kind: 'refused'; reason: RightsRefusal };

interface Who {
  actor: Actor;
  /** How the audit trail names the actor. */
  actorName: string;
  community: string;
}

async function rightsVersion(deps: Pick<ManageDeps, 'db' | 'paths'>, community: string): Promise<number> {
  const value = (await deps.db.ref(deps.paths.userRightsVersion(community)).get()).val();
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** Writes the values with the audit entry and the next rights version, only while the version is still `version`. */
async function commit(
  deps: Pick<ManageDeps, 'db' | 'paths'>,
  community: string,
  version: number,
  values: Record<string, DbValue>,
  entry: RightsAuditEntry,
): Promise<boolean> {
  const { db, paths } = deps;
  const versionPath = paths.userRightsVersion(community);
  const entryKey = db.ref(paths.userRightsAudit(community)).push().key!;
  const result = await db.ref().guardedUpdate(versionPath, (current: unknown) => (typeof current === 'number' ? current : 0) === version, {
    ...values,
    [versionPath]: version + 1,
    [paths.userRightsAudit(community, entryKey)]: auditValue(entry),
  });
  return result.committed;
}

/**
 * Sets a person's rights in the community to the ticked ones (within what the actor may touch).
 * `was` is the rights stamp the form was made from. No right left removes the person from the
 * community.
 */
export async function changeRights(
  deps: ManageDeps,
  who: Who,
  input: { uid: string; ticked: ReadonlySet<Right>; was: string },
  clock: () => number = Date.now,
): Promise<RightsAnswer> {
  const { community, actor } = who;
  if (!isValidKey(input.uid)) return { kind: 'not-found' };
  const version = await rightsVersion(deps, community);
  const all = await readCommunityRights(deps, community);
  const before = all.get(input.uid);
  if (!before) return { kind: 'not-found' };
  if (rightsStamp(before) !== input.was) return { kind: 'conflict' };
  const after = requestedRights(actor, before, input.ticked);
  const check = checkRightsChange({ actor, target: input.uid, before, after, admins: adminsOf(all) });
  if (!check.ok) return { kind: 'refused', reason: check.reason };
  const summary = rightsChangeSummary(before, after);
  if (summary === null || sameRights(before, after)) return { kind: 'unchanged' };
  const profile = await lookUpPerson(deps.identity, input.uid);
  const committed = await commit(
    deps,
    community,
    version,
    { [deps.paths.userCommunityRights(input.uid, community)]: hasAnyRight(after) ? { ...after } : null },
    {
      at: clock(),
      by: actor.uid,
      byName: who.actorName,
      target: input.uid,
      targetName: profile?.email || input.uid,
      action: 'rights',
      summary: hasAnyRight(after) ? summary : `Removed from the community (${summary})`,
    },
  );
  return committed ? { kind: 'saved', summary } : { kind: 'conflict' };
}

/** Removes every right of the person in the community (the editor's Remove from Community). */
export async function removeFromCommunity(deps: ManageDeps, who: Who, input: { uid: string; was: string }, clock: () => number = Date.now) {
  // Unticking everything the actor may touch; a right out of their reach makes the rules refuse.
  const all = await readCommunityRights(deps, who.community);
  const before = all.get(input.uid);
  if (!before) return { kind: 'not-found' } as const;
  if (rightsStamp(before) !== input.was) return { kind: 'conflict' } as const;
  const check = checkRightsChange({ actor: who.actor, target: input.uid, before, after: NO_RIGHTS, admins: adminsOf(all) });
  if (!check.ok) return { kind: 'refused', reason: check.reason } as const;
  return changeRights(deps, who, { uid: input.uid, ticked: new Set(), was: input.was }, clock);
}

export type InviteAnswer =
  | { kind: 'invited'; uid: string; created: boolean; queued: boolean }
  | { kind: 'refused'; reason: RightsRefusal }
  | { kind: 'already'; uid: string }
  | { kind: 'no-rights' }
  /** The identity provider refused the address. */
  | { kind: 'invalid-email' }
  | { kind: 'conflict' };

/** The invitation e-mail (spec 02 §7 getUserData: an invitation e-mail with the sign-in link). */
export function invitationEmail(input: { name: string; email: string; communityTitle: string; link: string; forgotLink: string }) {
  const title = escapeHtml(input.communityTitle);
  return {
    subject: `You have been invited to manage ${input.communityTitle}`,
    body: [
      `<p>Hello${input.name ? ` ${escapeHtml(input.name)}` : ''},</p>`,
      `<p>You have been given access to manage the community app of <strong>${title}</strong>.</p>`,
      `<p><a href="${escapeHtml(input.link)}">Sign in to ${title}</a></p>`,
      `<p>The link works once and for 7 days, for this e-mail address (${escapeHtml(input.email)}). Later, sign in with a password: <a href="${escapeHtml(input.forgotLink)}">Choose a password</a>.</p>`,
      `<p>If you did not expect this e-mail, you can ignore it.</p>`,
    ].join('\n'),
  };
}

/**
 * Invites a person by e-mail: their account (made when there is none), their rights in the
 * community (and the community as their default when they have none), the audit entry, then the
 * invitation e-mail with a sign-in link through the e-mail queue.
 */
export async function invitePerson(
  deps: ManageDeps,
  who: Who & { communityTitle: string },
  input: { email: string; name: string; ticked: ReadonlySet<Right> },
  clock: () => number = Date.now,
): Promise<InviteAnswer> {
  const { actor, community } = who;
  const after = requestedRights(actor, NO_RIGHTS, input.ticked);
  if (!hasAnyRight(after)) return { kind: 'no-rights' };
  const check = checkRightsChange({ actor, target: '', before: NO_RIGHTS, after, admins: [] });
  if (!check.ok) return { kind: 'refused', reason: check.reason };

  const email = normalizeEmail(input.email);
  const version = await rightsVersion(deps, community);
  let account: { uid: string; created: boolean };
  try {
    account = await accountFor(deps.identity, email, input.name.trim());
  } catch (error) {
    if (error instanceof IdentityError && error.code === 'invalid-email') return { kind: 'invalid-email' };
    throw error;
  }
  const { uid, created } = account;
  const record = (await deps.db.ref(deps.paths.userAuthorization(uid)).get()).val();
  const communities = isObject(record) && isObject(record.communities) ? record.communities : {};
  if (hasAnyRight(rightsOf(communities[community]))) return { kind: 'already', uid };

  const values: Record<string, DbValue> = { [deps.paths.userCommunityRights(uid, community)]: { ...after } };
  if (!isObject(record) || typeof record.editorDefault !== 'string') values[deps.paths.userEditorDefault(uid)] = community;
  const committed = await commit(deps, community, version, values, {
    at: clock(),
    by: actor.uid,
    byName: who.actorName,
    target: uid,
    targetName: email,
    action: 'invite',
    summary: `Invited ${email}: ${rightsChangeSummary(NO_RIGHTS, after) ?? ''}`,
  });
  if (!committed) return { kind: 'conflict' };

  const origin = publicOrigin(deps.env);
  const token = await deps.auth.tokens.issue({ kind: 'email-link', uid, email, ttlMs: INVITATION_TTL_MS });
  const link = `${origin}${hrefs.login(new URLSearchParams({ mode: 'email-link', token }))}`;
  const forgotLink = `${origin}${hrefs.login(new URLSearchParams({ mode: 'forgot' }))}`;
  const name = input.name.trim();
  const mail = await emailFromTemplate(
    deps,
    'invitation',
    { name, email, community: who.communityTitle, link, passwordLink: forgotLink },
    () => invitationEmail({ name, email, communityTitle: who.communityTitle, link, forgotLink }),
  );
  const queued = await queueEmail(deps, { to: email, ...mail });
  return { kind: 'invited', uid, created, queued: queued.queued };
}

export type DefaultAnswer = { kind: 'saved' } | { kind: 'not-found' } | { kind: 'unchanged' } | { kind: 'refused'; reason: RightsRefusal };

/**
 * Sets the person's default community (spec 01 §3.7 editorDefault, §4.2): one of the person's own
 * communities that the actor also manages (any, for a resort system admin).
 */
export async function setDefaultCommunity(
  deps: ManageDeps,
  who: Who & { actorCommunities: readonly string[] },
  input: { uid: string; target: string },
  clock: () => number = Date.now,
): Promise<DefaultAnswer> {
  const { actor, community } = who;
  if (!actor.isSystemAdmin && !actor.rights.isAdmin) return { kind: 'refused', reason: 'not-admin' };
  if (!isValidKey(input.uid) || !isValidKey(input.target)) return { kind: 'not-found' };
  const record = (await deps.db.ref(deps.paths.userAuthorization(input.uid)).get()).val();
  if (!isObject(record) || !isObject(record.communities) || !hasAnyRight(rightsOf(record.communities[community])))
    return { kind: 'not-found' };
  if (!hasAnyRight(rightsOf(record.communities[input.target]))) return { kind: 'not-found' };
  if (!actor.isSystemAdmin && !who.actorCommunities.includes(input.target)) return { kind: 'refused', reason: 'above-own' };
  if (record.editorDefault === input.target) return { kind: 'unchanged' };
  const version = await rightsVersion(deps, community);
  const profile = await lookUpPerson(deps.identity, input.uid);
  const committed = await commit(
    deps,
    community,
    version,
    { [deps.paths.userEditorDefault(input.uid)]: input.target },
    {
      at: clock(),
      by: actor.uid,
      byName: who.actorName,
      target: input.uid,
      targetName: profile?.email || input.uid,
      action: 'default-community',
      summary: `Default community set to ${input.target}`,
    },
  );
  return committed ? { kind: 'saved' } : { kind: 'unchanged' };
}
