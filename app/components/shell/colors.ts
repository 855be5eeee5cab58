/**
 * Community colours in the shell. A community's colours are whatever its staff chose, so
 * text on them is black or white, whichever reads better (WCAG relative luminance).
 */

/** Spec 01 §3.1: cached community data uses background #1DA9F3 and primary #183449 by default. */
export const DEFAULT_COLOR_BACKGROUND = '#1DA9F3';
export const DEFAULT_COLOR_PRIMARY = '#183449';

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** '#RRGGBB' for a valid hex colour ('#abc', 'abc', '#aabbcc'), else null. */
export function normalizeHexColor(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const hex = HEX.exec(value.trim())?.[1];
  if (!hex) return null;
  const digits = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  return `#${digits.toUpperCase()}`;
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** '#FFFFFF' or '#111111', whichever contrasts more with `background` ('#RRGGBB'). */
export function readableTextColor(background: string): string {
  const l = luminance(background);
  const onWhite = 1.05 / (l + 0.05);
  const onDark = (l + 0.05) / (luminance('#111111') + 0.05);
  return onWhite >= onDark ? '#FFFFFF' : '#111111';
}
