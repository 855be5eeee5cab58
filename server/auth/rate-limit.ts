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
  /** Counts one event (or `amount`, such as bytes) for the key and says whether it stays within the rule. */
  hit(key: string, rule: RateRule, amount?: number): Promise<RateVerdict>;
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

/**
 * The limits of the public sign-in forms, each counted over 15 minutes. The client is the
 * address the request came from (the socket's peer, or what a trusted proxy reports: see
 * server/http/load-context.ts), an IPv6 client counted by its /64 (`countedClient`); no
 * request header is trusted here. Without a client address (no HTTP server context) only the
 * per-address counts are kept.
 *
 * Nothing a third party does can keep the owner of an address out: the hard limits are per
 * client, so whoever exhausts them only locks themselves out.
 *
 * Passwords ('password' bucket; only failures count, a success clears the address's counters):
 * - perAddressClient: 5 failures for one address from one client, then that client is refused
 *   for that address (429) without the password being checked;
 * - perClient: 30 failures from one client, whatever the addresses, then it is refused;
 * - perAddress: 10 failures for one address from all clients together. Beyond it the password
 *   is still checked and the right one signs in (a limit anyone could reach must not lock the
 *   owner out); the log says once per window that the address is being guessed.
 *
 * E-mailed links ('email-link' and 'reset' buckets; every request counts):
 * - perAddressClient 5 and perClient 30 as above (429);
 * - perAddress: 10 e-mails to one address; beyond it nothing more is sent to it, while the
 *   answer stays the same as for any other request (the person already has 10 fresh links, and
 *   the answer must not tell whether the address has an account).
 */
const FIFTEEN_MINUTES = 15 * 60 * 1000;
export const SIGN_IN_LIMITS = {
  perAddressClient: { limit: 5, windowMs: FIFTEEN_MINUTES },
  perClient: { limit: 30, windowMs: FIFTEEN_MINUTES },
  perAddress: { limit: 10, windowMs: FIFTEEN_MINUTES },
} as const satisfies Record<string, RateRule>;

export const TOO_MANY_SIGN_IN_ATTEMPTS = 'Too many sign-in attempts. Please wait a few minutes and try again.';
export const TOO_MANY_RESET_REQUESTS = 'Too many password reset requests. Please wait a few minutes and try again.';

/** Increments the counter, starting its window on the first event; answers [count, ms left]. */
const HIT_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2] or 1)
if count == tonumber(ARGV[2] or 1) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
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
    hit(key: string, rule: RateRule, amount = 1): RateVerdict {
      sweep();
      const counter = current(key) ?? { count: 0, resetAt: now() + rule.windowMs };
      counter.count += amount;
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

    async hit(key, rule, amount = 1) {
      const counted = Math.max(1, Math.ceil(amount));
      const answer = await run(HIT_SCRIPT, key, [rule.windowMs, counted]);
      backend = answer ? 'redis' : 'memory';
      return answer ? verdict(answer[0], rule, answer[1]) : memory.hit(key, rule, counted);
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

export type LimitBucket = 'password' | 'email-link' | 'reset';

/** The limited key of an e-mail address in a bucket. */
export function addressKey(bucket: LimitBucket, email: string): string {
  return `${bucket}:address:${email.trim().toLowerCase()}`;
}

/** The limited key of a client address in a bucket. */
export function clientKey(bucket: LimitBucket, client: string): string {
  return `${bucket}:client:${client}`;
}

/** The limited key of an e-mail address asked for by one client. */
export function addressClientKey(bucket: LimitBucket, email: string, client: string): string {
  return `${bucket}:address-client:${email.trim().toLowerCase()}:${client}`;
}

/**
 * What a client address is counted as, or null when there is none: an IPv4 address itself
 * (also when written IPv4-mapped, ::ffff:a.b.c.d), an IPv6 address by its /64 network, since
 * one subscriber gets a whole /64 and could otherwise rotate through it.
 */
export function countedClient(client: string | null | undefined): string | null {
  const address = client
    ?.trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  if (!address) return null;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIP(address) !== 6) return address.slice(0, 64);
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const headParts = head === '' ? [] : head.split(':');
  const tailParts = tail === '' ? [] : tail.split(':');
  // An embedded IPv4 tail takes two groups; only the first four groups matter here.
  const groups = address.includes('::')
    ? [...headParts, ...Array<string>(Math.max(0, 8 - headParts.length - tailParts.length)).fill('0'), ...tailParts]
    : headParts;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export interface LimitCheck {
  /** False when a per-client limit refuses the request. */
  allowed: boolean;
  retryAfterMs: number;
  /** The address's own limit (all clients together) is reached. */
  addressLimitReached: boolean;
}

function clientRules(bucket: LimitBucket, email: string, client: string | null): Array<[string, RateRule]> {
  return client
    ? [
        [addressClientKey(bucket, email, client), SIGN_IN_LIMITS.perAddressClient],
        [clientKey(bucket, client), SIGN_IN_LIMITS.perClient],
      ]
    : [];
}

function check(clientVerdicts: RateVerdict[], address: RateVerdict, blocked: (verdict: RateVerdict) => boolean): LimitCheck {
  const refusing = clientVerdicts.filter(blocked);
  return {
    allowed: refusing.length === 0,
    retryAfterMs: Math.max(0, ...refusing.map((verdict) => verdict.retryAfterMs)),
    addressLimitReached: blocked(address),
  };
}

/**
 * Where a password attempt stands, counting nothing: refused once a per-client limit is reached
 * (the next failure would pass it). Without a client address only the address's own limit is
 * known, and it refuses nobody.
 */
export async function peekPasswordLimits(limiter: RateLimiter, email: string, client: string | null | undefined): Promise<LimitCheck> {
  const known = countedClient(client);
  const [address, ...clients] = await Promise.all([
    limiter.peek(addressKey('password', email), SIGN_IN_LIMITS.perAddress),
    ...clientRules('password', email, known).map(([key, rule]) => limiter.peek(key, rule)),
  ]);
  return check(clients, address!, (verdict) => verdict.remaining === 0);
}

/** Counts a failed password against every limit; `firstOverAddressLimit` is true once per window. */
export async function countPasswordFailure(
  limiter: RateLimiter,
  email: string,
  client: string | null | undefined,
): Promise<{ firstOverAddressLimit: boolean }> {
  const known = countedClient(client);
  const [address] = await Promise.all([
    limiter.hit(addressKey('password', email), SIGN_IN_LIMITS.perAddress),
    ...clientRules('password', email, known).map(([key, rule]) => limiter.hit(key, rule)),
  ]);
  return { firstOverAddressLimit: address!.count === SIGN_IN_LIMITS.perAddress.limit + 1 };
}

/** After the right password: earlier failures for the address no longer count. */
export async function clearPasswordFailures(limiter: RateLimiter, email: string, client: string | null | undefined): Promise<void> {
  const known = countedClient(client);
  await Promise.all([
    limiter.reset(addressKey('password', email)),
    known ? limiter.reset(addressClientKey('password', email, known)) : undefined,
  ]);
}

/**
 * Counts a request for an e-mailed link: `allowed` false when a per-client limit refuses it
 * (429); `addressLimitReached` when the address has had its share of e-mails (send nothing,
 * answer as usual).
 */
export async function countMailRequest(
  limiter: RateLimiter,
  bucket: 'email-link' | 'reset',
  email: string,
  client: string | null | undefined,
): Promise<LimitCheck> {
  const known = countedClient(client);
  const clientVerdicts = await Promise.all(clientRules(bucket, email, known).map(([key, rule]) => limiter.hit(key, rule)));
  const refused = clientVerdicts.some((verdict) => !verdict.allowed);
  // A refused request sends nothing, so it does not use up the address's share.
  const address = refused
    ? await limiter.peek(addressKey(bucket, email), SIGN_IN_LIMITS.perAddress)
    : await limiter.hit(addressKey(bucket, email), SIGN_IN_LIMITS.perAddress);
  return check(clientVerdicts, address, (verdict) => !verdict.allowed);
}
