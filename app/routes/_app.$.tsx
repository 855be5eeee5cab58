import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { notFound } from '~/lib/responses.server';
import type { RouteHandle } from '~/lib/route-handle';

export const handle: RouteHandle = { title: 'Page not found' };
export const meta = shellMeta;

/**
 * Any address no route serves (`/listnm/no-such-list`, `/no/such/page`): 404. It sits
 * under the authenticated layout, so a signed-in person sees the not-found page inside the
 * shell (header, left column) like every other screen; the layout answers anonymous visitors
 * with the plain 404 page rather than the sign-in redirect (see loadShell).
 */
export function loader(): never {
  throw notFound();
}

export function action(): never {
  throw notFound();
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
