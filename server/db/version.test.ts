import { describe, expect, it } from 'vitest';
import { versionOf } from './version';

describe('record versions', () => {
  it('is the same for equal values whatever the order of their keys', () => {
    expect(versionOf({ a: 1, b: { c: [1, 'x'], d: true } })).toBe(versionOf({ b: { d: true, c: [1, 'x'] }, a: 1 }));
    expect(versionOf({ a: 1, gone: undefined })).toBe(versionOf({ a: 1 }));
    expect(versionOf(null)).toBe(versionOf(undefined));
  });

  it('changes with any value, type or order of a list', () => {
    const base = versionOf({ title: 'Pool', tabs: ['a', 'b'] });
    expect(versionOf({ title: 'Pool ', tabs: ['a', 'b'] })).not.toBe(base);
    expect(versionOf({ title: 'Pool', tabs: ['b', 'a'] })).not.toBe(base);
    expect(versionOf({ title: 'Pool', tabs: ['a', 'b'], extra: 0 })).not.toBe(base);
    expect(versionOf({ n: 1 })).not.toBe(versionOf({ n: '1' }));
    expect(base).toMatch(/^[\w-]{22}$/);
  });
});
