import { hrefs } from '~/lib/hrefs';

/** A /login address for a view, keeping the redirect target. */
export function loginHref(params: { mode?: string; redirectTo?: string | null; email?: string | null } = {}): string {
  const search = new URLSearchParams();
  if (params.mode) search.set('mode', params.mode);
  if (params.email) search.set('email', params.email);
  if (params.redirectTo) search.set('redirectTo', params.redirectTo);
  return hrefs.login(search);
}

/**
 * Where the screen's forms post: the current /login address, view and all, so that an answer
 * with errors (rendered as a new page without JavaScript) shows the same view again.
 */
export function loginFormAction(search: string): string {
  return `${hrefs.login()}${search}`;
}
