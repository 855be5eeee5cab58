import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { Redis } from 'ioredis';

/**
 * Brute-force protection for the public sign-in forms: fixed-window counters kept in Redis,
 * so every web process shares them, with an in-memory fallback that takes over while Redis
 * does not answer (sign-in keeps working during an outage; the limits then hold per process).
 *
 * A counter starts at its first event and lasts one window. Keys hold a hash of the limited
 * value (an e-mail address or an IP address), never the value itself.
 */

export interface RateRule {
  /** Events allowed per window. */
  limit: number;
  windowMs: number;
}

export interface RateVerdict {
  allowed: boolean;
  /** Events counted in the current window. */
  count: number;
  /** Events still allowed in the current window. */
  remaining: number;
  /** Milliseconds until the window ends (0 when nothing is counted). */
  retryAfterMs: number;
}

export interface RateLimiter {
  /** Counts one event for the key and says whether it stays within the rule. */
  hit(key: string, rule: RateRule): Promise<RateVerdict>;
  /** Where a key stands, without counting anything. */
  peek(key: string, rule: RateRule): Promise<RateVerdict>;
  /** Forgets a key's counter. */
  reset(key: string): Promise<void>;
  /** Which store answered the last call. */
  readonly backend: 'redis' | 'memory';
  close(): Promise<void>;
}

export interface RateLimiterOptions {
  /** redis://…; without it the limiter is in-memory only. */
  redisUrl?: string;
  /** Key prefix (REDIS_PREFIX); keys are `{prefix}:rate-limit:{hash}`. */
  prefix: string;
  /** How long connecting and each command may take before the fallback answers (300 ms). */
  timeoutMs?: number;
  now?: () => number;
  log?: { warn(message: string): void; info(message: string): void };
}

/** Sign-in limits: per address and per IP address, each per 15 minutes. */
const FIFTEEN_MINUTES = 15 * 60 * 1000;
export const SIGN_IN_LIMITS = {
  perAddress: { limit: 5, windowMs: FIFTEEN_MINUTES },
  perIp: { limit: 30, windowMs: FIFTEEN_MINUTES },
} as const satisfies Record<string, RateRule>;

export const TOO_MANY_SIGN_IN_ATTEMPTS = 'Too many sign-in attempts. Please wait a few minutes and try again.';
export const TOO_MANY_RESET_REQUESTS = 'Too many password reset requests. Please wait a few minutes and try again.';

/** Increments the counter, starting its window on the first event; answers [count, ms left]. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }
`;

const PEEK_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local ttl = redis.call('PTTL', KEYS[1])
return { count, ttl }
`;

function verdict(count: number, rule: RateRule, retryAfterMs: number): RateVerdict {
  return {
    allowed: count <= rule.limit,
    count,
    remaining: Math.max(0, rule.limit - count),
    retryAfterMs: count === 0 ? 0 : Math.max(0, retryAfterMs),
  };
}

/** Fixed windows in this process's memory. */
function createMemoryCounters(now: () => number) {
  const counters = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();

  const sweep = () => {
    const time = now();
    if (time - lastSweep < 60_000 && counters.size < 10_000) return;
    lastSweep = time;
    for (const [key, counter] of counters) if (counter.resetAt <= time) counters.delete(key);
  };

  const current = (key: string) => {
    const counter = counters.get(key);
    if (counter && counter.resetAt > now()) return counter;
    counters.delete(key);
    return undefined;
  };

  return {
    hit(key: string, rule: RateRule): RateVerdict {
      sweep();
      const counter = current(key) ?? { count: 0, resetAt: now() + rule.windowMs };
      counter.count += 1;
      counters.set(key, counter);
      return verdict(counter.count, rule, counter.resetAt - now());
    },
    peek(key: string, rule: RateRule): RateVerdict {
      const counter = current(key);
      return verdict(counter?.count ?? 0, rule, counter ? counter.resetAt - now() : 0);
    },
    reset(key: string) {
      counters.delete(key);
    },
  };
}

export function createRateLimiter({ redisUrl, prefix, timeoutMs = 300, now = Date.now, log = console }: RateLimiterOptions): RateLimiter {
  const memory = createMemoryCounters(now);
  let backend: 'redis' | 'memory' = 'memory';
  let closed = false;
  let outage = false;

  const redis = redisUrl
    ? new Redis(redisUrl, {
        lazyConnect: true,
        connectTimeout: timeoutMs,
        commandTimeout: timeoutMs,
        // Fail at once while disconnected: the in-memory counters answer instead.
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        retryStrategy: (times) => Math.min(times * 1_000, 10_000),
      })
    : undefined;

  if (redis) {
    redis.on('error', (error: Error) => {
      if (outage || closed) return;
      outage = true;
      log.warn(`Sign-in rate limits: Redis does not answer (${error.message}); counting in memory until it does.`);
    });
    redis.on('ready', () => {
      if (outage && !closed) log.info('Sign-in rate limits: Redis answers again.');
      outage = false;
    });
  }

  /**
   * Connects on first use (a process that never limits anything opens no connection), waiting
   * at most the time limit; afterwards the retry strategy reconnects in the background.
   */
  let connecting: Promise<void> | undefined;
  const ready = async (): Promise<boolean> => {
    if (!redis || closed) return false;
    if (redis.status === 'ready') return true;
    if (!connecting) {
      connecting = redis.connect().catch(() => {
        // Reported by the 'error' listener; the retry strategy keeps trying.
      });
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([connecting, new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
      clearTimeout(timer);
    }
    return (redis.status as string) === 'ready';
  };

  const redisKey = (key: string) => `${prefix}:rate-limit:${createHash('sha256').update(key).digest('base64url')}`;

  const run = async (script: string, key: string, args: Array<string | number>): Promise<[number, number] | null> => {
    if (!redis || !(await ready())) return null;
    try {
      const [count, ttl] = (await redis.eval(script, 1, redisKey(key), ...args)) as [number, number];
      return [Number(count), Number(ttl)];
    } catch {
      return null;
    }
  };

  return {
    get backend() {
      return backend;
    },

    async hit(key, rule) {
      const answer = await run(HIT_SCRIPT, key, [rule.windowMs]);
      backend = answer ? 'redis' : 'memory';
      return answer ? verdict(answer[0], rule, answer[1]) : memory.hit(key, rule);
    },

    async peek(key, rule) {
      const answer = await run(PEEK_SCRIPT, key, []);
      backend = answer ? 'redis' : 'memory';
      return answer ? verdict(answer[0], rule, answer[1]) : memory.peek(key, rule);
    },

    async reset(key) {
      memory.reset(key);
      if (redis && (await ready())) await redis.del(redisKey(key)).catch(() => undefined);
    },

    async close() {
      if (closed) return;
      closed = true;
      if (!redis || redis.status === 'wait') return;
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}

/** The limited key of an e-mail address in a bucket ('password', 'email-link', 'reset'). */
export function addressKey(bucket: string, email: string): string {
  return `${bucket}:address:${email.trim().toLowerCase()}`;
}

/** The limited key of a client IP address in a bucket. */
export function ipKey(bucket: string, ip: string): string {
  return `${bucket}:ip:${ip}`;
}

/**
 * The client's IP address as the reverse proxy in front of the console reports it
 * (X-Forwarded-For's first entry, X-Real-IP, CF-Connecting-IP, Fly-Client-IP), or null
 * when no such header is there (a direct connection): per-IP limits then do not apply and the
 * per-address limits still do.
 */
export function clientIp(request: Request): string | null {
  const headers = request.headers;
  const candidates = [
    ...(headers.get('x-forwarded-for') ?? '').split(','),
    headers.get('x-real-ip'),
    headers.get('cf-connecting-ip'),
    headers.get('fly-client-ip'),
  ];
  for (const candidate of candidates) {
    const ip = candidate?.trim();
    if (ip && isIP(ip)) return ip;
  }
  return null;
}

export interface LimitCheck {
  allowed: boolean;
  retryAfterMs: number;
}

/**
 * Counts one request against both limits of a bucket (address and, when known, IP) and says
 * whether it may proceed.
 */
export async function hitLimits(limiter: RateLimiter, bucket: string, email: string, ip: string | null): Promise<LimitCheck> {
  const results = await Promise.all([
    limiter.hit(addressKey(bucket, email), SIGN_IN_LIMITS.perAddress),
    ip ? limiter.hit(ipKey(bucket, ip), SIGN_IN_LIMITS.perIp) : null,
  ]);
  return combine(results);
}

/** Whether both limits of a bucket still allow a request, without counting it. */
export async function peekLimits(limiter: RateLimiter, bucket: string, email: string, ip: string | null): Promise<LimitCheck> {
  const results = await Promise.all([
    limiter.peek(addressKey(bucket, email), SIGN_IN_LIMITS.perAddress),
    ip ? limiter.peek(ipKey(bucket, ip), SIGN_IN_LIMITS.perIp) : null,
  ]);
  // A peek blocks once the limit is reached: the next event would exceed it.
  const blocked = results.filter((result): result is RateVerdict => result !== null && result.remaining === 0);
  return { allowed: blocked.length === 0, retryAfterMs: Math.max(0, ...blocked.map((result) => result.retryAfterMs)) };
}

function combine(results: Array<RateVerdict | null>): LimitCheck {
  const blocked = results.filter((result): result is RateVerdict => result !== null && !result.allowed);
  return { allowed: blocked.length === 0, retryAfterMs: Math.max(0, ...blocked.map((result) => result.retryAfterMs)) };
}
