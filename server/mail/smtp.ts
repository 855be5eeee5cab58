import { createHash } from 'node:crypto';
import nodemailer from 'nodemailer';
import { htmlToText } from './text';
import { MailDeliveryError, type Mailer, type MailMessage, type SentMail } from './types';

export interface SmtpMailerOptions {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465. */
  url: string;
  /** The From header, e.g. `App Admin <no-reply@example.com>`. */
  from: string;
}

/**
 * Upper bounds of one delivery, kept well inside the e-mail job's claim lease so that a
 * send still in flight is never taken over by another worker.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 45_000 } as const;

/** Adds the timeouts as URL options (nodemailer reads options from the query) unless the URL sets them. */
function withTimeouts(url: string): string {
  const parsed = new URL(url);
  for (const [name, value] of Object.entries(SMTP_TIMEOUTS)) {
    if (!parsed.searchParams.has(name)) parsed.searchParams.set(name, String(value));
  }
  return parsed.toString();
}

function domainOf(from: string): string {
  const match = /@([^\s<>@]+?)\s*>?\s*$/.exec(from);
  return match?.[1] ?? 'localhost';
}

/** The same idempotency key always yields the same Message-ID. */
export function messageIdFor(idempotencyKey: string, from: string): string {
  const digest = createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32);
  return `<${digest}@${domainOf(from)}>`;
}

interface NodemailerError extends Error {
  code?: string;
  responseCode?: number;
  response?: string;
}

function deliveryError(error: unknown): MailDeliveryError {
  const failure = error as NodemailerError;
  const code = typeof failure?.responseCode === 'number' ? failure.responseCode : undefined;
  // 5xx replies are final for this message, except a refused login, which is a
  // configuration problem that a fixed SMTP_URL and a retry can cure.
  // An envelope nodemailer refuses before talking to the server (no valid recipient) is
  // also final.
  const permanent = code !== undefined ? code >= 500 && code < 600 && failure.code !== 'EAUTH' : failure?.code === 'EENVELOPE';
  const text = failure?.message ?? String(error);
  return new MailDeliveryError(`SMTP delivery failed: ${text}`, permanent, code, { cause: error });
}

/** Sends through an SMTP server (nodemailer), one connection per message. */
export function createSmtpMailer({ url, from }: SmtpMailerOptions): Mailer {
  const transporter = nodemailer.createTransport(withTimeouts(url), { from });

  return {
    transport: 'smtp',
    async send(message: MailMessage): Promise<SentMail> {
      const messageId = messageIdFor(message.idempotencyKey, from);
      try {
        const info = await transporter.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          html: message.html,
          text: message.text ?? htmlToText(message.html),
          messageId,
          headers: { 'X-Idempotency-Key': message.idempotencyKey },
        });
        return { id: info.messageId || messageId, transport: 'smtp' };
      } catch (error) {
        throw deliveryError(error);
      }
    },
    async close() {
      transporter.close();
    },
  };
}
