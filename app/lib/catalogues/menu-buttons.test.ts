import { describe, expect, it } from 'vitest';
import { getMenuIcon } from '~/lib/icons/library';
import {
  filterCatalogue,
  getMenuButtonType,
  MENU_BUTTON_TRAYS,
  MENU_BUTTON_TYPES,
  menuButtonTypeOfItem,
  menuItemDefaults,
  quickDropdownTypes,
} from './menu-buttons';

describe('menu button catalogue (spec 03 §9)', () => {
  it('groups the types in the four trays', () => {
    expect(MENU_BUTTON_TRAYS.map((tray) => [tray.title, tray.types.map((type) => type.name)])).toEqual([
      ['Frequently Used', ['Form', 'Business Listing', 'Single Business Detail', 'Expandable Listing', 'File', 'Submenu', 'Website']],
      [
        'Specific',
        [
          'Activities',
          'Legacy Activities',
          'Contacts',
          'Login',
          'Logout',
          'Messages',
          'Rewards',
          'Scavenger Hunt',
          'Searchable Map',
          'Store Item (Single)',
          'Store Item Listing',
          'Time Booking',
          'Favorites',
        ],
      ],
      [
        'Administrative',
        ['Scan Redemption', 'Scan Reservation Purchase', 'Scan Store Purchase', 'Hunt Grading', 'Send Notification', 'View Orders'],
      ],
      ['Integrations', ['My Reservations', 'Electric Usage Meters']],
    ]);
  });

  it('gives every entry a unique id, a description and a library icon', () => {
    expect(new Set(MENU_BUTTON_TYPES.map((type) => type.id)).size).toBe(MENU_BUTTON_TYPES.length);
    for (const type of MENU_BUTTON_TYPES) {
      expect(type.description.length, type.id).toBeGreaterThan(0);
      expect(getMenuIcon(type.icon), type.icon).toBeDefined();
    }
  });

  it('needs a uniqueId for business-detail, searchablemap-detail, form, hunts, store-detail and booking (spec 02 §5)', () => {
    expect(
      MENU_BUTTON_TYPES.filter((type) => type.needsUniqueId)
        .map((type) => type.id)
        .sort(),
    ).toEqual(['booking', 'business-detail', 'form', 'hunts', 'searchablemap-detail', 'store-detail']);
    expect(MENU_BUTTON_TYPES.filter((type) => type.needsUrl).map((type) => type.id)).toEqual(['file', 'website']);
  });

  it('offers QR codes for categorygrid, business and amc-events (spec 02 §2)', () => {
    expect(
      MENU_BUTTON_TYPES.filter((type) => type.allowsQr)
        .map((type) => type.id)
        .sort(),
    ).toEqual(['amc-events', 'business', 'categorygrid']);
  });

  it('restricts types by default as spec 02 §6 says', () => {
    const auth = Object.fromEntries(MENU_BUTTON_TYPES.filter((type) => type.defaultAuth).map((type) => [type.name, type.defaultAuth]));
    expect(auth).toEqual({
      Login: ['isLoggedOut'],
      Logout: ['isLoggedIn'],
      'Scan Reservation Purchase': ['canScan', 'isAdmin'],
      'Scan Store Purchase': ['canScan', 'isAdmin'],
      'Hunt Grading': ['isEditor', 'isAdmin'],
      'Send Notification': ['canNotify', 'isAdmin'],
      'View Orders': ['isEditor', 'isAdmin'],
    });
  });

  it('offers the frequently used types in the quick dropdown', () => {
    expect(quickDropdownTypes().map((type) => type.id)).toEqual([
      'form',
      'business',
      'business-detail',
      'simple',
      'file',
      'categorygrid',
      'website',
    ]);
  });
});

describe('stored types (spec 02 §4)', () => {
  it('stores a file as website with fromFile and the purchase scans as rewards-scan', () => {
    expect(menuItemDefaults('file')).toEqual({ type: 'website', icon: 'file', fromFile: true });
    expect(menuItemDefaults('rewards-scan-store')).toEqual({
      type: 'rewards-scan',
      icon: 'barcode',
      uniqueId: 'store',
      isRestricted: true,
      auth: ['canScan', 'isAdmin'],
    });
    expect(menuItemDefaults('rewards-scan-reservation')?.uniqueId).toBe('reservation');
    expect(menuItemDefaults('send-notification')).toEqual({
      type: 'send-notification',
      icon: 'send',
      isRestricted: true,
      auth: ['canNotify', 'isAdmin'],
    });
    expect(menuItemDefaults('nope')).toBeUndefined();
  });

  it('finds the picker entry of a stored item', () => {
    expect(menuButtonTypeOfItem({ type: 'website', fromFile: true })?.id).toBe('file');
    expect(menuButtonTypeOfItem({ type: 'website' })?.id).toBe('website');
    expect(menuButtonTypeOfItem({ type: 'rewards-scan', uniqueId: 'store' })?.id).toBe('rewards-scan-store');
    expect(menuButtonTypeOfItem({ type: 'rewards-scan', uniqueId: 'rewards' })?.id).toBe('rewards-scan');
    expect(menuButtonTypeOfItem({ type: 'dining' })?.id).toBe('business');
    expect(menuButtonTypeOfItem({ type: 'faqs' })?.id).toBe('simple');
    expect(menuButtonTypeOfItem({ type: 42 })).toBeUndefined();
    expect(getMenuButtonType('amc-events')?.name).toBe('Activities');
  });
});

describe('filterCatalogue', () => {
  it('keeps every tray for an empty query', () => {
    expect(filterCatalogue('  ')).toHaveLength(4);
  });

  it('matches names, descriptions and ids case-insensitively and drops empty trays', () => {
    expect(filterCatalogue('SCAN').map((tray) => [tray.title, tray.types.map((type) => type.id)])).toEqual([
      ['Administrative', ['rewards-scan', 'rewards-scan-reservation', 'rewards-scan-store']],
    ]);
    expect(filterCatalogue('store item').flatMap((tray) => tray.types.map((type) => type.id))).toEqual(['store-detail', 'store']);
    expect(filterCatalogue('pdf').flatMap((tray) => tray.types.map((type) => type.id))).toEqual(['file']);
    expect(filterCatalogue('zzz')).toEqual([]);
  });
});
