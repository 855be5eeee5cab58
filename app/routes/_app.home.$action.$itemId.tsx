import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData, useRouteLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { MenuItemPanel } from '~/components/home/panels/menu-item';
import { menuItemPanel } from '~/components/home/panels/menu-item.server';
import { HomeScreen } from '~/components/shell/home-screen';
import { loadHome } from '~/components/shell/home.server';
import type { loader as shellLoader } from './_app';

/**
 * Home with a menu item open (spec 01 route table: /home/:action/:itemId, "home, edit"): the
 * menu item editor of the item in the right column. Only `edit` is an action here.
 */
function requireEdit(action: string | undefined) {
  if (action !== 'edit') throw new Response('Not Found', { status: 404 });
}

export async function loader(args: LoaderFunctionArgs) {
  requireEdit(args.params.action);
  // The panel checks the person (staff of the community) and finds the item first.
  const panelData = await menuItemPanel.loader(args);
  const home = await loadHome(args.request);
  return { home, panelData };
}

export async function action(args: ActionFunctionArgs) {
  requireEdit(args.params.action);
  return menuItemPanel.action!(args);
}

export default function HomeMenuItem() {
  const { home, panelData } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const shell = useRouteLoaderData<typeof shellLoader>('routes/_app');
  return (
    <HomeScreen
      home={home}
      trays={shell?.trays ?? []}
      panel={<MenuItemPanel data={panelData} actionData={actionData as never} />}
      selectedItem={panelData.defaultValue ? String(panelData.defaultValue.itemKey ?? '') : undefined}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
