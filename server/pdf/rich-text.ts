/**
 * Rich text (the rich-text field's HTML, already through server/html.ts sanitizeRichText) as
 * the blocks and runs a PDF draws: paragraphs, headings 1–4, list items with their bullet or
 * number, block quotes; runs bold, italic, underlined or coloured. Only the sanitizer's tags
 * are read (its output is well formed: quoted attributes, escaped text), anything else is
 * taken as plain text.
 */

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export interface RichRun {
  text: string;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strike: boolean;
  color: Rgb | null;
}

export type BlockKind = 'p' | 'h1' | 'h2' | 'h3' | 'h4' | 'li' | 'quote';
export type Align = 'left' | 'center' | 'right' | 'justify';

export interface RichBlock {
  kind: BlockKind;
  runs: RichRun[];
  align: Align;
  /** A list item's bullet ('•') or number ('3.'). */
  marker: string | null;
  /** Nesting depth of lists (0 outside a list). */
  depth: number;
}

/** Font size of each block kind relative to the base size. */
export const BLOCK_SCALE: Record<BlockKind, number> = { p: 1, li: 1, quote: 1, h1: 1.6, h2: 1.4, h3: 1.2, h4: 1.1 };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', '#39': "'" };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z0-9]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function parseColor(value: string): Rgb | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})([0-9a-f]{2})?$/i.exec(value.trim());
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((digit) => digit + digit).join('') : hex[1]!;
    return {
      r: parseInt(digits.slice(0, 2), 16) / 255,
      g: parseInt(digits.slice(2, 4), 16) / 255,
      b: parseInt(digits.slice(4, 6), 16) / 255,
    };
  }
  const rgb = /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})/i.exec(value.trim());
  if (rgb)
    return { r: Math.min(255, Number(rgb[1])) / 255, g: Math.min(255, Number(rgb[2])) / 255, b: Math.min(255, Number(rgb[3])) / 255 };
  return null;
}

function attribute(attributes: string, name: string): string | null {
  const found = new RegExp(`(?:^|\\s)${name}\\s*=\\s*"([^"]*)"`, 'i').exec(attributes);
  return found ? decodeEntities(found[1]!) : null;
}

function styleOf(attributes: string, property: string): string | null {
  const style = attribute(attributes, 'style');
  if (!style) return null;
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon > 0 && declaration.slice(0, colon).trim().toLowerCase() === property) return declaration.slice(colon + 1).trim();
  }
  return null;
}

function alignOf(attributes: string): Align | null {
  const style = styleOf(attributes, 'text-align');
  if (style === 'left' || style === 'center' || style === 'right' || style === 'justify') return style;
  const className = attribute(attributes, 'class') ?? '';
  const quill = /ql-align-(center|right|justify)/.exec(className);
  return quill ? (quill[1] as Align) : null;
}

interface Style {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strike: boolean;
  color: Rgb | null;
}

const BLOCK_TAGS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'li', 'blockquote', 'div']);
const VOID_TAGS = new Set(['br', 'img', 'hr']);

/** The blocks of a rich text's HTML; an empty text has none. */
export function richTextBlocks(html: string): RichBlock[] {
  const blocks: RichBlock[] = [];
  const styles: Array<{ tag: string; style: Style }> = [];
  const lists: Array<{ ordered: boolean; next: number }> = [];
  const base: Style = { bold: false, italic: false, underline: false, strike: false, color: null };
  const style = () => styles.at(-1)?.style ?? base;
  let current: RichBlock | null = null;
  let blockTag: string | null = null;

  const open = (kind: BlockKind, align: Align, marker: string | null) => {
    current = { kind, runs: [], align, marker, depth: lists.length };
    blocks.push(current);
  };
  const ensure = () => {
    if (!current) open('p', 'left', null);
    return current!;
  };
  const close = () => {
    current = null;
    blockTag = null;
  };

  const tokens = html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>|([^<]+)|(<)/g);
  for (const token of tokens) {
    const [, slash, rawTag, attributes = '', text, stray] = token;
    if (text !== undefined || stray !== undefined) {
      const value = decodeEntities(text ?? stray!).replace(/[\t\r\n ]+/g, ' ');
      if (value.trim() === '' && !current) continue;
      const block = ensure();
      const previous = block.runs.at(-1);
      // Runs join their spaces as the browser would: one space between words.
      const joined = previous && /\s$/.test(previous.text) ? value.replace(/^ +/, '') : value;
      if (joined !== '') block.runs.push({ text: joined, ...style() });
      continue;
    }
    const tag = rawTag!.toLowerCase();
    if (slash) {
      if (tag === 'ul' || tag === 'ol') {
        lists.pop();
        close();
        continue;
      }
      if (BLOCK_TAGS.has(tag)) {
        if (blockTag === tag || tag !== 'div') close();
        continue;
      }
      const index = styles.map((entry) => entry.tag).lastIndexOf(tag);
      if (index !== -1) styles.splice(index, 1);
      continue;
    }
    if (tag === 'br') {
      const block = ensure();
      block.runs.push({ text: '\n', ...style() });
      continue;
    }
    if (VOID_TAGS.has(tag)) continue;
    if (tag === 'ul' || tag === 'ol') {
      close();
      lists.push({ ordered: tag === 'ol', next: 1 });
      continue;
    }
    if (BLOCK_TAGS.has(tag)) {
      close();
      const align = alignOf(attributes) ?? 'left';
      if (tag === 'li') {
        const list = lists.at(-1);
        const marker = list?.ordered ? `${list.next++}.` : '•';
        open('li', align, marker);
      } else open(tag === 'blockquote' ? 'quote' : tag === 'div' ? 'p' : (tag as BlockKind), align, null);
      blockTag = tag;
      continue;
    }
    const next: Style = { ...style() };
    if (tag === 'strong' || tag === 'b') next.bold = true;
    else if (tag === 'em' || tag === 'i') next.italic = true;
    else if (tag === 'u') next.underline = true;
    else if (tag === 's') next.strike = true;
    else if (tag === 'a') next.underline = true;
    const color = styleOf(attributes, 'color');
    if (color) next.color = parseColor(color) ?? next.color;
    styles.push({ tag, style: next });
  }
  // Trailing spaces of a block are not drawn; empty paragraphs keep their line (a blank line).
  for (const block of blocks) {
    const last = block.runs.at(-1);
    if (last) last.text = last.text.replace(/ +$/, '');
    if (block.runs[0]) block.runs[0].text = block.runs[0].text.replace(/^ +/, '');
  }
  return blocks;
}

/** The text of the blocks, a line each (for tests and plain-text places). */
export function plainTextOfBlocks(blocks: readonly RichBlock[]): string {
  return blocks.map((block) => `${block.marker ? `${block.marker} ` : ''}${block.runs.map((run) => run.text).join('')}`).join('\n');
}
