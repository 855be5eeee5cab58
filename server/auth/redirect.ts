import { hrefs } from '~/lib/hrefs';

/**
 * Redirect targets from user input (`redirectTo`), STYLE 15. remix-utils' `safeRedirect` only
 * looks at the text: `/\t/evil.example/x` passes it, and the browser, which drops tabs and
 * newlines from addresses, reads `//evil.example/x`, another site. Here every target is
 * resolved against the site's own origin the way a browser would, and anything that does not
 * stay on it, or that holds characters a browser would silently drop or rewrite, is refused.
 */

/** A stand-in for the site's own origin: only the path of the resolved address is kept. */
const SITE = 'http://site.invalid';

/** Longer targets are no address anyone follows from a page of the console. */
const MAX_LENGTH = 2048;

/** Control characters (tabs, newlines …) and backslashes, which browsers drop or turn into '/'. */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\\]/;

/**
 * The path, query and fragment of `value` when it is an address on this site written as a
 * path ('/analytics?range=7'); null for anything else: another origin, a scheme-relative
 * `//host`, a relative path, a control character or backslash anywhere, or a path that a
 * browser would normalise into `//host` (`/.//evil`).
 */
export function sitePath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//') || UNSAFE.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, SITE);
  } catch {
    return null;
  }
  if (url.origin !== SITE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith('/') && !path.startsWith('//') ? path : null;
}

/**
 * Where to go after signing in: a path on this site other than home and the login screen
 * itself (which would sign out or loop), else null (home).
 */
export function safeRedirectTo(value: unknown): string | null {
  const path = sitePath(value);
  if (path === null || path === hrefs.home() || path.startsWith(hrefs.login())) return null;
  return path;
}
