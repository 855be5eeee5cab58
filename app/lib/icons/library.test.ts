import { describe, expect, it } from 'vitest';
import { DEFAULT_MENU_ICON, getMenuIcon, MENU_ICONS, menuIconOrDefault, searchIcons } from './library';

describe('menu icon library (spec 03 §3)', () => {
  it('holds about 100 uniquely named icons, each a sanitized 24×24 glyph with synonyms', () => {
    expect(MENU_ICONS.length).toBeGreaterThanOrEqual(100);
    expect(new Set(MENU_ICONS.map((icon) => icon.name)).size).toBe(MENU_ICONS.length);
    for (const icon of MENU_ICONS) {
      expect(icon.svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* viewBox="0 0 24 24"[^>]*>.*<\/svg>$/);
      expect(icon.svg).toContain('currentColor');
      expect(icon.svg).not.toMatch(/class=|\n/);
      expect(icon.synonyms.length).toBeGreaterThan(0);
    }
  });

  it('has the icons the product asks for', () => {
    for (const name of [
      'calendar',
      'tent',
      'utensils',
      'map',
      'bed',
      'campfire',
      'flame',
      'fish',
      'waves',
      'bike',
      'dog',
      'shopping-cart',
      'ticket',
      'phone',
      'info',
      'messages',
      'star',
      'trophy',
      'qr-code',
      'wifi',
      'parking',
      'restroom',
      'laundry',
      'propane',
      'pool',
      'playground',
      'hiking',
      'boat',
      'golf',
    ]) {
      expect(getMenuIcon(name), name).toBeDefined();
    }
  });

  it("knows every icon name the demo community's menus use", () => {
    for (const name of [
      'calendar',
      'bed',
      'compass',
      'chat',
      'tent',
      'dining',
      'map',
      'book',
      'phone',
      'question',
      'clipboard',
      'warning',
      'star',
      'wrench',
    ]) {
      expect(getMenuIcon(name), name).toBeDefined();
    }
  });

  it('has the default menu icon update_app (spec 02 §9)', () => {
    expect(DEFAULT_MENU_ICON).toBe('update_app');
    expect(getMenuIcon('update_app')?.svg).toMatch(/^<svg/);
    expect(menuIconOrDefault('no-such-icon').name).toBe('update_app');
    expect(menuIconOrDefault('Tent').name).toBe('tent');
  });

  it('maps the amenities onto fitting glyphs', () => {
    expect(getMenuIcon('restroom')?.synonyms).toContain('bathroom');
    expect(getMenuIcon('laundry')?.synonyms).toContain('washer');
    expect(getMenuIcon('propane')?.synonyms).toContain('gas');
    expect(getMenuIcon('tent')?.synonyms).toContain('camping');
  });
});

describe('searchIcons', () => {
  it('ranks name matches over synonym matches', () => {
    const results = searchIcons('bed').map((icon) => icon.name);
    expect(results[0]).toBe('bed');
    const maps = searchIcons('map').map((icon) => icon.name);
    expect(maps.slice(0, 2)).toEqual(['map', 'map-pin']);
    expect(maps).toContain('search');
    expect(maps.indexOf('search')).toBeGreaterThan(1);
    const fire = searchIcons('flame').map((icon) => icon.name);
    expect(fire[0]).toBe('flame');
    expect(fire).toContain('campfire');
  });

  it('finds icons by synonym', () => {
    expect(searchIcons('bathroom').map((icon) => icon.name)).toContain('restroom');
    expect(searchIcons('camping').map((icon) => icon.name)).toContain('tent');
    expect(searchIcons('Washer')[0]?.name).toBe('laundry');
  });

  it('treats hyphens and spaces alike and honours a limit', () => {
    expect(searchIcons('shopping cart')[0]?.name).toBe('shopping-cart');
    expect(searchIcons('qr_code')[0]?.name).toBe('qr-code');
    expect(searchIcons('food', 2)).toHaveLength(2);
  });

  it('lists the library for an empty query and nothing for a miss', () => {
    expect(searchIcons('  ')).toHaveLength(MENU_ICONS.length);
    expect(searchIcons('zzzzqqq')).toEqual([]);
  });
});
