import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrastRatio, seededRng } from '~/lib/icons/colors';
import { getMenuIcon } from '~/lib/icons/library';
import { defaultMainMenu, iconDataFor } from './default-menus';
import { menuButtonTypeOfItem } from './menu-buttons';

const community = { iconSet: 'svg_round', colorIconShape: '#ffffff', colorIconBackground: '#2E6B4F' };

describe('default menus (spec 03 §9)', () => {
  it('gives a resort the spec menu in order, with Recreation', () => {
    const menu = defaultMainMenu('resort', community);
    expect(menu.map((item) => item.name)).toEqual([
      'Activities',
      'Reservations',
      'Explore',
      'Messages',
      'Recreation',
      'Dining',
      'Maps',
      'Regulations',
      'Contacts',
      'FAQs',
      'Visitor Registration',
      'Report an Issue',
      'Feedback',
    ]);
    expect(menu.find((item) => item.id === 'explore')?.type).toBe('hunts');
    expect(menu.filter((item) => item.type === 'form').map((item) => item.uniqueId)).toEqual([
      'visitor-registration',
      'report-an-issue',
      'feedback',
    ]);
  });

  it('gives municipalities and schools Services instead of Recreation', () => {
    for (const kind of ['municipality', 'school']) {
      const names = defaultMainMenu(kind, community).map((item) => item.name);
      expect(names[4]).toBe('Services');
      expect(names).not.toContain('Recreation');
    }
    expect(defaultMainMenu('unknown', community)[4]?.name).toBe('Recreation');
  });

  it('has the tabs of the spec', () => {
    const tabs = Object.fromEntries(
      defaultMainMenu('resort', community)
        .filter((item) => item.tabs)
        .map((item) => [item.name, item.tabs?.map((tab) => tab.title)]),
    );
    expect(tabs).toEqual({
      Reservations: ['Lodging', 'Miscellaneous'],
      Recreation: ['Resort', 'Local'],
      Dining: ['Resort', 'Delivery', 'Local'],
      Contacts: ['Offices', 'Emergency'],
    });
  });

  it("stores each item in the main-menu shape with the community's icon set and colours", () => {
    const [activities] = defaultMainMenu('resort', community);
    expect(activities).toEqual({
      id: 'activities',
      name: 'Activities',
      icon: 'calendar',
      iconData: {
        iconSet: 'svg_round',
        title: 'calendar',
        svg: getMenuIcon('calendar')?.svg,
        colorIconShape: '#FFFFFF',
        colorIconBackground: '#2E6B4F',
      },
      type: 'amc-events',
      url: '',
      uniqueId: 'activities',
    });
  });

  it('draws random colours per item when the community has them on', () => {
    const menu = defaultMainMenu('resort', { ...community, colorIconBackgroundRandom: true }, seededRng(3));
    expect(new Set(menu.map((item) => item.iconData.colorIconBackground)).size).toBeGreaterThan(3);
    for (const item of menu) {
      expect(item.iconData.colorIconShape).toBe('#FFFFFF');
      expect(contrastRatio(item.iconData.colorIconShape, item.iconData.colorIconBackground)).toBeGreaterThanOrEqual(3);
    }
    expect(defaultMainMenu('resort', { ...community, colorIconBackgroundRandom: true }, seededRng(3))).toEqual(menu);
  });

  it('builds iconData for any library icon, falling back to update_app', () => {
    const colors = { colorIconShape: '#FFFFFF', colorIconBackground: '#B5472A' };
    expect(iconDataFor('tent', 'svg_parks', colors)).toEqual({
      iconSet: 'svg_parks',
      title: 'tent',
      svg: getMenuIcon('tent')?.svg,
      ...colors,
    });
    expect(iconDataFor('nope', 'svg_parks', colors).title).toBe('update_app');
  });

  it('only uses types the catalogue knows', () => {
    for (const item of defaultMainMenu('school', community)) expect(menuButtonTypeOfItem(item), item.type).toBeDefined();
  });

  it('matches the demo data menus in names, types, icons and tabs (the demo resort adds a business detail after them)', () => {
    const demo = JSON.parse(readFileSync(new URL('../../../firebase/seed/demo-data.json', import.meta.url), 'utf8')) as {
      $product: {
        'location-data': Record<string, { 'main-menu': Array<{ name: string; type: string; icon: string; tabs?: unknown }> }>;
        'campground-locations': Record<string, { communityType: string }>;
      };
    };
    for (const [key, data] of Object.entries(demo.$product['location-data'])) {
      const kind = demo.$product['campground-locations'][key]?.communityType ?? 'resort';
      const shape = (items: Array<{ name: string; type: string; icon: string; tabs?: unknown }>) =>
        items.map(({ name, type, icon, tabs }) => ({ name, type, icon, tabs }));
      const defaults = defaultMainMenu(kind, community);
      expect(shape(defaults), key).toEqual(shape(data['main-menu'].slice(0, defaults.length)));
      expect(
        data['main-menu'].slice(defaults.length).map((item) => item.type),
        key,
      ).toEqual(key === 'demo-campground' ? ['business-detail'] : []);
    }
  });
});
