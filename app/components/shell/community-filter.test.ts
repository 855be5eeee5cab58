import { describe, expect, it } from 'vitest';
import { matchesCommunityFilter } from './community-filter';

describe('Community filter matches title or appName', () => {
  const pineHollow = { title: 'Pine Hollow RV Resort', appName: 'Pine Hollow RV' };
  const mapleFalls = { title: 'Maple Falls', appName: 'Maple Falls' };
  const studioApp = { title: 'Cedar Point Campground', appName: 'Lakeview Guide' };

  it('matches every community without a filter', () => {
    expect(matchesCommunityFilter(pineHollow, '')).toBe(true);
    expect(matchesCommunityFilter(mapleFalls, null)).toBe(true);
    expect(matchesCommunityFilter(mapleFalls, '   ')).toBe(true);
  });

  it('matches the title anywhere, ignoring case', () => {
    expect(matchesCommunityFilter(pineHollow, 'hollow')).toBe(true);
    expect(matchesCommunityFilter(pineHollow, 'RV RESORT')).toBe(true);
    expect(matchesCommunityFilter(mapleFalls, 'hollow')).toBe(false);
  });

  it('matches the appName too', () => {
    expect(matchesCommunityFilter(studioApp, 'lakeview')).toBe(true);
    expect(matchesCommunityFilter(studioApp, 'cedar')).toBe(true);
    expect(matchesCommunityFilter({ title: 'Oak Grove' }, 'lakeview')).toBe(false);
  });
});
