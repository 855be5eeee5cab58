import type { RealtimeDb } from '@server/db/types';
import { isDemoMode, type Env } from '@server/env';
import type { Paths } from '@server/paths';
import type { Mailer, OutboxMessage, OutboxRecord } from './types';

/**
 * Reading the development outbox. Its own server-only module so that the /dev/outbox route
 * can import it without pulling the mailers into the browser build.
 */

/**
 * Whether /dev/outbox is served (docs/decisions/003): only in demo mode (DEMO_MODE=on), with
 * the outbox mailer (no SMTP_URL) and the embedded database. Everywhere else the page is 404,
 * whatever NODE_ENV says: it shows everyone's sign-in and reset links to whoever asks.
 */
export function showsDevOutbox(services: {
  env: Pick<Env, 'DEMO_MODE'>;
  db: Pick<RealtimeDb, 'engine'>;
  mailer: Pick<Mailer, 'transport'>;
}): boolean {
  return isDemoMode(services.env) && services.mailer.transport === 'outbox' && services.db.engine === 'embedded';
}

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
