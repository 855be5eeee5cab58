/**
 * Icon sets of a community (spec 01 §3.1, §4.4; spec 03 §3 "Icon data"). Isomorphic and pure.
 *
 * - The svg sets are drawn by the console: each puts the glyph on its own shape.
 * - The font sets (solid, regular, light, duotone, custom) are names only: their glyphs come
 *   from the icon font catalogue (faIcons / customIcons), not from this module.
 * - The legacy sets are converted, irreversibly, to the svg sets: handdrawn becomes svg_plain;
 *   otherwise a trailing _color is removed and the svg_ prefix added; the _color sets turn the
 *   community's random icon colours on.
 */

export const SVG_ICON_SETS = ['svg_round', 'svg_plain', 'svg_parks', 'svg_traditional', 'svg_vintage'] as const;
export type SvgIconSet = (typeof SVG_ICON_SETS)[number];

export const FONT_ICON_SETS = ['solid', 'regular', 'light', 'duotone', 'custom'] as const;
export type FontIconSet = (typeof FONT_ICON_SETS)[number];

export const LEGACY_ICON_SETS = ['handdrawn', 'parks', 'parks_color', 'round', 'round_color', 'traditional', 'vintage'] as const;
export type LegacyIconSet = (typeof LEGACY_ICON_SETS)[number];

/** The shapes an svg set draws its glyphs on (spec 03 §3). */
export const ICON_SHAPES = ['round', 'plain', 'parks', 'traditional', 'vintage'] as const;
export type IconShape = (typeof ICON_SHAPES)[number];

/** The Convert Icons modal (spec 01 §4.4). */
export const CONVERT_ICONS_TITLE = 'Convert Icons';
export const CONVERT_ICONS_TEXT =
  'We will convert your current icons to their closest match. Switching to new icons is irreversible. Do you want to continue?';

export const isSvgIconSet = (name: unknown): name is SvgIconSet =>
  typeof name === 'string' && (SVG_ICON_SETS as readonly string[]).includes(name);

export const isFontIconSet = (name: unknown): name is FontIconSet =>
  typeof name === 'string' && (FONT_ICON_SETS as readonly string[]).includes(name);

export const isLegacyIconSet = (name: unknown): name is LegacyIconSet =>
  typeof name === 'string' && (LEGACY_ICON_SETS as readonly string[]).includes(name);

export interface IconSetConversion {
  iconSet: SvgIconSet;
  /** The legacy set was a colour set (…_color): the community's random icon colours turn on. */
  randomColors: boolean;
}

/**
 * The svg set a legacy set converts to (spec 01 §4.4), or null for a name that is not a legacy
 * set (svg and font sets are not converted).
 */
export function convertLegacyIconSet(name: string): IconSetConversion | null {
  if (!isLegacyIconSet(name)) return null;
  if (name === 'handdrawn') return { iconSet: 'svg_plain', randomColors: false };
  const randomColors = name.endsWith('_color');
  const base = randomColors ? name.slice(0, -'_color'.length) : name;
  const iconSet = `svg_${base}`;
  if (!isSvgIconSet(iconSet)) return null;
  return { iconSet, randomColors };
}

/**
 * The shape an icon set draws on. Legacy sets draw like the set they convert to; font sets and
 * unknown names fall back to the default set's shape (round).
 */
export function iconShapeOf(iconSet: string | null | undefined): IconShape {
  const name = iconSet ?? '';
  const svg = isSvgIconSet(name) ? name : convertLegacyIconSet(name)?.iconSet;
  return svg ? (svg.slice('svg_'.length) as IconShape) : 'round';
}

/** What staff read for each icon set (never its stored id). */
const ICON_SET_NAMES: Readonly<Record<SvgIconSet | FontIconSet | LegacyIconSet, string>> = {
  svg_round: 'Round',
  svg_plain: 'Plain',
  svg_parks: 'Parks',
  svg_traditional: 'Traditional',
  svg_vintage: 'Vintage',
  solid: 'Solid',
  regular: 'Regular',
  light: 'Light',
  duotone: 'Duotone',
  custom: 'Custom',
  handdrawn: 'Hand-drawn (old style)',
  parks: 'Parks (old style)',
  parks_color: 'Parks in colour (old style)',
  round: 'Round (old style)',
  round_color: 'Round in colour (old style)',
  traditional: 'Traditional (old style)',
  vintage: 'Vintage (old style)',
};

/** The name of an icon set as staff read it: 'Parks in colour (old style)' for parks_color. */
export function iconSetName(iconSet: string): string {
  const known = (ICON_SET_NAMES as Readonly<Record<string, string>>)[iconSet];
  if (known) return known;
  const words = iconSet.replace(/^svg_/, '').replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Round';
}

/** Icon sets as select choices: the id is the value, the name the label. */
export const iconSetChoices = (ids: readonly string[]) => ids.map((id) => ({ value: id, label: iconSetName(id) }));
