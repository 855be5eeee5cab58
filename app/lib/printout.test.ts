import { describe, expect, it } from 'vitest';
import {
  daysOf,
  defaultRange,
  eventsPerColumn,
  layoutColumns,
  pagesOf,
  rightColumnShown,
  PAGE_HEIGHT_PT,
  PAGE_WIDTH_PT,
  type LaidEvent,
} from './printout';

const events = (perDay: number[]): LaidEvent[] => perDay.flatMap((count, day) => Array.from({ length: count }, () => ({ day })));

describe('the printout layout rules (spec 02 §9 "Events printout")', () => {
  it('defaults to tomorrow for three days', () => {
    expect(defaultRange({ year: 2026, month: 12, day: 30 })).toEqual({
      start: { year: 2026, month: 12, day: 31 },
      end: { year: 2027, month: 1, day: 2 },
    });
    expect(daysOf({ year: 2026, month: 12, day: 31 }, { year: 2027, month: 1, day: 2 })).toHaveLength(3);
  });

  it('puts about 12 events in a column, 10 when there are more than 36, unless a number is chosen', () => {
    expect(eventsPerColumn(0)).toBe(12);
    expect(eventsPerColumn(36)).toBe(12);
    expect(eventsPerColumn(37)).toBe(10);
    expect(eventsPerColumn(60, 8)).toBe(8);
    expect(eventsPerColumn(60, 500)).toBe(40);
  });

  it('hides the right column from 7 columns on, unless the type is agenda', () => {
    expect(rightColumnShown('daily', 6)).toBe(true);
    expect(rightColumnShown('daily', 7)).toBe(false);
    expect(rightColumnShown('column', 7)).toBe(false);
    expect(rightColumnShown('column', 12)).toBe(false);
    expect(rightColumnShown('agenda', 12)).toBe(true);
  });

  it('daily: a column per day, and another for every further column of events in a crowded day', () => {
    const columns = layoutColumns('daily', events([3, 0, 25]), 3, 10);
    expect(columns.map((column) => column.events.length)).toEqual([3, 0, 10, 10, 5]);
    expect(columns.map((column) => column.headings.map((heading) => heading.day))).toEqual([[0], [1], [2], [2], [2]]);
    // A week of days is 7 columns: no right column.
    expect(rightColumnShown('daily', layoutColumns('daily', events([1, 1, 1, 1, 1, 1, 1]), 7, 12).length)).toBe(false);
  });

  it('column: events flow into columns of N, each day headed where its first event falls', () => {
    const columns = layoutColumns('column', events([5, 9]), 2, 6);
    expect(columns.map((column) => column.events)).toEqual([
      [0, 1, 2, 3, 4, 5],
      [6, 7, 8, 9, 10, 11],
      [12, 13],
    ]);
    expect(columns.map((column) => column.headings)).toEqual([
      [
        { day: 0, before: 0 },
        { day: 1, before: 5 },
      ],
      [],
      [],
    ]);
    // 60 events, 10 a column (more than 36): 6 columns and the right column.
    const sixty = layoutColumns('column', events([20, 20, 20]), 3, eventsPerColumn(60));
    expect(sixty).toHaveLength(6);
    expect(rightColumnShown('column', sixty.length)).toBe(true);
    expect(layoutColumns('column', [], 3, 12)).toEqual([{ events: [], headings: [] }]);
  });

  it('agenda: one list with a heading for each day that has events', () => {
    const [list, ...rest] = layoutColumns('agenda', events([2, 0, 1]), 3, 12);
    expect(rest).toEqual([]);
    expect(list!.events).toEqual([0, 1, 2]);
    expect(list!.headings).toEqual([
      { day: 0, before: 0 },
      { day: 2, before: 2 },
    ]);
  });

  it('prints on 11 in x 8.5 in pages, 8 columns a page at most', () => {
    expect([PAGE_WIDTH_PT, PAGE_HEIGHT_PT]).toEqual([792, 612]);
    expect(pagesOf(Array.from({ length: 17 }, (_, index) => index)).map((page) => page.length)).toEqual([8, 8, 1]);
  });
});
