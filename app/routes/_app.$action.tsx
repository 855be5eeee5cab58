import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData, useRouteLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { isHomeAction } from '~/components/shell/home-actions';
import { HomeScreen } from '~/components/shell/home-screen';
import { loadHome } from '~/components/shell/home.server';
import type { loader as shellLoader } from './_app';

/**
 * Home with an action (spec 01 §2.6, §4.3). Until an action has its own screen, the right
 * column shows the button tray; a word that is not a home action is not a page.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!isHomeAction(params.action)) throw new Response('Not Found', { status: 404 });
  return loadHome(request);
}

export default function HomeWithAction() {
  const home = useLoaderData<typeof loader>();
  const shell = useRouteLoaderData<typeof shellLoader>('routes/_app');
  return <HomeScreen home={home} trays={shell?.trays ?? []} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
