import type { RealtimeDb } from '@server/db/types';
import type { Paths } from '@server/paths';
import { toEmailQueueItem } from './email-queue';
import type { OutboxMessage, OutboxRecord } from './outbox';

/**
 * Reading the development outbox. Its own server-only module so that the /dev/outbox route
 * can import it without pulling the mailers into the browser build.
 */

function toMessage(id: string, value: unknown): OutboxMessage | null {
  if (!value || typeof value !== 'object') return null;
  const record = value as Partial<OutboxRecord>;
  if (typeof record.to !== 'string' || typeof record.subject !== 'string' || typeof record.createdAt !== 'number') return null;
  return {
    id,
    to: record.to,
    subject: record.subject,
    html: typeof record.html === 'string' ? record.html : '',
    text: typeof record.text === 'string' ? record.text : '',
    createdAt: record.createdAt,
    idempotencyKey: typeof record.idempotencyKey === 'string' ? record.idempotencyKey : '',
  };
}

/** The most recent outbox messages, newest first. */
export async function listOutbox(
  db: RealtimeDb,
  paths: Pick<Paths, 'outbox'>,
  { limit = 50 }: { limit?: number } = {},
): Promise<OutboxMessage[]> {
  const snapshot = await db
    .ref(paths.outbox())
    .orderByChild('createdAt')
    .limitToLast(Math.max(1, Math.floor(limit)))
    .get();
  const messages: OutboxMessage[] = [];
  snapshot.forEach((child) => {
    const message = child.key ? toMessage(child.key, child.val()) : null;
    if (message) messages.push(message);
  });
  return messages.reverse();
}

/** An e-mail of the queue not yet handed to the mailer (spec 01 §3.8 email-queue item). */
export interface PendingEmail {
  id: string;
  to: string;
  subject: string;
  /** queued: waiting for the job service or a worker; sending: a worker has it; failed: waiting for a retry. */
  status: 'queued' | 'sending' | 'failed';
  createdAt: number | null;
}

/**
 * The queue's e-mails that are not sent yet, newest first: what the outbox page lists as
 * waiting, so an e-mail is never shown as sent before the mailer has it.
 */
export async function listPendingEmails(
  db: RealtimeDb,
  paths: Pick<Paths, 'emailQueue'>,
  { limit = 50 }: { limit?: number } = {},
): Promise<PendingEmail[]> {
  const pending: PendingEmail[] = [];
  for (const status of ['queued', 'sending', 'failed'] as const) {
    const snapshot = await db.ref(paths.emailQueue()).orderByChild('status').equalTo(status).get();
    snapshot.forEach((child) => {
      const item = toEmailQueueItem(child.val());
      if (!child.key || !item) return;
      pending.push({
        id: child.key,
        to: item.email,
        subject: item.subject,
        status,
        createdAt: typeof item.createdAt === 'number' ? item.createdAt : null,
      });
    });
  }
  return pending.sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0)).slice(0, Math.max(1, Math.floor(limit)));
}
