import { redirect } from '@remix-run/node';
import { notFound } from '@server/http/responses';
import { hrefs } from '~/lib/hrefs';
import { accessVerdict, defaultCommunity, loadAccess, loadVisibleCommunities, NO_ACCESS_TEXT, NO_ACCESS_TITLE } from '../authz/access';
import { REMOTE_HOME } from '../authz/require';
import { DEMO_PASSWORD, isDemoMode, linkOrigin } from '../env';
import { queueEmail } from '../mail/email-queue';
import { emailFromTemplate } from '../mail/templates';
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
import { runInBackground } from './background';
import { signInLinkEmail } from './emails';
import { SpamError } from './honeypot';
import { normalizeEmail } from './identity/types';
import {
  flowStorageFor,
  pendingSignIn,
  type LoginAlert,
  type LoginFlowSession,
  type LoginFlowStorage,
  type LoginNotice,
  type PendingSignIn,
} from './login-flow';
import { emailLinkQueuedText, mailNotice } from './mail-notices';
import {
  clearPasswordFailures,
  countMailRequest,
  countPasswordFailure,
  peekPasswordLimits,
  SIGN_IN_LIMITS,
  TOO_MANY_RESET_REQUESTS,
  TOO_MANY_SIGN_IN_ATTEMPTS,
} from './rate-limit';
import { safeRedirectTo } from './redirect';
import { commitOptions, cookieSecurity, newStaffSession, readSession, type SignInMethod } from './session';
import { EMAIL_LINK_TTL_MS, type AuthTokenKind, type TokenProblem } from './tokens';

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
 *
 * No answer tells whether an address has an account: a wrong password, an unknown address and
 * a disabled account all get the same Login Error text; asking for a sign-in link or a
 * password reset gets the same redirect and note whatever the address, and the looking up and
 * sending happen after the answer (./background.ts). `client` is the client's address from the
 * load context (server/http/load-context.ts), for the per-client limits of ./rate-limit.ts.
 */

export type SignInServices = Pick<Services, 'env' | 'db' | 'paths' | 'identity' | 'sessions' | 'jobs' | 'auth' | 'rateLimiter'>;

// ─── Texts ───────────────────────────────────────────────────────────────────────────────

export const LOGIN_ERROR_TITLE = 'Login Error';
/** The Login Error dialog's text for every failed password sign-in, whatever failed. */
export const LOGIN_FAILED = 'E-mail or password is incorrect.';
export const GOOGLE_FAILURE_TITLE = 'Google Sign-In Failed';
export { NO_ACCESS_TEXT, NO_ACCESS_TITLE };
export const PASSWORD_RESET_SENT = 'Your password has been reset, please check your e-mail';
export const SIGN_IN_EXPIRED = 'The sign-in took too long and was cancelled. Please log in again.';
export const PASSWORD_CHANGED = 'Your new password is saved. Log in with it.';
export const EMAIL_MISMATCH = 'This e-mail address does not match the one the sign-in link was sent to.';
export { TOO_MANY_RESET_REQUESTS, TOO_MANY_SIGN_IN_ATTEMPTS };

/** The one answer to a sign-in link request, whether or not the address has access. */
export function emailLinkSentText(email: string): string {
  return `If ${email} has access, a sign-in link has been sent to it. Open it in this browser to log in. If it does not arrive in a few minutes, check your spam folder too, or contact the administrator.`;
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

/** The origin e-mailed links point at (server/env.ts linkOrigin): PUBLIC_URL, never the request's Host. */
export function publicOrigin(env: Pick<Services['env'], 'PUBLIC_URL' | 'PORT' | 'HOST'>): string {
  return linkOrigin(env);
}

export { safeRedirectTo };

/** Throws a 400 answer when the form's honeypot was filled or tampered with. */
export function checkHoneypot(services: Pick<SignInServices, 'auth'>, formData: FormData): void {
  try {
    services.auth.honeypot.check(formData);
  } catch (error) {
    if (error instanceof SpamError) throw new Response('Bad Request', { status: 400 });
    throw error;
  }
}

/** The `__login` storage for this request (Secure cookies over https). */
function flowFor(services: Pick<SignInServices, 'auth'>, request: Request): LoginFlowStorage {
  return flowStorageFor(services.auth.flow, request);
}

async function flowSession(services: Pick<SignInServices, 'auth'>, request: Request): Promise<LoginFlowSession> {
  return services.auth.flow.getSession(request.headers.get('Cookie'));
}

/** Set-Cookie for a pending sign-in: `user` proved who they are with `method`. */
async function startPending(
  services: SignInServices,
  request: Request,
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
  return flowFor(services, request).commitSession(session);
}

/** Where the Personal Device step is. */
export const DEVICE_STEP_PATH = hrefs.login({ mode: 'device' });

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
  if (alert || notice || email) headers.append('Set-Cookie', await flowFor(services, request).commitSession(session));
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
  headers.append('Set-Cookie', await flowFor(services, request).commitSession(session));
  return redirect(location, { headers });
}

// ─── E-mail and password ─────────────────────────────────────────────────────────────────

export type PasswordOutcome = { kind: 'verified'; response: Response } | { kind: 'rate-limited' } | { kind: 'failed'; message: string };

/**
 * Checks e-mail and password (already validated by the form schema) with the FormStrategy.
 * A client that has reached its limits (./rate-limit.ts) is refused without a check; every
 * failure, whatever failed, answers LOGIN_FAILED. Outside demo mode the demo accounts'
 * published password signs nobody in.
 */
export async function signInWithPassword(
  services: SignInServices,
  request: Request,
  formData: FormData,
  input: { email: string; redirectTo?: string | null; client: string | null },
): Promise<PasswordOutcome> {
  const email = normalizeEmail(input.email);
  if (!(await peekPasswordLimits(services.rateLimiter, email, input.client)).allowed) return { kind: 'rate-limited' };

  const failed = async (): Promise<PasswordOutcome> => {
    const { firstOverAddressLimit } = await countPasswordFailure(services.rateLimiter, email, input.client);
    if (firstOverAddressLimit) {
      console.warn(
        `Sign-in: more than ${SIGN_IN_LIMITS.perAddress.limit} wrong passwords for ${email} within 15 minutes; the right password still signs in.`,
      );
    }
    return { kind: 'failed', message: LOGIN_FAILED };
  };

  const authenticator = createAuthenticator({ identity: services.identity, flow: flowFor(services, request) });
  let user: AuthenticatedUser;
  try {
    // The route has read the body already: the strategy gets the form through the context.
    const bodiless = new Request(request.url, { method: 'POST', headers: request.headers });
    user = await authenticator.authenticate('form', bodiless, { context: { formData } });
  } catch (error) {
    if (error instanceof AuthorizationError && isIdentityFailure(error)) return failed();
    throw error instanceof AuthorizationError && error.cause instanceof Error ? error.cause : error;
  }
  if (!isDemoMode(services.env) && formData.get('password') === DEMO_PASSWORD) {
    console.warn(
      `Sign-in: ${user.email} tried the published demo password, which only works in demo mode (DEMO_MODE=on). Give the account another password or remove it.`,
    );
    return failed();
  }
  // The person knows the password: earlier failures no longer count against the address.
  await clearPasswordFailures(services.rateLimiter, email, input.client);
  const session = await flowSession(services, request);
  const setCookie = await startPending(services, request, session, user, 'password', input.redirectTo ?? null);
  return { kind: 'verified', response: redirect(DEVICE_STEP_PATH, { headers: { 'Set-Cookie': setCookie } }) };
}

// ─── Google ──────────────────────────────────────────────────────────────────────────────

/** The authenticator with Google for this request, or null when Google sign-in is not offered. */
export function googleAuthenticator(services: SignInServices, request: Request, project: Pick<ProjectConfig, 'signIn'>) {
  const credentials = googleCredentials(services.env, project);
  if (!credentials) return null;
  return createAuthenticator({
    identity: services.identity,
    flow: flowFor(services, request),
    google: { ...credentials, callbackURL: `${publicOrigin(services.env)}${GOOGLE_CALLBACK_PATH}` },
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
  if (!authenticator) throw notFound();
  const session = await flowSession(services, request);
  session.unset('pending');
  const target = safeRedirectTo(redirectTo);
  if (target) session.set('googleRedirectTo', target);
  else session.unset('googleRedirectTo');
  // The strategy reads the flow session from the request: hand it the updated one.
  const committed = (await flowFor(services, request).commitSession(session)).split(';')[0];
  const headers = new Headers(request.headers);
  headers.set('Cookie', [otherCookies(request, '__login'), committed].filter(Boolean).join('; '));
  try {
    await authenticator.authenticate('google', new Request(request.url, { method: 'GET', headers }));
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    if (thrown instanceof AuthorizationError) {
      return redirectToLogin(services, request, hrefs.login(), {
        alert: { title: GOOGLE_FAILURE_TITLE, message: authFailureMessage(thrown) },
      });
    }
    throw thrown;
  }
  // Only reached when the strategy already knows the user, which the flow never stores.
  return redirect(hrefs.login());
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
  if (!authenticator) throw notFound();
  // Google answers with ?error=… when the person cancels or Google refuses (OAuth 2.0 §4.1.2.1).
  const refusal = new URL(request.url).searchParams.get('error');
  if (refusal) {
    const message = refusal === 'access_denied' ? 'The Google sign-in was cancelled.' : `Google refused the sign-in (${refusal}).`;
    return redirectToLogin(services, request, hrefs.login(), { alert: { title: GOOGLE_FAILURE_TITLE, message }, clearPending: true });
  }
  let user: AuthenticatedUser;
  try {
    user = await authenticator.authenticate('google', request);
  } catch (thrown) {
    if (thrown instanceof AuthorizationError) {
      return redirectToLogin(services, request, hrefs.login(), {
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
  const setCookie = await startPending(services, request, session, user, 'google', redirectTo);
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
      response: await redirectToLogin(services, request, hrefs.login(), {
        notice: { tone: 'info', text: SIGN_IN_EXPIRED },
        clearPending: true,
      }),
    };
  }
  // The sign-in in progress is over, whatever the verdict.
  const headers = new Headers({ 'Set-Cookie': await flowFor(services, request).destroySession(flow) });

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
    // Checked again: the target went through a cookie.
    location = safeRedirectTo(pending.redirectTo) ?? hrefs.home();
  } else {
    location = REMOTE_HOME;
  }
  headers.append('Set-Cookie', await services.sessions.commitSession(session, commitOptions(session, request)));
  return { kind: 'signed-in', response: redirect(location, { headers }) };
}

/** Drops the pending sign-in (the Personal Device step's Cancel). */
export async function cancelSignIn(services: SignInServices, request: Request): Promise<Response> {
  const session = await flowSession(services, request);
  const email = pendingSignIn(session)?.email;
  session.unset('pending');
  if (email) session.flash('email', email);
  return redirect(hrefs.login(), { headers: { 'Set-Cookie': await flowFor(services, request).commitSession(session) } });
}

/**
 * Signs out (spec 01 §2.4 action=logout): ends the staff session (its record and cookie, and
 * with them the stored community key), drops any sign-in in progress, and asks the browser to
 * clear what the console stored locally (location data and the like).
 */
export async function signOut(services: SignInServices, request: Request): Promise<Response> {
  const headers = new Headers();
  const session = await readSession(services.sessions, request);
  headers.append('Set-Cookie', await services.sessions.destroySession(session, cookieSecurity(request)));
  if (request.headers.get('Cookie')?.includes('__login=')) {
    headers.append('Set-Cookie', await flowFor(services, request).destroySession(await flowSession(services, request)));
  }
  headers.set('Clear-Site-Data', '"storage"');
  headers.set('Cache-Control', 'no-store');
  return redirect(hrefs.login(), { headers });
}

// ─── E-mailed sign-in links ──────────────────────────────────────────────────────────────

export type LinkRequestOutcome = { kind: 'sent'; response: Response } | { kind: 'rate-limited' };

/**
 * A sign-in link request (spec 01 §4.1): the link goes only to an address whose account has
 * staff access, but the answer is the same for every address (the note says both what to do
 * when the link comes and when it does not): the looking up and sending happen after it.
 * Every request counts against the limits.
 */
export async function requestEmailLink(
  services: SignInServices,
  request: Request,
  input: { email: string; appTitle: string; client: string | null },
): Promise<LinkRequestOutcome> {
  const email = normalizeEmail(input.email);
  const limits = await countMailRequest(services.rateLimiter, 'email-link', email, input.client);
  if (!limits.allowed) return { kind: 'rate-limited' };

  if (!limits.addressLimitReached) {
    const origin = publicOrigin(services.env);
    runInBackground('Sending a sign-in link', () => sendSignInLink(services, { email, origin, appTitle: input.appTitle }));
  }

  const headers = new Headers({ 'Set-Cookie': await services.auth.rememberedEmail.serialize(email, cookieSecurity(request)) });
  const response = await redirectToLogin(
    services,
    request,
    hrefs.login({ mode: 'email-link' }),
    {
      notice: await mailNotice(
        services.jobs,
        { tone: 'success', text: emailLinkSentText(email) },
        { tone: 'info', text: emailLinkQueuedText(email) },
      ),
    },
    { headers },
  );
  return { kind: 'sent', response };
}

/** Sends the link when the address's account exists, is enabled and has staff access; else nothing. */
async function sendSignInLink(services: SignInServices, { email, origin, appTitle }: { email: string; origin: string; appTitle: string }) {
  const user = await services.identity.getUserByEmail(email);
  if (!user || user.disabled) return;
  if (accessVerdict(await loadAccess(services, user)) !== 'staff') return;
  const token = await services.auth.tokens.issue({ kind: 'email-link', uid: user.uid, email: user.email, ttlMs: EMAIL_LINK_TTL_MS });
  const link = `${origin}${hrefs.login(new URLSearchParams({ mode: 'email-link', token }))}`;
  const mail = await emailFromTemplate(services, 'sign-in-link', { community: appTitle, email: user.email, link }, () =>
    signInLinkEmail({ appTitle, email: user.email, link, validForMs: EMAIL_LINK_TTL_MS }),
  );
  await queueEmail(services, { to: user.email, ...mail });
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
  const headers = new Headers({ 'Set-Cookie': await startPending(services, request, session, user, 'email-link', null) });
  headers.append('Set-Cookie', await services.auth.rememberedEmail.serialize('', { maxAge: 0, ...cookieSecurity(request) }));
  return { kind: 'verified', response: redirect(DEVICE_STEP_PATH, { headers }) };
}
