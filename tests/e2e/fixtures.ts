import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { test as base, expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { cookiePair, createStaffSessionStorage, newStaffSession, type SignInMethod } from '@server/auth/session';
import { createEmbeddedDb, type DbValue, type EmbeddedDb } from '@server/db';
import { createPaths } from '@server/paths';
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_SESSION_SECRET } from '../../playwright.config';

/**
 * What every end-to-end test builds on.
 *
 * The demo communities (demo-campground, demo-town) and the demo accounts are shared by every
 * test and both projects, which run side by side: tests only ever read them. A test that
 * changes anything takes the `community` fixture: a community of its own under a unique key
 * (copied from a demo community or built from a small record), a staff member of its own with
 * the rights the test asks for, and a browser session pinned to that community. Nothing a test
 * writes can then meet another test, in this project, the other one, or a repeat of itself.
 * Nothing is removed afterwards: the end-to-end database folder is fresh for every run.
 */

export type DemoEmail =
  | 'system@demo.example'
  | 'super@demo.example'
  | 'admin@demo.example'
  | 'editor@demo.example'
  | 'town-editor@demo.example'
  | 'remote@demo.example';

export interface LoginOptions {
  communityKey?: string;
  persistent?: boolean;
  method?: SignInMethod;
  /** The address the cookie is for; default the end-to-end server's. */
  url?: string;
}

export const e2ePaths = createPaths('amc');
const paths = e2ePaths;

const demoUsers = JSON.parse(readFileSync('firebase/seed/demo-users.json', 'utf8')) as Array<{
  uid: string;
  email: string;
  displayName: string;
}>;

/** The end-to-end server's own database, for tests that set up or check data directly. */
export async function withE2eDb<T>(work: (db: EmbeddedDb) => Promise<T>): Promise<T> {
  const db = createEmbeddedDb({ file: resolve(E2E_DATA_DIR, 'rtdb.sqlite') });
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

/** Reads one value of the end-to-end database (null when nothing is stored). */
export async function readE2e<T = unknown>(path: string): Promise<T | null> {
  return withE2eDb(async (db) => (await db.ref(path).get()).val() as T | null);
}

/**
 * A key nobody else uses: the label (lower-case letters, digits and dashes, shortened) and a
 * random suffix, so parallel tests, both projects and repeats of one test never share a record.
 */
export function uniqueKey(label: string): string {
  const slug = label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 24)
    .replace(/-+$/, '');
  return `${slug || 'e2e'}-${randomUUID().slice(0, 8)}`;
}

/** Hands the browser a session cookie committed by the server's session storage. */
export async function addSessionCookie(context: BrowserContext, setCookie: string, url: string = E2E_BASE_URL) {
  const value = cookiePair(setCookie).slice('__session='.length);
  await context.addCookies([{ name: '__session', value, url, httpOnly: true, sameSite: 'Lax' }]);
}

/** Who is signed in: a uid, an e-mail and a name (the session holds no more). */
export interface SessionUser {
  uid: string;
  email: string;
  displayName: string;
}

/**
 * Signs someone in by creating the session on the server side (in the end-to-end server's own
 * database) and handing the browser the signed cookie, so tests that are not about the sign-in
 * screens start signed in.
 */
export async function signInUser(context: BrowserContext, user: SessionUser, options: LoginOptions = {}) {
  await withE2eDb(async (db) => {
    const sessions = createStaffSessionStorage({ db, paths, secrets: [E2E_SESSION_SECRET], secure: false });
    const session = await newStaffSession(sessions, {
      ...user,
      method: options.method ?? 'password',
      persistent: options.persistent ?? true,
      communityKey: options.communityKey,
    });
    await addSessionCookie(context, await sessions.commitSession(session), options.url);
  });
}

/** Signs a demo account in (read-only tests); the session is pinned to its demo community. */
export async function signIn(context: BrowserContext, email: DemoEmail, options: LoginOptions = {}) {
  const user = demoUsers.find((candidate) => candidate.email === email);
  if (!user) throw new Error(`No demo user ${email}`);
  await signInUser(context, user, {
    ...options,
    communityKey: options.communityKey ?? (email === 'town-editor@demo.example' ? 'demo-town' : 'demo-campground'),
  });
}

/**
 * The rights of a test community's staff member (spec 01 §3.7): `system` is a resort system
 * admin (isResortSystem, so every community and the system trays), `admin` a location admin who
 * may notify, `editor` an editor only.
 */
export type CommunityRole = 'system' | 'admin' | 'editor';

const RIGHTS: Record<CommunityRole, Record<string, boolean>> = {
  system: { isEditor: true, isAdmin: true, canNotify: true, isResortSystem: true },
  admin: { isEditor: true, isAdmin: true, canNotify: true, isResortSystem: false },
  editor: { isEditor: true, isAdmin: false, canNotify: false, isResortSystem: false },
};

export interface CommunityOptions {
  /** Copy a demo community's record and location data (menus, header, lists), else a small record. */
  from?: 'demo-campground' | 'demo-town';
  /** Fields written over the record (null removes a copied field). */
  record?: Record<string, DbValue>;
  /** The main menu, replacing the copied one. */
  menu?: DbValue[];
  /** Other nodes under the community's location data (`{ 'header-info/main-menu': … }`). */
  locationData?: Record<string, DbValue>;
  /** The staff member's rights; default `admin`. */
  role?: CommunityRole;
  /** What the key starts with; default the test's title. */
  label?: string;
}

export interface TestCommunity {
  key: string;
  /** Its title (title, else name, else displayName), as lists show it. */
  title: string;
  /** The name the header bar shows (displayName, else name, else title). */
  displayName: string;
  /** The staff member with rights on it (and nowhere else). */
  user: SessionUser;
  role: CommunityRole;
  /** The stored community record. */
  record(): Promise<Record<string, unknown> | null>;
  /** A menu as stored (main-menu by default); [] when there is none. */
  menu(menuId?: string): Promise<Array<Record<string, unknown>>>;
}

/** The small record communities are built from when they copy nothing. */
const FACTORY_RECORD: Record<string, DbValue> = {
  title: 'Test Pines Campground',
  active: true,
  listed: true,
  inProgress: false,
  communityType: 'resort',
  timeZone: 'America/New_York',
  colorBackground: '#1F4D3A',
  colorIconShape: '#FFFFFF',
  colorIconBackground: '#2E6B4F',
  iconSet: 'svg_round',
};

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
const isObject = (value: unknown): value is Record<string, DbValue> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Creates a community of the caller's own and a staff member of it (not signed in): the
 * records of `from` (read from the end-to-end database, where the server seeded them) or the
 * factory record, the options over them, the staff member's authorization record, all in one
 * multi-path update.
 */
export async function createCommunity(options: CommunityOptions = {}): Promise<TestCommunity> {
  const key = uniqueKey(`e2e-${options.label ?? 'community'}`);
  const role = options.role ?? 'admin';
  const user: SessionUser = { uid: `staff-${key}`, email: `staff-${key}@e2e.example`, displayName: `Staff of ${key}` };

  await withE2eDb(async (db) => {
    let record: Record<string, DbValue> = { ...FACTORY_RECORD };
    let locationData: Record<string, DbValue> = {};
    if (options.from) {
      const stored = (await db.ref(paths.community(options.from)).get()).val();
      if (!isObject(stored)) throw new Error(`The demo community ${options.from} is not in the end-to-end database`);
      record = stored;
      const data = (await db.ref(paths.locationData(options.from)).get()).val();
      if (isObject(data)) locationData = data;
    }
    record = { ...record, communityKey: key };
    for (const [field, value] of Object.entries(options.record ?? {})) {
      if (value === null) delete record[field];
      else record[field] = value;
    }
    if (options.menu) locationData = { ...locationData, 'main-menu': options.menu };

    const update: Record<string, DbValue> = {
      [paths.community(key)]: record,
      [paths.userAuthorization(user.uid)]: { editorDefault: key, communities: { [key]: RIGHTS[role] } },
    };
    for (const [child, value] of Object.entries(locationData)) update[`${paths.locationData(key)}/${child}`] = value;
    await db.ref().update(update);
    // Then the test's own nodes, which may sit inside what was copied.
    const extra: Record<string, DbValue> = {};
    for (const [path, value] of Object.entries(options.locationData ?? {})) extra[`${paths.locationData(key)}/${path}`] = value;
    if (Object.keys(extra).length > 0) await db.ref().update(extra);
  });

  const stored = await readE2e<Record<string, unknown>>(paths.community(key));
  return {
    key,
    title: text(stored?.title) ?? text(stored?.name) ?? text(stored?.displayName) ?? key,
    displayName: text(stored?.displayName) ?? text(stored?.name) ?? text(stored?.title) ?? key,
    user,
    role,
    record: () => readE2e<Record<string, unknown>>(paths.community(key)),
    menu: async (menuId = 'main-menu') => {
      const value = await readE2e<unknown>(paths.menu(key, menuId));
      if (Array.isArray(value)) return value as Array<Record<string, unknown>>;
      return isObject(value) ? (Object.values(value) as Array<Record<string, unknown>>) : [];
    },
  };
}

interface Fixtures {
  /**
   * Content-Security-Policy violations the page reported (Chromium logs each one as a console
   * error). Every test fails on one: the page policy must let everything the console loads
   * through (server/http/security-headers.ts).
   */
  cspViolations: string[];
  /** Signs a demo account in: for tests that only read the demo communities. */
  loginAs: (email: DemoEmail, options?: LoginOptions) => Promise<void>;
  /** How the test's `community` is made (`test.use({ communityOptions: … })`). */
  communityOptions: CommunityOptions;
  /** A community of the test's own, its staff member signed in with the session pinned to it. */
  community: TestCommunity;
}

export const test = base.extend<Fixtures>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      context.on('console', (message) => {
        if (message.type() === 'error' && /Content[ -]Security[ -]Policy/i.test(message.text())) {
          violations.push(`${message.location().url}: ${message.text()}`);
        }
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  loginAs: async ({ context }, use) => {
    await use((email, options) => signIn(context, email, options));
  },
  communityOptions: [{}, { option: true }],
  community: async ({ context, communityOptions }, use, info) => {
    const community = await createCommunity({ label: info.title, ...communityOptions });
    await signInUser(context, community.user, { communityKey: community.key });
    await use(community);
  },
});

export { expect };

/**
 * Presses a submit button and, when that loads a new page (without JavaScript), waits until the
 * whole document is parsed: the server streams its pages, so a field near the top (a message, a
 * button) can be there before the rest of a long form, and a post made then would lack the rest.
 */
export async function submit(page: Page, button: Locator): Promise<void> {
  await button.click();
  await page.waitForLoadState('domcontentloaded');
}
