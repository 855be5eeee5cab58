import type { PageSizes } from './types';
import { moreAnchor } from './urls';

/**
 * The no-JavaScript "More" link of a list screen (spec 01 §9: with JavaScript the list loads its
 * next, smaller chunks as it scrolls). Each "More" adds a page the size of the list's first
 * chunk, and the link leads to the first row it adds, so the reader goes on where they were
 * instead of at the top of a page that grew by a few rows.
 */

/** Rows the list shows after `more` presses of "More": one first chunk's size each time. */
export function rowsShown(sizes: PageSizes, more: number): number {
  return sizes.first * (more + 1);
}

/** The largest `more` whose page stays within `maxRows` (the most one read may return). */
export function maxMore(sizes: PageSizes, maxRows: number): number {
  return Math.max(0, Math.floor(maxRows / sizes.first) - 1);
}

/** `?more=` as the address gives it, kept between 0 and the largest page. */
export function parseMore(value: string | null, sizes: PageSizes, maxRows: number): number {
  const parsed = Number.parseInt(value ?? '0', 10);
  return Number.isFinite(parsed) ? Math.min(Math.max(parsed, 0), maxMore(sizes, maxRows)) : 0;
}

/** The index of the first row the last "More" added (where its anchor goes), null on the first page. */
export function firstAddedRow(sizes: PageSizes, more: number): number | null {
  return more > 0 ? sizes.first * more : null;
}

/**
 * The "More" link: the list (`withMore` builds its address with `?more=`) one page longer, at the
 * first row that page adds; null when nothing follows or the page may grow no further.
 */
export function moreLink(
  sizes: PageSizes,
  more: number,
  hasNext: boolean,
  maxRows: number,
  withMore: (more: string) => string,
): string | null {
  if (!hasNext || more >= maxMore(sizes, maxRows)) return null;
  return `${withMore(String(more + 1))}#${moreAnchor(more + 1)}`;
}
