import { describe, expect, it } from 'vitest';
import { normalizeHexColor, readableTextColor } from './colors';

describe('community colours in the shell', () => {
  it('normalizes hex colours and rejects anything else', () => {
    expect(normalizeHexColor('#1f4d3a')).toBe('#1F4D3A');
    expect(normalizeHexColor('abc')).toBe('#AABBCC');
    expect(normalizeHexColor(' #FFF ')).toBe('#FFFFFF');
    expect(normalizeHexColor('red')).toBeNull();
    expect(normalizeHexColor('#12345')).toBeNull();
    expect(normalizeHexColor(undefined)).toBeNull();
  });

  it('puts white text on dark colours and dark text on light ones', () => {
    expect(readableTextColor('#1F4D3A')).toBe('#FFFFFF');
    expect(readableTextColor('#183449')).toBe('#FFFFFF');
    expect(readableTextColor('#FFFFFF')).toBe('#111111');
    expect(readableTextColor('#F5D76E')).toBe('#111111');
  });
});
