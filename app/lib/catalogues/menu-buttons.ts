/**
 * The menu button catalogue: what the Select Menu Type picker offers when a menu item is added
 * (spec 02 §2 "Menu item editor", spec 03 §9 "Menu button catalogue"), grouped in trays, with
 * each type's rules from spec 02 §4–§6. Isomorphic and pure.
 */
import type { AuthTag } from './auth-groups';

export type MenuTrayId = 'frequently-used' | 'specific' | 'administrative' | 'integrations';

export interface MenuButtonType {
  /** The picker's id; also the stored menu item `type` unless `savesAs` says otherwise. */
  id: string;
  name: string;
  description: string;
  /** Offered in the quick type dropdown of the menu item form. */
  quickDropdown: boolean;
  /** The library icon a new item of this type starts with. */
  icon: string;
  /** Spec 02 §5: the item needs a uniqueId (the key of the form, hunt, store item, booking …). */
  needsUniqueId: boolean;
  /** Spec 02 §5: the item needs a url (website and file). */
  needsUrl: boolean;
  /** Spec 02 §2: the QR Code section is offered (with admin-enabled tracking). */
  allowsQr: boolean;
  /** Spec 02 §6: the groups the item is restricted to by default (any one of them). */
  defaultAuth?: readonly AuthTag[];
  /** Spec 02 §4: how the type is stored when it is not stored under its id. */
  savesAs?: { type: string; fromFile?: true; uniqueId?: string };
}

export interface MenuTray {
  id: MenuTrayId;
  title: string;
  types: readonly MenuButtonType[];
}

type Entry = Pick<MenuButtonType, 'id' | 'name' | 'description' | 'icon'> & Partial<MenuButtonType>;

/** Spec 02 §5: types whose items need a uniqueId. */
export const UNIQUE_ID_TYPES = ['business-detail', 'searchablemap-detail', 'form', 'hunts', 'store-detail', 'booking'] as const;
/** Spec 02 §2: types whose editor offers the QR Code section. */
export const QR_TYPES = ['categorygrid', 'business', 'amc-events'] as const;
/** Spec 02 §5: types whose items need a url. */
export const URL_TYPES = ['website', 'file'] as const;

const entry = (e: Entry): MenuButtonType => ({
  quickDropdown: false,
  needsUniqueId: (UNIQUE_ID_TYPES as readonly string[]).includes(e.savesAs?.type ?? e.id),
  needsUrl: (URL_TYPES as readonly string[]).includes(e.id),
  allowsQr: (QR_TYPES as readonly string[]).includes(e.id),
  ...e,
});

export const MENU_BUTTON_TRAYS: readonly MenuTray[] = [
  {
    id: 'frequently-used',
    title: 'Frequently Used',
    types: [
      entry({ id: 'form', name: 'Form', description: 'A custom form guests fill in and submit.', icon: 'clipboard', quickDropdown: true }),
      entry({
        id: 'business',
        name: 'Business Listing',
        description: 'A list of businesses or places, in tabs.',
        icon: 'store',
        quickDropdown: true,
      }),
      entry({
        id: 'business-detail',
        name: 'Single Business Detail',
        description: 'One business or place with its own page.',
        icon: 'building',
        quickDropdown: true,
      }),
      entry({
        id: 'simple',
        name: 'Expandable Listing',
        description: 'Titles that expand to show details, such as FAQs or rules.',
        icon: 'list',
        quickDropdown: true,
      }),
      entry({
        id: 'file',
        name: 'File',
        description: 'Opens an uploaded file, such as a PDF.',
        icon: 'file',
        quickDropdown: true,
        savesAs: { type: 'website', fromFile: true },
      }),
      entry({ id: 'categorygrid', name: 'Submenu', description: 'A grid of more menu buttons.', icon: 'grid', quickDropdown: true }),
      entry({ id: 'website', name: 'Website', description: 'Opens a web page.', icon: 'globe', quickDropdown: true }),
    ],
  },
  {
    id: 'specific',
    title: 'Specific',
    types: [
      entry({ id: 'amc-events', name: 'Activities', description: 'A calendar of events.', icon: 'calendar' }),
      entry({
        id: 'events',
        name: 'Legacy Activities',
        description: 'Events listed by tab (the older events list).',
        icon: 'calendar-check',
      }),
      entry({ id: 'contacts', name: 'Contacts', description: 'Names, positions and phone numbers.', icon: 'phone' }),
      entry({ id: 'login', name: 'Login', description: 'Lets guests sign in to the app.', icon: 'login', defaultAuth: ['isLoggedOut'] }),
      entry({ id: 'logout', name: 'Logout', description: 'Lets signed-in guests sign out.', icon: 'logout', defaultAuth: ['isLoggedIn'] }),
      entry({ id: 'messages', name: 'Messages', description: 'News and notifications sent to guests.', icon: 'messages' }),
      entry({ id: 'rewards', name: 'Rewards', description: 'Points guests earn and redeem.', icon: 'award' }),
      entry({ id: 'hunts', name: 'Scavenger Hunt', description: 'A hunt with steps to find, answer or photograph.', icon: 'compass' }),
      entry({
        id: 'searchablemap-detail',
        name: 'Searchable Map',
        description: 'A map guests can search for sites and places.',
        icon: 'map-pin',
      }),
      entry({ id: 'store-detail', name: 'Store Item (Single)', description: 'One item guests can order.', icon: 'shopping-bag' }),
      entry({ id: 'store', name: 'Store Item Listing', description: 'A list of items guests can order.', icon: 'shopping-cart' }),
      entry({ id: 'booking', name: 'Time Booking', description: 'Time slots guests can book.', icon: 'calendar-clock' }),
      entry({ id: 'favorites', name: 'Favorites', description: "The guest's saved favorites.", icon: 'heart' }),
    ],
  },
  {
    id: 'administrative',
    title: 'Administrative',
    types: [
      entry({ id: 'rewards-scan', name: 'Scan Redemption', description: 'Staff scan a guest code to redeem rewards.', icon: 'scan' }),
      entry({
        id: 'rewards-scan-reservation',
        name: 'Scan Reservation Purchase',
        description: 'Staff scan a guest code for a reservation purchase.',
        icon: 'scan-qr',
        defaultAuth: ['canScan', 'isAdmin'],
        savesAs: { type: 'rewards-scan', uniqueId: 'reservation' },
      }),
      entry({
        id: 'rewards-scan-store',
        name: 'Scan Store Purchase',
        description: 'Staff scan a guest code for a store purchase.',
        icon: 'barcode',
        defaultAuth: ['canScan', 'isAdmin'],
        savesAs: { type: 'rewards-scan', uniqueId: 'store' },
      }),
      entry({
        id: 'hunt-grading',
        name: 'Hunt Grading',
        description: 'Staff score scavenger hunt entries.',
        icon: 'clipboard-check',
        defaultAuth: ['isEditor', 'isAdmin'],
      }),
      entry({
        id: 'send-notification',
        name: 'Send Notification',
        description: 'Staff send a notification from the app.',
        icon: 'send',
        defaultAuth: ['canNotify', 'isAdmin'],
      }),
      entry({
        id: 'orders',
        name: 'View Orders',
        description: 'Staff see and complete store orders.',
        icon: 'receipt',
        defaultAuth: ['isEditor', 'isAdmin'],
      }),
    ],
  },
  {
    id: 'integrations',
    title: 'Integrations',
    types: [
      entry({
        id: 'my-reservations',
        name: 'My Reservations',
        description: "The guest's reservations from the property-management system.",
        icon: 'bed',
      }),
      entry({ id: 'electric-meters', name: 'Electric Usage Meters', description: "The site's electric meter readings.", icon: 'gauge' }),
    ],
  },
];

export const MENU_BUTTON_TYPES: readonly MenuButtonType[] = MENU_BUTTON_TRAYS.flatMap((tray) => tray.types);

/** The picker entry with this id. */
export function getMenuButtonType(id: string | null | undefined): MenuButtonType | undefined {
  return MENU_BUTTON_TYPES.find((type) => type.id === id);
}

/** Listing sections stored under their own context name (spec 02 §2) and the picker entry they come from. */
export const LISTING_SECTION_TYPES: Readonly<Record<string, string>> = {
  dining: 'business',
  recreation: 'business',
  services: 'business',
  reservations: 'business',
  maps: 'business',
  faqs: 'simple',
  regulations: 'simple',
  history: 'simple',
};

/**
 * The picker entry a stored menu item belongs to: file items are stored as website with
 * fromFile, the purchase scans as rewards-scan with uniqueId store or reservation, and listing
 * sections under their own context names.
 */
export function menuButtonTypeOfItem(item: { type?: unknown; fromFile?: unknown; uniqueId?: unknown }): MenuButtonType | undefined {
  const type = typeof item.type === 'string' ? item.type : '';
  if (type === 'website' && item.fromFile === true) return getMenuButtonType('file');
  if (type === 'rewards-scan' && (item.uniqueId === 'store' || item.uniqueId === 'reservation')) {
    return getMenuButtonType(`rewards-scan-${item.uniqueId}`);
  }
  return getMenuButtonType(type) ?? getMenuButtonType(LISTING_SECTION_TYPES[type]);
}

/** The stored fields a new item of this type starts with (spec 02 §4: type defaults). */
export function menuItemDefaults(
  id: string,
): { type: string; icon: string; fromFile?: true; uniqueId?: string; isRestricted?: true; auth?: string[] } | undefined {
  const type = getMenuButtonType(id);
  if (!type) return undefined;
  return {
    type: type.savesAs?.type ?? type.id,
    icon: type.icon,
    ...(type.savesAs?.fromFile ? { fromFile: true as const } : {}),
    ...(type.savesAs?.uniqueId ? { uniqueId: type.savesAs.uniqueId } : {}),
    ...(type.defaultAuth ? { isRestricted: true as const, auth: [...type.defaultAuth] } : {}),
  };
}

/** Quick-dropdown entries, in catalogue order. */
export const quickDropdownTypes = (): MenuButtonType[] => MENU_BUTTON_TYPES.filter((type) => type.quickDropdown);

/**
 * The trays filtered by the Select Menu Type picker's text: entries whose name, description or
 * id contain every word of the query (case-insensitive). Empty trays are left out; an empty
 * query gives every tray.
 */
export function filterCatalogue(query: string): MenuTray[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return MENU_BUTTON_TRAYS.map((tray) => ({
    ...tray,
    types: tray.types.filter((type) => {
      const haystack = `${type.name} ${type.description} ${type.id.replace(/-/g, ' ')}`.toLowerCase();
      return words.every((word) => haystack.includes(word));
    }),
  })).filter((tray) => tray.types.length > 0);
}
