import { describe, expect, it } from 'vitest';
import { MAX_SORT_ROWS, parseSortOrder } from './sort-mode';

describe('parseSortOrder', () => {
  it('reads a dragged order of item keys', () => {
    expect(parseSortOrder('["b","a","c"]')).toEqual(['b', 'a', 'c']);
  });

  it('refuses what is not a list of keys, or too many', () => {
    expect(parseSortOrder('')).toBeNull();
    expect(parseSortOrder('{"a":1}')).toBeNull();
    expect(parseSortOrder('["a", 2]')).toBeNull();
    expect(parseSortOrder('["a/b"]')).toBeNull();
    expect(parseSortOrder(JSON.stringify(Array.from({ length: MAX_SORT_ROWS + 1 }, (_, index) => `k${index}`)))).toBeNull();
  });
});
