import { describe, expect, it } from 'vitest';
import { firstAddedRow, maxMore, moreLink, parseMore, rowsShown } from './more';
import { GENERIC_PAGE_SIZES } from './types';

const withMore = (more: string) => `/list/main-menu/regulations?more=${more}`;

describe('the no-JavaScript "More" of a list', () => {
  it('adds a page of the first chunk’s size, not the infinite scroll’s chunk', () => {
    expect(GENERIC_PAGE_SIZES).toEqual({ first: 50, next: 5 });
    expect(rowsShown(GENERIC_PAGE_SIZES, 0)).toBe(50);
    expect(rowsShown(GENERIC_PAGE_SIZES, 1)).toBe(100);
    expect(rowsShown({ first: 75, next: 25 }, 2)).toBe(225);
  });

  it('leads to the first row it adds', () => {
    expect(firstAddedRow(GENERIC_PAGE_SIZES, 0)).toBeNull();
    expect(firstAddedRow(GENERIC_PAGE_SIZES, 1)).toBe(50);
    expect(firstAddedRow(GENERIC_PAGE_SIZES, 3)).toBe(150);
    expect(moreLink(GENERIC_PAGE_SIZES, 0, true, 1000, withMore)).toBe('/list/main-menu/regulations?more=1#more-1');
    expect(moreLink(GENERIC_PAGE_SIZES, 2, true, 1000, withMore)).toBe('/list/main-menu/regulations?more=3#more-3');
  });

  it('stops at the end of the list and at the largest page one read may return', () => {
    expect(moreLink(GENERIC_PAGE_SIZES, 0, false, 1000, withMore)).toBeNull();
    expect(maxMore(GENERIC_PAGE_SIZES, 1000)).toBe(19);
    expect(rowsShown(GENERIC_PAGE_SIZES, maxMore(GENERIC_PAGE_SIZES, 1000))).toBe(1000);
    expect(moreLink(GENERIC_PAGE_SIZES, 19, true, 1000, withMore)).toBeNull();
    expect(parseMore('400', GENERIC_PAGE_SIZES, 1000)).toBe(19);
    expect(parseMore('-3', GENERIC_PAGE_SIZES, 1000)).toBe(0);
    expect(parseMore('x', GENERIC_PAGE_SIZES, 1000)).toBe(0);
    expect(parseMore(null, GENERIC_PAGE_SIZES, 1000)).toBe(0);
  });
});
