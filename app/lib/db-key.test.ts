import { describe, expect, it } from 'vitest';
import { MAX_KEY_BYTES, isValidKey, keyProblem } from './db-key';

describe('the database key rule', () => {
  it('accepts plain keys, push ids and unicode within 768 bytes', () => {
    for (const key of ['main-menu', '-NxAbc_123', 'pool hours', 'café', '7', 'x'.repeat(MAX_KEY_BYTES), 'é'.repeat(MAX_KEY_BYTES / 2)]) {
      expect(keyProblem(key), key).toBeNull();
    }
  });

  it('refuses . $ # [ ] /, control characters, empty, over-long and non-string keys', () => {
    for (const key of ['a/b/../../../x', '.$#[]', 'a.b', 'a$b', 'a#b', 'a[b', 'a]b', 'a/b', 'a\u0000b', 'tab\tkey', 'del\u007f', '']) {
      expect(isValidKey(key), JSON.stringify(key)).toBe(false);
    }
    expect(keyProblem('x'.repeat(MAX_KEY_BYTES + 1))).toMatch(/768 bytes/);
    // 3 bytes a character: 257 of them pass 768 bytes though they are only 257 characters.
    expect(isValidKey('€'.repeat(257))).toBe(false);
    expect(isValidKey(42)).toBe(false);
    expect(isValidKey(null)).toBe(false);
  });
});
