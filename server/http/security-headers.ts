import { randomBytes } from 'node:crypto';

/**
 * The security headers of every response, and the Content-Security-Policy of the console's
 * pages. The HTTP server sets them on everything it answers (documents, data, static files,
 * errors); the document renderer (app/entry.server.tsx) replaces the policy with the page's own
 * (its frame-ancestors and the project's help-desk widget).
 */

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
/** Sent only on requests that arrived over https. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** Where the header's video is embedded from (app/lib/header-info.ts videoEmbedUrl). */
export const VIDEO_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';
/** "Sign in with Google" posts to our own route, which redirects the form's navigation here. */
export const GOOGLE_SIGN_IN_ORIGIN = 'https://accounts.google.com';

/** A fresh nonce for one response's inline scripts. */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

export interface PolicyOptions {
  /** The nonce every inline and Remix-written script carries. */
  nonce: string;
  /** The page may be shown inside other sites' frames (the public calendar). */
  embeddable?: boolean;
  /** Origins of the project's help-desk widget: its script and what it loads, frames and calls. */
  widgetOrigins?: readonly string[];
  /** `remix dev`: the dev server's sockets. */
  development?: boolean;
}

/**
 * The console's policy. Scripts: the nonce, our own origin (the build's modules, which Remix
 * preloads with <link rel="modulepreload"> without a nonce) and the help-desk widget. Images
 * come from storage, places and stock photo services (any https address), and data:/blob:
 * URLs (icons, QR codes, the cropper). Radix and the cropper set style attributes, so inline
 * styles are allowed; inline scripts are not.
 */
export function contentSecurityPolicy({ nonce, embeddable = false, widgetOrigins = [], development = false }: PolicyOptions): string {
  const widgets = [...new Set(widgetOrigins)];
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", `'nonce-${nonce}'`, ...widgets]],
    ['style-src', ["'self'", "'unsafe-inline'", ...widgets]],
    ['img-src', ["'self'", 'data:', 'blob:', 'https:']],
    ['font-src', ["'self'", 'data:', ...widgets]],
    ['connect-src', ["'self'", 'blob:', 'data:', ...widgets, ...(development ? ['ws:', 'wss:', 'http://localhost:*'] : [])]],
    ['media-src', ["'self'", 'blob:', 'https:']],
    ['frame-src', ["'self'", VIDEO_EMBED_ORIGIN, ...widgets]],
    ['worker-src', ["'self'", 'blob:']],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'", GOOGLE_SIGN_IN_ORIGIN]],
  ];
  if (!embeddable) directives.push(['frame-ancestors', ["'none'"]]);
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** The origin of a widget script's URL, when it is an http(s) URL. */
export function scriptOrigin(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** Headers every response carries, whatever answers it. */
export function baseSecurityHeaders(protocol: 'http' | 'https'): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': REFERRER_POLICY,
    ...(protocol === 'https' ? { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY } : {}),
  };
}
