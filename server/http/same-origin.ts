import type { IncomingHttpHeaders } from 'node:http';

/**
 * The cross-site request check every mutating request passes before it reaches an action.
 * SameSite=Lax cookies keep other sites' posts unsigned-in, but not those of sibling origins
 * of the same site (the studio's subdomain is one), so the request's own word on where it
 * comes from decides:
 *
 * 1. Sec-Fetch-Site, when the browser sends it: only `same-origin` (and `none`, a request the
 *    user started, such as a bookmark) passes;
 * 2. else Origin, when sent: it must be the request's own origin (as the client addressed it,
 *    after trusted-proxy handling) or PUBLIC_URL's;
 * 3. else Referer, when sent: its origin, the same way;
 * 4. else, when the request carries the session cookie, it is refused: every browser this
 *    console supports names the source of a form post, so a signed-in post that names none came
 *    from something that hid it (an old plug-in, a stripping proxy) and cannot be told apart
 *    from a forged one;
 * 5. else (curl, server-to-server calls without a session) the request passes: it acts as
 *    nobody, and the sign-in forms have their own defences. No documented client posts with a
 *    session cookie and without a source.
 */

export const MUTATING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const CROSS_SITE_MESSAGE =
  'This request came from another site, so it was refused. Nothing was saved. Open the page on this site and send the form from there.';

export const DATA_PARAMETER_MESSAGE =
  'Requests with a _data parameter are not accepted. Nothing was saved. Reload the page and send the form again.';

export type OriginVerdict = { ok: true } | { ok: false; reason: 'sec-fetch-site' | 'origin' | 'referer' | 'no-source' };

/** The staff session's cookie (server/auth/session.ts). */
const SESSION_COOKIE = '__session';

/** Whether a Cookie header carries the staff session's cookie. */
export function hasSessionCookie(cookie: string | string[] | undefined): boolean {
  const header = Array.isArray(cookie) ? cookie.join(';') : (cookie ?? '');
  return header.split(';').some((pair) => pair.trim().startsWith(`${SESSION_COOKIE}=`));
}

export interface OriginCheckInput {
  method: string;
  headers: IncomingHttpHeaders;
  /** Origins that count as this site's own: the request's and PUBLIC_URL's. */
  ownOrigins: readonly string[];
}

const first = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value)?.trim();

function originOf(value: string): string | null {
  try {
    const { origin } = new URL(value);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

export function checkSameOrigin({ method, headers, ownOrigins }: OriginCheckInput): OriginVerdict {
  if (!MUTATING_METHODS.has(method.toUpperCase())) return { ok: true };
  const own = new Set(ownOrigins.map(originOf).filter((origin): origin is string => origin !== null));

  const site = first(headers['sec-fetch-site'])?.toLowerCase();
  if (site) return site === 'same-origin' || site === 'none' ? { ok: true } : { ok: false, reason: 'sec-fetch-site' };

  const origin = first(headers.origin);
  if (origin) {
    const parsed = originOf(origin);
    return parsed !== null && own.has(parsed) ? { ok: true } : { ok: false, reason: 'origin' };
  }

  const referer = first(headers.referer);
  if (referer) {
    const parsed = originOf(referer);
    return parsed !== null && own.has(parsed) ? { ok: true } : { ok: false, reason: 'referer' };
  }
  return hasSessionCookie(headers.cookie) ? { ok: false, reason: 'no-source' } : { ok: true };
}

/** A request URL carrying Remix's legacy `_data` parameter, which mutating requests may not use. */
export function hasDataParameter(url: URL): boolean {
  return url.searchParams.has('_data');
}
