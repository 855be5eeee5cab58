/**
 * The type of designs (marketing assets, flyers): the eight font families the designers offer
 * (spec 02 §9) and the open-licence files drawn for each (docs/decisions/036). Both the browser
 * (@font-face from /fonts/design, `designFontFaceCss`) and the server's renderer
 * (GlobalFonts, server/render/fonts.ts) draw with these same files under the same names, so a
 * line of text measures and wraps the same on both sides. The files and their licences are in
 * public/fonts/design. Isomorphic and pure.
 */

export const DESIGN_FONT_FAMILIES = [
  'Arial',
  'Verdana',
  'Tahoma',
  'Trebuchet MS',
  'Times New Roman',
  'Courier New',
  'Georgia',
  'Comic Sans MS',
] as const;

export type DesignFontFamily = (typeof DESIGN_FONT_FAMILIES)[number];
export type DesignFontWeight = 'normal' | 'bold';

export interface DesignFontFiles {
  /** The substitute drawn for the family, by its own name. */
  substitute: string;
  /** File names in public/fonts/design. */
  normal: string;
  bold: string;
  /** A generic family to fall back to for a character the file lacks. */
  generic: 'sans-serif' | 'serif' | 'monospace';
}

export const DESIGN_FONTS: Record<DesignFontFamily, DesignFontFiles> = {
  Arial: { substitute: 'Liberation Sans', normal: 'LiberationSans-Regular.ttf', bold: 'LiberationSans-Bold.ttf', generic: 'sans-serif' },
  Verdana: { substitute: 'DejaVu Sans', normal: 'DejaVuSans-Regular.ttf', bold: 'DejaVuSans-Bold.ttf', generic: 'sans-serif' },
  Tahoma: { substitute: 'Wine Tahoma', normal: 'WineTahoma-Regular.ttf', bold: 'WineTahoma-Bold.ttf', generic: 'sans-serif' },
  'Trebuchet MS': { substitute: 'Open Sans', normal: 'OpenSans-Regular.ttf', bold: 'OpenSans-Bold.ttf', generic: 'sans-serif' },
  'Times New Roman': {
    substitute: 'Liberation Serif',
    normal: 'LiberationSerif-Regular.ttf',
    bold: 'LiberationSerif-Bold.ttf',
    generic: 'serif',
  },
  'Courier New': {
    substitute: 'Liberation Mono',
    normal: 'LiberationMono-Regular.ttf',
    bold: 'LiberationMono-Bold.ttf',
    generic: 'monospace',
  },
  Georgia: { substitute: 'Gelasio', normal: 'Gelasio-Regular.ttf', bold: 'Gelasio-Bold.ttf', generic: 'serif' },
  'Comic Sans MS': { substitute: 'Comic Neue', normal: 'ComicNeue-Regular.otf', bold: 'ComicNeue-Bold.otf', generic: 'sans-serif' },
};

/** Where the browser loads the files from (public/fonts/design). */
export const DESIGN_FONTS_URL = '/fonts/design';

export const DEFAULT_DESIGN_FONT: DesignFontFamily = 'Arial';

export function isDesignFontFamily(value: unknown): value is DesignFontFamily {
  return typeof value === 'string' && (DESIGN_FONT_FAMILIES as readonly string[]).includes(value);
}

/**
 * The name a family is registered under on both sides: never the system's own Arial or
 * Georgia, which the browser would otherwise pick over the shipped file.
 */
export const designFontName = (family: DesignFontFamily): string => `Design ${family}`;

/** A canvas `font` value: weight, size in px, the registered family and its generic fallback. */
export function canvasFont(family: DesignFontFamily, size: number, weight: DesignFontWeight = 'normal', italic = false): string {
  return `${italic ? 'italic ' : ''}${weight === 'bold' ? 'bold' : 'normal'} ${size}px "${designFontName(family)}", ${DESIGN_FONTS[family].generic}`;
}

/** The @font-face rules of the eight families, two weights each. */
export function designFontFaceCss(baseUrl: string = DESIGN_FONTS_URL): string {
  return DESIGN_FONT_FAMILIES.flatMap((family) =>
    (['normal', 'bold'] as const).map((weight) => {
      const file = DESIGN_FONTS[family][weight];
      const format = file.endsWith('.otf') ? 'opentype' : 'truetype';
      return `@font-face{font-family:"${designFontName(family)}";src:url("${baseUrl}/${file}") format("${format}");font-weight:${weight === 'bold' ? 700 : 400};font-style:normal;font-display:block}`;
    }),
  ).join('\n');
}
