import { hrefs } from '~/lib/hrefs';
import { queueEmail } from '../mail/email-queue';
import { emailFromTemplate } from '../mail/templates';
import { runInBackground } from './background';
import { passwordResetEmail } from './emails';
import { IdentityError, normalizeEmail } from './identity/types';
import type { LoginAlert } from './login-flow';
import { mailNotice, PASSWORD_RESET_QUEUED } from './mail-notices';
import { clearPasswordFailures, countMailRequest } from './rate-limit';
import { cookieSecurity, readSession, revokeSessionsOf } from './session';
import { PASSWORD_CHANGED, PASSWORD_RESET_SENT, publicOrigin, redirectToLogin, tokenProblem, type SignInServices } from './sign-in';
import { PASSWORD_RESET_TTL_MS } from './tokens';

/** Forgotten passwords (spec 01 §2.4): the reset request and the console's own reset page. */

export type ResetRequestOutcome = { kind: 'sent'; response: Response } | { kind: 'rate-limited' };

/**
 * A password reset request: the spec's success note for every address; after the answer, an
 * existing enabled account gets an e-mail with a link to the identity provider's own reset
 * page when it hosts one (Firebase Auth), else the console's single-use reset link (1 hour).
 */
export async function requestPasswordReset(
  services: SignInServices,
  request: Request,
  input: { email: string; appTitle: string; client: string | null },
): Promise<ResetRequestOutcome> {
  const email = normalizeEmail(input.email);
  const limits = await countMailRequest(services.rateLimiter, 'reset', email, input.client);
  if (!limits.allowed) return { kind: 'rate-limited' };

  if (!limits.addressLimitReached) {
    const origin = publicOrigin(services.env);
    runInBackground('Sending a password reset link', () => sendResetLink(services, { email, origin, appTitle: input.appTitle }));
  }
  const response = await redirectToLogin(services, request, hrefs.login({ mode: 'forgot' }), {
    notice: await mailNotice(services.jobs, { tone: 'success', text: PASSWORD_RESET_SENT }, { tone: 'info', text: PASSWORD_RESET_QUEUED }),
  });
  return { kind: 'sent', response };
}

/** Sends the reset e-mail when the address's account exists and is enabled; else nothing. */
async function sendResetLink(services: SignInServices, { email, origin, appTitle }: { email: string; origin: string; appTitle: string }) {
  let link: string;
  let validForMs: number | undefined;
  if (services.identity.generatePasswordResetLink) {
    try {
      link = await services.identity.generatePasswordResetLink(email);
    } catch (error) {
      if (error instanceof IdentityError) return; // no such account: nothing to send
      throw error;
    }
  } else {
    const user = await services.identity.getUserByEmail(email);
    if (!user || user.disabled) return;
    const token = await services.auth.tokens.issue({
      kind: 'password-reset',
      uid: user.uid,
      email: user.email,
      ttlMs: PASSWORD_RESET_TTL_MS,
    });
    link = `${origin}${hrefs.login(new URLSearchParams({ mode: 'reset', token }))}`;
    validForMs = PASSWORD_RESET_TTL_MS;
  }
  const mail = await emailFromTemplate(services, 'password-reset', { community: appTitle, email, link }, () =>
    passwordResetEmail({ appTitle, email, link, validForMs }),
  );
  await queueEmail(services, { to: email, ...mail });
}

export type ResetOutcome =
  { kind: 'done'; response: Response } | { kind: 'problem'; alert: LoginAlert } | { kind: 'failed'; message: string };

/**
 * Sets the new password chosen on the console's reset page, using up the reset token. Whoever
 * knew the old password is signed out: every session of the person ends (this browser's too:
 * the reset page says to log in with the new password), and their other unused reset and
 * sign-in links stop working.
 */
export async function resetPassword(services: SignInServices, request: Request, token: string, password: string): Promise<ResetOutcome> {
  const check = await services.auth.tokens.inspect(token, 'password-reset');
  if (!check.ok) return { kind: 'problem', alert: tokenProblem('password-reset', check.problem) };
  const redeemed = await services.auth.tokens.redeem(token, 'password-reset');
  if (!redeemed.ok) return { kind: 'problem', alert: tokenProblem('password-reset', redeemed.problem) };
  const { uid, email } = redeemed.record;
  try {
    await services.identity.setPassword(uid, password);
  } catch (error) {
    if (error instanceof IdentityError) return { kind: 'failed', message: error.message };
    throw error;
  }
  const current = await readSession(services.sessions, request);
  await revokeSessionsOf(services.db, services.paths, uid);
  await services.auth.tokens.revokeAllOf(uid);
  // Earlier failed attempts no longer count against the address.
  await clearPasswordFailures(services.rateLimiter, email, null);
  const headers = new Headers();
  // This browser's session, if it was the person's, has just ended: drop its cookie too.
  if (current.get('uid') === uid) headers.append('Set-Cookie', await services.sessions.destroySession(current, cookieSecurity(request)));
  const response = await redirectToLogin(
    services,
    request,
    hrefs.login(),
    { notice: { tone: 'success', text: PASSWORD_CHANGED }, email },
    { headers },
  );
  return { kind: 'done', response };
}
