import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData, useRouteLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { PANEL_VIEWS } from '~/components/home/panels/registry';
import { PANEL_SERVERS } from '~/components/home/panels/registry.server';
import type { PanelActionName } from '~/components/home/panels/types';
import { sortAction } from '~/components/home/sort/sort-action.server';
import { isSortAction } from '~/components/home/sort/sort-types';
import { isHomeAction } from '~/components/shell/home-actions';
import { HomeScreen } from '~/components/shell/home-screen';
import { loadHome } from '~/components/shell/home.server';
import type { loader as shellLoader } from './_app';

/**
 * Home with an action (spec 01 §2.6, §4.3): the right column shows the action's screen
 * (community setup, app setup, integrations, header editor, menu item form), or the button
 * tray for actions without one; a word that is not a home action is not a page.
 */
export async function loader(args: LoaderFunctionArgs) {
  const action = args.params.action;
  if (!isHomeAction(action)) throw new Response('Not Found', { status: 404 });
  const panel = action === 'default' ? undefined : PANEL_SERVERS[action];
  // The panel's loader runs its own permission check first (e.g. super admin for app setup).
  const panelData = panel ? await panel.loader(args) : null;
  const home = await loadHome(args.request);
  return { home, action, panelData };
}

export async function action(args: ActionFunctionArgs) {
  const name = args.params.action;
  // The main menu's sort mode (spec 01 §2.6, §4.3): its posts are the home screen's own.
  if (isSortAction(name)) return sortAction(args);
  const panel = isHomeAction(name) && name !== 'default' ? PANEL_SERVERS[name] : undefined;
  if (!panel?.action) throw new Response('Method Not Allowed', { status: 405 });
  return panel.action(args);
}

export default function HomeWithAction() {
  const { home, action: current, panelData } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const shell = useRouteLoaderData<typeof shellLoader>('routes/_app');
  const View = current === 'default' ? undefined : PANEL_VIEWS[current as PanelActionName];
  return <HomeScreen home={home} trays={shell?.trays ?? []} panel={View ? <View data={panelData} actionData={actionData} /> : undefined} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
