import type { RealtimeDb } from '@server/db/types';
import { isDemoMode, type Env } from '@server/env';
import type { Paths } from '@server/paths';
import type { PushOutboxRecord } from './outbox';
import type { PushPort } from './types';

/** Reading the push outbox, for /dev/push-outbox (server only, like the e-mail outbox's list). */

export interface PushOutboxEntry extends PushOutboxRecord {
  id: string;
}

/**
 * Whether /dev/push-outbox is served: as the e-mail outbox (docs/decisions/003), only in demo
 * mode, with the outbox push port (no Firebase app) and the embedded database; 404 elsewhere.
 */
export function showsDevPushOutbox(services: {
  env: Pick<Env, 'DEMO_MODE'>;
  db: Pick<RealtimeDb, 'engine'>;
  push: Pick<PushPort, 'transport'>;
}): boolean {
  return isDemoMode(services.env) && services.push.transport === 'outbox' && services.db.engine === 'embedded';
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function toEntry(id: string, value: unknown): PushOutboxEntry | null {
  if (!value || typeof value !== 'object') return null;
  const record = value as Partial<PushOutboxRecord>;
  if (typeof record.createdAt !== 'number') return null;
  const data = record.data && typeof record.data === 'object' ? record.data : {};
  return {
    id,
    destination: text(record.destination),
    kind: record.kind === 'tokens' ? 'tokens' : 'topic',
    tokens: typeof record.tokens === 'number' ? record.tokens : 0,
    title: text(record.title),
    body: text(record.body),
    data: Object.fromEntries(Object.entries(data).map(([key, entry]) => [key, text(entry)])),
    idempotencyKey: text(record.idempotencyKey),
    createdAt: record.createdAt,
    sends: typeof record.sends === 'number' ? record.sends : 1,
  };
}

/** The latest notifications the outbox recorded, newest first. */
export async function listPushOutbox(db: RealtimeDb, paths: Pick<Paths, 'pushOutbox'>, { limit = 50 } = {}): Promise<PushOutboxEntry[]> {
  const snapshot = await db
    .ref(paths.pushOutbox())
    .orderByChild('createdAt')
    .limitToLast(Math.max(1, Math.floor(limit)))
    .get();
  const entries: PushOutboxEntry[] = [];
  snapshot.forEach((child) => {
    const entry = child.key ? toEntry(child.key, child.val()) : null;
    if (entry) entries.push(entry);
  });
  return entries.reverse();
}
