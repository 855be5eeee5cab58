import { describe, expect, it } from 'vitest';
import { RelativeTimeError, resolveRelativeTime, wallClock } from './relative-time';

// Wednesday 11 June 2025, 11:00 in New York (15:00 UTC).
const NOW = Date.UTC(2025, 5, 11, 15, 0, 0, 0);
const NY = 'America/New_York';

describe('resolveRelativeTime', () => {
  it('counts days and times of day in the community time zone', () => {
    expect(resolveRelativeTime('now', NOW, NY)).toBe(NOW);
    expect(resolveRelativeTime('now-2h', NOW, NY)).toBe(NOW - 2 * 3_600_000);
    expect(resolveRelativeTime('now+30m', NOW, NY)).toBe(NOW + 30 * 60_000);
    expect(resolveRelativeTime('today', NOW, NY)).toBe(Date.UTC(2025, 5, 11, 4, 0));
    expect(resolveRelativeTime('today+2d@08:00', NOW, NY)).toBe(Date.UTC(2025, 5, 13, 12, 0));
    expect(resolveRelativeTime('today-5d@19:00', NOW, NY)).toBe(Date.UTC(2025, 5, 6, 23, 0));
    expect(resolveRelativeTime('today+2d@08:00', NOW, 'America/Chicago')).toBe(Date.UTC(2025, 5, 13, 13, 0));
  });

  it('takes weekdays strictly after today', () => {
    expect(resolveRelativeTime('sat@07:30', NOW, NY)).toBe(Date.UTC(2025, 5, 14, 11, 30));
    expect(resolveRelativeTime('sat-2w@07:30', NOW, NY)).toBe(Date.UTC(2025, 4, 31, 11, 30));
    expect(resolveRelativeTime('wed@09:00', NOW, NY)).toBe(Date.UTC(2025, 5, 18, 13, 0));
    expect(resolveRelativeTime('thu', NOW, NY)).toBe(Date.UTC(2025, 5, 12, 4, 0));
  });

  it('makes all-day spans of 86399999 ms with @end', () => {
    const start = resolveRelativeTime('today+10d@00:00', NOW, NY);
    expect(resolveRelativeTime('today+10d@end', NOW, NY) - start).toBe(86_399_999);
    const wall = wallClock(start, NY);
    expect([wall.year, wall.month, wall.day, wall.hour, wall.minute]).toEqual([2025, 6, 21, 0, 0]);
  });

  it('keeps calendar days across a daylight-saving change', () => {
    // Saturday 8 March 2025, noon in New York; clocks go forward the next night.
    const saturday = Date.UTC(2025, 2, 8, 17, 0);
    expect(resolveRelativeTime('today+1d@12:00', saturday, NY)).toBe(Date.UTC(2025, 2, 9, 16, 0));
    const sundayLength = resolveRelativeTime('today+1d@end', saturday, NY) - resolveRelativeTime('today+1d@00:00', saturday, NY);
    expect(sundayLength).toBe(23 * 3_600_000 - 1);
  });

  it('rejects what it cannot read', () => {
    for (const bad of ['tomorrow', 'today+2x', 'today@25:00', 'today@7:30', 'sat+1w@99:00', '']) {
      expect(() => resolveRelativeTime(bad, NOW, NY), bad).toThrow(RelativeTimeError);
    }
    expect(() => resolveRelativeTime('today', NOW, 'Mars/Olympus_Mons')).toThrow(/time zone/);
  });
});
