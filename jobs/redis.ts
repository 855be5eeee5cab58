import { Redis } from 'ioredis';
import type { QueueDefinition } from './define';

/** The job runtime's helpers around its Redis connections: errors, time limits, logging. */

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ECONNABORTED',
]);

export function isConnectionError(error: unknown): boolean {
  const failure = error as { code?: string; message?: string } | undefined;
  if (failure?.code && CONNECTION_ERROR_CODES.has(failure.code)) return true;
  const message = failure?.message ?? '';
  return /Connection is closed|connect ETIMEDOUT|ECONNREFUSED|ECONNRESET|Stream isn't writeable/i.test(message);
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The URL without its password, safe to log. */
export function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return '(invalid REDIS_URL)';
  }
}

export class TimeoutError extends Error {
  constructor(what: string, ms: number) {
    super(`${what} took longer than ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(what, ms)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** True when the promise settles within `ms`. */
export async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  try {
    await withTimeout(
      promise.then(
        () => undefined,
        () => undefined,
      ),
      ms,
      'closing',
    );
    return true;
  } catch {
    return false;
  }
}

/**
 * Drops a client's socket. ioredis arms a (referenced) 2 s guard timer on every disconnect
 * that only the socket's 'close' clears, so a client whose socket is already gone is left alone.
 */
export function endClient(client: Redis) {
  if (client.status !== 'end') client.disconnect();
}

/** A queue's own lock duration, and stalled checks as often. */
export function lockOptions(definition: Pick<QueueDefinition, 'lockDurationMs'>): { lockDuration?: number; stalledInterval?: number } {
  const ms = definition.lockDurationMs;
  return ms === undefined ? {} : { lockDuration: ms, stalledInterval: ms };
}

export function every(ms: number): string {
  return ms >= 1_000 ? `${Math.round(ms / 1_000)} s` : `${ms} ms`;
}

/** One short-lived connection: connect, PING, disconnect. */
export async function probeRedis(redisUrl: string, pingTimeoutMs: number): Promise<{ ok: true } | { ok: false; reason: string }> {
  const client = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: pingTimeoutMs,
    retryStrategy: () => null,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
  });
  let firstError: unknown;
  client.on('error', (error) => {
    // Kept as the reason: the rejected promise below only says the connection closed.
    firstError ??= error;
  });
  try {
    await withTimeout(client.connect(), pingTimeoutMs + 500, 'Connecting to Redis');
    const answer = await withTimeout(client.ping(), pingTimeoutMs, 'PING');
    return answer === 'PONG' ? { ok: true } : { ok: false, reason: `unexpected answer ${answer}` };
  } catch (error) {
    return { ok: false, reason: messageOf(firstError ?? error) };
  } finally {
    endClient(client);
  }
}
