import { describe, expect, it } from 'vitest';
import { LIST_MENU_TYPES } from '~/lib/listing/menu-types';
import { menuItemTarget } from './menu-targets';

describe('menuItemTarget: lists', () => {
  it('opens every listing type but Submenu as /list/{menuId}/{uniqueId}, in the section the grid shows', () => {
    for (const type of LIST_MENU_TYPES.filter((listType) => listType !== 'categorygrid')) {
      expect(menuItemTarget({ type, uniqueId: 'pool-rules' }, 'main-menu'), type).toEqual({
        kind: 'list',
        href: '/list/main-menu/pool-rules',
      });
    }
    expect(menuItemTarget({ type: 'dining', uniqueId: 'dining-1' }, 'things-nearby')).toEqual({
      kind: 'list',
      href: '/list/things-nearby/dining-1',
    });
  });

  it('opens the legacy events list the same way', () => {
    expect(menuItemTarget({ type: 'events', uniqueId: 'legacy-events' }, 'main-menu')).toEqual({
      kind: 'list',
      href: '/list/main-menu/legacy-events',
    });
  });

  it('takes the uniqueId, else the id (a number too), trimmed; without either the tile has no target', () => {
    expect(menuItemTarget({ type: 'faqs', uniqueId: ' faq-a ', id: 'faq-b' }, 'main-menu').href).toBe('/list/main-menu/faq-a');
    expect(menuItemTarget({ type: 'faqs', uniqueId: '  ', id: 'faq-b' }, 'main-menu').href).toBe('/list/main-menu/faq-b');
    expect(menuItemTarget({ type: 'faqs', id: 7 }, 'main-menu').href).toBe('/list/main-menu/7');
    expect(menuItemTarget({ type: 'faqs' }, 'main-menu')).toEqual({ kind: 'none', href: null });
    expect(menuItemTarget({ type: 'events', id: null }, 'main-menu')).toEqual({ kind: 'none', href: null });
  });

  it('encodes the section and the key as path segments', () => {
    expect(menuItemTarget({ type: 'simple', uniqueId: 'a b/c?d#e%' }, 'sub menu/1').href).toBe('/list/sub%20menu%2F1/a%20b%2Fc%3Fd%23e%25');
  });
});

describe('menuItemTarget: submenus', () => {
  it('shows a Submenu as the home grid’s section, by its uniqueId, encoded', () => {
    expect(menuItemTarget({ type: 'categorygrid', uniqueId: 'things-nearby' }, 'main-menu')).toEqual({
      kind: 'section',
      href: '/?section=things-nearby',
    });
    expect(menuItemTarget({ type: 'categorygrid', uniqueId: 'a&b=c d' }, 'other').href).toBe('/?section=a%26b%3Dc%20d');
  });

  it('needs the uniqueId, which names the submenu (an id alone names none)', () => {
    expect(menuItemTarget({ type: 'categorygrid', id: 'things-nearby' }, 'main-menu')).toEqual({ kind: 'none', href: null });
  });
});

describe('menuItemTarget: screens', () => {
  it('opens the screen of the item’s record, its key encoded', () => {
    const screens: Array<[string, string]> = [
      ['amc-events', '/amc-calendar/x%2Fy/active'],
      ['messages', '/amc-messages/x%2Fy'],
      ['form', '/scrollerEntries/custom-forms/view/x%2Fy'],
      ['hunts', '/scrollerEntries/hunts/view/x%2Fy'],
      ['searchablemap-detail', '/mapedit/x%2Fy'],
      ['store-detail', '/listnm/store/edit/x%2Fy'],
      ['booking', '/listnm/bookings/edit/x%2Fy'],
      ['business-detail', '/detail/business-detail/x%2Fy'],
    ];
    for (const [type, href] of screens) {
      expect(menuItemTarget({ type, uniqueId: 'x/y' }, 'main-menu'), type).toEqual({ kind: 'screen', href });
      expect(menuItemTarget({ type }, 'main-menu'), `${type} without a key`).toEqual({ kind: 'none', href: null });
    }
    expect(menuItemTarget({ type: 'amc-events', id: 'activities' }, 'main-menu').href).toBe('/amc-calendar/activities/active');
  });

  it('opens a business detail by its dbContext when it names one', () => {
    expect(menuItemTarget({ type: 'business-detail', uniqueId: 'marina', dbContext: 'lake marina' }, 'main-menu').href).toBe(
      '/detail/business-detail/lake%20marina',
    );
    expect(menuItemTarget({ type: 'business-detail', dbContext: 'marina' }, 'main-menu').href).toBe('/detail/business-detail/marina');
  });

  it('opens Maps, View Orders and Rewards on their screens, whatever the item holds', () => {
    expect(menuItemTarget({ type: 'maps', uniqueId: 'maps' }, 'main-menu')).toEqual({ kind: 'screen', href: '/manage-maps' });
    expect(menuItemTarget({ type: 'orders' }, 'sub')).toEqual({ kind: 'screen', href: '/listnm/orders' });
    expect(menuItemTarget({ type: 'rewards' }, 'main-menu')).toEqual({ kind: 'screen', href: '/listnm/rewards-users' });
  });
});

describe('menuItemTarget: addresses', () => {
  it('opens a Website or File item’s http(s) address or stored file', () => {
    expect(menuItemTarget({ type: 'website', url: ' https://pool.example/rules?a=1 ' }, 'main-menu')).toEqual({
      kind: 'external',
      href: 'https://pool.example/rules?a=1',
    });
    expect(menuItemTarget({ type: 'file', url: '/files/demo/map.pdf' }, 'main-menu')).toEqual({
      kind: 'external',
      href: '/files/demo/map.pdf',
    });
  });

  it('opens nothing else: no url, another scheme, a relative or protocol-relative address', () => {
    for (const url of [undefined, '', 'javascript:alert(1)', 'data:text/html,x', 'pool.example', '//evil.example/x', '/files/../secret']) {
      expect(menuItemTarget({ type: 'website', url, uniqueId: 'site' }, 'main-menu'), String(url)).toEqual({ kind: 'none', href: null });
    }
  });
});

describe('menuItemTarget: items without content screens', () => {
  it('has no target for the types the console shows no content of, nor for unknown or missing types', () => {
    const types = [
      'login',
      'logout',
      'favorites',
      'rewards-scan',
      'hunt-grading',
      'send-notification',
      'my-reservations',
      'electric-meters',
      'no-such-type',
      undefined,
      42,
    ];
    for (const type of types) {
      expect(menuItemTarget({ type, uniqueId: 'thing', url: 'https://x.example' }, 'main-menu'), String(type)).toEqual({
        kind: 'none',
        href: null,
      });
    }
  });
});
