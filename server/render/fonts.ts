import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GlobalFonts } from '@napi-rs/canvas';
import { DESIGN_FONT_FAMILIES, DESIGN_FONTS, designFontName } from '~/lib/design/fonts';

/**
 * The designs' fonts on the server (docs/decisions/036): the files the browser loads from
 * /fonts/design (public/fonts/design), registered with @napi-rs/canvas under the names the
 * drawing asks for, once per process or thread. No font is ever fetched while running.
 */

/** public/fonts/design: from the sources, or beside a bundle (build/…) in the repository. */
export function designFontsDirectory(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [
    resolve(here, '../../public/fonts/design'),
    resolve(here, '../public/fonts/design'),
    resolve(process.cwd(), 'public/fonts/design'),
  ];
  const found = candidates.find((candidate) => existsSync(join(candidate, DESIGN_FONTS.Arial.normal)));
  if (!found) throw new Error(`The design fonts are missing (looked in ${candidates.join(', ')})`);
  return found;
}

let registered = false;

/** Registers the eight families, normal and bold (idempotent). */
export function registerDesignFonts(): void {
  if (registered) return;
  const directory = designFontsDirectory();
  for (const family of DESIGN_FONT_FAMILIES) {
    for (const weight of ['normal', 'bold'] as const) {
      const file = join(directory, DESIGN_FONTS[family][weight]);
      if (!GlobalFonts.registerFromPath(file, designFontName(family))) throw new Error(`The font ${file} could not be registered`);
    }
  }
  registered = true;
}
