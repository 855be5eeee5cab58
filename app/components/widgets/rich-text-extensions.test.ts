import { describe, expect, it } from 'vitest';
import { colorInputValue } from './rich-text-editor';
import { hexColor, safeColor } from './rich-text-extensions';

describe('rich-text colours', () => {
  it('keeps only the colours the server keeps', () => {
    expect(safeColor('#CC0000')).toBe('#CC0000');
    expect(safeColor(' rgb(1, 2, 3) ')).toBe('rgb(1, 2, 3)');
    expect(safeColor('red')).toBeNull();
    expect(safeColor('url(javascript:alert(1))')).toBeNull();
    expect(safeColor(undefined)).toBeNull();
  });

  it('shows what the text carries in the colour inputs', () => {
    expect(colorInputValue('#ABCDEF', '#000000')).toBe('#abcdef');
    expect(colorInputValue('#f0a', '#000000')).toBe('#ff00aa');
    expect(colorInputValue('rgb(255, 0, 16)', '#000000')).toBe('#ff0010');
    expect(colorInputValue('rgba(255, 0, 0, 0.5)', '#000000')).toBe('#000000');
    expect(colorInputValue(null, '#ffff00')).toBe('#ffff00');
    expect(colorInputValue('transparent', '#ffff00')).toBe('#ffff00');
  });
});

describe('hexColor', () => {
  it('writes opaque colours as #rrggbb, as the browser reports them or not', () => {
    expect(hexColor('rgb(204, 0, 0)')).toBe('#cc0000');
    expect(hexColor('rgba(204, 0, 0, 1)')).toBe('#cc0000');
    expect(hexColor('rgba(204, 0, 0, 0.5)')).toBe('rgba(204, 0, 0, 0.5)');
    expect(hexColor('#ABC')).toBe('#aabbcc');
    expect(hexColor('expression(alert(1))')).toBeNull();
  });
});
