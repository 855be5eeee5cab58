import sanitizeHtml from 'sanitize-html';
import { sanitizeRichText } from '@server/html';

export { htmlFromPlainText } from '~/lib/plain-text-html';

/**
 * The community description (spec 01 §3.1 description and htmlDescription): staff edit rich text;
 * the record keeps the sanitized HTML and the plain text derived from it, for the places that
 * show text only.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (whole, name: string) => {
    const entity = Object.hasOwn(ENTITIES, name) ? ENTITIES[name] : undefined;
    if (entity !== undefined) return entity;
    const lower = name.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(Number.parseInt(lower.slice(1), 10));
    return whole;
  });
}

/**
 * The plain text of rich text: blocks (paragraphs, headings, list items, line breaks) become
 * line breaks, list items get a bullet, tags go, entities are decoded, runs of blank lines
 * collapse.
 */
export function plainTextOf(html: string): string {
  if (html.trim() === '') return '';
  const marked = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '\n• ')
    .replace(/<\/(p|h[1-6]|li|blockquote|ul|ol|div)>/gi, '\n');
  const text = decodeEntities(sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} }));
  return (
    text
      .split('\n')
      .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      // List items sit on consecutive lines (Tiptap wraps each item's text in a paragraph).
      .replace(/\n+(?=• )/g, '\n')
      .trim()
  );
}

/** What the record stores for a posted description: sanitized HTML and its plain text. */
export function descriptionFields(html: string | undefined): { htmlDescription: string | null; description: string | null } {
  // The editor keeps an empty paragraph after a closing list (so the cursor can leave it): not content.
  const sanitized = sanitizeRichText(html ?? '').replace(/(<p>(\s|&nbsp;|<br\s*\/?>)*<\/p>)+$/i, '');
  const text = plainTextOf(sanitized);
  // Markup around nothing (an emptied editor leaves '<p></p>') is no description.
  if (text === '') return { htmlDescription: null, description: null };
  return { htmlDescription: sanitized, description: text };
}
