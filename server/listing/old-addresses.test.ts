import { describe, expect, it } from 'vitest';
import { menuCalendarTarget, remoteGrantTarget } from './old-addresses';

describe('remoteGrantTarget', () => {
  it('leads a link to its page, one e-mail grant to its item, several to the landing page', () => {
    expect(remoteGrantTarget('u-1', [{ accessType: 'url', detailId: 'a' }])).toBe('/detail/remote/u-1');
    expect(remoteGrantTarget('u-1', [{ accessType: 'email', detailId: 'a b' }])).toBe('/detail/remote/id/a%20b');
    expect(
      remoteGrantTarget('u-1', [
        { accessType: 'email', detailId: 'a' },
        { accessType: 'email', detailId: 'b' },
      ]),
    ).toBe('/detail/remote');
    expect(remoteGrantTarget('u-1', [])).toBeNull();
  });
});

describe('menuCalendarTarget', () => {
  const items = [
    { index: 0, key: 'k0', value: { type: 'dining', id: 'dining' } },
    { index: 1, key: 'k1', value: { type: 'amc-events', id: 'activities', uniqueId: 'u1' } },
    { index: 2, key: 'k2', value: { type: 'amc-events', id: 'kids' } },
  ];

  it("names the menu's first calendar, or the item the index names by index, key, uniqueId or id", () => {
    expect(menuCalendarTarget(items, null)).toBe('/amc-calendar/activities/active');
    expect(menuCalendarTarget(items, '2')).toBe('/amc-calendar/kids/active');
    expect(menuCalendarTarget(items, 'u1')).toBe('/amc-calendar/activities/active');
    expect(menuCalendarTarget(items, 'kids')).toBe('/amc-calendar/kids/active');
  });

  it('names nothing when no Events Calendar item matches', () => {
    expect(menuCalendarTarget(items, 'dining')).toBeNull();
    expect(menuCalendarTarget([], null)).toBeNull();
  });
});
