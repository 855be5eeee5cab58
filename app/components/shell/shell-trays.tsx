import { useRouteLoaderData } from '@remix-run/react';
import type { loader as shellLoader } from '~/routes/_app';
import { ButtonTray } from './button-tray';
import { SHELL_ROUTE_ID } from './meta';

/** The button navigation trays the shell loaded for this person (spec 03 §6). */
export function ShellButtonTray() {
  const shell = useRouteLoaderData<typeof shellLoader>(SHELL_ROUTE_ID);
  return <ButtonTray trays={shell?.trays ?? []} />;
}
