import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { flatRoutes } from '@remix-run/dev/dist/config/flat-routes.js';
import { matchRoutes, type AgnosticRouteObject, type Params } from '@remix-run/router';
import remixConfig from '../../remix.config.js';

/**
 * The app's routes as Remix builds them (flat routes under app/routes, with remix.config.js's
 * ignored files), matched with Remix's own router, and a way to call one route module's
 * loader or action the way Remix does and read the outcome.
 */

export const APP_DIR = resolve('app');

export interface AppRoute {
  id: string;
  /** Relative to app/. */
  file: string;
  path?: string;
  index?: boolean;
  parentId?: string;
}

/** Every route module: root plus the flat routes of app/routes. */
export function appRoutes(): Map<string, AppRoute> {
  const manifest = flatRoutes(APP_DIR, remixConfig.ignoredRouteFiles ?? []);
  const routes = new Map<string, AppRoute>([['root', { id: 'root', file: 'root.tsx', path: '' }]]);
  for (const route of Object.values(manifest)) {
    routes.set(route.id, { id: route.id, file: route.file, path: route.path, index: route.index, parentId: route.parentId ?? 'root' });
  }
  return routes;
}

function routeTree(routes: Map<string, AppRoute>): AgnosticRouteObject[] {
  const build = (parentId: string | undefined): AgnosticRouteObject[] =>
    [...routes.values()]
      .filter((route) => (route.id === 'root' ? parentId === undefined : route.parentId === parentId))
      .map((route) =>
        route.index
          ? { id: route.id, index: true as const, path: route.path }
          : { id: route.id, path: route.path, children: build(route.id) },
      );
  return build(undefined);
}

/**
 * The params Remix gives route `routeId` for `pathname`; throws when the address does not
 * reach that route (another route wins, or nothing matches).
 */
export function paramsFor(routes: Map<string, AppRoute>, routeId: string, pathname: string): Params {
  const matches = matchRoutes(routeTree(routes), pathname) ?? [];
  const match = matches.find((candidate) => candidate.route.id === routeId);
  if (!match) {
    const reached = matches.map((candidate) => candidate.route.id).join(' > ') || 'no route';
    throw new Error(`${pathname} does not reach ${routeId} (it reaches ${reached})`);
  }
  return match.params;
}

export interface RouteModule {
  loader?: (args: { request: Request; params: Params; context: Record<string, unknown> }) => unknown;
  action?: (args: { request: Request; params: Params; context: Record<string, unknown> }) => unknown;
  default?: unknown;
}

export async function loadRouteModule(route: AppRoute): Promise<RouteModule> {
  return (await import(/* @vite-ignore */ pathToFileURL(resolve(APP_DIR, route.file)).href)) as RouteModule;
}

/** What a request came to: a status, and where a redirect goes. */
export interface RouteResult {
  status: number;
  location: string | null;
}

const isDataWithInit = (value: unknown): value is { type: 'DataWithResponseInit'; init: ResponseInit | null } =>
  typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'DataWithResponseInit';

async function settle(value: unknown): Promise<RouteResult> {
  if (value instanceof Response) {
    await value.body?.cancel().catch(() => {});
    return { status: value.status, location: value.headers.get('Location') };
  }
  if (isDataWithInit(value)) {
    const headers = new Headers(value.init?.headers);
    return { status: value.init?.status ?? 200, location: headers.get('Location') };
  }
  return { status: 200, location: null };
}

/**
 * Calls the module's loader (GET, HEAD) or action (other methods) as Remix would and settles
 * the outcome: a returned or thrown Response gives its status (and Location); returned data is
 * 200. A GET of a page without a loader renders for anyone (200); a method without its handler
 * is 405. Any other thrown error is rethrown: a 500 is never an expected outcome.
 */
export async function callRoute(module: RouteModule, request: Request, params: Params): Promise<RouteResult> {
  const reading = request.method === 'GET' || request.method === 'HEAD';
  const handler = reading ? module.loader : module.action;
  if (!handler) return { status: reading && module.default ? 200 : 405, location: null };
  try {
    return await settle(await handler({ request, params, context: {} }));
  } catch (error) {
    if (error instanceof Response) return settle(error);
    throw error;
  }
}
