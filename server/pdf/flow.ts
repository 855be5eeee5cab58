/**
 * Rows flowing down pages (a form entry's PDF, server/pdf/entry.ts): each row has a height; a
 * page takes rows until the next does not fit. A label keeps with the row after it (never the
 * last thing on a page), a gap is dropped where it would start a page, and a row taller than a
 * page gets a page of its own (callers scale images to fit, so this is only a guard).
 */

const EPSILON = 0.001;

export interface FlowRow {
  height: number;
  /** Moves to the next page with the row after it when that row does not fit here. */
  keepWithNext?: boolean;
  /** White space: never at the top of a page. */
  gap?: boolean;
}

/**
 * The rows of each page, as indexes into `rows`. `firstRoom` is the height for rows on the first
 * page (below its heading), `room` on every other page.
 */
export function paginate(rows: readonly FlowRow[], firstRoom: number, room: number): number[][] {
  const pages: number[][] = [[]];
  let left = firstRoom;
  const newPage = () => {
    pages.push([]);
    left = room;
  };
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index]!;
    const page = pages.at(-1)!;
    if (row.gap) {
      if (page.length === 0) continue;
      if (row.height > left) {
        newPage();
        continue;
      }
      page.push(index);
      left -= row.height;
      continue;
    }
    // A run of rows that keep together: this one and those after it while they keep with the next.
    let together = row.height;
    for (let next = index; rows[next]?.keepWithNext && next + 1 < rows.length; next++) {
      const following = rows[next + 1]!;
      if (following.gap) break;
      together += following.height;
      if (!following.keepWithNext) break;
    }
    const fits = together <= left + EPSILON;
    const started = page.length > 0;
    // Onto a new page when the rows that keep together would fit there, or this row itself does not fit here.
    if (!fits && started && (together <= room + EPSILON || row.height > left + EPSILON)) newPage();
    pages.at(-1)!.push(index);
    left -= row.height;
  }
  // A page that ended with gaps only keeps them out of the count.
  return pages
    .map((page) => {
      let end = page.length;
      while (end > 0 && rows[page[end - 1]!]!.gap) end--;
      return page.slice(0, end);
    })
    .filter((page, index) => page.length > 0 || index === 0);
}
