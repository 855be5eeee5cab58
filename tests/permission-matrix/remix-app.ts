import { createRequestHandler, type ServerBuild } from '@remix-run/node';
import { appRoutes, loadRouteModule, type Routes } from './routes';

/**
 * The whole app as Remix serves it, in the test process: a server build made of the route
 * modules themselves (the flat routes of app/routes, as the compiler finds them) and the real
 * entry.server, handed to Remix's own request handler. A request goes through everything a
 * request to `npm run serve` goes through after the HTTP server: route matching, loaders and
 * actions, single fetch's `.data` requests, the document render with its error boundaries. Only
 * the browser assets are stand-ins (the document names scripts that are never fetched).
 *
 * The platform is the test's (installTestServices): entry.server's `startPlatform` is told it
 * already ran, so it neither reads the environment nor boots workers.
 */

const STARTED = Symbol.for('community-console.started');

type EntryModule = ServerBuild['entry']['module'];
type ServerRouteModule = ServerBuild['routes'][string]['module'];

export interface RemixApp {
  handle(request: Request): Promise<Response>;
  routes: Routes;
}

/**
 * The app, with `overrides` replacing exports of route modules by id (e.g. an action that
 * answers a crafted reply, to see what the page renders of it).
 */
export async function remixApp(overrides: Readonly<Record<string, Record<string, unknown>>> = {}): Promise<RemixApp> {
  (globalThis as { [STARTED]?: boolean })[STARTED] = true;
  const entry = (await import('../../app/entry.server')) as unknown as EntryModule;
  const routes = appRoutes();
  const serverRoutes: ServerBuild['routes'] = {};
  const manifestRoutes: ServerBuild['assets']['routes'] = {};
  for (const route of routes.values()) {
    const module = { ...(await loadRouteModule(route)), ...overrides[route.id] } as unknown as ServerRouteModule & Record<string, unknown>;
    const parentId = route.id === 'root' ? undefined : route.parentId;
    serverRoutes[route.id] = { id: route.id, parentId, path: route.path, index: route.index, caseSensitive: undefined, module };
    manifestRoutes[route.id] = {
      id: route.id,
      parentId,
      path: route.path,
      index: route.index,
      caseSensitive: undefined,
      module: `/build/${route.id}.js`,
      imports: [],
      hasAction: typeof module.action === 'function',
      hasLoader: typeof module.loader === 'function',
      hasClientAction: typeof module.clientAction === 'function',
      hasClientLoader: typeof module.clientLoader === 'function',
      hasErrorBoundary: typeof module.ErrorBoundary === 'function',
    };
  }
  const build: ServerBuild = {
    mode: 'production',
    entry: { module: entry },
    routes: serverRoutes,
    assets: {
      entry: { module: '/build/entry.client.js', imports: [] },
      routes: manifestRoutes,
      url: '/build/manifest-test.js',
      version: 'test',
    },
    publicPath: '/build/',
    assetsBuildDirectory: 'public/build',
    future: {
      v3_fetcherPersist: true,
      v3_relativeSplatPath: true,
      v3_throwAbortReason: true,
      v3_singleFetch: true,
      v3_lazyRouteDiscovery: true,
    },
    isSpaMode: false,
  };
  const handler = createRequestHandler(build, 'production');
  return { handle: (request) => handler(request, {}), routes };
}
