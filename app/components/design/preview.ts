import { DESIGN_FONT_FAMILIES, DESIGN_FONTS, DESIGN_FONTS_URL, designFontName, designFonts, type Design } from '~/lib/design';

/**
 * The browser's side of a design's drawing: the eight families added as font faces from
 * /fonts/design (the files the server registers) and images loaded with Image. Browser only.
 */

let faces: Promise<void> | null = null;

/** Adds the design fonts' faces to the document once (they download when first used). */
export function addDesignFontFaces(): Promise<void> {
  faces ??= (async () => {
    for (const family of DESIGN_FONT_FAMILIES) {
      for (const weight of ['normal', 'bold'] as const) {
        const file = DESIGN_FONTS[family][weight];
        const face = new FontFace(designFontName(family), `url("${DESIGN_FONTS_URL}/${file}")`, {
          weight: weight === 'bold' ? '700' : '400',
        });
        document.fonts.add(face);
      }
    }
  })();
  return faces;
}

/** Waits for the fonts the design's texts use. */
export async function loadFontsOf(design: Design): Promise<void> {
  await addDesignFontFaces();
  await Promise.all(designFonts(design).map((font) => document.fonts.load(font).catch(() => [])));
}

/** An image by its address, or null when it does not load. */
export function loadBrowserImage(src: string): Promise<HTMLImageElement | null> {
  return new Promise((resolve) => {
    const image = new Image();
    image.decoding = 'async';
    image.onload = () => resolve(image);
    image.onerror = () => resolve(null);
    image.src = src;
  });
}
