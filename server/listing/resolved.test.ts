import { describe, expect, it } from 'vitest';
import { calendarViewOrder, menuTabs } from './resolved';

describe('menuTabs', () => {
  it('keeps the tabs with a valid id, titled by their id when they have no title', () => {
    expect(
      menuTabs([{ id: 'resort', title: ' Resort ' }, { id: 'lodge' }, { id: 'a/b', title: 'Bad' }, { title: 'No id' }, null, 'x']),
    ).toEqual([
      { id: 'resort', title: 'Resort' },
      { id: 'lodge', title: 'lodge' },
    ]);
    expect(menuTabs(undefined)).toEqual([]);
  });
});

describe('calendarViewOrder', () => {
  const now = Date.UTC(2026, 5, 15, 18, 30);

  it('reads the active view by end time from the start of today in the community’s zone', () => {
    expect(calendarViewOrder('active', 'America/New_York', now)).toEqual({
      order: { by: 'child', child: 'endDate' },
      range: { from: Date.UTC(2026, 5, 15, 4, 0) },
    });
  });

  it('reads the archive back from now, the latest ended first', () => {
    expect(calendarViewOrder('archive', 'America/New_York', now)).toEqual({
      order: { by: 'child', child: 'endDate', newestFirst: true },
      range: { to: now },
    });
  });
});
