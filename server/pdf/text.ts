import { clip, closePath, endPath, lineTo, moveTo, pushGraphicsState, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { FontSet } from './fonts';
import { BLOCK_SCALE, richTextBlocks, type Align, type Rgb, type RichBlock, type RichRun } from './rich-text';

/**
 * Text on a printout's page (server/pdf/printout.ts): words wrapped to a width, lines clamped,
 * the rich text of the sections and the right column laid out and drawn into a box, clipped.
 */

export const LINE = 1.2;
export const INK = rgb(0.1, 0.1, 0.12);
export const MUTED = rgb(0.35, 0.35, 0.4);

export interface Box {
  x: number;
  /** Top edge (PDF y grows upwards). */
  top: number;
  width: number;
  height: number;
}

export interface Kit {
  fonts: FontSet;
  printable: (text: string) => string;
}

/**
 * Text as the fonts can draw it: control characters dropped, a no-break space as a space, and a
 * character the fonts lack as '?' (pdf-lib would throw on it).
 */
export function printableWith(hasGlyph: (codePoint: number) => boolean): (text: string) => string {
  return (text: string) =>
    [...text]
      .map((character) => {
        const code = character.codePointAt(0)!;
        if (character === '\n' || character === ' ') return character;
        if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return '';
        if (code === 0xa0) return ' ';
        return hasGlyph(code) ? character : '?';
      })
      .join('');
}

function fontOf(fonts: FontSet, bold: boolean, italic: boolean): PDFFont {
  if (bold && italic) return fonts.boldItalic;
  if (bold) return fonts.bold;
  if (italic) return fonts.italic;
  return fonts.regular;
}

/**
 * Lines of `text` no wider than `width`; a word longer than a line is cut by characters. Linear
 * in the text's length, for long text too (a form answer of thousands of words): each distinct
 * character is measured once (pdf-lib lays out the whole string for every measurement, about a millisecond
 * each) and a word's width is the sum of its characters' advances, which is what pdf-lib draws
 * (it writes glyphs without kerning).
 */
export function wrapWords(text: string, font: Pick<PDFFont, 'widthOfTextAtSize'>, size: number, width: number): string[] {
  const advances = new Map<string, number>();
  const advance = (character: string) => {
    let known = advances.get(character);
    if (known === undefined) {
      known = font.widthOfTextAtSize(character, size);
      advances.set(character, known);
    }
    return known;
  };
  const measure = (word: string) => {
    let total = 0;
    for (const character of word) total += advance(character);
    return total;
  };
  const space = advance(' ');
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line: string[] = [];
    let used = 0;
    for (const word of paragraph.split(/ +/)) {
      if (word === '') continue;
      const wordWidth = measure(word);
      if (line.length > 0 && used + space + wordWidth <= width) {
        line.push(word);
        used += space + wordWidth;
        continue;
      }
      if (line.length > 0) lines.push(line.join(' '));
      if (wordWidth <= width) {
        line = [word];
        used = wordWidth;
        continue;
      }
      // A word longer than a line is cut by characters, each measured once (linear in its length).
      const characters = [...word];
      let start = 0;
      for (;;) {
        let end = start;
        let taken = 0;
        while (end < characters.length) {
          const next = advance(characters[end]!);
          if (taken + next > width && end > start) break;
          taken += next;
          end++;
        }
        if (end === characters.length) {
          line = [characters.slice(start).join('')];
          used = taken;
          break;
        }
        lines.push(characters.slice(start, end).join(''));
        start = end;
      }
    }
    lines.push(line.join(' '));
  }
  return lines;
}

/** The first `max` lines; the last one ends with an ellipsis when text was left out. */
export function clampLines(lines: string[], max: number, font: PDFFont, size: number, width: number): string[] {
  if (lines.length <= max) return lines;
  if (max <= 0) return [];
  const kept = lines.slice(0, max);
  let last = `${kept[max - 1]!}…`;
  while (last.length > 1 && font.widthOfTextAtSize(last, size) > width) last = `${last.slice(0, -2)}…`;
  kept[max - 1] = last;
  return kept;
}

// ─── Rich text ────────────────────────────────────────────────────────────────────────────────

interface Piece {
  text: string;
  font: PDFFont;
  size: number;
  color: Rgb | null;
  underline: boolean;
  strike: boolean;
  width: number;
}

interface RichLine {
  pieces: Piece[];
  width: number;
  height: number;
  size: number;
  align: Align;
  indent: number;
  marker: string | null;
}

function layoutBlock(block: RichBlock, kit: Kit, baseSize: number, width: number): RichLine[] {
  const size = baseSize * BLOCK_SCALE[block.kind];
  const heading = block.kind.startsWith('h');
  const indent = block.kind === 'li' ? 12 + 10 * Math.max(0, block.depth - 1) : block.kind === 'quote' ? 10 : 0;
  const available = Math.max(20, width - indent);
  const lines: RichLine[] = [];
  let pieces: Piece[] = [];
  let used = 0;
  const push = () => {
    // A line's trailing space is not drawn.
    const last = pieces.at(-1);
    if (last && last.text.endsWith(' ')) {
      last.text = last.text.replace(/ +$/, '');
      used -= last.width - last.font.widthOfTextAtSize(last.text, last.size);
      last.width = last.font.widthOfTextAtSize(last.text, last.size);
    }
    lines.push({
      pieces,
      width: used,
      height: size * LINE,
      size,
      align: block.align,
      indent,
      marker: lines.length === 0 ? block.marker : null,
    });
    pieces = [];
    used = 0;
  };
  const runs: RichRun[] =
    block.runs.length > 0 ? block.runs : [{ text: '', bold: false, italic: false, underline: false, strike: false, color: null }];
  for (const run of runs) {
    const font = fontOf(kit.fonts, run.bold || heading, run.italic || block.kind === 'quote');
    const make = (text: string): Piece => ({
      text,
      font,
      size,
      color: run.color,
      underline: run.underline,
      strike: run.strike,
      width: font.widthOfTextAtSize(text, size),
    });
    for (const part of kit.printable(run.text).split(/(\n| +)/)) {
      if (part === '') continue;
      if (part === '\n') {
        push();
        continue;
      }
      if (/^ +$/.test(part)) {
        if (pieces.length === 0) continue;
        const space = make(' ');
        pieces.push(space);
        used += space.width;
        continue;
      }
      let word = make(part);
      if (used + word.width > available && pieces.length > 0) push();
      while (word.width > available && word.text.length > 1) {
        let cut = word.text.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(word.text.slice(0, cut), size) > available) cut--;
        const head = make(word.text.slice(0, cut));
        pieces.push(head);
        used += head.width;
        push();
        word = make(word.text.slice(cut));
      }
      pieces.push(word);
      used += word.width;
    }
  }
  push();
  return lines;
}

/** Draws rich text into `box`, top down; what does not fit is left out. Answers the height used. */
export function drawRichText(page: PDFPage, kit: Kit, html: string, box: Box, baseSize: number): number {
  const blocks = richTextBlocks(html);
  let y = box.top;
  const bottom = box.top - box.height;
  for (const [index, block] of blocks.entries()) {
    if (index > 0) y -= baseSize * 0.35;
    for (const line of layoutBlock(block, kit, baseSize, box.width)) {
      if (y - line.height < bottom - 0.01) return box.top - y;
      const baseline = y - line.size;
      const room = box.width - line.indent;
      let x = box.x + line.indent;
      if (line.align === 'center') x += (room - line.width) / 2;
      else if (line.align === 'right') x += room - line.width;
      if (line.marker) {
        const markerWidth = kit.fonts.regular.widthOfTextAtSize(line.marker, line.size);
        page.drawText(line.marker, {
          x: box.x + line.indent - markerWidth - 3,
          y: baseline,
          size: line.size,
          font: kit.fonts.regular,
          color: INK,
        });
      }
      for (const piece of line.pieces) {
        const color = piece.color ? rgb(piece.color.r, piece.color.g, piece.color.b) : INK;
        if (piece.text !== '') page.drawText(piece.text, { x, y: baseline, size: piece.size, font: piece.font, color });
        if (piece.underline && piece.text.trim() !== '')
          page.drawLine({
            start: { x, y: baseline - piece.size * 0.12 },
            end: { x: x + piece.width, y: baseline - piece.size * 0.12 },
            thickness: 0.5,
            color,
          });
        if (piece.strike && piece.text.trim() !== '')
          page.drawLine({
            start: { x, y: baseline + piece.size * 0.3 },
            end: { x: x + piece.width, y: baseline + piece.size * 0.3 },
            thickness: 0.5,
            color,
          });
        x += piece.width;
      }
      y -= line.height;
    }
  }
  return box.top - y;
}

// ─── Page parts ───────────────────────────────────────────────────────────────────────────────

export function clipTo(page: PDFPage, box: Box) {
  const bottom = box.top - box.height;
  page.pushOperators(
    pushGraphicsState(),
    moveTo(box.x, bottom),
    lineTo(box.x + box.width, bottom),
    lineTo(box.x + box.width, box.top),
    lineTo(box.x, box.top),
    closePath(),
    clip(),
    endPath(),
  );
}
