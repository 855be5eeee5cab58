/**
 * Icon colours (spec 01 §4.4, spec 03 §3 "Static tables" and §9 "Contrast threshold 3 for random
 * icon colours"). The palette random icon colours are drawn from, the WCAG contrast ratio, and
 * the rule that picks a glyph (shape) colour and a background colour that read against each
 * other. Deterministic given a random source, so tests and previews are repeatable.
 */

/** Spec 03 §9: random icon colours must contrast at least this much (WCAG ratio). */
export const RANDOM_ICON_CONTRAST_THRESHOLD = 3;

/** Spec 01 §4.4: the sample colours of the random-colour preview. */
export const PREVIEW_SAMPLE_SHAPE_COLOR = '#173972';
export const PREVIEW_SAMPLE_BACKGROUND_COLOR = '#8F8F10';

/** Spec 01 §3.1 / spec 03 §9: default icon background; the glyph falls back to the default primary. */
export const DEFAULT_ICON_BACKGROUND_COLOR = '#FFFFFF';
export const DEFAULT_ICON_SHAPE_COLOR = '#183449';

/** The palette random icon colours are drawn from (about 100 colours, '#RRGGBB'). */
export const ICON_COLOR_PALETTE: readonly string[] = [
  // Reds, pinks, purples
  '#E57373',
  '#F44336',
  '#D32F2F',
  '#B71C1C',
  '#F06292',
  '#E91E63',
  '#C2185B',
  '#880E4F',
  '#BA68C8',
  '#9C27B0',
  '#7B1FA2',
  '#4A148C',
  '#9575CD',
  '#673AB7',
  '#512DA8',
  '#311B92',
  // Blues
  '#7986CB',
  '#3F51B5',
  '#303F9F',
  '#1A237E',
  '#64B5F6',
  '#2196F3',
  '#1976D2',
  '#0D47A1',
  '#4FC3F7',
  '#03A9F4',
  '#0288D1',
  '#01579B',
  '#4DD0E1',
  '#00BCD4',
  '#0097A7',
  '#006064',
  // Greens
  '#4DB6AC',
  '#009688',
  '#00796B',
  '#004D40',
  '#81C784',
  '#4CAF50',
  '#388E3C',
  '#1B5E20',
  '#AED581',
  '#8BC34A',
  '#689F38',
  '#33691E',
  '#DCE775',
  '#CDDC39',
  '#AFB42B',
  '#827717',
  // Yellows, oranges
  '#FFF176',
  '#FFEB3B',
  '#FBC02D',
  '#F57F17',
  '#FFD54F',
  '#FFC107',
  '#FFA000',
  '#FF6F00',
  '#FFB74D',
  '#FF9800',
  '#F57C00',
  '#E65100',
  '#FF8A65',
  '#FF5722',
  '#E64A19',
  '#BF360C',
  // Browns and greys
  '#A1887F',
  '#795548',
  '#5D4037',
  '#3E2723',
  '#E0E0E0',
  '#9E9E9E',
  '#616161',
  '#212121',
  '#90A4AE',
  '#607D8B',
  '#455A64',
  '#263238',
  // The product's own colours
  '#FFFFFF',
  '#000000',
  '#173972',
  '#8F8F10',
  '#1DA9F3',
  '#183449',
  '#014364',
  '#838383',
  '#2E6B4F',
  '#B5472A',
  // Outdoor tones
  '#556B2F',
  '#8B4513',
  '#2F4F4F',
  '#D2691E',
  '#CD853F',
  '#228B22',
  '#006400',
  '#800000',
  '#808000',
  '#000080',
  '#4682B4',
  '#5F9EA0',
  '#B8860B',
  '#A0522D',
  '#6B8E23',
  '#708090',
  '#C0C0C0',
  '#F5F5DC',
  '#FAEBD7',
  '#FFF8DC',
];

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** '#RRGGBB' for a hex colour ('#abc', 'abc', '#aabbcc'), else null. */
export function normalizeHex(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = HEX.exec(value.trim());
  if (!match?.[1]) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  return `#${digits.toUpperCase()}`;
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a hex colour. */
export function relativeLuminance(color: string): number {
  const hex = normalizeHex(color);
  if (!hex) throw new Error(`Not a hex colour: ${color}`);
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** WCAG contrast ratio of two hex colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** A random source returning numbers in [0, 1), like Math.random. */
export type Rng = () => number;

/** A small seeded random source (mulberry32), for repeatable colours. */
export function seededRng(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface IconColors {
  /** The glyph colour. */
  colorIconShape: string;
  /** The shape's fill. */
  colorIconBackground: string;
}

export interface RandomIconColorOptions {
  /** The community's colorIconShapeRandom: pick the glyph colour. */
  randomShape: boolean;
  /** The community's colorIconBackgroundRandom: pick the background colour. */
  randomBackground: boolean;
  /** The community's own colours, kept where not random. */
  base: Partial<IconColors>;
  palette?: readonly string[];
  threshold?: number;
}

const pick = <T>(items: readonly T[], rng: Rng): T => items[Math.min(items.length - 1, Math.floor(rng() * items.length))] as T;

/**
 * Colours for one icon ('Generate New Color(s)', spec 01 §4.4). The random side(s) come from
 * the palette so that glyph and background contrast at least 3; a fixed side keeps the
 * community's colour. When no palette colour reaches the threshold against a fixed colour, the
 * best-contrasting one is used.
 */
export function randomIconColors(rngOrSeed: Rng | number, options: RandomIconColorOptions): IconColors {
  const rng = typeof rngOrSeed === 'number' ? seededRng(rngOrSeed) : rngOrSeed;
  const palette = (options.palette ?? ICON_COLOR_PALETTE).map(normalizeHex).filter((c): c is string => c !== null);
  const threshold = options.threshold ?? RANDOM_ICON_CONTRAST_THRESHOLD;
  const shape = normalizeHex(options.base.colorIconShape) ?? DEFAULT_ICON_SHAPE_COLOR;
  const background = normalizeHex(options.base.colorIconBackground) ?? DEFAULT_ICON_BACKGROUND_COLOR;
  if (palette.length === 0 || (!options.randomShape && !options.randomBackground)) {
    return { colorIconShape: shape, colorIconBackground: background };
  }
  const against = (fixed: string): string => {
    const fits = palette.filter((c) => contrastRatio(c, fixed) >= threshold);
    if (fits.length > 0) return pick(fits, rng);
    return palette.reduce((best, c) => (contrastRatio(c, fixed) > contrastRatio(best, fixed) ? c : best));
  };
  if (options.randomShape && options.randomBackground) {
    const newBackground = pick(palette, rng);
    return { colorIconShape: against(newBackground), colorIconBackground: newBackground };
  }
  if (options.randomBackground) return { colorIconShape: shape, colorIconBackground: against(shape) };
  return { colorIconShape: against(background), colorIconBackground: background };
}
