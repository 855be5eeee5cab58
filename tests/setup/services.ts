import { join } from 'node:path';
import { createEmbeddedIdentity } from '@server/auth/identity/embedded';
import { cookiePair, newStaffSession, type SignInMethod, type StaffSessionStorage } from '@server/auth/session';
import { createEmbeddedDb, type DbValue, type EmbeddedDb } from '@server/db';
import { parseEnv, type Env } from '@server/env';
import { createPaths, type Paths } from '@server/paths';
import { loadDemoUsers, seedDemoData } from '@server/seed';
import { closeServices, createServices, setServicesForTests, type Services } from '@server/services';
import { makeTempDir } from './tmp';

/**
 * Fixtures for loader and action tests (STYLE 18): a fresh embedded database per test file
 * with the demo data, the demo people by role, and session cookies minted by the real session
 * storage. `installTestServices` makes a test's services the process-wide instance so route
 * modules, which call getServices(), run against them.
 */

/** The roles of the permission matrix, each a demo account (firebase/seed/demo-users.json) or nobody. */
export const ROLES = ['anonymous', 'editorA', 'adminA', 'editorB', 'system', 'super', 'remote'] as const;
export type Role = (typeof ROLES)[number];

/** Community A and B of the matrix: the demo resort and the demo town. */
export const COMMUNITY_A = 'demo-campground';
export const COMMUNITY_B = 'demo-town';

export const ROLE_EMAILS: Record<Exclude<Role, 'anonymous'>, string> = {
  editorA: 'editor@demo.example',
  adminA: 'admin@demo.example',
  editorB: 'town-editor@demo.example',
  system: 'system@demo.example',
  super: 'super@demo.example',
  remote: 'remote@demo.example',
};

export interface DemoPerson {
  uid: string;
  email: string;
  displayName: string;
}

/** The demo account behind a role. */
export function demoPerson(role: Exclude<Role, 'anonymous'>): DemoPerson {
  const user = loadDemoUsers().find((candidate) => candidate.email === ROLE_EMAILS[role]);
  if (!user) throw new Error(`No demo account ${ROLE_EMAILS[role]} in firebase/seed/demo-users.json`);
  return { uid: user.uid, email: user.email, displayName: user.displayName };
}

/**
 * The environment of a test: its own folder, database file, Redis prefix; no workers, no
 * automatic seeding; links at the origin of the test requests; demo mode (the demo people are
 * the roles, super@demo.example the super admin) unless `overrides` say DEMO_MODE=off.
 */
export function testEnv(label: string, overrides: Record<string, string> = {}): Env {
  const dir = makeTempDir(label);
  return parseEnv({
    NODE_ENV: 'test',
    DEMO_MODE: 'on',
    DATA_DIR: dir,
    DATABASE_FILE: join(dir, 'rtdb.sqlite'),
    REDIS_PREFIX: `test-${label}-${process.pid}`,
    WORKERS: 'off',
    SEED_DEMO_DATA: 'off',
    SESSION_SECRET: 'test-session-secret-of-at-least-32-characters',
    // E-mailed links point at the origin test requests use (tests/setup/requests.ts TEST_ORIGIN),
    // as a demo server's do at its HOST and PORT (server/env.ts linkOrigin).
    HOST: 'console.test',
    PORT: '80',
    ...overrides,
  });
}

export interface DemoDb {
  db: EmbeddedDb;
  paths: Paths;
  env: Env;
}

/** A fresh embedded database holding the demo data (no file storage). */
export async function openDemoDb(label: string): Promise<DemoDb> {
  const env = testEnv(label);
  const db = createEmbeddedDb({ file: env.DATABASE_FILE! });
  await seedDemoData({ db, identity: createEmbeddedIdentity(db.sqlite), product: env.PRODUCT });
  return { db, paths: createPaths(env.PRODUCT), env };
}

/**
 * Creates the platform services for a test (embedded database and local storage in a fresh
 * folder), seeds the demo data (and its images) unless `seed` is false (and, with `feeds`, builds
 * the demo calendars' iCal feeds as the workers would), and installs them as
 * the process-wide services. `close()` uninstalls and closes them.
 */
export async function installTestServices(
  label: string,
  options: { seed?: boolean; env?: Record<string, string>; feeds?: boolean } = {},
): Promise<{ services: Services; close: () => Promise<void> }> {
  const services = await createServices(testEnv(label, options.env));
  if (options.seed !== false) {
    await seedDemoData({ db: services.db, identity: services.identity, storage: services.storage, product: services.env.PRODUCT });
  }
  if (options.feeds) {
    // The demo calendars' iCal feeds, as the workers' start-up sweep builds them (loaded only when asked).
    const { publishStaleFeeds } = await import('@server/events/feed/publish');
    await publishStaleFeeds(services, Date.now());
  }
  setServicesForTests(services);
  return {
    services,
    close: async () => {
      // closeServices() closes whatever the platform holds (jobs, rate limiter, database …).
      setServicesForTests(services);
      await closeServices();
    },
  };
}

export interface CookieOptions {
  communityKey?: string;
  method?: SignInMethod;
  persistent?: boolean;
}

/** The Cookie header of a session for `person`, created and signed by the real session storage. */
export async function sessionCookie(sessions: StaffSessionStorage, person: DemoPerson, options: CookieOptions = {}): Promise<string> {
  const session = await newStaffSession(sessions, {
    ...person,
    method: options.method ?? 'password',
    persistent: options.persistent ?? true,
    communityKey: options.communityKey,
  });
  return cookiePair(await sessions.commitSession(session));
}

/** A community a test made for itself, with one staff member signed in to it. */
export interface OwnCommunity {
  community: string;
  uid: string;
  /** The Cookie header of the staff member's session, pinned to the community. */
  cookie: string;
}

let ownCounter = 0;

/**
 * A community of the test's own (`{label}-{n}`, unique in the file) with a staff member
 * (`{label}-user-{n}`) holding `rights` in it and signed in to it; `records(community, n)` are
 * written with it in one update (database paths to values), so each test reads only its own data.
 */
export async function ownCommunity(
  services: Pick<Services, 'db' | 'paths' | 'sessions'>,
  options: {
    label: string;
    /** The community's title before its number ('Event Test' makes 'Event Test 3'). */
    title: string;
    rights: Record<string, boolean>;
    timeZone: string;
    displayName?: string;
    records?: (community: string, n: number) => Record<string, DbValue>;
  },
): Promise<OwnCommunity & { n: number }> {
  ownCounter += 1;
  const n = ownCounter;
  const community = `${options.label}-${n}`;
  const uid = `${options.label}-user-${n}`;
  await services.db.ref().update({
    [services.paths.community(community)]: { title: `${options.title} ${n}`, timeZone: options.timeZone },
    [services.paths.userAuthorization(uid)]: { editorDefault: community, communities: { [community]: options.rights } },
    ...(options.records?.(community, n) ?? {}),
  });
  const cookie = await sessionCookie(
    services.sessions,
    { uid, email: `${uid}@test.example`, displayName: options.displayName ?? 'Staff' },
    { communityKey: community },
  );
  return { community, uid, cookie, n };
}

/** A cookie per role ('' for anonymous). */
export async function roleCookies(
  sessions: StaffSessionStorage,
  options: Partial<Record<Role, CookieOptions>> = {},
): Promise<Record<Role, string>> {
  const cookies = { anonymous: '' } as Record<Role, string>;
  for (const role of ROLES) {
    if (role === 'anonymous') continue;
    cookies[role] = await sessionCookie(sessions, demoPerson(role), options[role]);
  }
  return cookies;
}
