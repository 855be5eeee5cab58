import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData, useRouteLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { chooseSectionAction } from '~/components/home/menu/section.server';
import { HomeScreen } from '~/components/shell/home-screen';
import { loadHome } from '~/components/shell/home.server';
import type { loader as shellLoader } from './_app';

/** Home (spec 01 §2.6): the community's header and main menu, and the button tray. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadHome(request);
}

/** POST intent=choose-section: remembers the menu section the grid shows (spec 01 §2.6). */
export async function action({ request }: ActionFunctionArgs) {
  return chooseSectionAction(request);
}

export default function Home() {
  const home = useLoaderData<typeof loader>();
  const shell = useRouteLoaderData<typeof shellLoader>('routes/_app');
  return <HomeScreen home={home} trays={shell?.trays ?? []} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
