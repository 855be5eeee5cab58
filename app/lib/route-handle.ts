import { useMatches } from '@remix-run/react';
import { routeTitleFromHandles } from '~/lib/title';

/**
 * What a route module may export as `handle` to shape the shell (spec 01 §2.1 route meta
 * flags). A flag set by any matched route applies to the page.
 *
 * ```ts
 * export const handle: RouteHandle = { title: 'Switch Community' };
 * export const handle: RouteHandle = { noLeftColumn: true };
 * ```
 */
export interface RouteHandle {
  /**
   * The page title (spec 01 §2.2); without it the title is 'App Admin - {community name}'.
   * A route that sets it also exports `meta = shellMeta` (./meta.ts).
   */
  title?: string;
  /** Hide the left column (logo, menu expander, home icon and admin buttons). */
  noLeftColumn?: boolean;
  /** A remote route: the logo does not link home and the Log Out button is hidden. */
  isRemote?: boolean;
  /**
   * The page may be shown in other sites' frames (the public calendar's embed code). Every
   * other page forbids it (`frame-ancestors 'none'`).
   */
  embeddable?: boolean;
  /**
   * The route is a list screen's layout: its loader data is the list screen's, which the right
   * column's routes below it read (app/features/listing/list-screen.tsx useListScreen).
   */
  listScreen?: boolean;
}

/** Whether a matched route's handle marks a list screen's layout. */
export function isListScreenHandle(handle: unknown): boolean {
  return !!handle && typeof handle === 'object' && (handle as RouteHandle).listScreen === true;
}

export interface ShellFlags {
  title: string | null;
  noLeftColumn: boolean;
  isRemote: boolean;
}

/** The shell flags of a list of matched routes' handles (root first). */
export function shellFlagsFromHandles(handles: ReadonlyArray<unknown>): ShellFlags {
  const typed = handles.filter((handle): handle is RouteHandle => !!handle && typeof handle === 'object');
  return {
    title: routeTitleFromHandles(typed),
    noLeftColumn: typed.some((handle) => handle.noLeftColumn === true),
    isRemote: typed.some((handle) => handle.isRemote === true),
  };
}

/**
 * Whether a page may be framed by other sites: only when the route that renders it (the last
 * match) says so, so a layout's flag never opens its other children.
 */
export function isEmbeddable(handles: ReadonlyArray<unknown>): boolean {
  const last = handles.at(-1);
  return !!last && typeof last === 'object' && (last as RouteHandle).embeddable === true;
}

/** The shell flags of the routes matched right now. */
export function useShellFlags(): ShellFlags {
  const matches = useMatches();
  return shellFlagsFromHandles(matches.map((match) => match.handle));
}
