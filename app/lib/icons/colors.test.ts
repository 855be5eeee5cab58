import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  ICON_COLOR_PALETTE,
  normalizeHex,
  PREVIEW_SAMPLE_BACKGROUND_COLOR,
  PREVIEW_SAMPLE_SHAPE_COLOR,
  RANDOM_ICON_CONTRAST_THRESHOLD,
  randomIconColors,
  seededRng,
} from './colors';

describe('icon colour constants', () => {
  it("uses the spec's threshold and preview samples", () => {
    expect(RANDOM_ICON_CONTRAST_THRESHOLD).toBe(3);
    expect(PREVIEW_SAMPLE_SHAPE_COLOR).toBe('#173972');
    expect(PREVIEW_SAMPLE_BACKGROUND_COLOR).toBe('#8F8F10');
  });

  it('has a palette of about 100 distinct hex colours', () => {
    expect(ICON_COLOR_PALETTE.length).toBeGreaterThanOrEqual(95);
    expect(ICON_COLOR_PALETTE.every((c) => /^#[0-9A-F]{6}$/.test(c))).toBe(true);
    expect(new Set(ICON_COLOR_PALETTE).size).toBe(ICON_COLOR_PALETTE.length);
  });
});

describe('contrastRatio (WCAG)', () => {
  it('matches the WCAG values', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBe(1);
    expect(contrastRatio('#777777', '#FFFFFF')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#FFFFFF', '#777777')).toBe(contrastRatio('#777777', '#FFFFFF'));
  });

  it('rejects what is not a hex colour', () => {
    expect(() => contrastRatio('red', '#fff')).toThrow();
    expect(normalizeHex('abc')).toBe('#AABBCC');
    expect(normalizeHex('url(x)')).toBeNull();
  });
});

describe('randomIconColors', () => {
  const base = { colorIconShape: '#FFFFFF', colorIconBackground: '#2E6B4F' };

  it('keeps the community colours when nothing is random', () => {
    expect(randomIconColors(1, { randomShape: false, randomBackground: false, base })).toEqual(base);
  });

  it('is deterministic for a seed or a seeded source', () => {
    const options = { randomShape: true, randomBackground: true, base };
    expect(randomIconColors(42, options)).toEqual(randomIconColors(seededRng(42), options));
    const many = new Set(Array.from({ length: 20 }, (_, seed) => JSON.stringify(randomIconColors(seed, options))));
    expect(many.size).toBeGreaterThan(5);
  });

  it('always reaches contrast 3 from the palette', () => {
    const rng = seededRng(7);
    for (let i = 0; i < 300; i += 1) {
      for (const [randomShape, randomBackground] of [
        [true, true],
        [true, false],
        [false, true],
      ] as const) {
        const colors = randomIconColors(rng, { randomShape, randomBackground, base });
        expect(contrastRatio(colors.colorIconShape, colors.colorIconBackground)).toBeGreaterThanOrEqual(3);
        expect(ICON_COLOR_PALETTE).toContain(randomShape ? colors.colorIconShape : colors.colorIconBackground);
        if (!randomShape) expect(colors.colorIconShape).toBe('#FFFFFF');
        if (!randomBackground) expect(colors.colorIconBackground).toBe('#2E6B4F');
      }
    }
  });

  it('falls back to the best contrast when nothing reaches the threshold', () => {
    const colors = randomIconColors(() => 0.5, {
      randomShape: false,
      randomBackground: true,
      base: { colorIconShape: '#777777' },
      palette: ['#707070', '#888888', '#FFFFFF'],
      threshold: 10,
    });
    expect(colors).toEqual({ colorIconShape: '#777777', colorIconBackground: '#FFFFFF' });
  });
});
