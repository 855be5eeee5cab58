import type { DbValue } from '@server/db/types';

/**
 * The mailer port: how the platform hands an e-mail to the outside world. SMTP in
 * production; by default an outbox in the embedded database that /dev/outbox shows.
 */

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  /** Plain-text alternative; derived from the HTML when absent. */
  text?: string;
  /**
   * Names this message once and for all: sending the same key twice delivers at most one
   * outbox record, and over SMTP carries the same Message-ID so receivers can drop a copy.
   */
  idempotencyKey: string;
}

export type MailTransport = 'smtp' | 'outbox';

export interface SentMail {
  /** The outbox record id, or the SMTP Message-ID. */
  id: string;
  transport: MailTransport;
}

export interface Mailer {
  readonly transport: MailTransport;
  send(message: MailMessage): Promise<SentMail>;
  /**
   * Only mailers that deliver into the platform's own database have this: records the
   * message together with `updatesFor(delivery)` (paths from the database root) in one
   * multi-path update, so a delivery and its bookkeeping never come apart.
   */
  sendWithUpdates?(message: MailMessage, updatesFor: (delivery: SentMail) => Record<string, DbValue>): Promise<SentMail>;
  /** Releases pooled connections, if any. */
  close?(): Promise<void>;
}

/** Raised by a mailer when the receiving side refused the message. */
export class MailDeliveryError extends Error {
  constructor(
    message: string,
    /** True when sending the same message again cannot succeed (an SMTP 5xx reply). */
    readonly permanent: boolean,
    readonly responseCode?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MailDeliveryError';
  }
}

/** A message the development mailer recorded (`{product}/dev-outbox/{id}`). */
export interface OutboxRecord {
  to: string;
  subject: string;
  html: string;
  text: string;
  createdAt: number;
  idempotencyKey: string;
}

/** An outbox message as /dev/outbox lists it. */
export interface OutboxMessage extends OutboxRecord {
  id: string;
}
