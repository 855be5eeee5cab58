/**
 * JSON for a `<script type="application/ld+json">`: '<', '>', '&' and the line separators
 * escaped, so no text of the data (an event's title, say) can close the script. Isomorphic.
 */
export function jsonLdText(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
