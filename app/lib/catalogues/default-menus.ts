/**
 * The main menu a new community starts with, per community kind (spec 03 §9 "Default menus for
 * community kinds"; spec 01 §3.1 community types resort, municipality, school), in the stored
 * main-menu shape (spec 03 §9 "main-menu item": id, name, icon, iconData, type, url, uniqueId;
 * plus tabs). Icons are drawn in the community's icon set and colours, or in random colours
 * when the community has random icon colours on. Isomorphic and pure.
 */
import { normalizeHex, randomIconColors, type IconColors, type Rng } from '~/lib/icons/colors';
import { menuIconOrDefault } from '~/lib/icons/library';

export const COMMUNITY_KINDS = ['resort', 'municipality', 'school'] as const;
export type CommunityKind = (typeof COMMUNITY_KINDS)[number];
/** Spec 01 §3.1, §9: the default community type. */
export const DEFAULT_COMMUNITY_KIND: CommunityKind = 'resort';

export interface MenuTab {
  id: string;
  title: string;
}

export interface StoredIconData {
  iconSet: string;
  /** The library icon name. */
  title: string;
  /** The glyph svg, in currentColor. */
  svg: string;
  colorIconShape: string;
  colorIconBackground: string;
}

export interface StoredMenuItem {
  id: string;
  name: string;
  icon: string;
  iconData: StoredIconData;
  type: string;
  url: string;
  uniqueId: string;
  tabs?: MenuTab[];
}

export interface DefaultMenuCommunity {
  /** The community's icon set (svg_round …). */
  iconSet: string;
  colorIconShape?: string | null;
  colorIconBackground?: string | null;
  colorIconShapeRandom?: boolean;
  colorIconBackgroundRandom?: boolean;
}

interface Template {
  id: string;
  name: string;
  type: string;
  icon: string;
  tabs?: MenuTab[];
}

const tabs = (...titles: string[]): MenuTab[] => titles.map((title) => ({ id: title.toLowerCase(), title }));

const RECREATION: Template = { id: 'recreation', name: 'Recreation', type: 'recreation', icon: 'tent', tabs: tabs('Resort', 'Local') };
const SERVICES: Template = { id: 'services', name: 'Services', type: 'services', icon: 'wrench', tabs: tabs('Resort', 'Local') };

/** The items of a kind's default menu, in order. Resorts get Recreation, towns and schools Services. */
function templates(kind: CommunityKind): Template[] {
  return [
    { id: 'activities', name: 'Activities', type: 'amc-events', icon: 'calendar' },
    { id: 'reservations', name: 'Reservations', type: 'reservations', icon: 'bed', tabs: tabs('Lodging', 'Miscellaneous') },
    { id: 'explore', name: 'Explore', type: 'hunts', icon: 'compass' },
    { id: 'messages', name: 'Messages', type: 'messages', icon: 'chat' },
    kind === 'resort' ? RECREATION : SERVICES,
    { id: 'dining', name: 'Dining', type: 'dining', icon: 'dining', tabs: tabs('Resort', 'Delivery', 'Local') },
    { id: 'maps', name: 'Maps', type: 'maps', icon: 'map' },
    { id: 'regulations', name: 'Regulations', type: 'regulations', icon: 'book' },
    { id: 'contacts', name: 'Contacts', type: 'contacts', icon: 'phone', tabs: tabs('Offices', 'Emergency') },
    { id: 'faqs', name: 'FAQs', type: 'faqs', icon: 'question' },
    { id: 'visitor-registration', name: 'Visitor Registration', type: 'form', icon: 'clipboard' },
    { id: 'report-an-issue', name: 'Report an Issue', type: 'form', icon: 'warning' },
    { id: 'feedback', name: 'Feedback', type: 'form', icon: 'star' },
  ];
}

/**
 * The iconData of a library icon for a community: the glyph svg, the icon set and the colours
 * (unknown names give update_app, the default menu icon).
 */
export function iconDataFor(iconName: string, iconSet: string, colors: IconColors): StoredIconData {
  const icon = menuIconOrDefault(iconName);
  return {
    iconSet,
    title: icon.name,
    svg: icon.svg,
    colorIconShape: colors.colorIconShape,
    colorIconBackground: colors.colorIconBackground,
  };
}

export const isCommunityKind = (value: unknown): value is CommunityKind =>
  typeof value === 'string' && (COMMUNITY_KINDS as readonly string[]).includes(value);

/**
 * The default main menu of a community kind (unknown kinds get the resort menu). With random
 * icon colours on, each item gets its own colours from `rng` (Math.random unless given).
 */
export function defaultMainMenu(kind: string, community: DefaultMenuCommunity, rng: Rng = Math.random): StoredMenuItem[] {
  const base: IconColors = {
    colorIconShape: normalizeHex(community.colorIconShape) ?? '#FFFFFF',
    colorIconBackground: normalizeHex(community.colorIconBackground) ?? '#1DA9F3',
  };
  const randomShape = community.colorIconShapeRandom === true;
  const randomBackground = community.colorIconBackgroundRandom === true;
  return templates(isCommunityKind(kind) ? kind : DEFAULT_COMMUNITY_KIND).map((template) => {
    const colors = randomShape || randomBackground ? randomIconColors(rng, { randomShape, randomBackground, base }) : base;
    const iconData = iconDataFor(template.icon, community.iconSet, colors);
    return {
      id: template.id,
      name: template.name,
      icon: iconData.title,
      iconData,
      type: template.type,
      url: '',
      uniqueId: template.id,
      ...(template.tabs ? { tabs: template.tabs.map((tab) => ({ ...tab })) } : {}),
    };
  });
}
