import { requireStaff } from '@server/authz';
import { loadCommunityRecord } from '@server/community/record';
import { sanitizeRichText } from '@server/html';
import { currentSection } from '@server/menu/current-section';
import { readHomeMenu } from '@server/menu/home';
import { MAIN_MENU, type MenuSection } from '@server/menu/sections';
import { lockedItemCount, menuItems, menuOrderVersion } from '@server/menu/sort';
import { DEFAULT_COLOR_BACKGROUND, normalizeHexColor } from '~/components/shell/colors';
import { businessHome, isBusinessHome, type BusinessHome } from '~/lib/business-home';
import { headerView, slideIndex, type HeaderView } from '~/lib/header-info';
import { hrefs } from '~/lib/hrefs';
import { svgDataUri } from '~/lib/icons/render';
import { imageUrl } from '~/lib/image-url';
import { menuItemTarget, type MenuItemTarget } from '~/lib/menu-targets';
import { getServices } from '~/services.server';

/** The main menu section (spec 01 §3.2: the default menu id). */
export { MAIN_MENU } from '@server/menu/sections';

export interface HomeMenuItem {
  key: string;
  title: string;
  /** The icon as an image (svg data URI), or null when the item has no svg icon. */
  icon: string | null;
  iconBackground: string;
  iconColor: string;
  /** svg_round icon sets sit on a circle; the others on a rounded square. */
  iconShape: 'round' | 'square';
}

/** A tile of the home grid: a menu item, its index in the stored menu, what it opens and its editor's address. */
export interface HomeMenuTile extends HomeMenuItem {
  index: number;
  /** The item's content (app/lib/menu-targets.ts); with none the tile opens the editor. */
  target: MenuItemTarget;
  /** `/home/edit/{key}` (spec 01 route table: /home/:action/:itemId). */
  editHref: string;
}

/** The editor's address of a menu item. */
export const menuItemEditHref = (key: string) => hrefs.homeItemEdit(key);

/** Sort mode of the main menu (spec 01 §2.6, §4.3): /sort-button, /sort-submit, /sort-alpha. */
export interface HomeSort {
  /** The grid is sortable (drag and drop, or Move up / Move down without JavaScript). */
  active: boolean;
  /** /sort-alpha: the 'Sort Alphabetically' confirmation shows over the grid. */
  confirmAlpha: boolean;
  /** Leading items this person may not move (spec 01 §6): 0, or 6. */
  locked: number;
  /** The version of the stored order (server/menu/sort.ts menuOrderVersion), which Save compares. */
  version: string;
}

export interface HomeData {
  communityKey: string;
  title: string;
  /** header-info/main-menu: the video or the carousel's images (spec 01 §2.6). */
  header: HeaderView;
  /** The slide the page opens on (`?slide=`, so the carousel works without JavaScript). */
  slide: number;
  menu: HomeMenuTile[];
  /** The menu section shown (spec 01 §2.6; remembered, main-menu by default) and the others. */
  section: MenuSection;
  sections: MenuSection[];
  /** A business-only community's action buttons, shown instead of the menu grid. */
  business: BusinessHome | null;
  sort: HomeSort;
}

const SORT_PAGES = new Set((['sort-button', 'sort-submit', 'sort-alpha'] as const).map((action) => hrefs.homeAction(action)));

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/**
 * A stored svg icon as an image URL. It is shown through <img>, where an svg cannot run
 * scripts; `currentColor` becomes the icon's shape colour, as the app paints it.
 */
export function svgIconDataUri(svg: unknown, color: string): string | null {
  const source = text(svg);
  if (!source || !/^<svg[\s>]/i.test(source)) return null;
  let markup = source.replace(/currentColor/g, color);
  if (!/\sxmlns=/.test(markup.slice(0, markup.indexOf('>')))) markup = markup.replace(/^<svg/i, '<svg xmlns="http://www.w3.org/2000/svg"');
  return svgDataUri(markup);
}

export function homeMenuItems(menu: unknown, community: Record<string, unknown>): HomeMenuItem[] {
  return homeMenuTiles(menu, community, MAIN_MENU).map(({ index: _index, target: _target, editHref: _editHref, ...item }) => item);
}

/**
 * The items of the menu section `menuId` as home tiles; keys as sorting uses them
 * (server/menu/sort.ts), targets as the section shows them.
 */
export function homeMenuTiles(menu: unknown, community: Record<string, unknown>, menuId: string): HomeMenuTile[] {
  const communityShape = normalizeHexColor(community.colorIconShape) ?? '#FFFFFF';
  const communityBackground =
    normalizeHexColor(community.colorIconBackground) ?? normalizeHexColor(community.colorBackground) ?? DEFAULT_COLOR_BACKGROUND;
  const iconSet = text(community.iconSet) ?? '';
  return menuItems(menu).map(({ key, index, value: item }) => {
    const iconData = isObject(item.iconData) ? item.iconData : {};
    const iconColor = normalizeHexColor(iconData.colorIconShape) ?? communityShape;
    const set = text(iconData.iconSet) ?? iconSet;
    return {
      key,
      title: text(item.title) ?? text(item.name) ?? '',
      icon: svgIconDataUri(iconData.svg, iconColor),
      iconBackground: normalizeHexColor(iconData.colorIconBackground) ?? communityBackground,
      iconColor,
      iconShape: set.includes('round') ? 'round' : 'square',
      index,
      target: menuItemTarget(item, menuId),
      editHref: menuItemEditHref(key),
    } satisfies HomeMenuTile;
  });
}

/** The home screen of the current community: its header and the chosen menu section (spec 01 §2.6). */
export async function loadHome(request: Request): Promise<HomeData> {
  const { community, access } = await requireStaff(request);
  const services = await getServices();
  const { section, sections } = await currentSection(request, community);
  const [record, stored] = await Promise.all([
    loadCommunityRecord(services, community, request),
    readHomeMenu(services, community, section.id),
  ]);
  const view = headerView(stored.header, imageUrl);
  const url = new URL(request.url);
  const business = isBusinessHome(record, section.id) ? businessHome(record, sanitizeRichText(record.htmlDescription)) : null;
  const sorting = !business && SORT_PAGES.has(url.pathname);

  return {
    communityKey: community,
    title: text(record.title) ?? text(record.name) ?? community,
    header: view,
    slide: slideIndex(url.searchParams.get('slide'), view.slides.length),
    menu: homeMenuTiles(stored.menu, record, section.id),
    section,
    sections,
    business,
    sort: {
      active: sorting,
      confirmAlpha: sorting && url.pathname === hrefs.homeAction('sort-alpha'),
      locked: lockedItemCount(record, access.isResortSystem, section.id),
      version: menuOrderVersion(menuItems(stored.menu)),
    },
  };
}
