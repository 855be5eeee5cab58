import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData, useMatches, useParams } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { HomeScreen } from '~/features/home/home-screen';
import { loadHome } from '~/features/home/home.server';
import { isUnknownHomeAddress } from '~/features/shell/shell.server';
import { notFound } from '~/lib/responses.server';
import { routeTitleFromHandles } from '~/lib/title';

/**
 * The home screen's layout (spec 01 §2.6): the community's header and the menu grid of the
 * chosen section in the centre; in the right column the child route's screen (community setup,
 * app setup, integrations, header editor, menu item editor) or, on home itself and in sort
 * mode, the button navigation tray. Its loader runs beside the child's, not before it.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadHome(request).catch((error: unknown) => {
    // As the shell's loader does: an unknown one-segment address is no page, signed in or not,
    // so it answers 404 rather than the sign-in redirect (signed in, the page answers 404).
    if (error instanceof Response && error.status >= 300 && error.status < 400 && isUnknownHomeAddress(request, params)) {
      throw notFound();
    }
    throw error;
  });
}

export default function HomeLayout() {
  const home = useLoaderData<typeof loader>();
  const { itemId } = useParams();
  // A screen route names itself with `handle.title` (also its page title, spec 01 §2.2).
  const screen = routeTitleFromHandles(useMatches().map((match) => match.handle));
  return <HomeScreen home={home} panel={<Outlet />} rightLabel={screen ?? 'Button navigation'} selectedItem={itemId} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
