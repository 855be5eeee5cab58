import { createHash } from 'node:crypto';
import type { DbValue, RealtimeDb } from '@server/db/types';
import type { Paths } from '@server/paths';
import { htmlToText } from './text';
import type { Mailer, MailMessage, OutboxRecord, SentMail } from './types';

export { listOutbox } from './outbox-list.server';
export type { OutboxMessage, OutboxRecord } from './types';

/**
 * The development mailer: every message is recorded in the database under
 * `{product}/dev-outbox/{id}` instead of leaving the machine, and /dev/outbox shows it.
 */

export interface OutboxDeps {
  db: RealtimeDb;
  paths: Pick<Paths, 'outbox'>;
}

/**
 * The record id of a message: a digest of its idempotency key, so the same key always
 * lands on the same record (and any key, whatever its characters, makes a valid key).
 */
export function outboxId(idempotencyKey: string): string {
  return createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32);
}

function recordOf(message: MailMessage, now: number): OutboxRecord {
  return {
    to: message.to,
    subject: message.subject,
    html: message.html,
    text: message.text ?? htmlToText(message.html),
    createdAt: now,
    idempotencyKey: message.idempotencyKey,
  };
}

export function createOutboxMailer({ db, paths }: OutboxDeps, clock: () => number = Date.now): Mailer {
  return {
    transport: 'outbox',

    /** Records the message once: a second send with the same key changes nothing. */
    async send(message: MailMessage): Promise<SentMail> {
      const id = outboxId(message.idempotencyKey);
      const record = recordOf(message, clock());
      await db.ref(paths.outbox(id)).transaction((current) => (current === null ? (record as unknown as DbValue) : undefined));
      return { id, transport: 'outbox' };
    },

    /**
     * Records the message and the caller's updates in one multi-path update. When the
     * message is already recorded only the updates are written, so the first record (and its
     * time) stays. Two concurrent calls for one key write the same record id: still one message.
     */
    async sendWithUpdates(message: MailMessage, updatesFor: (delivery: SentMail) => Record<string, DbValue>): Promise<SentMail> {
      const id = outboxId(message.idempotencyKey);
      const sent: SentMail = { id, transport: 'outbox' };
      const ref = db.ref(paths.outbox(id));
      const existing = await ref.get();
      const writes: Record<string, DbValue> = existing.exists()
        ? { ...updatesFor(sent) }
        : { [ref.path]: recordOf(message, clock()) as unknown as DbValue, ...updatesFor(sent) };
      if (Object.keys(writes).length > 0) await db.ref().update(writes);
      return sent;
    },
  };
}
