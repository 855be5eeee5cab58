import { describe, expect, it } from 'vitest';
import {
  convertLegacyIconSet,
  FONT_ICON_SETS,
  iconShapeOf,
  isFontIconSet,
  isLegacyIconSet,
  isSvgIconSet,
  LEGACY_ICON_SETS,
  SVG_ICON_SETS,
} from './icon-sets';

describe('icon sets (spec 01 §3.1, spec 03 §3)', () => {
  it('names the svg, font and legacy sets', () => {
    expect(SVG_ICON_SETS).toEqual(['svg_round', 'svg_plain', 'svg_parks', 'svg_traditional', 'svg_vintage']);
    expect(FONT_ICON_SETS).toEqual(['solid', 'regular', 'light', 'duotone', 'custom']);
    expect(LEGACY_ICON_SETS).toEqual(['handdrawn', 'parks', 'parks_color', 'round', 'round_color', 'traditional', 'vintage']);
  });

  it('tells the kinds apart', () => {
    expect(isLegacyIconSet('parks_color')).toBe(true);
    expect(isLegacyIconSet('svg_parks')).toBe(false);
    expect(isLegacyIconSet(undefined)).toBe(false);
    expect(isSvgIconSet('svg_vintage')).toBe(true);
    expect(isFontIconSet('duotone')).toBe(true);
    expect(isFontIconSet('round')).toBe(false);
  });
});

describe('convertLegacyIconSet (spec 01 §4.4)', () => {
  it('turns handdrawn into svg_plain', () => {
    expect(convertLegacyIconSet('handdrawn')).toEqual({ iconSet: 'svg_plain', randomColors: false });
  });

  it('adds the svg_ prefix', () => {
    expect(convertLegacyIconSet('parks')).toEqual({ iconSet: 'svg_parks', randomColors: false });
    expect(convertLegacyIconSet('round')).toEqual({ iconSet: 'svg_round', randomColors: false });
    expect(convertLegacyIconSet('traditional')).toEqual({ iconSet: 'svg_traditional', randomColors: false });
    expect(convertLegacyIconSet('vintage')).toEqual({ iconSet: 'svg_vintage', randomColors: false });
  });

  it('removes a trailing _color and turns random colours on', () => {
    expect(convertLegacyIconSet('parks_color')).toEqual({ iconSet: 'svg_parks', randomColors: true });
    expect(convertLegacyIconSet('round_color')).toEqual({ iconSet: 'svg_round', randomColors: true });
  });

  it('leaves svg sets, font sets and unknown names alone', () => {
    expect(convertLegacyIconSet('svg_round')).toBeNull();
    expect(convertLegacyIconSet('solid')).toBeNull();
    expect(convertLegacyIconSet('fancy_color')).toBeNull();
  });
});

describe('iconShapeOf', () => {
  it('draws each svg set on its own shape and legacy sets like their conversion', () => {
    expect(iconShapeOf('svg_parks')).toBe('parks');
    expect(iconShapeOf('svg_plain')).toBe('plain');
    expect(iconShapeOf('handdrawn')).toBe('plain');
    expect(iconShapeOf('round_color')).toBe('round');
    expect(iconShapeOf('solid')).toBe('round');
    expect(iconShapeOf(undefined)).toBe('round');
  });
});
