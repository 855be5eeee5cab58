import { canvasFont } from './fonts';
import type { Design, DesignContext, DesignImage, DesignShadow, ImageElement, RectElement, TextElement } from './types';

/**
 * Drawing a design (./types.ts) on a 2D canvas context: the one drawing of the console's
 * designs, run by the editors' previews in the browser and by the server's renderer
 * (server/render), so both draw the same picture from the same JSON with the same fonts
 * (./fonts.ts). Images come from an injected loader (the browser's Image; on the server bytes
 * read from the community's storage), loaded before drawing; an image the loader could not
 * give is left out. Isomorphic and pure but for the context it is handed.
 */

/** The images a design draws, each once. */
export function designImageSources(design: Design): string[] {
  return [...new Set(design.elements.flatMap((element) => (element.type === 'image' && element.src !== '' ? [element.src] : [])))];
}

/** Loads a design's images through `load` (null for one it cannot give). */
export async function loadDesignImages<I>(design: Design, load: (src: string) => Promise<I | null>): Promise<Map<string, I>> {
  const loaded = await Promise.all(designImageSources(design).map(async (src) => [src, await load(src).catch(() => null)] as const));
  return new Map(loaded.filter((entry): entry is readonly [string, Awaited<I>] => entry[1] !== null));
}

/** The fonts a design's text uses, as canvas `font` values (the browser loads them first). */
export function designFonts(design: Design): string[] {
  return [
    ...new Set(
      design.elements.flatMap((element) =>
        element.type === 'text' ? [canvasFont(element.font, element.size, element.weight, element.italic ?? false)] : [],
      ),
    ),
  ];
}

export interface Placement {
  /** The source rectangle of the image. */
  sx: number;
  sy: number;
  sw: number;
  sh: number;
  /** Where it lands. */
  dx: number;
  dy: number;
  dw: number;
  dh: number;
}

/** Where an image of `natural` size lands in its element's box. */
export function placeImage(element: Omit<ImageElement, 'type' | 'src'>, natural: DesignImage): Placement {
  const whole = { sx: 0, sy: 0, sw: natural.width, sh: natural.height };
  const box = { dx: element.x, dy: element.y, dw: element.width, dh: element.height };
  if (element.fit === 'fill' || natural.width <= 0 || natural.height <= 0) return { ...whole, ...box };
  if (element.fit === 'cover') {
    const scale = Math.max(element.width / natural.width, element.height / natural.height);
    const sw = element.width / scale;
    const sh = element.height / scale;
    const fx = Math.min(1, Math.max(0, element.focusX ?? 0.5));
    const fy = Math.min(1, Math.max(0, element.focusY ?? 0.5));
    return { sx: (natural.width - sw) * fx, sy: (natural.height - sh) * fy, sw, sh, ...box };
  }
  const scale = Math.min(element.width / natural.width, element.height / natural.height);
  const dw = natural.width * scale;
  const dh = natural.height * scale;
  const free = { x: element.width - dw, y: element.height - dh };
  const dx = element.x + (element.align === 'left' ? 0 : element.align === 'right' ? free.x : free.x / 2);
  const dy = element.y + (element.valign === 'top' ? 0 : element.valign === 'bottom' ? free.y : free.y / 2);
  return { ...whole, dx, dy, dw, dh };
}

/** A word broken into pieces no wider than `maxWidth` (at least one character each). */
function breakWord(word: string, maxWidth: number, measure: (text: string) => number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const character of word) {
    if (piece !== '' && measure(piece + character) > maxWidth) {
      pieces.push(piece);
      piece = character;
    } else piece += character;
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
}

/**
 * The lines of `text` wrapped to `maxWidth` by `measure`: at word boundaries, line breaks kept,
 * a word wider than a line broken; at most `maxLines`, the last shortened with '…' when text
 * was left over.
 */
export function wrapText(text: string, maxWidth: number, maxLines: number, measure: (text: string) => number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter((part) => part !== '')) {
      const candidate = line === '' ? word : `${line} ${word}`;
      if (measure(candidate) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line !== '') lines.push(line);
      const pieces = measure(word) > maxWidth ? breakWord(word, maxWidth, measure) : [word];
      lines.push(...pieces.slice(0, -1));
      line = pieces.at(-1) ?? '';
    }
    lines.push(line);
  }
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, Math.max(0, maxLines));
  if (kept.length === 0) return kept;
  let last = kept[kept.length - 1] ?? '';
  while (last !== '' && measure(`${last}…`) > maxWidth) last = last.slice(0, -1).trimEnd();
  kept[kept.length - 1] = `${last}…`;
  return kept;
}

/** The lines of a text element as the context measures them. */
export function textLines<I extends DesignImage>(ctx: DesignContext<I>, element: TextElement): string[] {
  ctx.font = canvasFont(element.font, element.size, element.weight, element.italic ?? false);
  return wrapText(element.text, element.maxWidth, element.maxLines, (text) => ctx.measureText(text).width);
}

function setShadow<I extends DesignImage>(ctx: DesignContext<I>, shadow: DesignShadow | undefined): void {
  ctx.shadowColor = shadow ? shadow.color : 'rgba(0,0,0,0)';
  ctx.shadowBlur = shadow ? shadow.blur : 0;
  ctx.shadowOffsetX = shadow ? shadow.distance : 0;
  ctx.shadowOffsetY = shadow ? shadow.distance : 0;
}

function drawText<I extends DesignImage>(ctx: DesignContext<I>, element: TextElement): void {
  const lines = textLines(ctx, element);
  ctx.save();
  setShadow(ctx, element.shadow);
  ctx.fillStyle = element.color;
  ctx.textBaseline = 'top';
  const step = element.size * element.lineHeight;
  // The first line's top sits at y; extra leading is shared above and below each line.
  const leading = (step - element.size) / 2;
  const lastOfParagraph =
    element.align === 'justify' ? paragraphEnds(element.text, element.maxWidth, (text) => ctx.measureText(text).width) : new Set<number>();
  if (element.align === 'justify') lastOfParagraph.add(lines.length - 1);
  const centred = element.valign === 'middle' && element.height !== undefined ? Math.max(0, (element.height - lines.length * step) / 2) : 0;
  lines.forEach((line, index) => {
    const top = element.y + centred + leading + index * step;
    if (element.align === 'justify') {
      const words = line.split(' ').filter((word) => word !== '');
      ctx.textAlign = 'left';
      if (words.length < 2 || lastOfParagraph.has(index)) {
        ctx.fillText(line, element.x, top);
        return;
      }
      const widths = words.map((word) => ctx.measureText(word).width);
      const gap = (element.maxWidth - widths.reduce((sum, width) => sum + width, 0)) / (words.length - 1);
      let x = element.x;
      words.forEach((word, at) => {
        ctx.fillText(word, x, top);
        x += (widths[at] ?? 0) + gap;
      });
      return;
    }
    ctx.textAlign = element.align;
    const x =
      element.align === 'left' ? element.x : element.align === 'right' ? element.x + element.maxWidth : element.x + element.maxWidth / 2;
    ctx.fillText(line, x, top);
  });
  ctx.restore();
}

/** The indexes of wrapped lines that end a paragraph (left as they are when justified). */
function paragraphEnds(text: string, maxWidth: number, measure: (text: string) => number): Set<number> {
  const ends = new Set<number>();
  let count = 0;
  for (const paragraph of text.split(/\r?\n/)) {
    count += Math.max(1, wrapText(paragraph, maxWidth, Number.MAX_SAFE_INTEGER, measure).length);
    ends.add(count - 1);
  }
  return ends;
}

/** A rectangle's outline with rounded corners (arcs no larger than half a side). */
function roundedRect<I extends DesignImage>(ctx: DesignContext<I>, rect: RectElement, radius: number): void {
  const r = Math.max(0, Math.min(radius, rect.width / 2, rect.height / 2));
  const { x, y, width, height } = rect;
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + width, y, x + width, y + height, r);
  ctx.arcTo(x + width, y + height, x, y + height, r);
  ctx.arcTo(x, y + height, x, y, r);
  ctx.arcTo(x, y, x + width, y, r);
  ctx.closePath();
}

function drawRect<I extends DesignImage>(ctx: DesignContext<I>, element: RectElement): void {
  if (element.fill) {
    ctx.save();
    setShadow(ctx, element.shadow);
    ctx.fillStyle = element.fill;
    if (element.radius && element.radius > 0) {
      roundedRect(ctx, element, element.radius);
      ctx.fill();
    } else ctx.fillRect(element.x, element.y, element.width, element.height);
    ctx.restore();
  }
  if (element.stroke && (element.lineWidth ?? 1) > 0) {
    ctx.strokeStyle = element.stroke;
    ctx.lineWidth = element.lineWidth ?? 1;
    ctx.strokeRect(element.x, element.y, element.width, element.height);
  }
}

/**
 * Draws `design` on `ctx` at `scale` (1 for the editor's 900×900 preview, 3 for the download),
 * with the images already loaded (`loadDesignImages`).
 */
export function drawDesign<I extends DesignImage>(ctx: DesignContext<I>, design: Design, images: Map<string, I>, scale = 1): void {
  ctx.save();
  ctx.scale(scale, scale);
  ctx.fillStyle = design.background;
  ctx.fillRect(0, 0, design.width, design.height);
  for (const element of design.elements) {
    switch (element.type) {
      case 'rect':
        drawRect(ctx, element);
        break;
      case 'image': {
        const image = images.get(element.src);
        if (!image) break;
        const p = placeImage(element, image);
        ctx.save();
        ctx.beginPath();
        ctx.rect(element.x, element.y, element.width, element.height);
        ctx.clip();
        ctx.drawImage(image, p.sx, p.sy, p.sw, p.sh, p.dx, p.dy, p.dw, p.dh);
        ctx.restore();
        break;
      }
      case 'text':
        drawText(ctx, element);
        break;
    }
  }
  ctx.restore();
}
