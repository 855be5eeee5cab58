import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  clearPasswordFailures,
  countedClient,
  countMailRequest,
  countPasswordFailure,
  createRateLimiter,
  peekPasswordLimits,
  SIGN_IN_LIMITS,
  type RateLimiter,
} from './rate-limit';

const REDIS_URL = 'redis://127.0.0.1:6379';
const quiet = { warn: () => {}, info: () => {} };
const limiters: RateLimiter[] = [];
afterAll(async () => {
  await Promise.all(limiters.map((limiter) => limiter.close()));
});

function limiter(options: { redisUrl?: string; now?: () => number } = {}) {
  const created = createRateLimiter({
    redisUrl: REDIS_URL,
    prefix: `${process.env.REDIS_PREFIX}-rate-${randomUUID()}`,
    log: quiet,
    ...options,
  });
  limiters.push(created);
  return created;
}

const rule = { limit: 3, windowMs: 60_000 };

describe('rate limiter on Redis', () => {
  it('counts events per key in a window and refuses once the limit is passed', async () => {
    const limits = limiter();
    const results = [];
    for (let i = 0; i < 4; i += 1) results.push(await limits.hit('password:address:a@demo.example', rule));
    expect(limits.backend).toBe('redis');
    expect(results.map((result) => [result.allowed, result.count, result.remaining])).toEqual([
      [true, 1, 2],
      [true, 2, 1],
      [true, 3, 0],
      [false, 4, 0],
    ]);
    expect(results[3]?.retryAfterMs).toBeGreaterThan(59_000);
    expect(results[3]?.retryAfterMs).toBeLessThanOrEqual(60_000);
    // Other keys have their own counters; peeking counts nothing.
    expect(await limits.peek('password:address:b@demo.example', rule)).toMatchObject({ allowed: true, count: 0 });
    expect(await limits.peek('password:address:a@demo.example', rule)).toMatchObject({ allowed: false, count: 4 });
  });

  it('shares counters between processes with the same prefix', async () => {
    const prefix = `${process.env.REDIS_PREFIX}-shared-${randomUUID()}`;
    const one = createRateLimiter({ redisUrl: REDIS_URL, prefix, log: quiet });
    const two = createRateLimiter({ redisUrl: REDIS_URL, prefix, log: quiet });
    limiters.push(one, two);
    await one.hit('k', rule);
    await two.hit('k', rule);
    expect(await one.peek('k', rule)).toMatchObject({ count: 2 });
  });

  it('starts afresh when the window has passed, and after a reset', async () => {
    const limits = limiter();
    const short = { limit: 1, windowMs: 80 };
    await limits.hit('k', short);
    expect((await limits.hit('k', short)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await limits.hit('k', short)).toMatchObject({ allowed: true, count: 1 });
    await limits.reset('k');
    expect(await limits.peek('k', short)).toMatchObject({ count: 0, retryAfterMs: 0 });
  });

  it('refuses a client after 5 wrong passwords for one address, and after 30 for any addresses', async () => {
    const limits = limiter();
    const email = 'editor@demo.example';
    for (let i = 0; i < SIGN_IN_LIMITS.perAddressClient.limit; i += 1) {
      expect((await peekPasswordLimits(limits, email, '203.0.113.7')).allowed).toBe(true);
      await countPasswordFailure(limits, email, '203.0.113.7');
    }
    const refused = await peekPasswordLimits(limits, email, '203.0.113.7');
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterMs).toBeGreaterThan(14 * 60 * 1000);
    // Another address from the same client still passes until the client's own limit.
    expect((await peekPasswordLimits(limits, 'admin@demo.example', '203.0.113.7')).allowed).toBe(true);
    for (let i = 0; i < SIGN_IN_LIMITS.perClient.limit; i += 1)
      await countPasswordFailure(limits, `guess-${i}@demo.example`, '198.51.100.1');
    expect((await peekPasswordLimits(limits, 'new@demo.example', '198.51.100.1')).allowed).toBe(false);
  });

  it('never refuses the owner because of what other clients did, and says once when an address is being guessed', async () => {
    const limits = limiter();
    const email = 'admin@demo.example';
    // Many clients, each below its own limit, fail far beyond the address's limit …
    const reports = [];
    for (let i = 0; i < 40; i += 1) reports.push((await countPasswordFailure(limits, email, `203.0.113.${i % 10}`)).firstOverAddressLimit);
    expect(reports.filter(Boolean)).toHaveLength(1);
    expect(reports.indexOf(true)).toBe(SIGN_IN_LIMITS.perAddress.limit);
    // … and the owner's own client may still try (the right password then signs in).
    const owner = await peekPasswordLimits(limits, email, '192.0.2.44');
    expect(owner).toMatchObject({ allowed: true, addressLimitReached: true });
    // Without a client address nobody is refused either.
    expect((await peekPasswordLimits(limits, email, null)).allowed).toBe(true);
    // The right password clears the address's count and this client's count for it.
    await clearPasswordFailures(limits, email, '203.0.113.1');
    expect((await peekPasswordLimits(limits, email, '192.0.2.44')).addressLimitReached).toBe(false);
  });

  it('limits e-mailed links per client, and stops sending to an address after 10 without refusing anyone', async () => {
    const limits = limiter();
    const sent = [];
    for (let i = 0; i < 12; i += 1) {
      const check = await countMailRequest(limits, 'reset', 'victim@demo.example', `203.0.113.${i}`);
      expect(check.allowed).toBe(true);
      sent.push(!check.addressLimitReached);
    }
    expect(sent.filter(Boolean)).toHaveLength(SIGN_IN_LIMITS.perAddress.limit);
    // One client asking again and again for one address is refused after 5.
    const answers = [];
    for (let i = 0; i < 6; i += 1)
      answers.push((await countMailRequest(limits, 'email-link', 'other@demo.example', '198.51.100.9')).allowed);
    expect(answers).toEqual([true, true, true, true, true, false]);
    // The refused request did not use up the address's share.
    expect((await countMailRequest(limits, 'email-link', 'other@demo.example', '198.51.100.10')).addressLimitReached).toBe(false);
  });
});

describe('rate limiter without Redis', () => {
  it('keeps limiting in memory when Redis does not answer, without waiting long', async () => {
    const warnings: string[] = [];
    let time = 1_000;
    const limits = createRateLimiter({
      redisUrl: 'redis://127.0.0.1:1',
      prefix: 'down',
      now: () => time,
      log: { warn: (message) => warnings.push(message), info: () => {} },
    });
    limiters.push(limits);
    const started = Date.now();
    const results = [];
    for (let i = 0; i < 4; i += 1) results.push(await limits.hit('k', rule));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(limits.backend).toBe('memory');
    expect(results.map((result) => result.allowed)).toEqual([true, true, true, false]);
    expect(results[3]?.retryAfterMs).toBe(60_000);
    expect(warnings.join('\n')).toMatch(/Redis does not answer/);
    time += 60_000;
    expect(await limits.hit('k', rule)).toMatchObject({ allowed: true, count: 1 });
  });

  it('is in-memory only without a Redis URL', async () => {
    const limits = createRateLimiter({ prefix: 'memory', log: quiet });
    limiters.push(limits);
    await limits.hit('k', rule);
    expect(await limits.peek('k', rule)).toMatchObject({ count: 1 });
    expect(limits.backend).toBe('memory');
  });
});

describe('countedClient', () => {
  it('counts IPv4 addresses as they are and IPv6 addresses by their /64 network', () => {
    expect(countedClient('203.0.113.7')).toBe('203.0.113.7');
    expect(countedClient('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(countedClient('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(countedClient('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(countedClient('2001:db8::5')).toBe('2001:db8:0:0::/64');
    expect(countedClient('::1')).toBe('0:0:0:0::/64');
    expect(countedClient('[2001:db8:1:2::9]')).toBe('2001:db8:1:2::/64');
    expect(countedClient('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(countedClient('')).toBeNull();
    expect(countedClient(null)).toBeNull();
  });
});
