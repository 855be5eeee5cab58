import { createHash } from 'node:crypto';
import type { DbValue, RealtimeDb } from '@server/db/types';
import type { Paths } from '@server/paths';
import type { PushPort, PushRequest, PushResult } from './types';

/**
 * The embedded push port: every notification is recorded under `{product}/dev-push-outbox/{id}`
 * instead of leaving the machine, and /dev/push-outbox shows it. The record id is a digest of
 * the idempotency key, so a retried delivery records once (the later send only counts itself
 * in `sends`).
 */

export interface PushOutboxRecord {
  destination: string;
  /** 'topic' or 'tokens'. */
  kind: 'topic' | 'tokens';
  /** Devices a personal notification went to. */
  tokens: number;
  title: string;
  body: string;
  data: Record<string, string>;
  idempotencyKey: string;
  createdAt: number;
  /** How many times this key was sent; more than 1 means retries the key kept to one. */
  sends: number;
}

export function pushOutboxId(idempotencyKey: string): string {
  return createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32);
}

function describe(request: PushRequest): { destination: string; kind: 'topic' | 'tokens'; tokens: number } {
  const { destination } = request;
  return destination.kind === 'topic'
    ? { destination: destination.topic, kind: 'topic', tokens: 0 }
    : { destination: destination.uid, kind: 'tokens', tokens: destination.tokens.length };
}

export function createOutboxPush(
  { db, paths }: { db: RealtimeDb; paths: Pick<Paths, 'pushOutbox'> },
  clock: () => number = Date.now,
): PushPort {
  return {
    transport: 'outbox',
    async send(request): Promise<PushResult> {
      const id = pushOutboxId(request.idempotencyKey);
      let duplicate = false;
      await db.ref(paths.pushOutbox(id)).transaction((current) => {
        if (current !== null && typeof current === 'object') {
          duplicate = true;
          return { ...current, sends: (typeof current.sends === 'number' ? current.sends : 1) + 1 };
        }
        duplicate = false;
        const record: PushOutboxRecord = {
          ...describe(request),
          title: request.content.title,
          body: request.content.body,
          data: request.content.data,
          idempotencyKey: request.idempotencyKey,
          createdAt: clock(),
          sends: 1,
        };
        return record as unknown as DbValue;
      });
      const { destination } = request;
      return { transport: 'outbox', id, delivered: destination.kind === 'topic' ? 1 : destination.tokens.length, failed: 0, duplicate };
    },
  };
}
