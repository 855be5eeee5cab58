/**
 * The sign-in e-mails (sent through the spec's e-mail queue). Bodies are HTML; the outbox and
 * SMTP mailers derive the plain-text part from it.
 */

export interface AuthEmail {
  subject: string;
  body: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function minutesText(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  return minutes % 60 === 0 && minutes >= 60 ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}` : `${minutes} minutes`;
}

/** The e-mailed sign-in link. */
export function signInLinkEmail({
  appTitle,
  email,
  link,
  validForMs,
}: {
  appTitle: string;
  email: string;
  link: string;
  validForMs: number;
}): AuthEmail {
  const title = escapeHtml(appTitle);
  return {
    subject: `Sign in to ${appTitle}`,
    body: [
      `<p>Hello,</p>`,
      `<p>We received a request to sign in to ${title} with ${escapeHtml(email)}. Open this link to sign in:</p>`,
      `<p><a href="${escapeHtml(link)}">Sign in to ${title}</a></p>`,
      `<p>The link works once and expires in ${minutesText(validForMs)}. Open it in the browser where you asked for it.</p>`,
      `<p>If you did not ask to sign in, you can ignore this e-mail.</p>`,
    ].join('\n'),
  };
}

/** The e-mailed password reset link (the console's own reset page, or the identity provider's). */
export function passwordResetEmail({
  appTitle,
  email,
  link,
  validForMs,
}: {
  appTitle: string;
  email: string;
  link: string;
  validForMs?: number;
}): AuthEmail {
  const title = escapeHtml(appTitle);
  return {
    subject: `Reset your ${appTitle} password`,
    body: [
      `<p>Hello,</p>`,
      `<p>We received a request to reset the ${title} password for ${escapeHtml(email)}. Open this link to choose a new password:</p>`,
      `<p><a href="${escapeHtml(link)}">Reset your password</a></p>`,
      validForMs ? `<p>The link works once and expires in ${minutesText(validForMs)}.</p>` : '',
      `<p>If you did not ask for a new password, you can ignore this e-mail: your password stays as it is.</p>`,
    ]
      .filter(Boolean)
      .join('\n'),
  };
}
