/**
 * The legacy events list's grouped rows (spec 02 "Legacy events list": "grouped event rows"):
 * rows under a heading per day of their start, in the community's time zone, in the list's own
 * order. Consecutive rows of one day form one group; a day met again later in the order (an
 * event that started earlier but ends later) opens a group of its own, so the order is never
 * changed. Rows arrive a chunk at a time and each carries its day, so a chunk that begins in the
 * middle of a day begins with that day's heading; shown one after another on one page, the
 * chunks' rows are grouped again as one list, and the day stays one group.
 */

/** A row's day: `yyyy-MM-dd` in the community's zone, and its heading ("Saturday, June 6, 2026"). */
export interface RowDay {
  key: string;
  heading: string;
}

export interface RowGroup<Row> {
  /** Unique among the groups of one list (a day met twice gets a suffix). */
  id: string;
  /** The day's heading; null for rows without a start. */
  heading: string | null;
  rows: Row[];
}

/** The rows in groups of consecutive rows of the same day, in their order. */
export function groupRowsByDay<Row extends { day: RowDay | null }>(rows: readonly Row[]): Array<RowGroup<Row>> {
  const groups: Array<RowGroup<Row> & { key: string | null }> = [];
  const seen = new Map<string, number>();
  for (const row of rows) {
    const key = row.day?.key ?? null;
    const last = groups[groups.length - 1];
    if (last && last.key === key) {
      last.rows.push(row);
      continue;
    }
    const name = key ?? 'undated';
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    groups.push({ id: count === 1 ? name : `${name}-${count}`, key, heading: row.day?.heading ?? null, rows: [row] });
  }
  return groups.map(({ id, heading, rows: members }) => ({ id, heading, rows: members }));
}
