import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { menuItemPanel } from '~/components/home/panels/menu-item.server';
import { MenuItemPanel } from '~/components/home/panels/menu-item';

/** Home with a menu item open (spec 01 route table: /home/:action/:itemId, "home, edit"): the menu item editor. */
export async function loader(args: LoaderFunctionArgs) {
  return menuItemPanel.loader(args);
}

export async function action(args: ActionFunctionArgs) {
  return menuItemPanel.action!(args);
}

export default function HomeMenuItem() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <MenuItemPanel data={data} actionData={actionData as never} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
