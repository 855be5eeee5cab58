import { hrefs } from '~/lib/hrefs';
import { isListMenuType } from '~/lib/listing/menu-types';
import { isHttpUrl, isStoredFilePath } from '~/schemas/header';

/**
 * What a home menu tile opens (spec 01 §2.1 route table, spec 02 §2): the item's content, as
 * the console shows it. Isomorphic and pure.
 * - `list`: the item's list, `/list/{menuId}/{uniqueId}` (the listing types of
 *   ./listing/menu-types.ts, and the legacy events list);
 * - `section`: a Submenu (categorygrid) shows its own items in the home grid, `/?section={uniqueId}`
 *   (the home screen stores the choice, as the menu section picker does);
 * - `screen`: the content's own screen (calendars, messages, a form's or hunt's entries (what guests
 *   sent, read every day; their editor is a link away), maps, store,
 *   bookings, orders, rewards, a business detail);
 * - `external`: a Website or File item's address, opened in a new tab;
 * - `none`: the console has no screen for it (Login, Logout, Favorites, scans, Send Notification,
 *   the integrations …) or the item lacks what its screen needs: the tile opens the item's editor.
 */
export type MenuTargetKind = 'list' | 'section' | 'screen' | 'external' | 'none';

export type MenuItemTarget = { kind: Exclude<MenuTargetKind, 'none'>; href: string } | { kind: 'none'; href: null };

/** The stored fields of a menu item (spec 01 §3.2) a target is made from. */
export interface MenuTargetItem {
  type?: unknown;
  uniqueId?: unknown;
  id?: unknown;
  url?: unknown;
  dbContext?: unknown;
}

export const NO_TARGET: MenuItemTarget = { kind: 'none', href: null };

/** Home's query parameter that shows a menu section (`/?section={uniqueId}`). */
export const SECTION_PARAM = 'section';

/** Screens of one record, named by the item's uniqueId. */
const RECORD_SCREENS = {
  'amc-events': (id) => hrefs.calendar(id, 'active'),
  messages: (id) => hrefs.messages(id),
  form: (id) => hrefs.scrollerEntries('custom-forms', 'view', id),
  hunts: (id) => hrefs.scrollerEntries('hunts', 'view', id),
  'searchablemap-detail': (id) => hrefs.mapEdit(id),
  'store-detail': (id) => hrefs.listnmItem('store', 'edit', id),
  booking: (id) => hrefs.listnmItem('bookings', 'edit', id),
} satisfies Record<string, (id: string) => string>;

/** Screens that need nothing from the item. */
const FIXED_SCREENS = {
  maps: hrefs.manageMaps(),
  orders: hrefs.listnm('orders'),
  rewards: hrefs.listnm('rewards-users'),
} satisfies Record<string, string>;

/** Types whose address is the item's url. File items are stored as website (with fromFile). */
const URL_TYPES: ReadonlySet<string> = new Set(['website', 'file']);

const has = <T extends object>(record: T, key: string): key is Extract<keyof T, string> => Object.hasOwn(record, key);

const text = (value: unknown): string | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};

/**
 * What the tile of `item` opens, when it shows in the menu section `menuId` (main-menu or a
 * submenu's uniqueId). The item's key is its uniqueId, else its id; every path segment is
 * encoded. A url opens only when it is an http(s) address or a file this console stored.
 */
export function menuItemTarget(item: MenuTargetItem, menuId: string): MenuItemTarget {
  const type = typeof item.type === 'string' ? item.type : '';
  const uniqueId = text(item.uniqueId) ?? text(item.id);

  if (type === 'categorygrid') {
    // A submenu is the menu named by the item's uniqueId (server/menu/sections.ts): without one there is none.
    const section = text(item.uniqueId);
    return section ? { kind: 'section', href: hrefs.home({ [SECTION_PARAM]: section }) } : NO_TARGET;
  }
  if (has(FIXED_SCREENS, type)) return { kind: 'screen', href: FIXED_SCREENS[type] };
  if (URL_TYPES.has(type)) {
    const url = text(item.url);
    return url && (isHttpUrl(url) || isStoredFilePath(url)) ? { kind: 'external', href: url } : NO_TARGET;
  }
  if (type === 'business-detail') {
    // The business detail's record: the item's dbContext when it names one, else its uniqueId.
    const record = text(item.dbContext) ?? uniqueId;
    return record ? { kind: 'screen', href: hrefs.businessDetail(record) } : NO_TARGET;
  }
  if (!uniqueId) return NO_TARGET;
  if (isListMenuType(type) || type === 'events') return { kind: 'list', href: hrefs.list(menuId, uniqueId) };
  if (has(RECORD_SCREENS, type)) return { kind: 'screen', href: RECORD_SCREENS[type](uniqueId) };
  return NO_TARGET;
}
