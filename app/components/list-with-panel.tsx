import { Outlet, useMatches } from '@remix-run/react';
import type { ReactNode } from 'react';
import { ShellColumns } from './shell/shell-columns';

/**
 * A list with its side panel (spec 01 §2.3, spec 02 "Listing routes"): the list in the centre
 * and, in the right column, the child route (the list's actions, its add/edit form, a delete
 * confirmation, sort, the header editor). The right column is named for assistive technology by
 * what it shows: "{title}: {what}".
 */
export function ListWithPanel({ title, list, panel }: { title: string; list: ReactNode; panel?: ReactNode }) {
  const label = usePanelLabel();
  // On a phone the panel (the actions, an open form) comes before the list, which may be long.
  return <ShellColumns rightLabel={`${title}: ${label}`} right={panel ?? <Outlet />} centre={list} rightFirst />;
}

/** What the side panel shows: the leaf route's `heading`, else Sort, Header Images, Delete Item or Actions by its address. */
export function usePanelLabel(): string {
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  const data = leaf?.data;
  if (typeof data === 'object' && data !== null && 'heading' in data) return String((data as { heading: unknown }).heading);
  const path = leaf?.pathname ?? '';
  if (path.endsWith('/sort')) return 'Sort';
  if (path.endsWith('/header-images')) return 'Header Images';
  if (/\/delete\/[^/]+$/.test(path)) return 'Delete Item';
  return 'Actions';
}
