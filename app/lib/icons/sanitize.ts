/**
 * SVG sanitizing for icons (spec 02 §5 "SVG upload"). Isomorphic and pure: a small tokenizer
 * and an allow-list, no DOM, so the server and the browser clean an svg the same way.
 *
 * What survives: drawing elements (paths, basic shapes, groups, gradients, clip paths, masks,
 * text) with presentation attributes. What goes: scripts, style sheets, foreign objects,
 * `<image>`, links, animation, event handlers, comments, doctypes and entities, any href that
 * is not a reference inside the same svg (`#id`), and any `url(…)` that is not `url(#id)`.
 */

/** Spec 02 §5: an uploaded svg holding an image tag. */
export const SVG_WITH_IMAGE_MESSAGE = 'This svg is incompatible. Only upload svgs without <image> tags.';
/** Spec 02 §5: anything else that is not an svg file. */
export const INVALID_SVG_MESSAGE = 'Please only upload valid .svg files.';

const ALLOWED_ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'path',
  'circle',
  'ellipse',
  'rect',
  'line',
  'polyline',
  'polygon',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'text',
  'tspan',
]);

/** Elements dropped together with everything inside them. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'foreignObject',
  'image',
  'iframe',
  'object',
  'embed',
  'audio',
  'video',
  'canvas',
  'animate',
  'animateMotion',
  'animateTransform',
  'set',
  'discard',
  'handler',
  'listener',
  'metadata',
]);

/** Elements whose text is kept (escaped). */
const TEXT_ELEMENTS = new Set(['title', 'desc', 'text', 'tspan']);

const ALLOWED_ATTRIBUTES = new Set([
  'xmlns',
  'xmlns:xlink',
  'version',
  'viewBox',
  'preserveAspectRatio',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'd',
  'points',
  'pathLength',
  'transform',
  'id',
  'class',
  'style',
  'color',
  'display',
  'visibility',
  'opacity',
  'fill',
  'fill-opacity',
  'fill-rule',
  'clip-rule',
  'clip-path',
  'clipPathUnits',
  'mask',
  'maskUnits',
  'maskContentUnits',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-opacity',
  'vector-effect',
  'shape-rendering',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'letter-spacing',
  'dx',
  'dy',
  'href',
  'xlink:href',
]);

const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<![^>]*>?|<\?[\s\S]*?(?:\?>|$)|<(\/?)([A-Za-z][\w:.-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']+))?)*)\s*(\/?)>|[^<]+|</g;
const ATTRIBUTE = /([^\s=>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g;

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Decodes the character references an attribute value may hide `javascript:` behind. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);?/gi, (whole, ref: string) => {
    const lower = ref.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16) || 0xfffd);
    if (lower.startsWith('#')) return String.fromCodePoint(Number.parseInt(lower.slice(1), 10) || 0xfffd);
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[lower] ?? whole;
  });
}

/** True when every url(…) in the value points inside the svg (url(#id)). */
function onlyLocalUrls(value: string): boolean {
  const compact = value.replace(/\s+/g, '').toLowerCase();
  if (/expression\(|javascript:|@import|\\/.test(compact)) return false;
  return [...compact.matchAll(/url\(([^)]*)\)/g)].every(([, target]) => /^["']?#[\w.-]+["']?$/.test(target ?? ''));
}

function cleanAttributes(source: string): string {
  let out = '';
  const seen = new Set<string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1] ?? '';
    const raw = match[2] ?? match[3] ?? match[4];
    if (raw === undefined || !ALLOWED_ATTRIBUTES.has(name) || seen.has(name)) continue;
    const value = decodeEntities(raw).trim();
    if (name === 'href' || name === 'xlink:href') {
      if (!/^#[\w.-]+$/.test(value)) continue;
    } else if (!onlyLocalUrls(value)) continue;
    seen.add(name);
    out += ` ${name}="${escapeAttribute(value)}"`;
  }
  return out;
}

/**
 * A self-contained, well-formed svg holding only drawing markup, or '' when the text has no
 * `<svg>` root. Whitespace between tags is dropped.
 */
export function sanitizeSvg(svg: string): string {
  const stack: string[] = [];
  let out = '';
  let dropDepth = 0;
  let rootSeen = false;
  let rootClosed = false;
  for (const match of svg.matchAll(TOKEN)) {
    if (rootClosed) break;
    const [token, closing, name, attributes, selfClosing] = match;
    if (name === undefined) {
      // Text, comments, CDATA, doctypes, processing instructions, a stray '<'.
      if (dropDepth > 0 || (token.startsWith('<') && token !== '<')) continue;
      const current = stack[stack.length - 1];
      if (current && TEXT_ELEMENTS.has(current) && token.trim() !== '') out += escapeText(decodeEntities(token));
      continue;
    }
    const local = name.includes(':') ? name.slice(name.indexOf(':') + 1) : name;
    if (!rootSeen) {
      if (closing || local.toLowerCase() !== 'svg') continue;
      rootSeen = true;
    }
    if (dropDepth > 0) {
      if (selfClosing) continue;
      if (closing) dropDepth -= DROPPED_WITH_CONTENT.has(local) || !ALLOWED_ELEMENTS.has(local) ? 1 : 0;
      else if (DROPPED_WITH_CONTENT.has(local) || !ALLOWED_ELEMENTS.has(local)) dropDepth += 1;
      continue;
    }
    if (closing) {
      const at = stack.lastIndexOf(local);
      if (at === -1) continue;
      while (stack.length > at) out += `</${stack.pop()}>`;
      if (stack.length === 0) rootClosed = true;
      continue;
    }
    if (!ALLOWED_ELEMENTS.has(local)) {
      // Unknown or dangerous element: drop it with its content.
      if (!selfClosing) dropDepth = 1;
      continue;
    }
    let cleaned = cleanAttributes(attributes ?? '');
    if (stack.length === 0 && !/\sxmlns="/.test(cleaned)) cleaned = ` xmlns="http://www.w3.org/2000/svg"${cleaned}`;
    if (selfClosing) {
      out += `<${local}${cleaned}/>`;
      if (stack.length === 0) rootClosed = true;
    } else {
      out += `<${local}${cleaned}>`;
      stack.push(local);
    }
  }
  while (stack.length > 0) out += `</${stack.pop()}>`;
  return out;
}

/**
 * The spec's message for an uploaded svg (spec 02 §5), or null when it can be used: a file that
 * is not an svg gets 'Please only upload valid .svg files.', one with an `<image>` tag 'This svg
 * is incompatible. Only upload svgs without <image> tags.'
 */
export function checkUploadedSvg(text: string, fileName?: string): string | null {
  if (fileName !== undefined && !/\.svg$/i.test(fileName.trim())) return INVALID_SVG_MESSAGE;
  const body = text
    .replace(/^\uFEFF/, '')
    .replace(/<\?xml[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/gi, '')
    .trim();
  if (!/^<svg[\s>/]/i.test(body) || !/<\/svg\s*>$|\/>$/i.test(body)) return INVALID_SVG_MESSAGE;
  if (/<(?:[\w.-]+:)?image\b/i.test(body)) return SVG_WITH_IMAGE_MESSAGE;
  if (sanitizeSvg(body) === '') return INVALID_SVG_MESSAGE;
  return null;
}
