import { redirect } from '@remix-run/node';
import { safeRedirect } from 'remix-utils/safe-redirect';
import { accessVerdict, defaultCommunity, loadAccess, loadVisibleCommunities, NO_ACCESS_TEXT, NO_ACCESS_TITLE } from '../authz/access';
import { REMOTE_HOME } from '../authz/require';
import { queueEmail } from '../mail/email-queue';
import type { ProjectConfig } from '../projects';
import type { Services } from '../services';
import {
  AuthorizationError,
  authFailureMessage,
  createAuthenticator,
  GOOGLE_CALLBACK_PATH,
  googleCredentials,
  isIdentityFailure,
  type AuthenticatedUser,
} from './authenticator';
import { passwordResetEmail, signInLinkEmail } from './emails';
import { SpamError } from './honeypot';
import { IdentityError, normalizeEmail } from './identity/types';
import { pendingSignIn, type LoginAlert, type LoginFlowSession, type LoginNotice, type PendingSignIn } from './login-flow';
import { emailLinkQueuedText, mailNotice, PASSWORD_RESET_QUEUED } from './mail-notices';
import { addressKey, clientIp, hitLimits, peekLimits, TOO_MANY_RESET_REQUESTS, TOO_MANY_SIGN_IN_ATTEMPTS } from './rate-limit';
import { commitOptions, newStaffSession, readSession, type SignInMethod } from './session';
import { EMAIL_LINK_TTL_MS, PASSWORD_RESET_TTL_MS, type AuthTokenKind, type TokenProblem } from './tokens';

/**
 * The sign-in flows behind /login and /auth/google (spec 01 §2.4, §2.5, §4.1, §4.2):
 *
 * 1. Someone proves who they are: e-mail and password (remix-auth FormStrategy), Google
 *    (GoogleStrategy) or an e-mailed single-use link. The result is a *pending sign-in* in the
 *    short-lived `__login` cookie; no staff session exists yet.
 * 2. The Personal Device step answers personal (persistent cookie) or shared (browser-session
 *    cookie).
 * 3. `completeSignIn` authorizes (§4.2): staff get a session with their default community and go
 *    to the redirect target or home; remote editors go to /detail/remote; anyone else gets no
 *    session and the 'User Does Not Have Access' dialog.
 */

export type SignInServices = Pick<Services, 'env' | 'db' | 'paths' | 'identity' | 'sessions' | 'jobs' | 'auth' | 'rateLimiter'>;

// ─── Texts ───────────────────────────────────────────────────────────────────────────────

export const LOGIN_ERROR_TITLE = 'Login Error';
export const GOOGLE_FAILURE_TITLE = 'Google Sign-In Failed';
export { NO_ACCESS_TEXT, NO_ACCESS_TITLE };
export const EMAIL_LINK_NO_ACCESS = 'This e-mail address does not have access. Please contact the administrator.';
export const PASSWORD_RESET_SENT = 'Your password has been reset, please check your e-mail';
export const SIGN_IN_EXPIRED = 'The sign-in took too long and was cancelled. Please log in again.';
export const PASSWORD_CHANGED = 'Your new password is saved. Log in with it.';
export const EMAIL_MISMATCH = 'This e-mail address does not match the one the sign-in link was sent to.';
export { TOO_MANY_RESET_REQUESTS, TOO_MANY_SIGN_IN_ATTEMPTS };

export function emailLinkSentText(email: string): string {
  return `A sign-in link has been sent to ${email}. Open it in this browser to log in. If it does not arrive in a few minutes, check your spam folder too.`;
}

const TOKEN_PROBLEMS: Record<AuthTokenKind, Record<TokenProblem, LoginAlert>> = {
  'email-link': {
    invalid: { title: 'Sign-in link not valid', message: 'This sign-in link is not valid. Request a new link below.' },
    expired: {
      title: 'Sign-in link expired',
      message: 'This sign-in link has expired: links work for 15 minutes. Request a new link below.',
    },
    used: {
      title: 'Sign-in link already used',
      message: 'This sign-in link has already been used: each link works once. Request a new link below.',
    },
  },
  'password-reset': {
    invalid: { title: 'Reset link not valid', message: 'This password reset link is not valid. Request a new one below.' },
    expired: {
      title: 'Reset link expired',
      message: 'This password reset link has expired: links work for 1 hour. Request a new one below.',
    },
    used: {
      title: 'Reset link already used',
      message: 'This password reset link has already been used: each link works once. Request a new one below.',
    },
  },
};

export function tokenProblem(kind: AuthTokenKind, problem: TokenProblem): LoginAlert {
  return TOKEN_PROBLEMS[kind][problem];
}

// ─── Helpers ─────────────────────────────────────────────────────────────────────────────

/** The origin e-mailed links point at: PUBLIC_URL when set, else the request's own. */
export function publicOrigin(env: Pick<Services['env'], 'PUBLIC_URL'>, request: Request): string {
  return (env.PUBLIC_URL ?? new URL(request.url).origin).replace(/\/+$/, '');
}

/** A safe same-origin path from user input, or null (STYLE 15: every redirectTo passes safeRedirect). */
export function safeRedirectTo(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  const safe = safeRedirect(value, '/');
  return safe === '/' || safe.startsWith('/login') ? null : safe;
}

/** Throws a 400 answer when the form's honeypot was filled or tampered with. */
export function checkHoneypot(services: Pick<SignInServices, 'auth'>, formData: FormData): void {
  try {
    services.auth.honeypot.check(formData);
  } catch (error) {
    if (error instanceof SpamError) throw new Response('Bad Request', { status: 400 });
    throw error;
  }
}

async function flowSession(services: Pick<SignInServices, 'auth'>, request: Request): Promise<LoginFlowSession> {
  return services.auth.flow.getSession(request.headers.get('Cookie'));
}

/** Set-Cookie for a pending sign-in: `user` proved who they are with `method`. */
async function startPending(
  services: SignInServices,
  session: LoginFlowSession,
  user: AuthenticatedUser,
  method: SignInMethod,
  redirectTo: string | null,
) {
  const pending: PendingSignIn = {
    uid: user.uid,
    email: user.email,
    displayName: user.displayName,
    method,
    redirectTo: safeRedirectTo(redirectTo),
    verifiedAt: Date.now(),
  };
  session.set('pending', pending);
  return services.auth.flow.commitSession(session);
}

/** Where the Personal Device step is. */
export const DEVICE_STEP_PATH = '/login?mode=device';

// ─── One-time messages of the login screen ───────────────────────────────────────────────

export interface LoginMessages {
  alert: LoginAlert | null;
  notice: LoginNotice | null;
  email: string | null;
  pending: PendingSignIn | null;
  /** Set-Cookie headers that clear the messages once shown. */
  headers: Headers;
}

/** The alert, notice and e-mail flashed for the login screen, and the pending sign-in, if any. */
export async function loginMessages(services: SignInServices, request: Request): Promise<LoginMessages> {
  const headers = new Headers();
  const cookie = request.headers.get('Cookie');
  if (!cookie?.includes('__login=')) return { alert: null, notice: null, email: null, pending: null, headers };
  const session = await flowSession(services, request);
  const alert = session.get('alert') ?? null;
  const notice = session.get('notice') ?? null;
  const email = session.get('email') ?? null;
  if (alert || notice || email) headers.append('Set-Cookie', await services.auth.flow.commitSession(session));
  return { alert, notice, email, pending: pendingSignIn(session), headers };
}

/** A redirect to the login screen with a one-time alert or notice. */
export async function redirectToLogin(
  services: SignInServices,
  request: Request,
  location: string,
  flash: { alert?: LoginAlert; notice?: LoginNotice; email?: string; clearPending?: boolean },
  init: { headers?: Headers } = {},
): Promise<Response> {
  const session = await flowSession(services, request);
  if (flash.clearPending) session.unset('pending');
  if (flash.alert) session.flash('alert', flash.alert);
  if (flash.notice) session.flash('notice', flash.notice);
  if (flash.email) session.flash('email', flash.email);
  const headers = new Headers(init.headers);
  headers.append('Set-Cookie', await services.auth.flow.commitSession(session));
  return redirect(location, { headers });
}

// ─── E-mail and password ─────────────────────────────────────────────────────────────────

export type PasswordOutcome = { kind: 'verified'; response: Response } | { kind: 'rate-limited' } | { kind: 'failed'; message: string };

/**
 * Checks e-mail and password (already validated by the form schema) with the FormStrategy.
 * Failed attempts count against the per-address and per-IP limits; once either is reached,
 * further attempts are refused without checking the password.
 */
export async function signInWithPassword(
  services: SignInServices,
  request: Request,
  formData: FormData,
  input: { email: string; redirectTo?: string | null },
): Promise<PasswordOutcome> {
  const email = normalizeEmail(input.email);
  const ip = clientIp(request);
  if (!(await peekLimits(services.rateLimiter, 'password', email, ip)).allowed) return { kind: 'rate-limited' };

  const authenticator = createAuthenticator({ identity: services.identity, flow: services.auth.flow });
  let user: AuthenticatedUser;
  try {
    // The route has read the body already: the strategy gets the form through the context.
    const bodiless = new Request(request.url, { method: 'POST', headers: request.headers });
    user = await authenticator.authenticate('form', bodiless, { context: { formData } });
  } catch (error) {
    if (error instanceof AuthorizationError && isIdentityFailure(error)) {
      await hitLimits(services.rateLimiter, 'password', email, ip);
      return { kind: 'failed', message: error.message };
    }
    throw error instanceof AuthorizationError && error.cause instanceof Error ? error.cause : error;
  }
  // The person knows the password: earlier failures no longer count against the address.
  await services.rateLimiter.reset(addressKey('password', email));
  const session = await flowSession(services, request);
  const setCookie = await startPending(services, session, user, 'password', input.redirectTo ?? null);
  return { kind: 'verified', response: redirect(DEVICE_STEP_PATH, { headers: { 'Set-Cookie': setCookie } }) };
}

// ─── Google ──────────────────────────────────────────────────────────────────────────────

/** The authenticator with Google for this request, or null when Google sign-in is not offered. */
export function googleAuthenticator(services: SignInServices, request: Request, project: Pick<ProjectConfig, 'signIn'>) {
  const credentials = googleCredentials(services.env, project);
  if (!credentials) return null;
  return createAuthenticator({
    identity: services.identity,
    flow: services.auth.flow,
    google: { ...credentials, callbackURL: `${publicOrigin(services.env, request)}${GOOGLE_CALLBACK_PATH}` },
  });
}

/**
 * Starts Google sign-in: remembers the redirect target in the `__login` cookie and answers the
 * strategy's redirect to Google's consent page (which also stores the OAuth state there).
 */
export async function startGoogleSignIn(
  services: SignInServices,
  request: Request,
  project: Pick<ProjectConfig, 'signIn'>,
  redirectTo: string | null,
): Promise<Response> {
  const authenticator = googleAuthenticator(services, request, project);
  if (!authenticator) throw new Response('Not Found', { status: 404 });
  const session = await flowSession(services, request);
  session.unset('pending');
  const target = safeRedirectTo(redirectTo);
  if (target) session.set('googleRedirectTo', target);
  else session.unset('googleRedirectTo');
  // The strategy reads the flow session from the request: hand it the updated one.
  const committed = (await services.auth.flow.commitSession(session)).split(';')[0];
  const headers = new Headers(request.headers);
  headers.set('Cookie', [otherCookies(request, '__login'), committed].filter(Boolean).join('; '));
  try {
    await authenticator.authenticate('google', new Request(request.url, { method: 'GET', headers }));
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    if (thrown instanceof AuthorizationError) {
      return redirectToLogin(services, request, '/login', { alert: { title: GOOGLE_FAILURE_TITLE, message: authFailureMessage(thrown) } });
    }
    throw thrown;
  }
  // Only reached when the strategy already knows the user, which the flow never stores.
  return redirect('/login');
}

function otherCookies(request: Request, name: string): string {
  return (request.headers.get('Cookie') ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith(`${name}=`))
    .join('; ');
}

/**
 * Google's return: the strategy checks the state, exchanges the code for a token, reads the
 * profile and finds the account by e-mail. Success leads to the Personal Device step; failure
 * back to the login screen with an alert carrying the error message.
 */
export async function finishGoogleSignIn(
  services: SignInServices,
  request: Request,
  project: Pick<ProjectConfig, 'signIn'>,
): Promise<Response> {
  const authenticator = googleAuthenticator(services, request, project);
  if (!authenticator) throw new Response('Not Found', { status: 404 });
  // Google answers with ?error=… when the person cancels or Google refuses (OAuth 2.0 §4.1.2.1).
  const refusal = new URL(request.url).searchParams.get('error');
  if (refusal) {
    const message = refusal === 'access_denied' ? 'The Google sign-in was cancelled.' : `Google refused the sign-in (${refusal}).`;
    return redirectToLogin(services, request, '/login', { alert: { title: GOOGLE_FAILURE_TITLE, message }, clearPending: true });
  }
  let user: AuthenticatedUser;
  try {
    user = await authenticator.authenticate('google', request);
  } catch (thrown) {
    if (thrown instanceof AuthorizationError) {
      return redirectToLogin(services, request, '/login', {
        alert: { title: GOOGLE_FAILURE_TITLE, message: authFailureMessage(thrown) },
        clearPending: true,
      });
    }
    throw thrown;
  }
  const session = await flowSession(services, request);
  session.unset('oauth2:state' as never);
  const redirectTo = session.get('googleRedirectTo') ?? null;
  session.unset('googleRedirectTo');
  const setCookie = await startPending(services, session, user, 'google', redirectTo);
  return redirect(DEVICE_STEP_PATH, { headers: { 'Set-Cookie': setCookie } });
}

// ─── Completing a sign-in ────────────────────────────────────────────────────────────────

export type CompletionOutcome =
  { kind: 'signed-in'; response: Response } | { kind: 'no-access'; headers: Headers } | { kind: 'expired'; response: Response };

/**
 * The Personal Device answer for the pending sign-in: authorizes the person (spec 01 §4.2) and,
 * when they may enter, creates the staff session (persistent cookie on a personal device, a
 * browser-session cookie on a shared one) and redirects. The pending sign-in is used up either way.
 */
export async function completeSignIn(
  services: SignInServices,
  request: Request,
  device: 'personal' | 'shared',
): Promise<CompletionOutcome> {
  const flow = await flowSession(services, request);
  const pending = pendingSignIn(flow);
  if (!pending) {
    return {
      kind: 'expired',
      response: await redirectToLogin(services, request, '/login', { notice: { tone: 'info', text: SIGN_IN_EXPIRED }, clearPending: true }),
    };
  }
  // The sign-in in progress is over, whatever the verdict.
  const headers = new Headers({ 'Set-Cookie': await services.auth.flow.destroySession(flow) });

  const access = await loadAccess(services, pending);
  const verdict = accessVerdict(access);
  if (verdict === 'none') return { kind: 'no-access', headers };

  // A sign-in always starts a new session: whatever the browser had is ended.
  const previous = await readSession(services.sessions, request);
  const previousKey = previous.get('uid') === pending.uid ? previous.get('communityKey') : undefined;
  if (previous.id) await services.sessions.destroySession(previous);

  const session = await newStaffSession(services.sessions, { ...pending, persistent: device === 'personal' });

  let location: string;
  if (verdict === 'staff') {
    const communities = await loadVisibleCommunities(services, access);
    const communityKey = defaultCommunity(access, previousKey, communities);
    if (communityKey) session.set('communityKey', communityKey);
    location = safeRedirect(pending.redirectTo ?? '/', '/');
  } else {
    location = REMOTE_HOME;
  }
  headers.append('Set-Cookie', await services.sessions.commitSession(session, commitOptions(session)));
  return { kind: 'signed-in', response: redirect(location, { headers }) };
}

/** Drops the pending sign-in (the Personal Device step's Cancel). */
export async function cancelSignIn(services: SignInServices, request: Request): Promise<Response> {
  const session = await flowSession(services, request);
  const email = pendingSignIn(session)?.email;
  session.unset('pending');
  if (email) session.flash('email', email);
  return redirect('/login', { headers: { 'Set-Cookie': await services.auth.flow.commitSession(session) } });
}

/**
 * Signs out (spec 01 §2.4 action=logout): ends the staff session (its record and cookie, and
 * with them the stored community key), drops any sign-in in progress, and asks the browser to
 * clear what the console stored locally (location data and the like).
 */
export async function signOut(services: SignInServices, request: Request): Promise<Response> {
  const headers = new Headers();
  const session = await readSession(services.sessions, request);
  headers.append('Set-Cookie', await services.sessions.destroySession(session));
  if (request.headers.get('Cookie')?.includes('__login=')) {
    headers.append('Set-Cookie', await services.auth.flow.destroySession(await flowSession(services, request)));
  }
  headers.set('Clear-Site-Data', '"storage"');
  headers.set('Cache-Control', 'no-store');
  return redirect('/login', { headers });
}

// ─── E-mailed sign-in links ──────────────────────────────────────────────────────────────

export type LinkRequestOutcome = { kind: 'sent'; response: Response } | { kind: 'no-access' } | { kind: 'rate-limited' };

/**
 * Sends a sign-in link (spec 01 §4.1): only to an address whose account has staff access;
 * others learn that the address has no access. Every request counts against the limits.
 */
export async function requestEmailLink(
  services: SignInServices,
  request: Request,
  rawEmail: string,
  appTitle: string,
): Promise<LinkRequestOutcome> {
  const email = normalizeEmail(rawEmail);
  if (!(await hitLimits(services.rateLimiter, 'email-link', email, clientIp(request))).allowed) return { kind: 'rate-limited' };

  const user = await services.identity.getUserByEmail(email);
  if (!user || user.disabled) return { kind: 'no-access' };
  if (accessVerdict(await loadAccess(services, user)) !== 'staff') return { kind: 'no-access' };

  const token = await services.auth.tokens.issue({ kind: 'email-link', uid: user.uid, email: user.email, ttlMs: EMAIL_LINK_TTL_MS });
  const link = `${publicOrigin(services.env, request)}/login?${new URLSearchParams({ mode: 'email-link', token })}`;
  await queueEmail(services, { to: user.email, ...signInLinkEmail({ appTitle, email: user.email, link, validForMs: EMAIL_LINK_TTL_MS }) });

  const headers = new Headers({ 'Set-Cookie': await services.auth.rememberedEmail.serialize(user.email) });
  const response = await redirectToLogin(
    services,
    request,
    '/login?mode=email-link',
    {
      notice: await mailNotice(
        services.jobs,
        { tone: 'success', text: emailLinkSentText(user.email) },
        { tone: 'info', text: emailLinkQueuedText(user.email) },
      ),
    },
    { headers },
  );
  return { kind: 'sent', response };
}

/** The e-mail this browser asked a sign-in link for, if it remembers one. */
export async function rememberedEmail(services: Pick<SignInServices, 'auth'>, request: Request): Promise<string | null> {
  const value: unknown = await services.auth.rememberedEmail.parse(request.headers.get('Cookie'));
  return typeof value === 'string' && value !== '' ? value : null;
}

export type RedeemOutcome =
  { kind: 'verified'; response: Response } | { kind: 'problem'; alert: LoginAlert } | { kind: 'ask-email' } | { kind: 'mismatch' };

/**
 * Opens a sign-in link: the e-mail (typed, or remembered by this browser) must be the one the
 * link was sent to; then the token is used up and the Personal Device step follows.
 */
export async function redeemEmailLink(
  services: SignInServices,
  request: Request,
  token: string,
  typedEmail: string | undefined,
): Promise<RedeemOutcome> {
  const email = typedEmail ? normalizeEmail(typedEmail) : await rememberedEmail(services, request);
  const check = await services.auth.tokens.inspect(token, 'email-link');
  if (!check.ok) return { kind: 'problem', alert: tokenProblem('email-link', check.problem) };
  if (!email) return { kind: 'ask-email' };
  if (normalizeEmail(check.record.email) !== email) return { kind: 'mismatch' };

  const redeemed = await services.auth.tokens.redeem(token, 'email-link');
  if (!redeemed.ok) return { kind: 'problem', alert: tokenProblem('email-link', redeemed.problem) };
  const user = await services.identity.getUser(redeemed.record.uid);
  if (!user || user.disabled)
    return {
      kind: 'problem',
      alert: { title: LOGIN_ERROR_TITLE, message: 'The account this link was sent for no longer exists or has been disabled.' },
    };

  const session = await flowSession(services, request);
  const headers = new Headers({ 'Set-Cookie': await startPending(services, session, user, 'email-link', null) });
  headers.append('Set-Cookie', await services.auth.rememberedEmail.serialize('', { maxAge: 0 }));
  return { kind: 'verified', response: redirect(DEVICE_STEP_PATH, { headers }) };
}

// ─── Forgotten passwords ─────────────────────────────────────────────────────────────────

export type ResetRequestOutcome = { kind: 'sent'; response: Response } | { kind: 'rate-limited' } | { kind: 'failed'; message: string };

/**
 * Sends a password reset e-mail: a link to the identity provider's own reset page when it
 * hosts one (Firebase Auth), else the console's single-use reset link (1 hour).
 */
export async function requestPasswordReset(
  services: SignInServices,
  request: Request,
  rawEmail: string,
  appTitle: string,
): Promise<ResetRequestOutcome> {
  const email = normalizeEmail(rawEmail);
  if (!(await hitLimits(services.rateLimiter, 'reset', email, clientIp(request))).allowed) return { kind: 'rate-limited' };

  let link: string;
  let validForMs: number | undefined;
  try {
    if (services.identity.generatePasswordResetLink) {
      link = await services.identity.generatePasswordResetLink(email);
    } else {
      const user = await services.identity.getUserByEmail(email);
      if (!user)
        throw new IdentityError(
          'user-not-found',
          'There is no user record corresponding to this identifier. The user may have been deleted.',
        );
      if (user.disabled) throw new IdentityError('user-disabled', 'The user account has been disabled by an administrator.');
      const token = await services.auth.tokens.issue({
        kind: 'password-reset',
        uid: user.uid,
        email: user.email,
        ttlMs: PASSWORD_RESET_TTL_MS,
      });
      link = `${publicOrigin(services.env, request)}/login?${new URLSearchParams({ mode: 'reset', token })}`;
      validForMs = PASSWORD_RESET_TTL_MS;
    }
  } catch (error) {
    if (error instanceof IdentityError) return { kind: 'failed', message: error.message };
    throw error;
  }
  await queueEmail(services, { to: email, ...passwordResetEmail({ appTitle, email, link, validForMs }) });
  const response = await redirectToLogin(services, request, '/login?mode=forgot', {
    notice: await mailNotice(services.jobs, { tone: 'success', text: PASSWORD_RESET_SENT }, { tone: 'info', text: PASSWORD_RESET_QUEUED }),
  });
  return { kind: 'sent', response };
}

export type ResetOutcome =
  { kind: 'done'; response: Response } | { kind: 'problem'; alert: LoginAlert } | { kind: 'failed'; message: string };

/** Sets the new password chosen on the console's reset page, using up the reset token. */
export async function resetPassword(services: SignInServices, request: Request, token: string, password: string): Promise<ResetOutcome> {
  const check = await services.auth.tokens.inspect(token, 'password-reset');
  if (!check.ok) return { kind: 'problem', alert: tokenProblem('password-reset', check.problem) };
  const redeemed = await services.auth.tokens.redeem(token, 'password-reset');
  if (!redeemed.ok) return { kind: 'problem', alert: tokenProblem('password-reset', redeemed.problem) };
  try {
    await services.identity.setPassword(redeemed.record.uid, password);
  } catch (error) {
    if (error instanceof IdentityError) return { kind: 'failed', message: error.message };
    throw error;
  }
  // Earlier failed attempts no longer count against the address.
  await services.rateLimiter.reset(addressKey('password', redeemed.record.email));
  const response = await redirectToLogin(services, request, '/login', {
    notice: { tone: 'success', text: PASSWORD_CHANGED },
    email: redeemed.record.email,
  });
  return { kind: 'done', response };
}
