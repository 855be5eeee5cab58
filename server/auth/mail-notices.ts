import type { LoginNotice } from './login-flow';

/**
 * What the login screen says after queueing a sign-in link or a password reset e-mail. The
 * e-mail goes through the spec's e-mail queue: while the job service (Redis) does not answer it
 * waits in the database and is not sent, so the notice says it is queued, not sent, until the
 * job service takes it again. Whether the job service answers says nothing about the address,
 * so the notice tells no more about accounts than the sent one does.
 */

export function emailLinkQueuedText(email: string): string {
  return `If ${email} has access, a sign-in link is queued for it: the mail service is not answering right now, and the link is sent as soon as it does. Open it in this browser to log in. If it does not arrive in a few minutes, check your spam folder too.`;
}

export const PASSWORD_RESET_QUEUED =
  'Your password reset e-mail is queued: the mail service is not answering right now, and it is sent as soon as it does. Please check your e-mail in a few minutes.';

/** The sent notice while the job service answers, else the queued one. */
export async function mailNotice(jobs: { ping(): Promise<boolean> }, sent: LoginNotice, queued: LoginNotice): Promise<LoginNotice> {
  const answers = await jobs.ping().catch(() => false);
  return answers ? sent : queued;
}
