import type { RealtimeDb } from '@server/db/types';
import type { Paths } from '@server/paths';
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
