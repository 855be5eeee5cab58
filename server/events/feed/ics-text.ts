import { getVtimezoneComponent } from '@touch4it/ical-timezones';

/**
 * The iCalendar text of a feed (RFC 5545 §3.1 content lines, §3.3.11 TEXT escaping, §3.1
 * folding; RFC 7986 NAME, REFRESH-INTERVAL, SOURCE), written by the product: the layout
 * ical-generator 11 gave the feed (decision 025), property for property, at a fraction of its
 * cost (docs/decisions/026). Values arrive formatted (feed.ts); this module escapes TEXT, folds
 * and joins.
 */

/** TEXT (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, line breaks as \n. */
export function escapeText(value: string): string {
  if (!NEEDS_ESCAPE.test(value)) return value;
  return value.replace(/[\\;,]/g, (char) => `\\${char}`).replace(/\r\n|\r|\n/g, '\\n');
}

const NEEDS_ESCAPE = /[\\;,\r\n]/;

const ASCII = /^[\x00-\x7f]*$/;

/**
 * Folds one content line at 75 octets (RFC 5545 §3.1): a line longer than 74 octets goes on
 * after CRLF and a space; a character is never split, a surrogate pair counts as four octets.
 */
export function foldLine(line: string): string {
  if (line.length <= 74 && ASCII.test(line)) return line;
  let folded = '';
  let octets = 0;
  for (let index = 0; index < line.length; index += 1) {
    let char = line.charAt(index);
    const code = line.charCodeAt(index);
    let size: number;
    if (code < 0x80) size = 1;
    else if (code < 0x800) size = 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      index += 1;
      char += line.charAt(index);
      size = 4;
    } else size = 3;
    octets += size;
    if (octets > 74) {
      folded += '\r\n ';
      octets = size;
    }
    folded += char;
  }
  return folded;
}

const vtimezones = new Map<string, string | null>();

/** The VTIMEZONE of a zone (its current rules, @touch4it/ical-timezones), CRLF lines; null when unknown. */
export function vtimezone(timeZone: string): string | null {
  if (!vtimezones.has(timeZone)) {
    const text = getVtimezoneComponent(timeZone);
    vtimezones.set(timeZone, text ? text.replace(/\r\n/g, '\n').replace(/\n/g, '\r\n').trim() : null);
  }
  return vtimezones.get(timeZone)!;
}

/** A duration in seconds as RFC 5545 §3.3.6 writes it (3600 → PT1H). */
export function durationText(seconds: number): string {
  let rest = Math.abs(seconds);
  let text = `${seconds < 0 ? '-' : ''}P`;
  if (rest >= 86_400) {
    text += `${Math.floor(rest / 86_400)}D`;
    rest %= 86_400;
  }
  if (rest === 0 && text.length > 1 && !text.endsWith('P')) return text;
  text += 'T';
  if (rest >= 3600) {
    text += `${Math.floor(rest / 3600)}H`;
    rest %= 3600;
  }
  if (rest >= 60) {
    text += `${Math.floor(rest / 60)}M`;
    rest %= 60;
  }
  if (rest > 0) text += `${rest}S`;
  else if (text.endsWith('PT')) text += '0S';
  return text;
}

/** Content lines joined with CRLF, each folded; no CRLF after the last (as the feed always ended). */
export function icsLines(lines: readonly string[]): string {
  return lines.map(foldLine).join('\r\n');
}
