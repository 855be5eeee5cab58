import { createCookie, createCookieSessionStorage, type Cookie, type Session, type SessionStorage } from '@remix-run/node';
import type { RealtimeDb } from '../db';
import type { Paths } from '../paths';
import { createHoneypot, type Honeypot } from './honeypot';
import { cookieSecurity, type SignInMethod } from './session';
import { createAuthTokens, type AuthTokens } from './tokens';

/**
 * State of a sign-in in progress, kept out of the staff session until sign-in completes.
 *
 * - `__login`: a short-lived (10 minutes) signed, httpOnly cookie session holding the pending
 *   sign-in between the credentials check and the Personal Device step, the Google OAuth state
 *   and redirect target, and one-time messages for the login screen. It never holds a
 *   password: only who proved their identity, how, and when.
 * - `__login_email`: the e-mail address a sign-in link was requested for, so that opening the
 *   link in the same browser does not ask for it again (the spec's "remembered" e-mail).
 */

export const PENDING_SIGN_IN_SECONDS = 10 * 60;
export const REMEMBERED_EMAIL_SECONDS = 24 * 60 * 60;

/** Someone who proved who they are and still has to answer the Personal Device question. */
export interface PendingSignIn {
  uid: string;
  email: string;
  displayName: string | null;
  method: SignInMethod;
  /** The safe path to go to after sign-in; null for the home screen. */
  redirectTo: string | null;
  /** Epoch ms of the identity check. */
  verifiedAt: number;
}

/** An alert the login screen shows once (a Google sign-in failure). */
export interface LoginAlert {
  title: string;
  message: string;
}

export interface LoginFlowData {
  pending: PendingSignIn;
  /** Where to go after a Google sign-in started from a page with a redirect target. */
  googleRedirectTo: string;
}

/** A one-time note on the login screen (a link was sent, a password was changed …). */
export interface LoginNotice {
  tone: 'success' | 'info';
  text: string;
}

export interface LoginFlowFlash {
  alert: LoginAlert;
  notice: LoginNotice;
  /** The e-mail to fill in on the next screen. */
  email: string;
}

export type LoginFlowSession = Session<LoginFlowData, LoginFlowFlash>;
export type LoginFlowStorage = SessionStorage<LoginFlowData, LoginFlowFlash>;

export interface AuthKit {
  /** The `__login` cookie session (also the remix-auth session storage). */
  flow: LoginFlowStorage;
  /** The `__login_email` cookie. */
  rememberedEmail: Cookie;
  tokens: AuthTokens;
  honeypot: Honeypot;
}

export interface AuthKitOptions {
  db: RealtimeDb;
  paths: Pick<Paths, 'authToken'>;
  /** The session secrets: the first signs, all verify. */
  secrets: string[];
  secure: boolean;
  now?: () => number;
}

export function createAuthKit({ db, paths, secrets, secure, now }: AuthKitOptions): AuthKit {
  const flow = createCookieSessionStorage<LoginFlowData, LoginFlowFlash>({
    cookie: {
      name: '__login',
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure,
      secrets,
      maxAge: PENDING_SIGN_IN_SECONDS,
    },
  });
  const rememberedEmail = createCookie('__login_email', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    secrets,
    maxAge: REMEMBERED_EMAIL_SECONDS,
  });
  return {
    flow,
    rememberedEmail,
    tokens: createAuthTokens({ db, paths, secrets, now }),
    honeypot: createHoneypot({ secret: `honeypot:${secrets[0]}`, now }),
  };
}

/** The pending sign-in of a flow session, when it is still fresh. */
export function pendingSignIn(session: LoginFlowSession, now = Date.now()): PendingSignIn | null {
  const pending = session.get('pending');
  if (!pending || typeof pending.uid !== 'string' || typeof pending.email !== 'string') return null;
  if (now - pending.verifiedAt > PENDING_SIGN_IN_SECONDS * 1000) return null;
  return pending;
}

/**
 * The flow storage for one request: its cookies are Secure when the request arrived over https
 * (remix-auth commits it too, when it stores the Google OAuth state).
 */
export function flowStorageFor(flow: LoginFlowStorage, request: Request): LoginFlowStorage {
  const security = cookieSecurity(request);
  if (!security.secure) return flow;
  return {
    getSession: (cookieHeader, options) => flow.getSession(cookieHeader, options),
    commitSession: (session, options) => flow.commitSession(session, { ...options, ...security }),
    destroySession: (session, options) => flow.destroySession(session, { ...options, ...security }),
  };
}
