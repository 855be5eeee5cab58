import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as fontkitNamespace from '@pdf-lib/fontkit';
import bidiFactory from 'bidi-js';
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { fontsDirectory, type FontSet } from './fonts';

/**
 * Text in any of the scripts guests write (docs/decisions/039): Liberation Sans draws what it has
 * (Latin, Greek, Cyrillic …); every other character is drawn with a fallback font chosen per run
 * of text, all shipped with the project or its npm packages, embedded as subsets and only when a
 * document uses them:
 *
 * - Arabic: Noto Naskh Arabic (@embedpdf/fonts-arabic, OFL), regular and bold;
 * - Hebrew: Noto Sans Hebrew (@embedpdf/fonts-hebrew, OFL), regular and bold;
 * - Hangul: NanumSquare Regular (./fonts, OFL);
 * - Han, kana and the rest of CJK: Droid Sans Fallback (./fonts, Apache 2.0).
 *
 * Shaping: pdf-lib writes the glyphs fontkit's layout gives, and fontkit shapes Arabic (joined
 * forms, lam-alef) from the font's GSUB and lays a right-to-left run out right to left. Order:
 * each line is put in visual order by the Unicode Bidirectional Algorithm (bidi-js), brackets
 * mirrored; a line whose paragraph starts with a right-to-left letter is aligned right.
 */

type FontkitFont = {
  hasGlyphForCodePoint(codePoint: number): boolean;
  createSubset(): object;
};
type Fontkit = { create(bytes: Uint8Array): FontkitFont };
const fontkit: Fontkit =
  typeof (fontkitNamespace as Partial<Fontkit>).create === 'function'
    ? (fontkitNamespace as unknown as Fontkit)
    : (fontkitNamespace as unknown as { default: Fontkit }).default;

type Fallback = 'arabic' | 'hebrew' | 'hangul' | 'han';
const FALLBACKS: readonly Fallback[] = ['arabic', 'hebrew', 'hangul', 'han'];

const require = createRequire(import.meta.url);
function packageFont(name: string, file: string): string {
  return join(dirname(require.resolve(name)), '..', 'fonts', file);
}

/** Each fallback's regular and (when it has one) bold file. */
function fallbackFiles(): Record<Fallback, { regular: string; bold: string | null }> {
  const shipped = fontsDirectory();
  return {
    arabic: {
      regular: packageFont('@embedpdf/fonts-arabic', 'NotoNaskhArabic-Regular.ttf'),
      bold: packageFont('@embedpdf/fonts-arabic', 'NotoNaskhArabic-Bold.ttf'),
    },
    hebrew: {
      regular: packageFont('@embedpdf/fonts-hebrew', 'NotoSansHebrew-Regular.ttf'),
      bold: packageFont('@embedpdf/fonts-hebrew', 'NotoSansHebrew-Bold.ttf'),
    },
    hangul: { regular: join(shipped, 'NanumSquareR.ttf'), bold: null },
    han: { regular: join(shipped, 'DroidSansFallbackFull.ttf'), bold: null },
  };
}

interface LoadedFallback {
  regular: Uint8Array;
  bold: Uint8Array | null;
  covers: (codePoint: number) => boolean;
}

let loaded: Record<Fallback, LoadedFallback> | undefined;

/** The fallback fonts' bytes and coverage, read once per process (when first needed). */
function fallbacks(): Record<Fallback, LoadedFallback> {
  if (loaded) return loaded;
  const files = fallbackFiles();
  const result = {} as Record<Fallback, LoadedFallback>;
  for (const name of FALLBACKS) {
    const regular = readFileSync(files[name].regular);
    const bold = files[name].bold ? readFileSync(files[name].bold!) : null;
    const font = fontkit.create(regular);
    result[name] = { regular, bold, covers: (codePoint) => font.hasGlyphForCodePoint(codePoint) };
  }
  padSubsetGlyphs(fontkit.create(result.han.regular));
  loaded = result;
  return result;
}

let padded = false;
/**
 * fontkit's TrueType subsetter copies each glyph's bytes as the font stores them; a font with
 * long 'loca' offsets may store glyphs of odd length (Droid Sans Fallback does), while a subset
 * small enough for short offsets (which are halved) needs even ones: every glyph after an odd one
 * came out shifted, drawn as nothing or as another shape. Each copied glyph is padded to an even
 * length (what the TrueType spec asks of a 'glyf' table anyway). Once per process.
 */
function padSubsetGlyphs(font: FontkitFont) {
  if (padded) return;
  padded = true;
  type Bytes = { length: number; copy(target: Bytes): number; constructor: { alloc(size: number): Bytes } };
  type SubsetInternals = { glyf: Bytes[]; offset: number; _addGlyph(gid: number): number };
  const prototype = Object.getPrototypeOf(font.createSubset()) as SubsetInternals;
  const addGlyph = prototype._addGlyph;
  if (typeof addGlyph !== 'function') return;
  prototype._addGlyph = function (this: SubsetInternals, gid: number) {
    const index = addGlyph.call(this, gid);
    const bytes = this.glyf[index];
    if (bytes && bytes.length % 2 === 1) {
      const even = bytes.constructor.alloc(bytes.length + 1);
      bytes.copy(even);
      this.glyf[index] = even;
      this.offset += 1;
    }
    return index;
  };
}

const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;
const HEBREW = /[\u0590-\u05ff\ufb1d-\ufb4f]/;
const HANGUL = /[\u1100-\u11ff\u3130-\u318f\ua960-\ua97f\uac00-\ud7af\ud7b0-\ud7ff]/;
const STRONG_RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;

/** Which fallback draws a character Liberation Sans lacks (null: none, it prints as '?'). */
function fallbackFor(character: string, codePoint: number): Fallback | null {
  const all = fallbacks();
  if (ARABIC.test(character)) return all.arabic.covers(codePoint) ? 'arabic' : null;
  if (HEBREW.test(character)) return all.hebrew.covers(codePoint) ? 'hebrew' : null;
  if (HANGUL.test(character)) return all.hangul.covers(codePoint) ? 'hangul' : null;
  // Han, kana and the rest from Droid Sans Fallback only: NanumSquare maps Han characters to
  // empty glyphs, and the Arabic and Hebrew fonts are for their scripts.
  return all.han.covers(codePoint) ? 'han' : null;
}

const bidi = bidiFactory();

export interface DrawTextOptions {
  x: number;
  /** The baseline. */
  y: number;
  size: number;
  /** One of the document's Liberation Sans fonts: the style (bold or not) and the Latin font. */
  font: PDFFont;
  color: Color;
  /** The line's box width: a right-to-left paragraph's line is aligned to its right edge. */
  width?: number;
}

/** What a document's text is measured and drawn with: Liberation Sans and the fallbacks. */
export interface ScriptText {
  /** Text as the fonts can draw it: control characters dropped, what no font has as '?'. */
  printable(text: string): string;
  /** Measures as `font` would if it had every glyph (the fallbacks' advances where they draw). */
  measure(font: PDFFont): { widthOfTextAtSize(text: string, size: number): number };
  draw(page: PDFPage, text: string, options: DrawTextOptions): void;
}

interface Run {
  text: string;
  font: PDFFont;
}

/**
 * Text in every script for `document`, over its Liberation Sans `fonts`. `texts` is all the text
 * the document will hold: the fallbacks it needs are embedded now (as subsets, regular and bold),
 * the others not at all.
 */
export async function scriptText(
  document: PDFDocument,
  fonts: FontSet,
  hasGlyph: (codePoint: number) => boolean,
  texts: readonly string[],
): Promise<ScriptText> {
  const bold = new Set<PDFFont>([fonts.bold, fonts.boldItalic]);
  const needed = new Set<Fallback>();
  for (const text of texts) {
    for (const character of text) {
      const code = character.codePointAt(0)!;
      if (code < 0x80 || hasGlyph(code)) continue;
      const name = fallbackFor(character, code);
      if (name) needed.add(name);
    }
  }
  const embedded = new Map<string, PDFFont>();
  for (const name of needed) {
    const source = fallbacks()[name];
    embedded.set(`${name}-regular`, await document.embedFont(source.regular, { subset: true }));
    if (source.bold) embedded.set(`${name}-bold`, await document.embedFont(source.bold, { subset: true }));
  }
  /** The fallback's font in the style of `base` (null: not embedded, the text did not say it would need it). */
  const fallbackFont = (name: Fallback, base: PDFFont): PDFFont | null =>
    (bold.has(base) ? embedded.get(`${name}-bold`) : undefined) ?? embedded.get(`${name}-regular`) ?? null;
  const printable = (text: string) =>
    [...text]
      .map((character) => {
        const code = character.codePointAt(0)!;
        if (character === '\n' || character === ' ') return character;
        if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return '';
        if (code === 0xa0) return ' ';
        if (hasGlyph(code)) return character;
        const name = fallbackFor(character, code);
        return name && embedded.has(`${name}-regular`) ? character : '?';
      })
      .join('');
  /** Logical runs of one font each. */
  const runsOf = (text: string, base: PDFFont): Run[] => {
    const runs: Run[] = [];
    for (const character of text) {
      const code = character.codePointAt(0)!;
      const name = hasGlyph(code) ? null : fallbackFor(character, code);
      const font = (name && fallbackFont(name, base)) ?? base;
      const last = runs.at(-1);
      if (last && last.font === font) last.text += character;
      else runs.push({ text: character, font });
    }
    return runs;
  };
  const widthOf = (text: string, base: PDFFont, size: number) =>
    runsOf(text, base).reduce((total, run) => total + run.font.widthOfTextAtSize(run.text, size), 0);

  return {
    printable,
    measure: (font) => ({ widthOfTextAtSize: (text, size) => widthOf(text, font, size) }),
    draw(page, text, options) {
      if (text === '') return;
      if (!STRONG_RTL.test(text)) {
        let x = options.x;
        for (const run of runsOf(text, options.font)) {
          page.drawText(run.text, { x, y: options.y, size: options.size, font: run.font, color: options.color });
          x += run.font.widthOfTextAtSize(run.text, options.size);
        }
        return;
      }
      const pieces = visualPieces(text);
      const drawn = pieces.flatMap((piece) => {
        const runs = runsOf(piece.text, options.font);
        if (!piece.rtl) return runs;
        // A right-to-left piece: its runs right to left; fontkit lays out a run of a
        // right-to-left script right to left itself, other runs (spaces, marks) are reversed here.
        return runs.reverse().map((run) => (STRONG_RTL.test(run.text) ? run : { ...run, text: [...run.text].reverse().join('') }));
      });
      const widths = drawn.map((run) => run.font.widthOfTextAtSize(run.text, options.size));
      const total = widths.reduce((sum, width) => sum + width, 0);
      const rtlParagraph = (bidi.getEmbeddingLevels(text, 'auto').paragraphs[0]?.level ?? 0) % 2 === 1;
      let x = rtlParagraph && options.width !== undefined ? options.x + options.width - total : options.x;
      for (const [index, run] of drawn.entries()) {
        page.drawText(run.text, { x, y: options.y, size: options.size, font: run.font, color: options.color });
        x += widths[index]!;
      }
    },
  };
}

/**
 * A line in visual order, as pieces of one direction each (a right-to-left piece keeps its
 * characters in logical order: it is drawn right to left), brackets mirrored.
 */
export function visualPieces(text: string): Array<{ text: string; rtl: boolean }> {
  const embedding = bidi.getEmbeddingLevels(text, 'auto');
  const mirrored = bidi.getMirroredCharactersMap(text, embedding.levels);
  const order = Array.from({ length: text.length }, (_, index) => index);
  for (const [start = 0, end = -1] of bidi.getReorderSegments(text, embedding)) {
    const reversed = order.slice(start, end + 1).reverse();
    order.splice(start, reversed.length, ...reversed);
  }
  const pieces: Array<{ indexes: number[]; rtl: boolean }> = [];
  for (const index of order) {
    const code = text.charCodeAt(index);
    if (code >= 0xdc00 && code <= 0xdfff && index > 0) continue; // the low half of a pair: with its high half
    const rtl = embedding.levels[index]! % 2 === 1;
    const last = pieces.at(-1);
    if (last && last.rtl === rtl) last.indexes.push(index);
    else pieces.push({ indexes: [index], rtl });
  }
  const characterAt = (index: number) => {
    const code = text.codePointAt(index)!;
    return mirrored.get(index) ?? String.fromCodePoint(code);
  };
  return pieces.map((piece) => ({
    rtl: piece.rtl,
    // A right-to-left piece in logical order (its indexes come descending).
    text: (piece.rtl ? [...piece.indexes].reverse() : piece.indexes).map(characterAt).join(''),
  }));
}
