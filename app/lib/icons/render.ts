/**
 * Drawing a menu icon: the glyph on its set's shape, in the community's colours (spec 01 §3.1
 * icon sets, §3.2 iconData; spec 03 §3 icon shapes). colorIconShape paints the glyph and
 * colorIconBackground fills the shape. The result is one self-contained, sanitized svg string,
 * the same on the server and in the browser.
 *
 * Shapes on a 100×100 canvas:
 * - round: a filled circle;
 * - plain: no shape, the glyph alone, larger, in the shape (glyph) colour;
 * - parks: a park-sign shield with an arrowhead point;
 * - traditional: a rounded square;
 * - vintage: a filled badge with a double ring in the glyph colour.
 */
import { DEFAULT_ICON_BACKGROUND_COLOR, DEFAULT_ICON_SHAPE_COLOR, normalizeHex } from './colors';
import { iconShapeOf, type IconShape } from './icon-sets';
import { getMenuIcon, menuIconOrDefault } from './library';
import { escapeAttribute, sanitizeSvg } from './sanitize';

export interface RenderMenuIconOptions {
  /** The community's (or the item's) icon set; legacy and font sets draw like their svg shape. */
  iconSet?: string | null;
  /** An svg string (iconData.svg) or a library icon name; unknown names draw update_app. */
  glyph: string;
  /** The glyph colour. */
  colorIconShape?: string | null;
  /** The shape's fill. */
  colorIconBackground?: string | null;
  /** Width and height in px; 48 by default. */
  size?: number;
  /** Accessible name; with it the svg is role="img" with a <title>, without it aria-hidden. */
  title?: string;
}

interface ShapeDrawing {
  /** The shape markup; SHAPE and GLYPH stand for the colours. */
  shape: string;
  /** The glyph's box: x, y, size. */
  glyphBox: [number, number, number];
}

const SHAPES: Record<IconShape, ShapeDrawing> = {
  round: { shape: '<circle cx="50" cy="50" r="48" fill="BACKGROUND"/>', glyphBox: [22, 22, 56] },
  plain: { shape: '', glyphBox: [8, 8, 84] },
  parks: {
    shape: '<path d="M14 4h72a10 10 0 0 1 10 10v40c0 18-20 32-46 44C24 86 4 72 4 54V14A10 10 0 0 1 14 4z" fill="BACKGROUND"/>',
    glyphBox: [25, 18, 50],
  },
  traditional: { shape: '<rect x="2" y="2" width="96" height="96" rx="20" fill="BACKGROUND"/>', glyphBox: [20, 20, 60] },
  vintage: {
    shape:
      '<circle cx="50" cy="50" r="48" fill="BACKGROUND"/><circle cx="50" cy="50" r="43" fill="none" stroke="SHAPE" stroke-width="3"/><circle cx="50" cy="50" r="37" fill="none" stroke="SHAPE" stroke-width="1.5"/>',
    glyphBox: [27, 27, 46],
  },
};

/** The root attributes of a glyph svg that may travel onto the nested svg. */
const KEPT_ROOT_ATTRIBUTES =
  /\s(viewBox|preserveAspectRatio|fill|fill-rule|clip-rule|stroke|stroke-width|stroke-linecap|stroke-linejoin|stroke-miterlimit|opacity|style)="[^"]*"/g;

/** The glyph's sanitized svg (from markup or a library name). */
export function resolveGlyph(glyph: string): string {
  const trimmed = glyph.trim();
  if (trimmed.startsWith('<')) {
    const clean = sanitizeSvg(trimmed);
    if (clean !== '') return clean;
  }
  return (getMenuIcon(trimmed) ?? menuIconOrDefault(null)).svg;
}

function nestedGlyph(svg: string, [x, y, size]: [number, number, number], color: string): string {
  const open = /^<svg\b([^>]*?)(\/?)>/.exec(svg);
  if (!open) return '';
  const kept = [...(open[1] ?? '').matchAll(KEPT_ROOT_ATTRIBUTES)].map(([attribute]) => attribute).join('');
  const viewBox = /\sviewBox="/.test(kept)
    ? ''
    : (() => {
        const w = /\swidth="([\d.]+)"/.exec(open[1] ?? '')?.[1] ?? '24';
        const h = /\sheight="([\d.]+)"/.exec(open[1] ?? '')?.[1] ?? '24';
        return ` viewBox="0 0 ${w} ${h}"`;
      })();
  const inner = open[2] ? '' : svg.slice(open[0].length, svg.lastIndexOf('</svg>'));
  return `<svg x="${x}" y="${y}" width="${size}" height="${size}" color="${color}"${viewBox}${kept}>${inner}</svg>`;
}

/** A menu icon as one self-contained, sanitized svg string. */
export function renderMenuIcon(options: RenderMenuIconOptions): string {
  const shape = iconShapeOf(options.iconSet);
  const glyphColor = normalizeHex(options.colorIconShape) ?? DEFAULT_ICON_SHAPE_COLOR;
  const background = normalizeHex(options.colorIconBackground) ?? DEFAULT_ICON_BACKGROUND_COLOR;
  const size = Number.isFinite(options.size) && (options.size ?? 0) > 0 ? Math.round(options.size as number) : 48;
  const drawing = SHAPES[shape];
  const title = options.title?.trim();
  const a11y = title ? ` role="img" aria-label="${escapeAttribute(title)}"` : ' aria-hidden="true"';
  const titleElement = title ? `<title>${escapeAttribute(title)}</title>` : '';
  const markup =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="${size}" height="${size}" data-icon-shape="${shape}"${a11y}>` +
    titleElement +
    drawing.shape.replace(/BACKGROUND/g, background).replace(/SHAPE/g, glyphColor) +
    nestedGlyph(resolveGlyph(options.glyph), drawing.glyphBox, glyphColor) +
    '</svg>';
  return markup;
}

/** An svg string as an image address (<img src>, where an svg cannot run scripts). */
export const svgDataUri = (svg: string): string => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
