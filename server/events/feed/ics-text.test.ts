import { describe, expect, it } from 'vitest';
import { durationText, escapeText, foldLine, icsLines, vtimezone } from './ics-text';

/** The feed writer's content lines (RFC 5545 §3.1 folding, §3.3.11 TEXT, §3.3.6 durations). */

const octets = (text: string) => Buffer.byteLength(text, 'utf8');

describe('the feed writer', () => {
  it('escapes backslash, semicolon and comma in TEXT and writes line breaks as \\n', () => {
    expect(escapeText('plain text')).toBe('plain text');
    expect(escapeText('a\\b;c,d')).toBe('a\\\\b\\;c\\,d');
    expect(escapeText('one\r\ntwo\nthree\rfour')).toBe('one\\ntwo\\nthree\\nfour');
  });

  it('folds lines longer than 75 octets after CRLF and a space, never inside a character', () => {
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
    const ascii = `DESCRIPTION:${'x'.repeat(200)}`;
    const asciiLines = foldLine(ascii).split('\r\n');
    expect(asciiLines.every((line) => octets(line) <= 75)).toBe(true);
    expect(asciiLines.map((line, index) => (index === 0 ? line : line.slice(1))).join('')).toBe(ascii);
    const wide = `SUMMARY:${'é'.repeat(60)} 🎉 ${'日本'.repeat(20)}`;
    const wideLines = foldLine(wide).split('\r\n');
    expect(wideLines.length).toBeGreaterThan(2);
    expect(wideLines.every((line) => octets(line) <= 75)).toBe(true);
    expect(wideLines.slice(1).every((line) => line.startsWith(' '))).toBe(true);
    expect(wideLines.map((line, index) => (index === 0 ? line : line.slice(1))).join('')).toBe(wide);
    // A short line with one non-ASCII character is counted in octets too.
    expect(foldLine(`SUMMARY:${'a'.repeat(60)}${'é'.repeat(10)}`).includes('\r\n ')).toBe(true);
  });

  it('writes durations and joins lines with CRLF, none after the last', () => {
    expect(durationText(3600)).toBe('PT1H');
    expect(durationText(90)).toBe('PT1M30S');
    expect(durationText(86_400 + 3600)).toBe('P1DT1H');
    expect(durationText(0)).toBe('PT0S');
    expect(icsLines(['BEGIN:VCALENDAR', 'END:VCALENDAR'])).toBe('BEGIN:VCALENDAR\r\nEND:VCALENDAR');
  });

  it('gives each known zone its VTIMEZONE in CRLF lines, and none for an unknown zone', () => {
    const berlin = vtimezone('Europe/Berlin')!;
    expect(berlin.startsWith('BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n')).toBe(true);
    expect(berlin.endsWith('END:VTIMEZONE')).toBe(true);
    expect(berlin.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(vtimezone('Not/AZone')).toBeNull();
  });
});
