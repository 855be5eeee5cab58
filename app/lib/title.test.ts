import { describe, expect, it } from 'vitest';
import { APP_TITLE, pageTitle, routeTitleFromHandles } from './title';

describe('pageTitle (spec 01 §2.2)', () => {
  it("uses the route's own title first", () => {
    expect(pageTitle({ routeTitle: 'Switch Community', communityName: 'Maple Falls' })).toBe('Switch Community');
  });

  it("falls back to 'App Admin - {community name}'", () => {
    expect(pageTitle({ routeTitle: null, communityName: 'Pine Hollow RV Resort' })).toBe('App Admin - Pine Hollow RV Resort');
    expect(pageTitle({ communityName: '  Maple Falls ' })).toBe('App Admin - Maple Falls');
  });

  it("is 'App Admin' without a route title or a community name", () => {
    expect(pageTitle({})).toBe(APP_TITLE);
    expect(pageTitle({ routeTitle: '', communityName: '' })).toBe('App Admin');
    expect(pageTitle({ routeTitle: '   ', communityName: null })).toBe('App Admin');
  });
});

describe('routeTitleFromHandles', () => {
  it('takes the deepest route title', () => {
    expect(routeTitleFromHandles([undefined, { title: 'Outer' }, { noLeftColumn: true }, { title: 'Inner' }])).toBe('Inner');
    expect(routeTitleFromHandles([{ title: 'Outer' }, { isRemote: true }])).toBe('Outer');
  });

  it('ignores handles without a usable title', () => {
    expect(routeTitleFromHandles([])).toBeNull();
    expect(routeTitleFromHandles([null, 'text', { title: '' }, { title: 42 }])).toBeNull();
  });
});
