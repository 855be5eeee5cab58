import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../tests/setup/tmp';
import { createEmbeddedDb, type EmbeddedDb } from '../db';
import { createPaths } from '../paths';
import {
  commitOptions,
  createStaffSessionStorage,
  PERSONAL_SESSION_SECONDS,
  readSession,
  revokeSessionsOf,
  secureCookies,
  sessionUser,
  SHARED_SESSION_SECONDS,
  type StaffSessionStorage,
} from './session';

const paths = createPaths('amc');
let db: EmbeddedDb;
let clock: number;
let sessions: StaffSessionStorage;

beforeEach(() => {
  db = createEmbeddedDb({ file: join(makeTempDir('session'), 'rtdb.sqlite') });
  clock = Date.UTC(2026, 10, 21, 12);
  sessions = createStaffSessionStorage({ db, paths, secrets: ['s'.repeat(32)], secure: false, now: () => clock });
});
afterEach(() => db.close());

async function signIn(persistent: boolean, { uid = 'demo-admin', url = 'http://localhost/' } = {}) {
  const session = await sessions.getSession();
  session.set('uid', uid);
  session.set('email', 'admin@demo.example');
  session.set('displayName', 'Karen');
  session.set('method', 'password');
  session.set('persistent', persistent);
  session.set('signedInAt', clock);
  session.set('communityKey', 'demo-campground');
  const setCookie = await sessions.commitSession(session, commitOptions(session, new Request(url)));
  return { setCookie, cookie: setCookie.split(';')[0]! };
}

const request = (cookie?: string) => new Request('http://localhost/', { headers: cookie ? { Cookie: cookie } : {} });

describe('staff sessions', () => {
  it('keep only a signed id in the cookie and the data in the database', async () => {
    const { setCookie, cookie } = await signIn(true);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/admin@demo\.example/);
    const user = sessionUser(await readSession(sessions, request(cookie)));
    expect(user).toEqual({
      uid: 'demo-admin',
      email: 'admin@demo.example',
      displayName: 'Karen',
      method: 'password',
      persistent: true,
      communityKey: 'demo-campground',
    });
    const stored = (await db.ref('amc/console-sessions').get()).val() as Record<string, { expiresAt: number }>;
    expect(Object.values(stored)).toHaveLength(1);
    expect(Object.values(stored)[0]?.expiresAt).toBe(clock + PERSONAL_SESSION_SECONDS * 1000);
  });

  it('give personal devices a persistent cookie and shared devices a browser-session cookie', async () => {
    expect((await signIn(true)).setCookie).toMatch(new RegExp(`Max-Age=${PERSONAL_SESSION_SECONDS}`));
    const shared = await signIn(false);
    expect(shared.setCookie).not.toMatch(/Max-Age|Expires/);
    const stored = Object.values((await db.ref('amc/console-sessions').get()).val() as Record<string, { expiresAt: number }>);
    expect(stored.map((s) => s.expiresAt).sort()).toEqual(
      [clock + SHARED_SESSION_SECONDS * 1000, clock + PERSONAL_SESSION_SECONDS * 1000].sort(),
    );
  });

  it('refuse tampered, unknown and expired sessions', async () => {
    const { cookie } = await signIn(false);
    expect(sessionUser(await readSession(sessions, request(`${cookie.slice(0, -2)}xx`)))).toBeNull();
    expect(sessionUser(await readSession(sessions, request('__session=nonsense')))).toBeNull();
    clock += SHARED_SESSION_SECONDS * 1000 + 1;
    expect(sessionUser(await readSession(sessions, request(cookie)))).toBeNull();
    expect((await db.ref('amc/console-sessions').get()).exists()).toBe(false);
  });

  it('end everywhere when destroyed, and sweep expired ones at the next sign-in', async () => {
    const first = await signIn(false);
    const session = await readSession(sessions, request(first.cookie));
    await sessions.destroySession(session);
    expect(sessionUser(await readSession(sessions, request(first.cookie)))).toBeNull();

    await signIn(false);
    clock += SHARED_SESSION_SECONDS * 1000 + 1;
    await signIn(true);
    const left = Object.values((await db.ref('amc/console-sessions').get()).val() as Record<string, { data: { persistent: boolean } }>);
    expect(left.map((s) => s.data.persistent)).toEqual([true]);
  });

  it('are Secure when PUBLIC_URL is https, and whenever the request arrived over https', async () => {
    expect(secureCookies({ PUBLIC_URL: 'https://console.example.com' })).toBe(true);
    expect(secureCookies({ PUBLIC_URL: undefined })).toBe(false);
    // No PUBLIC_URL (these sessions' default is not Secure): the request's own scheme decides.
    expect((await signIn(true, { url: 'https://console.example.com/login' })).setCookie).toMatch(/; Secure/);
    expect((await signIn(true, { url: 'http://localhost:3000/login' })).setCookie).not.toMatch(/Secure/);
  });

  it("all of a person's end at once, and nobody else's", async () => {
    const first = await signIn(true);
    const second = await signIn(false);
    const other = await signIn(true, { uid: 'demo-editor' });
    expect(await revokeSessionsOf(db, paths, 'demo-admin')).toBe(2);
    expect(sessionUser(await readSession(sessions, request(first.cookie)))).toBeNull();
    expect(sessionUser(await readSession(sessions, request(second.cookie)))).toBeNull();
    expect(sessionUser(await readSession(sessions, request(other.cookie)))).toMatchObject({ uid: 'demo-editor' });
    expect(await revokeSessionsOf(db, paths, 'demo-admin')).toBe(0);
  });
});
