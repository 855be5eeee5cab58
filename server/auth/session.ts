import { randomBytes } from 'node:crypto';
import { createCookie, createSessionStorage, type Session, type SessionStorage } from '@remix-run/node';
import type { RealtimeDb } from '../db';
import type { Env } from '../env';
import type { Paths } from '../paths';

/**
 * Staff sessions. The cookie (`__session`: httpOnly, SameSite=Lax, Secure over https, signed
 * with the rotatable session secrets) holds only a random session id; the data lives in the
 * database at `paths.session(id)`, so web processes stay stateless, a sign-out ends the
 * session everywhere, and a new password ends all of a person's sessions (`revokeSessionsOf`).
 *
 * "Personal device" sessions get a persistent cookie (30 days); "shared device" sessions a
 * browser-session cookie, which the browser drops when it closes, and a shorter server-side
 * lifetime (12 hours) in case it does not.
 */

export type SignInMethod = 'password' | 'google' | 'email-link';

export interface SessionData {
  /** The signed-in person (identity uid). */
  uid: string;
  email: string;
  displayName: string | null;
  method: SignInMethod;
  /** Personal device: stay signed in; shared device: signed out when the browser closes. */
  persistent: boolean;
  signedInAt: number;
  /** The community being managed (the spec's "stored community key"). */
  communityKey?: string;
  /** The menu section the home screen shows (spec 01 §2.6: "the chosen section is stored"), per community. */
  menuSection?: { communityKey: string; menuId: string };
}

export interface Toast {
  kind: 'success' | 'error' | 'info' | 'warning';
  title?: string;
  message: string;
}

export interface SessionFlashData {
  toast: Toast;
}

export type StaffSession = Session<SessionData, SessionFlashData>;
export type StaffSessionStorage = SessionStorage<SessionData, SessionFlashData>;

export const PERSONAL_SESSION_SECONDS = 30 * 24 * 60 * 60;
export const SHARED_SESSION_SECONDS = 12 * 60 * 60;

interface StoredSession {
  data: Record<string, unknown>;
  /** Epoch ms after which the session is gone, whatever the cookie says. */
  expiresAt: number;
}

export interface SessionStorageOptions {
  db: RealtimeDb;
  paths: Pick<Paths, 'session'>;
  secrets: string[];
  /** Secure cookies (https deployments). */
  secure: boolean;
  now?: () => number;
}

export function createStaffSessionStorage({ db, paths, secrets, secure, now = Date.now }: SessionStorageOptions): StaffSessionStorage {
  const cookie = createCookie('__session', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    secrets,
  });

  /** Each write renews the server-side lifetime; the cookie's own expiry is the browser's business. */
  const lifetime = (data: Record<string, unknown>) => now() + (data.persistent ? PERSONAL_SESSION_SECONDS : SHARED_SESSION_SECONDS) * 1000;

  /** Sessions whose browser never came back: a few are swept at each sign-in. */
  const removeExpiredSessions = async () => {
    const parent = db.ref(paths.session('_')).parent!;
    const stale = await parent.orderByChild('expiresAt').endAt(now()).limitToFirst(50).get();
    const removals: Record<string, null> = {};
    stale.forEach((child) => {
      removals[child.key!] = null;
    });
    if (Object.keys(removals).length > 0) await parent.update(removals);
  };

  return createSessionStorage<SessionData, SessionFlashData>({
    cookie,
    async createData(data) {
      await removeExpiredSessions();
      const id = randomBytes(24).toString('base64url');
      const record: StoredSession = { data: data as Record<string, unknown>, expiresAt: lifetime(data) };
      await db.ref(paths.session(id)).set(record as never);
      return id;
    },
    async readData(id) {
      let path: string;
      try {
        path = paths.session(id);
      } catch {
        return null; // a forged id that is not even a valid key
      }
      const stored = (await db.ref(path).get()).val() as StoredSession | null;
      if (!stored) return null;
      if (stored.expiresAt <= now()) {
        await db.ref(path).remove();
        return null;
      }
      return stored.data as never;
    },
    async updateData(id, data) {
      const record: StoredSession = { data: data as Record<string, unknown>, expiresAt: lifetime(data) };
      await db.ref(paths.session(id)).set(record as never);
    },
    async deleteData(id) {
      try {
        await db.ref(paths.session(id)).remove();
      } catch {
        // an invalid id has nothing stored
      }
    },
  });
}

/** True when the request arrived over https (directly, or through a trusted proxy that says so). */
export function isHttpsRequest(request: Request): boolean {
  return new URL(request.url).protocol === 'https:';
}

/**
 * Cookie options for a response to `request`: Secure whenever the request arrived over https,
 * on top of the cookies' own default (Secure when PUBLIC_URL is https). Plain http, such as
 * http://localhost, keeps cookies the browser will send back over http.
 */
export function cookieSecurity(request: Request): { secure?: true } {
  return isHttpsRequest(request) ? { secure: true } : {};
}

/** Cookie options for committing a session: persistent sessions outlive the browser; Secure over https. */
export function commitOptions(session: StaffSession, request: Request): { maxAge?: number; secure?: true } {
  return { ...(session.get('persistent') ? { maxAge: PERSONAL_SESSION_SECONDS } : {}), ...cookieSecurity(request) };
}

/** The default of every cookie's Secure flag: set when the public address is https. */
export function secureCookies(env: Pick<Env, 'PUBLIC_URL'>): boolean {
  return env.PUBLIC_URL?.startsWith('https:') ?? false;
}

/**
 * Ends every session of a person (a new password: whoever knew the old one is signed out
 * everywhere). Answers how many were ended.
 */
export async function revokeSessionsOf(db: RealtimeDb, paths: Pick<Paths, 'session'>, uid: string): Promise<number> {
  const parent = db.ref(paths.session('_')).parent!;
  const snapshot = await parent.orderByChild('data/uid').equalTo(uid).get();
  const removals: Record<string, null> = {};
  snapshot.forEach((child) => {
    if (child.key) removals[child.key] = null;
  });
  const count = Object.keys(removals).length;
  if (count > 0) await parent.update(removals);
  return count;
}

/** The person a session belongs to, when someone is signed in. */
export interface SessionUser {
  uid: string;
  email: string;
  displayName: string | null;
  method: SignInMethod;
  persistent: boolean;
  communityKey: string | null;
}

export async function readSession(sessions: StaffSessionStorage, request: Request): Promise<StaffSession> {
  return sessions.getSession(request.headers.get('Cookie'));
}

export function sessionUser(session: StaffSession): SessionUser | null {
  const uid = session.get('uid');
  const email = session.get('email');
  if (!uid || !email) return null;
  return {
    uid,
    email,
    displayName: session.get('displayName') ?? null,
    method: session.get('method') ?? 'password',
    persistent: session.get('persistent') ?? false,
    communityKey: session.get('communityKey') ?? null,
  };
}

export interface NewSessionInput {
  uid: string;
  email: string;
  displayName: string | null;
  method: SignInMethod;
  persistent: boolean;
  communityKey?: string;
}

/** A fresh session for a person who just signed in (commit it with `commitOptions`). */
export async function newStaffSession(sessions: StaffSessionStorage, input: NewSessionInput, now = Date.now()): Promise<StaffSession> {
  const session = await sessions.getSession();
  session.set('uid', input.uid);
  session.set('email', input.email);
  session.set('displayName', input.displayName);
  session.set('method', input.method);
  session.set('persistent', input.persistent);
  session.set('signedInAt', now);
  if (input.communityKey) session.set('communityKey', input.communityKey);
  return session;
}

/** The `name=value` pair of a committed session cookie (tests and fixtures send it back). */
export function cookiePair(setCookie: string): string {
  const end = setCookie.indexOf(';');
  return end === -1 ? setCookie : setCookie.slice(0, end);
}
