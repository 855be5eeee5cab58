import { describe, expect, it } from 'vitest';
import { DEFAULT_JOB_OPTIONS, JobPayloadError, QUEUE_NAMES, jobOptionsFor, parseJobPayload, queueRegistry } from './queues';

describe('queue registry', () => {
  it('names every queue with a schema and a concurrency', () => {
    expect(QUEUE_NAMES).toContain('email');
    for (const name of QUEUE_NAMES) {
      expect(queueRegistry[name].concurrency).toBeGreaterThan(0);
      expect(typeof queueRegistry[name].schema.safeParse).toBe('function');
    }
  });

  it('accepts a valid e-mail payload', () => {
    expect(parseJobPayload('email', { product: 'amc', queueKey: '-NxYz_12-ab' })).toEqual({ product: 'amc', queueKey: '-NxYz_12-ab' });
  });

  it.each([
    [{ product: 'amc' }, 'queueKey'],
    [{ product: 'amc', queueKey: '' }, 'queueKey'],
    [{ product: 'amc', queueKey: 'a/b' }, 'queueKey'],
    [{ product: 'amc', queueKey: 'a.b' }, 'queueKey'],
    [{ product: 'AMC', queueKey: 'k' }, 'product'],
    [{ product: 'amc', queueKey: 'k', extra: true }, 'payload'],
    ['not an object', 'payload'],
  ])('refuses %j', (payload, field) => {
    expect(() => parseJobPayload('email', payload)).toThrow(JobPayloadError);
    expect(() => parseJobPayload('email', payload)).toThrow(new RegExp(`email queue: .*${field}`));
  });

  it('refuses an unknown queue', () => {
    expect(() => parseJobPayload('nope' as 'email', {})).toThrow(/nope queue/);
  });

  it('retries five times with exponential backoff and trims finished jobs', () => {
    expect(DEFAULT_JOB_OPTIONS.attempts).toBe(5);
    expect(DEFAULT_JOB_OPTIONS.backoff.type).toBe('exponential');
    expect(DEFAULT_JOB_OPTIONS.removeOnComplete.count).toBeGreaterThan(0);
    expect(DEFAULT_JOB_OPTIONS.removeOnFail.count).toBeGreaterThan(0);
  });

  it('merges the caller options over the defaults', () => {
    expect(jobOptionsFor({ jobId: '-Nabc', delay: 1_000, attempts: 2 })).toMatchObject({
      jobId: '-Nabc',
      delay: 1_000,
      attempts: 2,
      backoff: DEFAULT_JOB_OPTIONS.backoff,
    });
    expect(jobOptionsFor({})).toEqual(DEFAULT_JOB_OPTIONS);
  });

  it('refuses job ids BullMQ cannot store', () => {
    expect(() => jobOptionsFor({ jobId: '42' })).toThrow(/not an integer/);
    expect(() => jobOptionsFor({ jobId: 'a:b' })).toThrow(/':'/);
    expect(() => jobOptionsFor({ jobId: '' })).toThrow();
  });
});
