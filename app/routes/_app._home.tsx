import { Outlet, useLoaderData, useMatches, useParams } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { HomeScreen } from '~/components/shell/home-screen';
import { loadHome } from '~/components/shell/home.server';
import { routeTitleFromHandles } from '~/lib/title';

/**
 * The home screen's layout (spec 01 §2.6): the community's header and the menu grid of the
 * chosen section in the centre; in the right column the child route's screen (community setup,
 * app setup, integrations, header editor, menu item editor) or, on home itself and in sort
 * mode, the button navigation tray. Its loader runs beside the child's, not before it.
 */
export async function loader({ request }: { request: Request }) {
  return loadHome(request);
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
