import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { clientIp, createRateLimiter, hitLimits, peekLimits, SIGN_IN_LIMITS, type RateLimiter } from './rate-limit';

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

  it('applies the per-address and per-IP sign-in limits together', async () => {
    const limits = limiter();
    const email = 'editor@demo.example';
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress.limit; i += 1) {
      expect((await hitLimits(limits, 'password', email, '203.0.113.7')).allowed).toBe(true);
    }
    expect((await peekLimits(limits, 'password', email, '203.0.113.7')).allowed).toBe(false);
    expect((await hitLimits(limits, 'password', email, '203.0.113.7')).allowed).toBe(false);
    // Another address from the same IP still passes until the IP's own limit.
    expect((await peekLimits(limits, 'password', 'admin@demo.example', '203.0.113.7')).allowed).toBe(true);
    for (let i = 0; i < SIGN_IN_LIMITS.perIp.limit; i += 1) await limits.hit('password:ip:198.51.100.1', SIGN_IN_LIMITS.perIp);
    expect((await peekLimits(limits, 'password', 'new@demo.example', '198.51.100.1')).allowed).toBe(false);
    // Without a known IP only the address counts.
    expect((await peekLimits(limits, 'password', 'new@demo.example', null)).allowed).toBe(true);
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

describe('clientIp', () => {
  const request = (headers: Record<string, string>) => new Request('http://console.test/login', { headers });
  it("reads the proxy's headers and ignores anything that is not an IP address", () => {
    expect(clientIp(request({ 'X-Forwarded-For': '203.0.113.7, 10.0.0.1' }))).toBe('203.0.113.7');
    expect(clientIp(request({ 'X-Real-IP': '2001:db8::1' }))).toBe('2001:db8::1');
    expect(clientIp(request({ 'X-Forwarded-For': 'unknown' }))).toBeNull();
    expect(clientIp(request({}))).toBeNull();
  });
});
