import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import fontkit from '@pdf-lib/fontkit';
import {
  PDFDocument,
  clip,
  endPath,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  degrees,
  type PDFFont,
  type PDFImage,
  type PDFPage,
} from 'pdf-lib';
import { designFontsDirectory, registerDesignFonts } from '@server/render/fonts';
import {
  DESIGN_FONTS,
  applyCase,
  canvasFont,
  elementBox,
  flyerSize,
  placeImage,
  wrapText,
  type DesignFontFamily,
  type Flyer,
  type FlyerShadow,
} from '~/lib/design';

/**
 * The flyer's print PDF (beyond spec 02; docs/decisions/037), made in a thread of the worker
 * pool: the same flyer as the PNG, as vector text in the designer's fonts (embedded as subsets),
 * on a page of the paper's size at 612 pt per 1024 px (a letter flyer is 8.5 × 11 in) with a
 * 0.125 in bleed: the background (or the white margins) runs into the bleed, TrimBox and
 * BleedBox say where to cut. PDF has no blur: a shadow with blur is drawn as a picture of the
 * shadow alone (at SHADOW_PX_SCALE device pixels per design pixel, the canvas's own blur, as the
 * PNG draws it) under the vector text or box; one without blur stays vector. Italic is the
 * upright face slanted by ITALIC_DEGREES, as the canvas preview and the PNG draw it (the design
 * fonts have no italic faces).
 */

/** Points per design pixel: 1024 px are 8.5 in. */
export const PT_PER_PX = 612 / 1024;
/** 0.125 in. */
export const BLEED_PT = 9;
const LINE_HEIGHT = 1.25;
const TEXT_PADDING = 10;
const ITALIC_DEGREES = 12;
/** Device pixels per design pixel of a blurred shadow's picture (a flyer is 120 design px per inch: 240 dpi). */
const SHADOW_PX_SCALE = 2;
/** Shapes are drawn this far left of a shadow's picture, so only their shadows fall in it. */
const OFF_CANVAS = 100_000;

type Rect = { x: number; y: number; width: number; height: number };

/**
 * The picture of a blurred shadow alone: `region` (design px) at SHADOW_PX_SCALE, `shape` drawn
 * off the canvas (its device coordinates given relative to the region, less OFF_CANVAS on x) so
 * that only its shadow, offset back into the picture, lands there.
 */
async function shadowPicture(
  document: PDFDocument,
  region: Rect,
  shadow: FlyerShadow,
  /** The shape's own colour: the canvas multiplies the shadow's alpha by the fill's, as the PNG's drawing does. */
  fill: string,
  shape: (ctx: SKRSContext2D, k: number) => void,
): Promise<PDFImage | null> {
  const k = SHADOW_PX_SCALE;
  const width = Math.ceil(region.width * k);
  const height = Math.ceil(region.height * k);
  if (width <= 0 || height <= 0 || width * height > 40_000_000) return null;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.shadowColor = shadow.color;
  ctx.shadowBlur = shadow.blur * k;
  ctx.shadowOffsetX = OFF_CANVAS + shadow.distance * k;
  ctx.shadowOffsetY = shadow.distance * k;
  ctx.fillStyle = fill;
  shape(ctx, k);
  return document.embedPng(await canvas.encode('png'));
}

/** A region around `box` wide enough for its shadow's offset and blur (and an italic's overhang). */
function shadowRegion(box: Rect, shadow: FlyerShadow, extra = 0): Rect {
  const margin = Math.abs(shadow.distance) + 2 * shadow.blur + extra + 2;
  return { x: box.x - margin, y: box.y - margin, width: box.width + 2 * margin, height: box.height + 2 * margin };
}

export interface FlyerPdfInput {
  flyer: Flyer;
  /** The background image's bytes (PNG or JPEG), or null. */
  background: Uint8Array | null;
}

function parseColor(value: string): { color: ReturnType<typeof rgb>; opacity: number } {
  const hex = /^#([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(value);
  if (!hex?.[1]) return { color: rgb(0, 0, 0), opacity: 1 };
  const n = Number.parseInt(hex[1], 16);
  return {
    color: rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255),
    opacity: hex[2] ? Number.parseInt(hex[2], 16) / 255 : 1,
  };
}

async function embedImage(document: PDFDocument, bytes: Uint8Array): Promise<PDFImage | null> {
  try {
    if (bytes[0] === 0x89 && bytes[1] === 0x50) return await document.embedPng(bytes);
    if (bytes[0] === 0xff && bytes[1] === 0xd8) return await document.embedJpg(bytes);
  } catch {
    return null;
  }
  return null;
}

/** An SVG path of a rectangle with rounded corners (pdf-lib's y grows downward in SVG paths from the given origin). */
function roundedPath(width: number, height: number, radius: number): string {
  const r = Math.max(0, Math.min(radius, width / 2, height / 2));
  return `M ${r} 0 H ${width - r} Q ${width} 0 ${width} ${r} V ${height - r} Q ${width} ${height} ${width - r} ${height} H ${r} Q 0 ${height} 0 ${height - r} V ${r} Q 0 0 ${r} 0 Z`;
}

export async function renderFlyerPdfNow({ flyer, background }: FlyerPdfInput): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.registerFontkit(fontkit);
  document.setTitle(`${flyer.title || 'Untitled'} flyer`);
  document.setCreator('App Admin flyer designer');
  const size = flyerSize(flyer);
  const trim = { width: size.width * PT_PER_PX, height: size.height * PT_PER_PX };
  const page = document.addPage([trim.width + 2 * BLEED_PT, trim.height + 2 * BLEED_PT]);
  page.setTrimBox(BLEED_PT, BLEED_PT, trim.width, trim.height);
  page.setBleedBox(0, 0, trim.width + 2 * BLEED_PT, trim.height + 2 * BLEED_PT);
  const pageHeight = trim.height + 2 * BLEED_PT;
  // Design pixels (origin top-left of the trimmed flyer) to PDF points (origin bottom-left of the page).
  const X = (px: number) => BLEED_PT + px * PT_PER_PX;
  const Y = (px: number) => pageHeight - BLEED_PT - px * PT_PER_PX;
  const S = (px: number) => px * PT_PER_PX;

  const hasMargins = flyer.margins.width > 0 || flyer.margins.height > 0;
  // The paper, running into the bleed when it has no margins.
  const paper = hasMargins
    ? { x: flyer.margins.width, y: flyer.margins.height, width: flyer.paper.width, height: flyer.paper.height, bleed: 0 }
    : { x: 0, y: 0, width: flyer.paper.width, height: flyer.paper.height, bleed: BLEED_PT / PT_PER_PX };
  const area = {
    x: paper.x - paper.bleed,
    y: paper.y - paper.bleed,
    width: paper.width + 2 * paper.bleed,
    height: paper.height + 2 * paper.bleed,
  };
  page.drawRectangle({ x: 0, y: 0, width: page.getWidth(), height: page.getHeight(), color: rgb(1, 1, 1) });
  page.drawRectangle({
    x: X(area.x),
    y: Y(area.y + area.height),
    width: S(area.width),
    height: S(area.height),
    color: parseColor('#1f2933').color,
  });
  const image = background ? await embedImage(document, background) : null;
  if (image) {
    const p = placeImage(
      { ...area, fit: 'cover', focusX: flyer.paper.offsetX / 100, focusY: flyer.paper.offsetY / 100 },
      { width: image.width, height: image.height },
    );
    // The whole image scaled as the crop asks, clipped to the area.
    const scaleX = p.dw / p.sw;
    const scaleY = p.dh / p.sh;
    const left = p.dx - p.sx * scaleX;
    const top = p.dy - p.sy * scaleY;
    page.pushOperators(
      pushGraphicsState(),
      rectangle(X(area.x), Y(area.y + area.height), S(area.width), S(area.height)),
      clip(),
      endPath(),
    );
    page.drawImage(image, {
      x: X(left),
      y: Y(top + image.height * scaleY),
      width: S(image.width * scaleX),
      height: S(image.height * scaleY),
    });
    page.pushOperators(popGraphicsState());
  }
  if (flyer.tint.opacity > 0)
    page.drawRectangle({
      x: X(area.x),
      y: Y(area.y + area.height),
      width: S(area.width),
      height: S(area.height),
      color: flyer.tint.whiteBlack === 'white' ? rgb(1, 1, 1) : rgb(0, 0, 0),
      opacity: Math.min(1, flyer.tint.opacity),
    });

  const fonts = new Map<string, PDFFont>();
  const directory = designFontsDirectory();
  const fontOf = async (family: DesignFontFamily, bold: boolean) => {
    const file = DESIGN_FONTS[family][bold ? 'bold' : 'normal'];
    let font = fonts.get(file);
    if (!font) {
      // fontkit's subsets of CFF (OpenType) fonts do not load in every reader: those are embedded whole.
      font = await document.embedFont(new Uint8Array(await readFile(join(directory, file))), { subset: !file.endsWith('.otf') });
      fonts.set(file, font);
    }
    return font;
  };

  for (const element of flyer.elements) {
    if (!element.visible) continue;
    const box = elementBox(flyer, element);
    await drawBox(document, page, element.box, box, { X, Y, S });
    if (element.type === 'image') {
      const comma = element.src.indexOf(',');
      if (comma < 0) continue;
      const embedded = await embedImage(document, Uint8Array.from(Buffer.from(element.src.slice(comma + 1), 'base64')));
      if (!embedded) continue;
      const p = placeImage({ ...box, fit: 'contain' }, { width: embedded.width, height: embedded.height });
      page.drawImage(embedded, { x: X(p.dx), y: Y(p.dy + p.dh), width: S(p.dw), height: S(p.dh) });
      continue;
    }
    const { style } = element;
    const font = await fontOf(style.family, style.bold);
    const sizePx = style.size;
    const maxWidth = Math.max(1, box.width - 2 * TEXT_PADDING);
    const safe = applyCase(element.text, style.transform)
      .split('')
      .map((character) => (character === '\n' || font.getCharacterSet().includes(character.codePointAt(0) ?? 0) ? character : '?'))
      .join('');
    const measure = (text: string) => font.widthOfTextAtSize(text, sizePx);
    const lines = wrapText(safe, maxWidth, 60, measure);
    const step = sizePx * LINE_HEIGHT;
    const height = Math.max(0, box.height - 2 * TEXT_PADDING);
    const top0 = box.y + TEXT_PADDING + Math.max(0, (height - lines.length * step) / 2) + (step - sizePx) / 2;
    const ascent = font.heightAtSize(sizePx, { descender: false });
    const textColor = parseColor(style.color);
    const shadowColor = parseColor(style.shadow.color);
    const skew = style.italic ? degrees(ITALIC_DEGREES) : degrees(0);
    const placed = lines.map((line, index) => {
      const width = measure(line);
      const left =
        style.align === 'right'
          ? box.x + TEXT_PADDING + maxWidth - width
          : style.align === 'center'
            ? box.x + TEXT_PADDING + (maxWidth - width) / 2
            : box.x + TEXT_PADDING;
      // The canvas draws from the em box's top; the PDF from the baseline.
      return { line, left, baseline: top0 + index * step + ascent };
    });
    const blurred = style.shadow.enable && style.shadow.blur > 0 && shadowColor.opacity > 0;
    if (blurred) {
      registerDesignFonts();
      const region = shadowRegion(box, style.shadow, sizePx);
      const slant = style.italic ? Math.tan((ITALIC_DEGREES * Math.PI) / 180) : 0;
      const picture = await shadowPicture(document, region, style.shadow, style.color, (ctx, k) => {
        ctx.font = canvasFont(style.family, sizePx * k, style.bold ? 'bold' : 'normal');
        ctx.textBaseline = 'alphabetic';
        ctx.textAlign = 'left';
        for (const { line, left, baseline } of placed) {
          ctx.save();
          ctx.translate((left - region.x) * k - OFF_CANVAS, (baseline - region.y) * k);
          ctx.transform(1, 0, -slant, 1, 0, 0);
          ctx.fillText(line, 0, 0);
          ctx.restore();
        }
      });
      if (picture)
        page.drawImage(picture, { x: X(region.x), y: Y(region.y + region.height), width: S(region.width), height: S(region.height) });
    }
    placed.forEach(({ line, left, baseline }) => {
      const draw = (dx: number, color: typeof textColor) =>
        page.drawText(line, {
          x: X(left + dx),
          y: Y(baseline + dx),
          size: S(sizePx),
          font,
          color: color.color,
          opacity: color.opacity,
          ySkew: skew,
        });
      if (style.shadow.enable && !blurred) draw(style.shadow.distance, shadowColor);
      draw(0, textColor);
    });
  }
  return document.save();
}

async function drawBox(
  document: PDFDocument,
  page: PDFPage,
  style: Flyer['elements'][number]['box'],
  box: { x: number; y: number; width: number; height: number },
  at: { X: (px: number) => number; Y: (px: number) => number; S: (px: number) => number },
) {
  const fill = parseColor(style.color);
  const draw = (dx: number, color: ReturnType<typeof parseColor>) => {
    if (color.opacity <= 0) return;
    if (style.corners)
      page.drawSvgPath(roundedPath(at.S(box.width), at.S(box.height), at.S(style.cornerRadius)), {
        x: at.X(box.x + dx),
        y: at.Y(box.y + dx),
        color: color.color,
        opacity: color.opacity,
      });
    else
      page.drawRectangle({
        x: at.X(box.x + dx),
        y: at.Y(box.y + dx + box.height),
        width: at.S(box.width),
        height: at.S(box.height),
        color: color.color,
        opacity: color.opacity,
      });
  };
  const shadow = parseColor(style.shadow.color);
  if (style.shadow.enable && fill.opacity > 0 && shadow.opacity > 0) {
    if (style.shadow.blur > 0) {
      const region = shadowRegion(box, style.shadow);
      const picture = await shadowPicture(document, region, style.shadow, style.color, (ctx, k) => {
        const x = (box.x - region.x) * k - OFF_CANVAS;
        const y = (box.y - region.y) * k;
        const [w, h] = [box.width * k, box.height * k];
        ctx.beginPath();
        if (style.corners) ctx.roundRect(x, y, w, h, Math.max(0, Math.min(style.cornerRadius * k, w / 2, h / 2)));
        else ctx.rect(x, y, w, h);
        ctx.fill();
      });
      if (picture)
        page.drawImage(picture, {
          x: at.X(region.x),
          y: at.Y(region.y + region.height),
          width: at.S(region.width),
          height: at.S(region.height),
        });
    } else draw(style.shadow.distance, shadow);
  }
  draw(0, fill);
}
