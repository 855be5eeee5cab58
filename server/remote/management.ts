import { randomBytes, randomUUID } from 'node:crypto';
import type { JobQueue } from '@jobs/ports';
import { normalizeEmail, IdentityError, type IdentityProvider } from '@server/auth/identity/types';
import type { SessionUser } from '@server/auth/session';
import type { RemoteGrant } from '@server/authz/access';
import type { RemoteItem } from '@server/authz/require';
import type { DbValue, RealtimeDb } from '@server/db/types';
import { queueEmail } from '@server/mail/email-queue';
import { isValidKey, parseListingContext, parseRemoteGrantKey, remoteGrantKey, type Paths } from '@server/paths';
import { hrefs } from '~/lib/hrefs';
import {
  MAX_REMOTE_ACCESS,
  REMOTE_ADMIN_TEXTS,
  REMOTE_REQUEST_TEXTS,
  remoteRequestSchema,
  type RemoteAccessFormEntry,
  type RemoteAdminFormValue,
  type RemoteRequestFormValue,
} from '~/schemas/remote-admin';

export { remoteRequestSchema, type RemoteRequestFormValue };

/**
 * Remote management of a listing (spec 03 §2 "Remote Administration", §3 "Remote access entry"
 * and "Remote request", §7 business editor writes and getUserData invitation, §8 texts; spec 01
 * §3.7; spec 02 §6).
 *
 * Every access entry is stored twice, under `remote-management/uid/{uid}/{detailId}` (what a
 * person's sign-in and a link's uuid read) and `remote-management/detailId/{detailId}/{uid}`
 * (what the editor reads), always in one multi-path update. `{uid}` is the account's uid for
 * e-mail access (the account is created when needed) and the link's uuid for URL access. The
 * entry record is spec 03 §3's `{ contexts, title, editInfo, addButtons, sendNotifications,
 * accessType, origContext, detailTitle, uid, name, email }` plus `type` (the item's kind) and
 * `order` (the entry's place in the editor's sortable list).
 *
 * A posted uuid keeps its grant only when it is one of this item's own URL entries; anything
 * else (another item's uuid, an e-mail entry's uid, a made-up key) gets a fresh uuid, so a
 * form post can never adopt or change another item's grant.
 */

export const REMOTE_TEXTS = {
  saveCompleteTitle: 'Save Complete',
  saved: 'Your updates have been saved. You can continue to update or leave this page.',
  requestSent: 'Your request has been sent to the administrators.',
  collision: "This listing's remote access is stored under a key another community uses. Nothing was saved; ask for help.",
} as const;

/** The most audit records kept per item. */
export const MAX_REMOTE_AUDIT = 50;
/** The most field names one audit record lists. */
export const MAX_AUDIT_FIELDS = 60;

interface DbDeps {
  db: RealtimeDb;
  paths: Paths;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A URL access entry's link: `{origin}/detail/remote/{uuid}` (spec 03 §2). */
export function remoteLink(origin: string, uuid: string): string {
  return `${origin.replace(/\/+$/, '')}${hrefs.remoteDetailLink(uuid)}`;
}

/** Where an e-mail access entry's manager edits the item after signing in: `{origin}/detail/remote/id/{detailId}`. */
export function remoteDetailLink(origin: string, detailId: string): string {
  return `${origin.replace(/\/+$/, '')}${hrefs.remoteDetailById(detailId)}`;
}

/**
 * The 'Copy Link for Remote Management' link of each saved entry, by uuid: a URL entry's own
 * link, an e-mail entry's sign-in page of the item (by its grant key). New (unsaved) entries have none.
 */
export function remoteAdminLinks(origin: string, community: string, detailId: string, value: RemoteAdminFormValue): Record<string, string> {
  const links: Record<string, string> = {};
  for (const entry of value.entries) {
    if (entry.uuid === '') continue;
    links[entry.uuid] =
      entry.accessType === 'url' ? remoteLink(origin, entry.uuid) : remoteDetailLink(origin, remoteGrantKey(community, detailId));
  }
  return links;
}

/**
 * Moves every remote grant still stored under an item's id alone to its grant key
 * '{community}~{detailId}' (docs/decisions/017), both indexes in one multi-path update; the
 * community is the entry's origContext's (else its first context's). An entry naming no
 * community is left where it is (no community can read it as its own). Idempotent: a second run
 * finds nothing to move. Runs at start-up and after seeding. Answers how many entries moved.
 */
export async function migrateRemoteGrantKeys({ db, paths }: DbDeps): Promise<number> {
  const root = (await db.ref(paths.remoteManagement()).get()).val();
  if (!isObject(root)) return 0;
  const byDetail = isObject(root.detailId) ? root.detailId : {};
  const byUid = isObject(root.uid) ? root.uid : {};
  const found = new Map<string, { uid: string; legacy: string; record: Record<string, unknown> }>();
  const collect = (uid: string, legacy: string, record: unknown) => {
    if (!isValidKey(uid) || !isValidKey(legacy) || !isObject(record)) return;
    if (parseRemoteGrantKey(legacy).community !== null) return;
    found.set(`${uid}\n${legacy}`, { uid, legacy, record });
  };
  for (const [legacy, entries] of Object.entries(byDetail)) {
    if (isObject(entries)) for (const [uid, record] of Object.entries(entries)) collect(uid, legacy, record);
  }
  for (const [uid, grants] of Object.entries(byUid)) {
    // The uid index wins where both hold the entry (what a person's sign-in has read).
    if (isObject(grants)) for (const [legacy, record] of Object.entries(grants)) collect(uid, legacy, record);
  }
  const updates: Record<string, DbValue> = {};
  let moved = 0;
  for (const { uid, legacy, record } of found.values()) {
    const community = entryCommunity(record);
    if (community === null) continue;
    let key: string;
    try {
      key = remoteGrantKey(community, legacy);
    } catch {
      continue;
    }
    // A bare-id entry found after a move was written since (`npm run seed -- --reset`, a server of
    // the previous version): it replaces what the grant key holds for that person.
    updates[paths.remoteByUid(uid, key)] = record as DbValue;
    updates[paths.remoteByDetail(key, uid)] = record as DbValue;
    updates[paths.remoteByUid(uid, legacy)] = null;
    updates[paths.remoteByDetail(legacy, uid)] = null;
    moved += 1;
  }
  if (moved > 0) await db.ref().update(updates);
  return moved;
}

/** A stored entry as the form shows it, with its stored order. */
function formEntryOf(uid: string, record: Record<string, unknown>): RemoteAccessFormEntry & { order: number } {
  const accessType = record.accessType === 'url' ? 'url' : 'email';
  return {
    uuid: uid,
    accessType,
    name: textOf(record.name),
    email: accessType === 'email' ? textOf(record.email) : '',
    title: textOf(record.title),
    editInfo: record.editInfo === true,
    addButtons: record.addButtons === true,
    sendNotifications: record.sendNotifications === true,
    order: typeof record.order === 'number' && Number.isFinite(record.order) ? record.order : Number.MAX_SAFE_INTEGER,
  };
}

/** The community a stored entry was granted in (its origContext's, else its first context's); null when none parses. */
function entryCommunity(record: Record<string, unknown>): string | null {
  const candidates = [record.origContext, ...(Array.isArray(record.contexts) ? record.contexts : [])];
  for (const context of candidates) {
    if (typeof context !== 'string') continue;
    try {
      return parseListingContext(context).community;
    } catch {
      // not a listing context: try the next
    }
  }
  return null;
}

type StoredEntry = RemoteAccessFormEntry & { order: number; /** The grant key it is stored under. */ key: string };

/**
 * The entries of an item of `community`: those under its grant key '{community}~{detailId}'
 * (server/paths.ts remoteGrantKey, docs/decisions/017), and those of this community still under
 * the item's id alone (written before grants were keyed by community; the next save moves them).
 * Entries of other communities are never shown, kept or removed here.
 */
async function readEntries({ db, paths }: DbDeps, detailId: string, community: string): Promise<StoredEntry[]> {
  const key = remoteGrantKey(community, detailId);
  const [keyed, legacy] = await Promise.all([db.ref(paths.remoteByDetail(key)).get(), db.ref(paths.remoteByDetail(detailId)).get()]);
  const entries = new Map<string, StoredEntry>();
  for (const [storedKey, stored] of [
    [detailId, legacy.val()],
    [key, keyed.val()],
  ] as const) {
    if (!isObject(stored)) continue;
    for (const [uid, record] of Object.entries(stored)) {
      if (!isValidKey(uid) || !isObject(record) || entryCommunity(record) !== community) continue;
      entries.set(uid, { ...formEntryOf(uid, record), key: storedKey });
    }
  }
  return [...entries.values()].sort((a, b) => a.order - b.order || a.title.localeCompare(b.title) || (a.uuid < b.uuid ? -1 : 1));
}

/** A grant key's entries that belong to another community (never overwritten: see planRemoteAdmin). */
async function foreignEntries({ db, paths }: DbDeps, key: string, community: string): Promise<string[]> {
  const stored = (await db.ref(paths.remoteByDetail(key)).get()).val();
  if (!isObject(stored)) return [];
  return Object.entries(stored)
    .filter(([, record]) => isObject(record) && entryCommunity(record) !== community)
    .map(([uid]) => uid);
}

/** A save that would overwrite another community's remote access entry; nothing is written. */
export class RemoteGrantCollision extends Error {
  override name = 'RemoteGrantCollision';
  constructor(readonly key: string) {
    super(REMOTE_TEXTS.collision);
  }
}

/**
 * The section's form value for a stored item: its two flags and its entries in their saved
 * order. E-mail entries written without their address (spec 02 §3 keeps name and e-mail out of
 * the record) get it from the account when `identity` is given.
 */
export async function loadRemoteAdmin(
  deps: DbDeps & { identity?: Pick<IdentityProvider, 'getUser'> },
  detailId: string,
  item: Record<string, unknown>,
  community: string,
): Promise<RemoteAdminFormValue> {
  const entries = isValidKey(detailId) ? (await readEntries(deps, detailId, community)).map(({ key: _key, ...entry }) => entry) : [];
  const { identity } = deps;
  if (identity) {
    for (const entry of entries) {
      if (entry.accessType !== 'email' || entry.email !== '') continue;
      const account = await identity.getUser(entry.uuid);
      if (account) {
        entry.email = account.email;
        if (entry.name === '') entry.name = account.displayName ?? '';
      }
    }
  }
  return {
    remotelyManaged: item.remotelyManaged === true || (item.remotelyManaged === undefined && entries.length > 0),
    allowFavorite: item.allowFavorite === true,
    entries: entries.map(({ order: _order, ...entry }) => entry),
  };
}

/** The item fields the section owns, for the editor's item record. */
export function remoteItemFields(value: RemoteAdminFormValue): { remotelyManaged: boolean; allowFavorite: boolean } {
  return { remotelyManaged: value.remotelyManaged, allowFavorite: value.allowFavorite };
}

export interface RemoteInvitation {
  uid: string;
  email: string;
  name: string;
  detailTitle: string;
  link: string;
}

export interface PlanRemoteAdminInput {
  detailId: string;
  /** The item's kind as stored in the entries (business …). */
  type: string;
  detailTitle: string;
  /** The listing context '{community}/{section}' the item is edited in. */
  origContext: string;
  /** Every listing context the item shows in. */
  contexts: string[];
  /**
   * The grant's contexts are `contexts` alone: a calendar's grant names its one calendar, and its
   * origContext ('{community}/amc-events') only names the community. Otherwise origContext is
   * added to them (a listing shows in the section it was granted from).
   */
  contextsAsGiven?: boolean;
  value: RemoteAdminFormValue;
  /** The origin links point at (PUBLIC_URL, else the request's). */
  origin: string;
}

/** The first entry 'Allow Remote Management' creates when the form has none (spec 03 §4). */
export const FIRST_REMOTE_ENTRY: RemoteAccessFormEntry = {
  uuid: '',
  accessType: 'url',
  name: '',
  email: '',
  title: 'Owner',
  editInfo: true,
  addButtons: false,
  sendNotifications: false,
};

/** The account of an e-mail address, created (with a random password nobody knows) when there is none. */
export async function accountFor(identity: IdentityProvider, email: string, name: string): Promise<{ uid: string; created: boolean }> {
  const normalized = normalizeEmail(email);
  const existing = await identity.getUserByEmail(normalized);
  if (existing) return { uid: existing.uid, created: false };
  try {
    const created = await identity.createUser({
      email: normalized,
      password: randomBytes(24).toString('base64url'),
      ...(name ? { displayName: name } : {}),
    });
    return { uid: created.uid, created: true };
  } catch (error) {
    // Created by someone else in the meantime.
    if (error instanceof IdentityError && error.code === 'email-already-exists') {
      const raced = await identity.getUserByEmail(normalized);
      if (raced) return { uid: raced.uid, created: false };
    }
    throw error;
  }
}

/**
 * The writes of a Remote Administration save: every kept entry at both indexes, null at both
 * for every stored entry the form no longer has; and the invitations to send once the writes
 * are made (e-mail entries whose account had no entry for this item yet). Pure of writes:
 * only accounts are created. The editor adds `updates` to its own multi-path update.
 */
export async function planRemoteAdmin(
  deps: DbDeps & { identity: IdentityProvider },
  input: PlanRemoteAdminInput,
): Promise<{ updates: Record<string, DbValue>; invitations: RemoteInvitation[] }> {
  const { paths } = deps;
  const { detailId } = input;
  const community = parseListingContext(input.origContext).community;
  const key = remoteGrantKey(community, detailId); // a bad id throws before anything happens
  if (input.value.entries.length > MAX_REMOTE_ACCESS) throw new RangeError(REMOTE_ADMIN_TEXTS.tooMany);
  // Another community's entry is never overwritten (nor read: readEntries leaves it out).
  if ((await foreignEntries(deps, key, community)).length > 0) throw new RemoteGrantCollision(key);
  const stored = await readEntries(deps, detailId, community);
  const storedByUid = new Map(stored.map((entry) => [entry.uuid, entry]));

  const wanted = !input.value.remotelyManaged ? [] : input.value.entries.length > 0 ? input.value.entries : [FIRST_REMOTE_ENTRY];

  const contexts = [
    ...new Set([...(input.contextsAsGiven ? [] : [input.origContext]), ...input.contexts].filter((context) => context !== '')),
  ];
  const updates: Record<string, DbValue> = {};
  const invitations: RemoteInvitation[] = [];
  const kept = new Set<string>();

  for (const entry of wanted) {
    let uid: string;
    if (entry.accessType === 'email') {
      uid = (await accountFor(deps.identity, entry.email, entry.name)).uid;
    } else {
      const own = entry.uuid !== '' ? storedByUid.get(entry.uuid) : undefined;
      uid = own && own.accessType === 'url' ? own.uuid : randomUUID();
    }
    if (kept.has(uid)) continue; // the same account twice: the first entry wins
    const record: Record<string, DbValue> = {
      type: input.type,
      contexts,
      origContext: input.origContext,
      detailTitle: input.detailTitle,
      title: entry.title,
      name: entry.name,
      accessType: entry.accessType,
      editInfo: entry.editInfo,
      addButtons: entry.addButtons,
      sendNotifications: entry.sendNotifications,
      uid,
      order: kept.size,
    };
    if (entry.accessType === 'email') record.email = normalizeEmail(entry.email);
    kept.add(uid);
    updates[paths.remoteByUid(uid, key)] = record;
    updates[paths.remoteByDetail(key, uid)] = record;

    const before = storedByUid.get(uid);
    if (entry.accessType === 'email' && (!before || before.accessType !== 'email')) {
      invitations.push({
        uid,
        email: normalizeEmail(entry.email),
        name: entry.name,
        detailTitle: input.detailTitle,
        link: remoteDetailLink(input.origin, key),
      });
    }
  }

  for (const entry of stored) {
    // Removed, or moved from the item's id alone to the grant key.
    if (kept.has(entry.uuid) && entry.key === key) continue;
    updates[paths.remoteByUid(entry.uuid, entry.key)] = null;
    updates[paths.remoteByDetail(entry.key, entry.uuid)] = null;
  }
  return { updates, invitations };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The invitation e-mail of a new e-mail access entry (spec 03 §7 template sendEmailLinkDetailAdmin). */
export function invitationEmail(invitation: RemoteInvitation): { subject: string; body: string } {
  const title = escapeHtml(invitation.detailTitle || 'a listing');
  const signIn = new URL(invitation.link);
  const forgot = `${signIn.origin}${hrefs.login(new URLSearchParams({ mode: 'forgot' }))}`;
  return {
    subject: `You can now update ${invitation.detailTitle || 'a listing'}`,
    body: [
      `<p>Hello${invitation.name ? ` ${escapeHtml(invitation.name)}` : ''},</p>`,
      `<p>You have been given access to update <strong>${title}</strong> in the community app.</p>`,
      `<p><a href="${escapeHtml(invitation.link)}">Update ${title}</a></p>`,
      `<p>Sign in with this e-mail address (${escapeHtml(invitation.email)}). If you have no password yet, choose one here first: <a href="${escapeHtml(forgot)}">Choose a password</a>.</p>`,
      `<p>If you did not expect this e-mail, you can ignore it.</p>`,
    ].join('\n'),
  };
}

/** Sends each invitation through the e-mail queue (after the entries are written). */
export async function sendRemoteInvitations(deps: DbDeps & { jobs: JobQueue }, invitations: RemoteInvitation[]): Promise<void> {
  for (const invitation of invitations) {
    await queueEmail(deps, { to: invitation.email, ...invitationEmail(invitation) });
  }
}

// ─── Audit of remote saves ─────────────────────────────────────────────────────────────────

export interface RemoteAuditEntry {
  at: number;
  /** The person ('Name (e-mail)' or the e-mail) or, for URL access, 'Link: {relationship}'. */
  who: string;
  accessType: 'email' | 'url';
  /** The signed-in person's uid for e-mail access; null for a link. */
  uid: string | null;
  /** The item fields the save changed. */
  fields: string[];
}

/** Who made a remote save, as the audit shows it. */
export function remoteAuditWho(
  grant: Pick<RemoteGrant, 'accessType' | 'title'>,
  user: Pick<SessionUser, 'email' | 'displayName'> | null,
): string {
  if (user) return user.displayName ? `${user.displayName} (${user.email})` : user.email;
  const relationship = grant.title || 'no relationship given';
  return grant.accessType === 'url' ? `Link: ${relationship}` : `E-mail access: ${relationship}`;
}

/** Records a remote save of an item (who, when, which fields), keeping the newest MAX_REMOTE_AUDIT. */
export async function recordRemoteSave(
  deps: DbDeps,
  input: { community: string; detailId: string; grant: RemoteGrant; user: SessionUser | null; fields: string[]; at: number },
): Promise<void> {
  const { db, paths } = deps;
  const list = db.ref(paths.remoteAudit(input.community, input.detailId));
  const fields = [...new Set(input.fields.filter((field) => typeof field === 'string' && field !== ''))]
    .slice(0, MAX_AUDIT_FIELDS)
    .map((field) => field.slice(0, 100));
  const record: RemoteAuditEntry = {
    at: input.at,
    who: remoteAuditWho(input.grant, input.user).slice(0, 300),
    accessType: input.grant.accessType,
    uid: input.user?.uid ?? null,
    fields,
  };
  await list.push({ ...record, uid: record.uid });
  // Bounded: drop the oldest beyond the limit (push ids sort by time).
  const keys: string[] = [];
  (await list.orderByKey().get()).forEach((child) => {
    if (child.key) keys.push(child.key);
  });
  const surplus = keys.slice(0, Math.max(0, keys.length - MAX_REMOTE_AUDIT));
  if (surplus.length > 0) {
    await db.ref().update(Object.fromEntries(surplus.map((key) => [paths.remoteAudit(input.community, input.detailId, key), null])));
  }
}

function auditEntryOf(value: unknown): RemoteAuditEntry | null {
  if (!isObject(value) || typeof value.at !== 'number') return null;
  return {
    at: value.at,
    who: textOf(value.who),
    accessType: value.accessType === 'url' ? 'url' : 'email',
    uid: typeof value.uid === 'string' ? value.uid : null,
    fields: Array.isArray(value.fields) ? value.fields.filter((field): field is string => typeof field === 'string') : [],
  };
}

/** The item's remote saves, newest first. */
export async function readRemoteAudit(deps: DbDeps, community: string, detailId: string, limit = 20): Promise<RemoteAuditEntry[]> {
  const count = Math.max(1, Math.min(MAX_REMOTE_AUDIT, Math.floor(limit)));
  const snapshot = await deps.db.ref(deps.paths.remoteAudit(community, detailId)).orderByKey().limitToLast(count).get();
  const entries: RemoteAuditEntry[] = [];
  snapshot.forEach((child) => {
    const entry = auditEntryOf(child.val());
    if (entry) entries.push(entry);
  });
  return entries.reverse().sort((a, b) => b.at - a.at);
}

// ─── Update Permissions requests ───────────────────────────────────────────────────────────

export interface StoredRemoteRequest {
  at: number;
  detailId: string;
  detailTitle: string;
  action: RemoteRequestFormValue['action'];
  remoteInfo: RemoteRequestFormValue['remoteInfo'];
  message: string;
  accessType: 'email' | 'url';
  /** Who asked, as the audit names people. */
  from: string;
  /** Whom the request was e-mailed to. */
  sentTo: string[];
}

/** The uids of the community's location admins (user-authorization: communities/{community}/isAdmin). */
export async function communityAdminUids({ db, paths }: DbDeps, community: string): Promise<string[]> {
  const snapshot = await db.ref(paths.userAuthorizations()).orderByChild(`communities/${community}/isAdmin`).equalTo(true).get();
  const uids: string[] = [];
  snapshot.forEach((child) => {
    if (child.key && isValidKey(child.key)) uids.push(child.key);
  });
  return uids;
}

const PERMISSION_NAMES = { editInfo: 'Edit Information', addButtons: 'Add Buttons', sendNotifications: 'Send Notifications' } as const;

/** The request e-mail to an administrator. */
export function remoteRequestEmail(request: StoredRemoteRequest, editorLink: string): { subject: string; body: string } {
  const title = request.detailTitle || request.detailId;
  const granted = (Object.keys(PERMISSION_NAMES) as Array<keyof typeof PERMISSION_NAMES>)
    .filter((permission) => request.remoteInfo[permission])
    .map((permission) => PERMISSION_NAMES[permission]);
  return {
    subject: `${REMOTE_REQUEST_TEXTS.heading}: ${title}`,
    body: [
      `<p>${escapeHtml(request.from)} asks for a change to the remote access of <strong>${escapeHtml(title)}</strong>.</p>`,
      `<p>Request: ${escapeHtml(REMOTE_REQUEST_TEXTS.actionLabels[request.action])}</p>`,
      request.remoteInfo.title ? `<p>Relationship: ${escapeHtml(request.remoteInfo.title)}</p>` : '',
      `<p>Permissions requested: ${granted.length > 0 ? granted.join(', ') : 'none'}</p>`,
      request.message ? `<p>Message:</p><blockquote>${escapeHtml(request.message).replace(/\n/g, '<br>')}</blockquote>` : '',
      `<p><a href="${escapeHtml(editorLink)}">Open ${escapeHtml(title)} in the console</a> to change its Remote Administration.</p>`,
    ]
      .filter(Boolean)
      .join('\n'),
  };
}

/**
 * A remote manager's 'Update Permissions' request (spec 03 §6 trays, §7 requestUpdate): stored
 * under the community's remote-requests, and e-mailed through the e-mail queue to every location
 * admin of the item's community that has an account. The context is the grant's, never the
 * form's. Answers the spec's text REMOTE_TEXTS.requestSent once done.
 */
export async function requestRemoteUpdate(
  deps: DbDeps & { jobs: JobQueue; identity: Pick<IdentityProvider, 'getUser'> },
  input: { grant: RemoteGrant; item: RemoteItem; request: RemoteRequestFormValue; origin: string; user?: SessionUser | null; at?: number },
): Promise<{ requestId: string; sentTo: string[] }> {
  const { grant, item } = input;
  const adminUids = await communityAdminUids(deps, item.community);
  const emails = new Set<string>();
  for (const uid of adminUids) {
    const account = await deps.identity.getUser(uid);
    if (account && !account.disabled && account.email) emails.add(normalizeEmail(account.email));
  }
  const stored: StoredRemoteRequest = {
    at: input.at ?? Date.now(),
    detailId: grant.detailId,
    detailTitle: grant.detailTitle || textOf(item.value.title),
    action: input.request.action,
    remoteInfo: { ...input.request.remoteInfo, origContext: grant.origContext },
    message: input.request.message,
    accessType: grant.accessType,
    from: remoteAuditWho(grant, input.user ?? null),
    sentTo: [...emails].sort(),
  };
  const ref = await deps.db.ref(deps.paths.remoteRequests(item.community)).push({ ...stored, remoteInfo: { ...stored.remoteInfo } });
  let section = item.section;
  try {
    section = parseListingContext(grant.origContext).section;
  } catch {
    // keep the item's own section
  }
  const editorLink = `${input.origin.replace(/\/+$/, '')}${hrefs.detailUpdate(item.community, grant.type || 'business', section, item.itemId)}`;
  const mail = remoteRequestEmail(stored, editorLink);
  for (const email of stored.sentTo) await queueEmail(deps, { to: email, ...mail });
  return { requestId: ref.key!, sentTo: stored.sentTo };
}
