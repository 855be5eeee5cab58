import { describe, expect, it } from 'vitest';
import { generatePushId, pushIdTime } from './push-id';

describe('push ids', () => {
  it('encode the creation time in 8 characters followed by 12 random ones', () => {
    const now = Date.UTC(2025, 5, 1, 12, 30);
    const id = generatePushId(now);
    expect(id).toMatch(/^[-0-9A-Z_a-z]{20}$/);
    expect(pushIdTime(id)).toBe(now);
  });

  it('sort in creation order, also within one millisecond and across milliseconds', () => {
    const start = Date.UTC(2025, 0, 1);
    const ids: string[] = [];
    for (let ms = 0; ms < 5; ms++) for (let i = 0; i < 500; i++) ids.push(generatePushId(start + ms));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    expect(ids.map(pushIdTime).slice(0, 3)).toEqual([start, start, start]);
  });

  it('sort later times after earlier ones', () => {
    expect(generatePushId(1_000) < generatePushId(1_001)).toBe(true);
    expect(generatePushId(63) < generatePushId(64)).toBe(true);
  });

  it('refuse what is not a push id or a timestamp', () => {
    expect(() => pushIdTime('short')).toThrow(/not a push id/);
    expect(() => pushIdTime('-NaBc!defghijklmnopq')).toThrow(/not a push id/);
    expect(() => generatePushId(-1)).toThrow(/not a millisecond timestamp/);
    expect(() => generatePushId(1.5)).toThrow(/not a millisecond timestamp/);
  });
});
