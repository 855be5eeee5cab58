import sanitizeHtml from 'sanitize-html';

/**
 * Rich text written by staff (descriptions, popup details) as HTML safe to render: the
 * rich-text toolbar's formatting (headers 1–4, bold, italic, underline, links, lists, colour,
 * background, alignment) and nothing that runs or loads.
 */
export function sanitizeRichText(html: unknown): string {
  if (typeof html !== 'string' || html.trim() === '') return '';
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'h1', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ol', 'ul', 'li', 'span', 'blockquote'],
    allowedAttributes: {
      a: ['href', 'target', 'rel'],
      '*': ['style', 'class'],
    },
    allowedClasses: { '*': [/^ql-align-(center|right|justify)$/, /^ql-indent-\d$/] },
    allowedStyles: {
      '*': {
        color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
        'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
        'text-align': [/^(left|right|center|justify)$/],
      },
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }),
    },
  });
}
