import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { flatRoutes } from '@remix-run/dev/dist/config/flat-routes.js';
import { matchRoutes, type AgnosticDataRouteMatch, type AgnosticRouteObject, type Params } from '@remix-run/router';
import remixConfig from '../../remix.config.js';

/**
 * The app's routes as Remix builds them (flat routes under app/routes, with remix.config.js's
 * ignored files), matched with Remix's own router, and a way to answer one request the way
 * Remix does: the route that handles it, and the loaders or action it runs.
 */

export const APP_DIR = resolve('app');

export interface AppRoute {
  id: string;
  /** Relative to the app directory. */
  file: string;
  path?: string;
  index?: boolean;
  parentId?: string;
}

export type Routes = Map<string, AppRoute>;

/** Every route module of an app directory (default: app/): root plus the flat routes of its routes folder. */
export function appRoutes(appDir = APP_DIR): Routes {
  const manifest = flatRoutes(appDir, remixConfig.ignoredRouteFiles ?? []);
  const routes: Routes = new Map([['root', { id: 'root', file: 'root.tsx', path: '' }]]);
  for (const route of Object.values(manifest)) {
    routes.set(route.id, { id: route.id, file: route.file, path: route.path, index: route.index, parentId: route.parentId ?? 'root' });
  }
  return routes;
}

const childrenOf = (routes: Routes, parentId: string) =>
  [...routes.values()].filter((route) => route.id !== 'root' && route.parentId === parentId);

function routeTree(routes: Routes): AgnosticRouteObject[] {
  const build = (route: AppRoute): AgnosticRouteObject =>
    route.index
      ? { id: route.id, index: true as const, path: route.path }
      : { id: route.id, path: route.path, children: childrenOf(routes, route.id).map(build) };
  const root = routes.get('root');
  return root ? [build(root)] : [];
}

/** The routes matched by a path name, outermost first (root, layouts, leaf), as Remix matches them; [] when none. */
export function matchPath(routes: Routes, pathname: string): AgnosticDataRouteMatch[] {
  return (matchRoutes(routeTree(routes), pathname) ?? []) as AgnosticDataRouteMatch[];
}

/**
 * The match whose action a non-GET request reaches, as Remix picks it (@remix-run/router's
 * getTargetMatch): the index route when the query has a bare `?index`, otherwise the deepest
 * match that contributes to the path (pathless layouts and index routes do not).
 */
export function actionTarget(matches: AgnosticDataRouteMatch[], search: string): AgnosticDataRouteMatch | undefined {
  const leaf = matches.at(-1);
  if (leaf?.route.index && new URLSearchParams(search).getAll('index').some((value) => value === '')) return leaf;
  const contributing = matches.filter((match, index) => index === 0 || (match.route.path !== undefined && match.route.path.length > 0));
  return contributing.at(-1);
}

/** The full path pattern of a route, e.g. `/home/edit/:itemId`, `/` for an index route, `/*` for the splat. */
export function patternOf(routes: Routes, routeId: string): string {
  const parts: string[] = [];
  for (let route = routes.get(routeId); route; route = route.parentId ? routes.get(route.parentId) : undefined) {
    if (route.path) parts.unshift(route.path);
    if (route.id === 'root') break;
  }
  return `/${parts.join('/')}`;
}

/**
 * The routes a GET can end at (a leaf of the match): routes without children, and routes with
 * a path whose own pattern no descendant serves (a layout with a path answers its address when
 * no child matches). Pathless layouts serve nothing by themselves.
 */
export function pageRoutes(routes: Routes): AppRoute[] {
  const descendants = (id: string): AppRoute[] => childrenOf(routes, id).flatMap((child) => [child, ...descendants(child.id)]);
  return [...routes.values()].filter((route) => {
    const children = childrenOf(routes, route.id);
    if (children.length === 0) return true;
    if (route.path === undefined) return false;
    const own = patternOf(routes, route.id);
    return !descendants(route.id).some((child) => (child.index || child.path !== undefined) && patternOf(routes, child.id) === own);
  });
}

/** Routes an action can be reached at: those that contribute to the path (root, index routes, routes with a path). */
export function actionRoutes(routes: Routes): AppRoute[] {
  return [...routes.values()].filter((route) => route.id === 'root' || route.index || (route.path !== undefined && route.path.length > 0));
}

export interface RouteModule {
  loader?: (args: { request: Request; params: Params; context: Record<string, unknown> }) => unknown;
  action?: (args: { request: Request; params: Params; context: Record<string, unknown> }) => unknown;
  default?: unknown;
  Intent?: unknown;
}

export const moduleFile = (route: AppRoute, appDir = APP_DIR) => resolve(appDir, route.file);

export async function loadRouteModule(route: AppRoute, appDir = APP_DIR): Promise<RouteModule> {
  return (await import(/* @vite-ignore */ pathToFileURL(moduleFile(route, appDir)).href)) as RouteModule;
}

export const readRouteSource = (route: AppRoute, appDir = APP_DIR) => readFileSync(moduleFile(route, appDir), 'utf8');

/** What one handler came to: data (with its status), an error status (a thrown or failing Response) or a redirect. */
export type HandlerResult =
  { kind: 'data'; status: number } | { kind: 'error'; status: number } | { kind: 'redirect'; status: number; location: string };

/** What a request came to: a status, and where a redirect goes. */
export interface RouteResult {
  status: number;
  location: string | null;
}

const isDataWithInit = (value: unknown): value is { type: 'DataWithResponseInit'; init: ResponseInit | null } =>
  typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'DataWithResponseInit';

async function settle(value: unknown, thrown: boolean): Promise<HandlerResult> {
  if (value instanceof Response) {
    await value.body?.cancel().catch(() => {});
    const location = value.headers.get('Location');
    if (value.status >= 300 && value.status < 400 && location) return { kind: 'redirect', status: value.status, location };
    return thrown || !value.ok ? { kind: 'error', status: value.status } : { kind: 'data', status: value.status };
  }
  if (isDataWithInit(value)) {
    const status = value.init?.status ?? 200;
    const location = new Headers(value.init?.headers).get('Location');
    if (status >= 300 && status < 400 && location) return { kind: 'redirect', status, location };
    return thrown && status >= 400 ? { kind: 'error', status } : { kind: 'data', status };
  }
  return { kind: 'data', status: 200 };
}

type Handler = NonNullable<RouteModule['loader']>;

/** Calls one loader or action as Remix does; any error other than a Response is rethrown (a 500 is never an expected outcome). */
async function callHandler(handler: Handler, request: Request, params: Params): Promise<HandlerResult> {
  try {
    return await settle(await handler({ request, params, context: {} }), false);
  } catch (error) {
    if (error instanceof Response || isDataWithInit(error)) return settle(error, true);
    throw error;
  }
}

/**
 * Answers a request as Remix would, from the matched routes and their modules:
 * - GET or HEAD of a page (the leaf has a default export): every matched route's loader runs,
 *   outermost first; the first redirect in match order wins, else the first error, else the
 *   last non-200 data status, else 200. A page without any loader renders (200).
 * - GET or HEAD of a resource route (no default export): only its loader; none is 405.
 * - Any other method: the action of the target match (see actionTarget); none is 405.
 */
export async function answer(
  matches: AgnosticDataRouteMatch[],
  modules: ReadonlyMap<string, RouteModule>,
  request: Request,
): Promise<RouteResult> {
  const leaf = matches.at(-1);
  if (!leaf) return { status: 404, location: null };
  const moduleOf = (match: AgnosticDataRouteMatch) => {
    const module = modules.get(match.route.id);
    if (!module) throw new Error(`No module loaded for ${match.route.id}`);
    return module;
  };
  const params = leaf.params;
  const outcome = (result: HandlerResult): RouteResult => ({
    status: result.status,
    location: result.kind === 'redirect' ? result.location : null,
  });

  if (request.method === 'GET' || request.method === 'HEAD') {
    const leafModule = moduleOf(leaf);
    if (!leafModule.default) {
      return leafModule.loader ? outcome(await callHandler(leafModule.loader, request, params)) : { status: 405, location: null };
    }
    const results: HandlerResult[] = [];
    for (const match of matches) {
      const loader = moduleOf(match).loader;
      if (loader) results.push(await callHandler(loader, request, params));
    }
    const redirect = results.find((result) => result.kind === 'redirect');
    if (redirect) return outcome(redirect);
    const error = results.find((result) => result.kind === 'error');
    if (error) return outcome(error);
    const status = results.filter((result) => result.status !== 200).at(-1)?.status ?? 200;
    return { status, location: null };
  }

  const target = actionTarget(matches, new URL(request.url).search);
  const action = target ? moduleOf(target).action : undefined;
  if (!action) return { status: 405, location: null };
  return outcome(await callHandler(action, request, params));
}
