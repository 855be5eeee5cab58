/**
 * The demo data: two communities, their content and six demo accounts, loaded into the
 * database (and the seed images into file storage) by `seedDemoData`. In demo mode (`npm start`)
 * an empty embedded database is seeded at start-up; `npm run seed -- --reset`
 * (firebase/seed/seed.ts) reloads it.
 *
 * ## What is seeded (firebase/seed/)
 * - demo-data.json: the database tree, keyed exactly as the database paths of
 *   server/paths.ts, with the product root written as the key `$product`.
 *   - `demo-campground`, Pine Hollow RV Resort (resort, America/New_York) and `demo-town`,
 *     the Village of Maple Falls (municipality, America/Chicago): community records, the
 *     default main menu of spec 03 §9 for their kind, header images, locations, audiences,
 *     businesses with hours, calendars with one-off, all-day and weekly recurring events,
 *     legacy events, messages (active, archived, scheduled, recurring) and topics, custom forms
 *     (visitor registration, report an issue, feedback, the standard RSVP form) with entries,
 *     hunts with entries, store items and orders, maps, list icons, flyer settings and
 *     marketing-asset settings.
 *   - A remote-management grant of the Lakeside Grill to the remote demo account, dollars
 *     settings, app data for the app id `pine-hollow`, PMS and map integrations,
 *     feature-availability flags, a systemwide message and topics, and one AI prompt history.
 *   - Where a list lives: a menu item's list is `location-data/{community}/{uniqueId}`; a tab
 *     of it is `{uniqueId}-{tabId}` (dining-resort, contacts-emergency …, as the legacy
 *     events-resort / events-local); form, RSVP and feedback entries are
 *     `user-written/{community}/custom-forms/{formKey}/{entry}`, hunt entries
 *     `user-written/{community}/hunts/{huntKey}/{entry}` with one child per step key, orders
 *     `user-written/{community}/orders/{orderId}`.
 * - demo-users.json: the demo accounts (uid, email, displayName, password, role). Every
 *   password is `demo-password-1`.
 *   | e-mail                   | uid              | rights |
 *   | system@demo.example      | demo-system      | isResortSystem + admin of both communities |
 *   | super@demo.example       | demo-super       | super admin in demo mode or when listed in SUPER_ADMIN_EMAILS; admin of demo-campground so it can sign in |
 *   | admin@demo.example       | demo-admin       | demo-campground: isEditor, isAdmin, canNotify |
 *   | editor@demo.example      | demo-editor      | demo-campground: isEditor |
 *   | town-editor@demo.example | demo-town-editor | demo-town: isEditor |
 *   | remote@demo.example      | demo-remote      | no community rights (no record); remote grant on the Lakeside Grill, accessType email |
 * - files/: the seed images, laid out by storage path (drawn by generate-images.ts); each is
 *   copied when a `$file:` value names it, and those of STORAGE_ONLY_SEED_FILES always.
 *
 * ## user-authorization/users/{uid}
 * `{ editorDefault: "<community key>", communities: { "<community key>": { isEditor, isAdmin,
 * canNotify, isResortSystem } } }`: the keys of `communities` are the communities the person
 * may access (spec 01 §3.7 "the community keys the user may access"), each with the
 * per-location flags; an absent flag is false. A resort system admin has isResortSystem on a
 * community. Schemas: server/seed/records.ts (`UserAuthorizationSchema`,
 * `RemoteAccessEntrySchema`).
 *
 * ## Tokens and relative dates
 * The JSON holds offsets; the seeder computes the dates. A value or key
 * `"$time:<expression>"` becomes epoch ms relative to the seeding moment (`now`), in the time
 * zone of the community the node belongs to (`today+2d@08:00`, `sat-1w@07:30`, `now-2h`,
 * `today+10d@end`; grammar in relative-time.ts). Legacy events are keyed by their start time
 * in ms, so their keys are tokens too. A value `"$file:<storage path>"` becomes the URL of
 * that seed file: the URL `storage.put` answers (its `url`), else `fileUrl(path)`, else the
 * storage path itself when no storage is given.
 *
 * ## Writing
 * The resolved tree is checked (validate.ts: every node under a shape of server/paths.ts, the
 * spec's rules) and written in one multi-path update of its write roots: owned roots (a
 * community's record, location data, user-written data and integrations, the demo accounts'
 * authorization records and grants, the demo app, demo records in system-data) are replaced
 * whole; product-wide defaults (feature flags, dollars enabled, app style/type, systemwide
 * topics) are written only where nothing is stored yet. `reset` first removes the owned roots,
 * everything else kept for the demo communities (studio activity, integrations) and the demo
 * accounts (authorization records, grants, AI history), then deletes and recreates the demo
 * accounts. Nothing else in the database is touched.
 */
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type IdentityProvider, normalizeEmail } from '@server/auth/identity/types';
import type { DbValue, RealtimeDb } from '@server/db/types';
import { assertKey, createPaths } from '@server/paths';
import rawDemoData from '../../firebase/seed/demo-data.json';
import rawDemoUsers from '../../firebase/seed/demo-users.json';
import { consistencyProblems } from './consistency';
import { DemoUserSchema, type DemoUser } from './records';
import { SeedDataError, isPlainObject, referencedFiles, resolveDemoTree, type Json } from './resolve';
import { collectWrites, structuralProblems } from './validate';

export { SeedDataError } from './resolve';
export type { DemoUser, UserAuthorization, CommunityRights, RemoteAccessEntry } from './records';
export { UserAuthorizationSchema, RemoteAccessEntrySchema, CommunityRightsSchema } from './records';

/** The demo communities' keys. */
export const DEMO_COMMUNITIES = ['demo-campground', 'demo-town'] as const;
/**
 * The password of every demo account, and the demo account that is a super admin (in demo mode
 * on the embedded database): see server/env.
 */
export { DEMO_PASSWORD, DEMO_SUPER_ADMIN_EMAIL } from '../env';

/** The demo data as stored in firebase/seed/demo-data.json (tokens unresolved). */
export function loadDemoData(): Json {
  return structuredClone(rawDemoData as unknown as Json);
}

/** More demo accounts than the demo file will ever hold. */
const MAX_DEMO_USERS = 1000;

/** The demo accounts of firebase/seed/demo-users.json. */
export function loadDemoUsers(): DemoUser[] {
  return DemoUserSchema.array().max(MAX_DEMO_USERS).parse(rawDemoUsers);
}

/** The structural type of the file-storage port the seeder needs. */
export interface SeedFileStorage {
  put(path: string, data: Uint8Array, options: { contentType: string }): Promise<unknown>;
}

export interface SeedOptions {
  db: RealtimeDb;
  identity: IdentityProvider;
  /** When given, the seed images are copied into it and the data points at their URLs. */
  storage?: SeedFileStorage;
  product: string;
  /** The seeding moment that relative dates count from; default the current time. */
  now?: number | Date;
  /** Remove the demo data and accounts first, then load them again. */
  reset?: boolean;
  /** The URL to store for a seed file, when storage.put does not answer one. */
  fileUrl?: (storagePath: string) => string;
  /** Where the seed images are; default firebase/seed/files. */
  filesDir?: string;
  log?: (message: string) => void;
}

export interface SeedResult {
  product: string;
  now: number;
  communities: string[];
  users: Array<{ uid: string; email: string; created: boolean }>;
  /** Seed images copied into file storage. */
  files: number;
  /** Paths written by the multi-path update. */
  written: number;
  /** Product-wide defaults left alone because a value was already stored. */
  keptDefaults: string[];
  /** Paths removed by a reset. */
  removed: number;
}

const CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
};

/**
 * Seed images no database value names: files the console finds in storage by their path (the
 * marketing screen's social_marketing_downloaded.png, spec 03 §7).
 */
export const STORAGE_ONLY_SEED_FILES: readonly string[] = ['demo-campground/images/social_marketing_downloaded.png'];

/** The folder of the seed images: the option, else firebase/seed/files of the checkout. */
export function seedFilesDir(preferred?: string): string {
  const candidates = preferred
    ? [resolve(preferred)]
    : [resolve(process.cwd(), 'firebase/seed/files'), fileURLToPath(new URL('../../firebase/seed/files', import.meta.url))];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`The seed images were not found (looked in ${candidates.join(', ')}). Run the seed from the project folder.`);
  return found;
}

/**
 * The demo tree with tokens resolved, checked; throws SeedDataError listing every problem.
 * Exposed for tests and fixtures that want the same data without a database.
 */
export function resolveDemoData(options: { product: string; now: number; fileUrl?: (path: string) => string; users?: DemoUser[] }): Json {
  assertKey('product', options.product);
  const tree = resolveDemoTree(loadDemoData(), options);
  const problems = [
    ...structuralProblems(tree, options.product),
    ...consistencyProblems(tree, { product: options.product, now: options.now, users: options.users ?? loadDemoUsers() }),
  ];
  if (problems.length > 0) throw new SeedDataError(problems);
  return tree;
}

/**
 * True when the database holds nothing. With a product, true when it has neither a community
 * nor an authorization record (each probe reads at most one child, so this stays cheap on a
 * large production database); without one, when the root is empty.
 */
export async function isDatabaseEmpty(db: RealtimeDb, product?: string): Promise<boolean> {
  if (product === undefined) return !(await db.ref().limitToFirst(1).get()).exists();
  const paths = createPaths(product);
  for (const path of [paths.communities(), paths.userAuthorizations()]) {
    if ((await db.ref(path).limitToFirst(1).get()).exists()) return false;
  }
  return true;
}

/** Keeps only paths that no other path of the set contains (an update may not overlap). */
function outermost(paths: Iterable<string>): string[] {
  const sorted = [...new Set(paths)].sort();
  const kept: string[] = [];
  for (const path of sorted) {
    if (!kept.some((outer) => path.startsWith(`${outer}/`))) kept.push(path);
  }
  return kept;
}

/** What a reset removes: the owned roots plus the demo communities' and accounts' other nodes. */
function resetPaths(owned: Iterable<string>, product: string, users: DemoUser[]): string[] {
  const paths = createPaths(product);
  const extra: string[] = [];
  for (const community of DEMO_COMMUNITIES) {
    extra.push(
      paths.community(community),
      paths.locationData(community),
      paths.userWritten(community),
      paths.pmsConfig(community),
      paths.mapConfig(community),
      paths.studioActivity(community),
    );
    for (const user of users) extra.push(paths.aiHistory(user.uid, community));
  }
  for (const user of users) extra.push(paths.userAuthorization(user.uid), paths.remoteByUid(user.uid));
  return outermost([...owned, ...extra]);
}

async function ensureUsers(identity: IdentityProvider, users: DemoUser[], reset: boolean): Promise<SeedResult['users']> {
  const results: SeedResult['users'] = [];
  for (const user of users) {
    const email = normalizeEmail(user.email);
    if (reset) {
      const byUid = await identity.getUser(user.uid);
      if (byUid) await identity.deleteUser(byUid.uid);
      const byEmail = await identity.getUserByEmail(email);
      if (byEmail) await identity.deleteUser(byEmail.uid);
    } else {
      const byUid = await identity.getUser(user.uid);
      const byEmail = await identity.getUserByEmail(email);
      if (byUid && normalizeEmail(byUid.email) === email) {
        results.push({ uid: user.uid, email, created: false });
        continue;
      }
      if (byUid || byEmail) {
        const clash = byUid ? `uid ${user.uid} belongs to ${byUid.email}` : `${email} belongs to uid ${byEmail!.uid}`;
        throw new Error(`The demo account ${email} cannot be created: ${clash}. Run the seed with --reset to recreate the demo accounts.`);
      }
    }
    await identity.createUser({ uid: user.uid, email, password: user.password, displayName: user.displayName });
    results.push({ uid: user.uid, email, created: true });
  }
  return results;
}

/** Loads the demo data, accounts and images. See the header comment for what and how. */
export async function seedDemoData(options: SeedOptions): Promise<SeedResult> {
  const { db, identity, storage, product, reset = false } = options;
  const log = options.log ?? (() => {});
  const now = options.now === undefined ? Date.now() : options.now instanceof Date ? options.now.getTime() : options.now;
  if (!Number.isFinite(now)) throw new Error('seedDemoData: now must be a valid time');
  const users = loadDemoUsers();

  // Check everything before changing anything (file URLs are still storage paths here).
  const checked = resolveDemoData({ product, now, users });
  const files = [...referencedFiles(loadDemoData()), ...STORAGE_ONLY_SEED_FILES];
  const filesDir = storage ? seedFilesDir(options.filesDir) : undefined;
  if (filesDir) {
    const missing = files.filter((path) => !existsSync(join(filesDir, path)));
    if (missing.length > 0) throw new SeedDataError(missing.map((path) => `${path}: the seed image is missing from ${filesDir}`));
  }
  const { writes } = collectWrites(checked, product);

  let removed = 0;
  if (reset) {
    const paths = resetPaths(writes.owned.keys(), product, users);
    await db.ref().update(Object.fromEntries(paths.map((path) => [path, null])));
    removed = paths.length;
    log(`Removed the demo data (${removed} paths).`);
  }

  const accounts = await ensureUsers(identity, users, reset);
  log(`Demo accounts: ${accounts.filter((a) => a.created).length} created, ${accounts.filter((a) => !a.created).length} already there.`);

  const urls = new Map<string, string>();
  if (storage && filesDir) {
    for (const path of files) {
      const contentType = CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
      const stored = await storage.put(path, new Uint8Array(readFileSync(join(filesDir, path))), { contentType });
      const url = isPlainObject(stored as Json) ? (stored as { url?: unknown }).url : undefined;
      urls.set(path, typeof url === 'string' ? url : (options.fileUrl?.(path) ?? path));
    }
    log(`Copied ${files.length} seed images into file storage.`);
  }
  const fileUrl = (path: string) => urls.get(path) ?? options.fileUrl?.(path) ?? path;
  const tree = urls.size > 0 || options.fileUrl ? resolveDemoTree(loadDemoData(), { product, now, fileUrl }) : checked;
  const final = collectWrites(tree, product).writes;

  const update: Record<string, DbValue> = {};
  for (const [path, value] of final.owned) update[path] = value as DbValue;
  const keptDefaults: string[] = [];
  for (const [path, value] of final.defaults) {
    if ((await db.ref(path).get()).exists()) keptDefaults.push(path);
    else update[path] = value as DbValue;
  }
  await db.ref().update(update);
  log(`Wrote ${Object.keys(update).length} demo paths.`);

  return {
    product,
    now,
    communities: [...DEMO_COMMUNITIES],
    users: accounts,
    files: urls.size,
    written: Object.keys(update).length,
    keptDefaults,
    removed,
  };
}
