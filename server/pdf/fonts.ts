import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as fontkitNamespace from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/**
 * The fonts every PDF of the console embeds: Liberation Sans (SIL Open Font License 1.1, see
 * ./fonts/LICENSE-LiberationSans.txt), regular, bold, italic and bold italic, as TrueType files
 * shipped in the repository. They are embedded as subsets (only the glyphs drawn), so
 * `pdffonts` lists each with emb=yes and no standard font is ever left to the reader.
 */

type Fontkit = { create: typeof fontkitNamespace.create };
/** The package is CommonJS: Node's ESM loader puts it under `default`, bundlers may not. */
const fontkit: Fontkit =
  typeof (fontkitNamespace as Partial<Fontkit>).create === 'function'
    ? (fontkitNamespace as Fontkit)
    : (fontkitNamespace as unknown as { default: Fontkit }).default;

export const FONT_FILES = {
  regular: 'LiberationSans-Regular.ttf',
  bold: 'LiberationSans-Bold.ttf',
  italic: 'LiberationSans-Italic.ttf',
  boldItalic: 'LiberationSans-BoldItalic.ttf',
} as const;

export type FontStyle = keyof typeof FONT_FILES;
export type FontSet = Record<FontStyle, PDFFont>;

/**
 * The fonts folder: beside this module in the sources; from a bundle (build/worker.js,
 * build/server.js) the repository's server/pdf/fonts.
 */
export function fontsDirectory(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, 'fonts'), resolve(here, '../server/pdf/fonts'), resolve(process.cwd(), 'server/pdf/fonts')];
  const found = candidates.find((candidate) => existsSync(join(candidate, FONT_FILES.regular)));
  if (!found) throw new Error(`The PDF fonts are missing (looked in ${candidates.join(', ')})`);
  return found;
}

let cache: Promise<Record<FontStyle, Uint8Array>> | undefined;

/** The font files' bytes, read once per process. */
export function fontBytes(): Promise<Record<FontStyle, Uint8Array>> {
  cache ??= (async () => {
    const directory = fontsDirectory();
    const entries = await Promise.all(
      (Object.keys(FONT_FILES) as FontStyle[]).map(
        async (style) => [style, new Uint8Array(await readFile(join(directory, FONT_FILES[style])))] as const,
      ),
    );
    return Object.fromEntries(entries) as Record<FontStyle, Uint8Array>;
  })().catch((error: unknown) => {
    cache = undefined;
    throw error;
  });
  return cache;
}

/** The four fonts embedded (as subsets) in `document`. */
export async function embedFonts(document: PDFDocument): Promise<FontSet> {
  document.registerFontkit(fontkit);
  const bytes = await fontBytes();
  const [regular, bold, italic, boldItalic] = await Promise.all([
    document.embedFont(bytes.regular, { subset: true }),
    document.embedFont(bytes.bold, { subset: true }),
    document.embedFont(bytes.italic, { subset: true }),
    document.embedFont(bytes.boldItalic, { subset: true }),
  ]);
  return { regular: regular!, bold: bold!, italic: italic!, boldItalic: boldItalic! };
}

let glyphs: Promise<(codePoint: number) => boolean> | undefined;

/** Whether the fonts draw a character (others are replaced before drawing). */
export function glyphCheck(): Promise<(codePoint: number) => boolean> {
  glyphs ??= fontBytes().then((bytes) => {
    const font = fontkit.create(bytes.regular);
    return (codePoint: number) => font.hasGlyphForCodePoint(codePoint);
  });
  return glyphs;
}
