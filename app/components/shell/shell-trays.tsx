import { useRouteLoaderData } from '@remix-run/react';
import { ButtonTray } from './button-tray';
import { SHELL_ROUTE_ID } from './meta';
import type { ShellData } from './shell-data';

/** The button navigation trays the shell loaded for this person (spec 03 §6). */
export function ShellButtonTray() {
  const shell = useRouteLoaderData<ShellData>(SHELL_ROUTE_ID);
  return <ButtonTray trays={shell?.trays ?? []} />;
}
