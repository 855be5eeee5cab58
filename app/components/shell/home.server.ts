import { requireStaff } from '@server/authz';
import { sanitizeRichText } from '@server/html';
import { businessHome, isBusinessHome, type BusinessHome } from '~/lib/business-home';
import { headerView, slideIndex, type HeaderView } from '~/lib/header-info';
import { getServices } from '~/services.server';
import { DEFAULT_COLOR_BACKGROUND, normalizeHexColor } from './colors';
import { imageUrl, loadCommunityRecord } from './shell.server';

/** The main menu section (spec 01 §3.2: the default menu id). */
export const MAIN_MENU = 'main-menu';

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

export interface HomeData {
  communityKey: string;
  title: string;
  /** header-info/main-menu: the video or the carousel's images (spec 01 §2.6). */
  header: HeaderView;
  /** The slide the page opens on (`?slide=`, so the carousel works without JavaScript). */
  slide: number;
  menu: HomeMenuItem[];
  /** A business-only community's action buttons, shown instead of the menu grid. */
  business: BusinessHome | null;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** Array-like database lists come back as arrays, or as objects when they have gaps. */
function entries(value: unknown): Array<[string, unknown]> {
  if (Array.isArray(value)) return value.map((item, index) => [String(index), item]);
  if (isObject(value)) return Object.entries(value);
  return [];
}

/**
 * A stored svg icon as an image URL. It is shown through <img>, where an svg cannot run
 * scripts; `currentColor` becomes the icon's shape colour, as the app paints it.
 */
export function svgIconDataUri(svg: unknown, color: string): string | null {
  const source = text(svg);
  if (!source || !/^<svg[\s>]/i.test(source)) return null;
  let markup = source.replace(/currentColor/g, color);
  if (!/\sxmlns=/.test(markup.slice(0, markup.indexOf('>')))) markup = markup.replace(/^<svg/i, '<svg xmlns="http://www.w3.org/2000/svg"');
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
}

export function homeMenuItems(menu: unknown, community: Record<string, unknown>): HomeMenuItem[] {
  const communityShape = normalizeHexColor(community.colorIconShape) ?? '#FFFFFF';
  const communityBackground =
    normalizeHexColor(community.colorIconBackground) ?? normalizeHexColor(community.colorBackground) ?? DEFAULT_COLOR_BACKGROUND;
  const iconSet = text(community.iconSet) ?? '';
  return entries(menu).flatMap(([key, item]) => {
    if (!isObject(item)) return [];
    const iconData = isObject(item.iconData) ? item.iconData : {};
    const iconColor = normalizeHexColor(iconData.colorIconShape) ?? communityShape;
    const set = text(iconData.iconSet) ?? iconSet;
    return [
      {
        key: text(item.uniqueId) ?? text(item.id) ?? key,
        title: text(item.title) ?? text(item.name) ?? '',
        icon: svgIconDataUri(iconData.svg, iconColor),
        iconBackground: normalizeHexColor(iconData.colorIconBackground) ?? communityBackground,
        iconColor,
        iconShape: set.includes('round') ? 'round' : 'square',
      },
    ];
  });
}

/** The home screen of the current community: its header and its main menu (spec 01 §2.6). */
export async function loadHome(request: Request): Promise<HomeData> {
  const { community } = await requireStaff(request);
  const { db, paths } = await getServices();
  const [record, header, menu] = await Promise.all([
    loadCommunityRecord(community),
    db.ref(paths.headerInfo(community, MAIN_MENU)).get(),
    db.ref(paths.menu(community, MAIN_MENU)).get(),
  ]);
  const view = headerView(header.val(), imageUrl);

  return {
    communityKey: community,
    title: text(record.title) ?? text(record.name) ?? community,
    header: view,
    slide: slideIndex(new URL(request.url).searchParams.get('slide'), view.slides.length),
    menu: homeMenuItems(menu.val(), record),
    business: isBusinessHome(record, MAIN_MENU) ? businessHome(record, sanitizeRichText(record.htmlDescription)) : null,
  };
}
