import { createCookie, redirect } from '@remix-run/node';
import { cookieSecurity } from '@server/auth/session';
import { LEFT_COLUMN_PARAM, parseLeftColumnChoice, parseLeftColumnState, type LeftColumnState } from '~/components/shell/left-column-state';

/**
 * The left column's open or collapsed state, remembered per browser in a plain preference
 * cookie (it grants nothing, so it is not signed). The menu expander is a link that adds
 * `?leftColumn=collapsed|expanded` to the current address (an entry chosen in the opened column
 * adds `?leftColumn=auto`, which forgets the choice); the layout's loader stores the choice and
 * redirects back to the address without it, so it works without JavaScript.
 */
const leftColumnCookie = createCookie('shell-left-column', {
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
  maxAge: 365 * 24 * 60 * 60,
});

export async function readLeftColumnState(request: Request): Promise<LeftColumnState> {
  const stored: unknown = await leftColumnCookie.parse(request.headers.get('Cookie'));
  return parseLeftColumnState(typeof stored === 'string' ? stored : null) ?? 'auto';
}

/**
 * When the request asks to change the state, the redirect that stores it (a GET only:
 * form posts keep their address); otherwise null.
 */
export async function leftColumnChangeRedirect(request: Request): Promise<Response | null> {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (!url.searchParams.has(LEFT_COLUMN_PARAM)) return null;
  const state = parseLeftColumnChoice(url.searchParams.get(LEFT_COLUMN_PARAM));
  url.searchParams.delete(LEFT_COLUMN_PARAM);
  const headers = new Headers();
  // 'auto' forgets the choice (an entry chosen in the opened drawer closes it on narrow screens).
  if (state === 'auto') headers.append('Set-Cookie', await leftColumnCookie.serialize('', { maxAge: 0, ...cookieSecurity(request) }));
  else if (state) headers.append('Set-Cookie', await leftColumnCookie.serialize(state, cookieSecurity(request)));
  return redirect(`${url.pathname}${url.search}`, { headers });
}
