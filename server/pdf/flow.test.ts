import { describe, expect, it } from 'vitest';
import { paginate, type FlowRow } from './flow';

/** The pagination rules of a form entry's PDF (./entry.ts): rows down pages, labels kept with their answers. */

const line = (height = 10): FlowRow => ({ height });
const label = (height = 10): FlowRow => ({ height, keepWithNext: true });
const gap = (height = 5): FlowRow => ({ height, gap: true });

describe('paginate', () => {
  it('fills a page until the next row does not fit, then starts another', () => {
    const rows = Array.from({ length: 25 }, () => line());
    const pages = paginate(rows, 100, 100);
    expect(pages.map((page) => page.length)).toEqual([10, 10, 5]);
    expect(pages.flat()).toEqual(rows.map((_, index) => index));
  });

  it('takes the first page’s room for the first page only', () => {
    expect(
      paginate(
        Array.from({ length: 12 }, () => line()),
        30,
        100,
      ).map((page) => page.length),
    ).toEqual([3, 9]);
  });

  it('never leaves a label last on a page: it moves on with the first line of its answer', () => {
    // 9 lines fill 90 of 100; the label (10) would fit, its answer's first line would not.
    const rows = [...Array.from({ length: 9 }, () => line()), label(), line(), line()];
    expect(paginate(rows, 100, 100)).toEqual([
      [0, 1, 2, 3, 4, 5, 6, 7, 8],
      [9, 10, 11],
    ]);
  });

  it('keeps a chain of rows that keep with the next together (a heading of two lines and the line after)', () => {
    const rows = [...Array.from({ length: 8 }, () => line()), label(), label(), line()];
    expect(paginate(rows, 100, 100)).toEqual([
      [0, 1, 2, 3, 4, 5, 6, 7],
      [8, 9, 10],
    ]);
  });

  it('lets a long answer run on over pages, line by line', () => {
    const rows = [label(), ...Array.from({ length: 30 }, () => line())];
    const pages = paginate(rows, 100, 100);
    expect(pages.map((page) => page.length)).toEqual([10, 10, 10, 1]);
    expect(pages[0]![0]).toBe(0);
  });

  it('drops a gap that would start a page, and gaps at the end of a page', () => {
    const rows = [...Array.from({ length: 10 }, () => line()), gap(), line(), gap(), gap()];
    expect(paginate(rows, 100, 100)).toEqual([[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [11]]);
  });

  it('moves an image that does not fit to the next page, and gives one taller than a page a page of its own', () => {
    expect(paginate([line(), line(60), line(50)], 100, 100)).toEqual([[0, 1], [2]]);
    expect(paginate([line(), line(150), line()], 100, 100)).toEqual([[0], [1], [2]]);
  });

  it('answers one empty page for no rows', () => {
    expect(paginate([], 100, 100)).toEqual([[]]);
  });
});
