import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEmbeddedDb } from '@server/db';
import { createPaths } from '@server/paths';
import { getMenuButtonType } from '~/lib/catalogues/menu-buttons';
import type { MenuItemValue } from '~/schemas/menu-item';
import { dyingAfter } from '../../tests/setup/dying-db';
import { makeTempDir } from '../../tests/setup/tmp';
import {
  MENU_ITEM_MESSAGES,
  canDeleteMenuItem,
  formValueOf,
  saveMenuItem,
  storedItem,
  storedTabs,
  trackedDeepLink,
  typeOfItem,
} from './items';
import { chooseSection } from './sections';

const value = (fields: Partial<MenuItemValue>): MenuItemValue =>
  ({
    menuId: 'main-menu',
    typeId: 'website',
    name: 'Site',
    tabs: [],
    auth: [],
    isRestricted: false,
    useWebView: false,
    ...fields,
  }) as MenuItemValue;
const colors = { colorIconShape: '#FFFFFF', colorIconBackground: '#123456' };

describe('menu items', () => {
  it('restricts deleting the first six main-menu items to resort admins where the community says so (spec 02 §6)', () => {
    const protectedCommunity = { protectFirstMainMenuItems: true };
    expect(canDeleteMenuItem('main-menu', 5, protectedCommunity, false)).toBe(false);
    expect(canDeleteMenuItem('main-menu', 6, protectedCommunity, false)).toBe(true);
    expect(canDeleteMenuItem('main-menu', 0, protectedCommunity, true)).toBe(true);
    expect(canDeleteMenuItem('submenu', 0, protectedCommunity, false)).toBe(true);
    expect(canDeleteMenuItem('main-menu', 0, {}, false)).toBe(true);
    expect(MENU_ITEM_MESSAGES.protectedDelete).toBe('Only resort admins can delete the first 6 main menu items.');
  });

  it('stores a custom svg only sanitized, whatever the caller parsed', () => {
    const raw = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><foreignObject/><path d="M0 0"/></svg>';
    const item = storedItem(
      value({ icon: '', iconSvg: raw }),
      getMenuButtonType('website')!,
      null,
      false,
      'site',
      'site',
      colors,
      'svg_round',
    );
    const iconData = item.iconData as Record<string, unknown>;
    expect(iconData).toMatchObject({ title: 'custom', isCustom: true });
    expect(iconData.svg).toBe('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0"/></svg>');
  });

  it('gives tabs ids from their titles, unique within the item, keeping given ids', () => {
    expect(storedTabs([{ title: 'On Site' }, { title: 'On-Site' }, { id: 'kept', title: 'Town' }, { id: 'bad id!', title: '!!' }])).toEqual(
      [
        { id: 'on-site', title: 'On Site' },
        { id: 'on-site-2', title: 'On-Site' },
        { id: 'kept', title: 'Town' },
        { id: 'tab', title: '!!' },
      ],
    );
  });

  it('builds the tracked deep link of spec 03 §7', () => {
    expect(
      trackedDeepLink(
        { token: 't 1', linkPrefix: 'https://go.example/app' },
        { communityKey: 'c', action: 'categorygrid', actionKey: 'more' },
      ),
    ).toBe('https://go.example/app?adj_t=t+1&communityKey=c&action=categorygrid&actionKey=more&skipSplashScreen=true');
  });

  it('stores file items as websites with fromFile and scans as rewards-scan (spec 02 §4)', () => {
    const file = storedItem(
      value({ typeId: 'file', url: 'https://x.example/a.pdf', icon: 'file' }),
      getMenuButtonType('file')!,
      null,
      false,
      'a',
      'a',
      colors,
      'svg_round',
    );
    expect(file).toMatchObject({ type: 'website', fromFile: true, url: 'https://x.example/a.pdf', uniqueId: 'a', id: 'a', icon: 'file' });
    expect(typeOfItem(file)?.id).toBe('file');
    const scan = storedItem(
      value({ typeId: 'rewards-scan-reservation', icon: 'scan-qr', isRestricted: true, auth: ['canScan', 'canScan'] }),
      getMenuButtonType('rewards-scan-reservation')!,
      null,
      false,
      'reservation',
      'scan',
      colors,
      'svg_round',
    );
    expect(scan).toMatchObject({ type: 'rewards-scan', uniqueId: 'reservation', isRestricted: true, auth: ['canScan'], url: '' });
    expect(typeOfItem(scan)?.id).toBe('rewards-scan-reservation');
  });

  it('keeps fields of the stored item it does not edit, unless the type changed; drops sortKey and title', () => {
    const stored = {
      name: 'Old',
      title: 'Old',
      type: 'dining',
      uniqueId: 'dining',
      id: 'dining',
      eventId: 'e1',
      sortKey: 3,
      tabs: [{ id: 'resort', title: 'Resort' }],
    };
    const kept = storedItem(
      value({ typeId: 'business', name: 'Food', icon: 'dining' }),
      getMenuButtonType('business')!,
      stored,
      false,
      'dining',
      'dining',
      colors,
      'svg_round',
    );
    expect(kept).toMatchObject({ name: 'Food', type: 'dining', eventId: 'e1', uniqueId: 'dining' });
    expect(kept).not.toHaveProperty('sortKey');
    expect(kept).not.toHaveProperty('title');
    expect(kept).not.toHaveProperty('tabs');
    const changed = storedItem(
      value({ typeId: 'categorygrid', name: 'More', icon: 'grid' }),
      getMenuButtonType('categorygrid')!,
      stored,
      true,
      'more',
      'dining',
      colors,
      'svg_round',
    );
    expect(changed).not.toHaveProperty('eventId');
    expect(changed).toMatchObject({ type: 'categorygrid', uniqueId: 'more', id: 'dining' });
  });

  it('reads a stored item back into the form, a custom svg included', () => {
    const form = formValueOf('main-menu', {
      key: 'x',
      index: 2,
      value: {
        name: 'X',
        type: 'website',
        icon: 'custom',
        url: 'https://x.example',
        iconData: { svg: '<svg/>', isCustom: true, colorIconShape: '#ffffff' },
        auth: ['isAdmin'],
      },
      type: getMenuButtonType('website'),
    });
    expect(form).toMatchObject({
      itemKey: 'x',
      typeId: 'website',
      icon: '',
      iconSvg: '<svg/>',
      colorIconShape: '#FFFFFF',
      isRestricted: true,
      auth: ['isAdmin'],
    });
  });

  it('shows the asked or remembered section when it exists, else main-menu', () => {
    const sections = [
      { id: 'main-menu', title: 'Main Menu', depth: 0 },
      { id: 'more', title: 'More', depth: 1 },
    ];
    expect(chooseSection(sections, 'more').id).toBe('more');
    expect(chooseSection(sections, 'gone', 'more').id).toBe('more');
    expect(chooseSection(sections, 'gone', null).id).toBe('main-menu');
    expect(chooseSection([], 'x').id).toBe('main-menu');
  });
});

describe('saving a menu item', () => {
  it('a save that dies half-way writes the new calendar and its menu item together, or neither', async () => {
    const db = createEmbeddedDb({ file: join(makeTempDir('menu-items'), 'rtdb.sqlite') });
    const paths = createPaths('amc');
    try {
      await db.ref(paths.menu('half-way', 'main-menu')).set([{ id: 'home', name: 'Home', type: 'website', url: 'https://example.com' }]);
      const saved = await saveMenuItem(
        dyingAfter({ db, paths }),
        value({ typeId: 'amc-events', name: 'Pool Schedule', icon: 'calendar', url: '', source: 'new' }),
        { community: 'half-way', record: {}, now: Date.UTC(2026, 5, 1) },
      ).catch(() => null);
      const calendar = (await db.ref(paths.calendarConfig('half-way', 'pool-schedule')).get()).val();
      const menu = (await db.ref(paths.menu('half-way', 'main-menu')).get()).val() as Array<{ uniqueId?: string }>;
      const listed = menu.some((item) => item.uniqueId === 'pool-schedule');
      expect(calendar !== null, 'the calendar exists exactly when the menu lists it').toBe(listed);
      if (saved) expect(saved.ok).toBe(true);
    } finally {
      await db.close();
    }
  });
});
