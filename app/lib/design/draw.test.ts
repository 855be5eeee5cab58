import { describe, expect, it } from 'vitest';
import { designFonts, designImageSources, placeImage, wrapText } from './draw';
import { canvasFont, DESIGN_FONT_FAMILIES, DESIGN_FONTS, designFontFaceCss } from './fonts';
import type { Design } from './types';

/** Every character 10 px wide, a space too. */
const measure = (text: string) => text.length * 10;

describe('wrapText', () => {
  it('breaks at word boundaries within the width', () => {
    expect(wrapText('aaa bbb ccc', 70, 5, measure)).toEqual(['aaa bbb', 'ccc']);
  });
  it('keeps line breaks and drops trailing empty lines', () => {
    expect(wrapText('one\ntwo\n\n', 100, 5, measure)).toEqual(['one', 'two']);
  });
  it('breaks a word wider than the line', () => {
    expect(wrapText('abcdefghij', 40, 5, measure)).toEqual(['abcd', 'efgh', 'ij']);
  });
  it('ends the last allowed line with an ellipsis when text is left over', () => {
    const lines = wrapText('aaa bbb ccc ddd eee', 70, 2, measure);
    expect(lines).toEqual(['aaa bbb', 'ccc dd…']);
    expect(lines.every((line) => measure(line) <= 70)).toBe(true);
  });
  it('answers no line for empty text', () => {
    expect(wrapText('   ', 100, 3, measure)).toEqual([]);
  });
});

describe('placeImage', () => {
  const box = { x: 10, y: 20, width: 100, height: 100 };
  it('cover fills the box and crops the centre of the longer side', () => {
    expect(placeImage({ ...box, fit: 'cover' }, { width: 400, height: 200 })).toEqual({
      sx: 100,
      sy: 0,
      sw: 200,
      sh: 200,
      dx: 10,
      dy: 20,
      dw: 100,
      dh: 100,
    });
  });
  it('contain fits inside and aligns', () => {
    const wide = { width: 200, height: 100 };
    expect(placeImage({ ...box, fit: 'contain' }, wide)).toMatchObject({ dx: 10, dy: 45, dw: 100, dh: 50 });
    expect(placeImage({ ...box, fit: 'contain', valign: 'top' }, wide)).toMatchObject({ dy: 20 });
    expect(placeImage({ ...box, fit: 'contain', valign: 'bottom' }, wide)).toMatchObject({ dy: 70 });
    const tall = { width: 50, height: 100 };
    expect(placeImage({ ...box, fit: 'contain', align: 'left' }, tall)).toMatchObject({ dx: 10, dw: 50 });
    expect(placeImage({ ...box, fit: 'contain', align: 'right' }, tall)).toMatchObject({ dx: 60 });
  });
  it('fill stretches the whole image to the box', () => {
    expect(placeImage({ ...box, fit: 'fill' }, { width: 3, height: 7 })).toEqual({
      sx: 0,
      sy: 0,
      sw: 3,
      sh: 7,
      dx: 10,
      dy: 20,
      dw: 100,
      dh: 100,
    });
  });
});

describe('a design’s images and fonts', () => {
  const design: Design = {
    width: 10,
    height: 10,
    background: '#000',
    elements: [
      { type: 'image', src: 'a', x: 0, y: 0, width: 1, height: 1, fit: 'fill' },
      { type: 'image', src: 'a', x: 0, y: 0, width: 1, height: 1, fit: 'fill' },
      { type: 'image', src: '', x: 0, y: 0, width: 1, height: 1, fit: 'fill' },
      {
        type: 'text',
        text: 'x',
        x: 0,
        y: 0,
        maxWidth: 5,
        maxLines: 1,
        font: 'Georgia',
        size: 12,
        weight: 'bold',
        color: '#fff',
        align: 'left',
        lineHeight: 1,
      },
    ],
  };
  it('lists each image once', () => expect(designImageSources(design)).toEqual(['a']));
  it('lists the fonts as canvas values of the registered names', () =>
    expect(designFonts(design)).toEqual(['bold 12px "Design Georgia", serif']));
});

describe('the eight families', () => {
  it('each has a normal and a bold file and an @font-face rule for both', () => {
    expect(DESIGN_FONT_FAMILIES).toEqual([
      'Arial',
      'Verdana',
      'Tahoma',
      'Trebuchet MS',
      'Times New Roman',
      'Courier New',
      'Georgia',
      'Comic Sans MS',
    ]);
    const css = designFontFaceCss();
    for (const family of DESIGN_FONT_FAMILIES) {
      expect(css).toContain(`/fonts/design/${DESIGN_FONTS[family].normal}`);
      expect(css).toContain(`/fonts/design/${DESIGN_FONTS[family].bold}`);
    }
    expect(canvasFont('Courier New', 20)).toBe('normal 20px "Design Courier New", monospace');
  });
});
