import type { MetaFunction } from '@remix-run/node';
import { pageTitle, routeTitleFromHandles } from '~/lib/title';

/** The authenticated layout's route id. */
export const SHELL_ROUTE_ID = 'routes/_app';

/**
 * The page title of a page in the shell (spec 01 §2.2): the deepest `handle.title`, else
 * 'App Admin - {community name}', else 'App Admin'. The layout uses it, so pages without a
 * title of their own need nothing; a page that declares `handle.title` exports it as its meta
 * too (`export const meta = shellMeta;`), because a route's meta only sees the routes above it.
 */
export const shellMeta: MetaFunction = ({ matches }) => {
  const shell = matches.find((match) => match.id === SHELL_ROUTE_ID)?.data as { community?: { name?: string } } | undefined;
  return [
    {
      title: pageTitle({
        routeTitle: routeTitleFromHandles(matches.map((match) => match.handle)),
        communityName: shell?.community?.name,
      }),
    },
  ];
};
