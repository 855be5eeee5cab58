import { createRequire } from 'node:module';

/**
 * Route matching without the per-call work (docs: README "Page benchmark").
 *
 * `matchRoutes` of @remix-run/router (1.x) flattens and ranks the whole route tree and compiles
 * a regular expression for every route it tries, on every call; a server-rendered page calls it
 * four or five times (Remix's request handler, the route tree React Router renders, the
 * partial manifest of lazy route discovery: once per parent path), over the console's ~100
 * routes. This is the same algorithm with two caches:
 *
 * - the flattened, ranked branches of a routes array, held as long as that array lives (route
 *   arrays are built once per build or once per render and never changed on the server);
 * - each route path's compiled pattern (route paths are the build's, a finite set).
 *
 * Everything else is done per call as the original does: the same branches in the same order,
 * the same decoding, fresh match objects for every caller. `installRouteMatchCache` puts it in
 * place of the package's export, which Remix's server runtime, React Router and Remix's React
 * components all call through the module object.
 */

interface RouteObject {
  id?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteObject[];
}

interface RouteMeta {
  relativePath: string;
  caseSensitive: boolean;
  childrenIndex: number;
  route: RouteObject;
}

interface Branch {
  path: string;
  score: number;
  routesMeta: RouteMeta[];
}

interface RouteMatch {
  params: Record<string, string | undefined>;
  pathname: string;
  pathnameBase: string;
  route: RouteObject;
}

interface PathMatch {
  params: Record<string, string | undefined>;
  pathname: string;
  pathnameBase: string;
}

interface CompiledParam {
  paramName: string;
  isOptional?: boolean;
}

type Location = string | { pathname?: string };

interface RouterModule {
  matchRoutes: (routes: RouteObject[], location: Location, basename?: string) => RouteMatch[] | null;
  stripBasename: (pathname: string, basename: string) => string | null;
}

const PARAM_RE = /^:[\w-]+$/;
const DYNAMIC_SEGMENT_VALUE = 3;
const INDEX_ROUTE_VALUE = 2;
const EMPTY_SEGMENT_VALUE = 1;
const STATIC_SEGMENT_VALUE = 10;
const SPLAT_PENALTY = -2;

const joinPaths = (paths: string[]) => paths.join('/').replace(/\/\/+/g, '/');
const normalizePathname = (pathname: string) => pathname.replace(/\/+$/, '').replace(/^\/*/, '/');

function invariant(value: boolean, message: string): asserts value {
  if (!value) throw new Error(message);
}

function explodeOptionalSegments(path: string): string[] {
  const segments = path.split('/');
  if (segments.length === 0) return [];
  const [first = '', ...rest] = segments;
  const isOptional = first.endsWith('?');
  const required = first.replace(/\?$/, '');
  if (rest.length === 0) return isOptional ? [required, ''] : [required];
  const restExploded = explodeOptionalSegments(rest.join('/'));
  const result: string[] = [];
  result.push(...restExploded.map((subpath) => (subpath === '' ? required : [required, subpath].join('/'))));
  if (isOptional) result.push(...restExploded);
  return result.map((exploded) => (path.startsWith('/') && exploded === '' ? '/' : exploded));
}

function computeScore(path: string, index: boolean | undefined): number {
  const segments = path.split('/');
  let initialScore = segments.length;
  if (segments.some((segment) => segment === '*')) initialScore += SPLAT_PENALTY;
  if (index) initialScore += INDEX_ROUTE_VALUE;
  return segments
    .filter((segment) => segment !== '*')
    .reduce(
      (score, segment) =>
        score + (PARAM_RE.test(segment) ? DYNAMIC_SEGMENT_VALUE : segment === '' ? EMPTY_SEGMENT_VALUE : STATIC_SEGMENT_VALUE),
      initialScore,
    );
}

function compareIndexes(a: number[], b: number[]): number {
  const siblings = a.length === b.length && a.slice(0, -1).every((n, i) => n === b[i]);
  return siblings ? a[a.length - 1]! - b[b.length - 1]! : 0;
}

function flattenRoutes(routes: RouteObject[], branches: Branch[] = [], parentsMeta: RouteMeta[] = [], parentPath = ''): Branch[] {
  const flattenRoute = (route: RouteObject, index: number, relativePath?: string) => {
    const meta: RouteMeta = {
      relativePath: relativePath === undefined ? route.path || '' : relativePath,
      caseSensitive: route.caseSensitive === true,
      childrenIndex: index,
      route,
    };
    if (meta.relativePath.startsWith('/')) {
      invariant(
        meta.relativePath.startsWith(parentPath),
        `Absolute route path "${meta.relativePath}" nested under path "${parentPath}" is not valid. An absolute child route path ` +
          'must start with the combined path of all its parent routes.',
      );
      meta.relativePath = meta.relativePath.slice(parentPath.length);
    }
    const path = joinPaths([parentPath, meta.relativePath]);
    const routesMeta = parentsMeta.concat(meta);
    if (route.children && route.children.length > 0) {
      invariant(route.index !== true, `Index routes must not have child routes. Please remove all child routes from route path "${path}".`);
      flattenRoutes(route.children, branches, routesMeta, path);
    }
    if (route.path == null && !route.index) return;
    branches.push({ path, score: computeScore(path, route.index), routesMeta });
  };
  routes.forEach((route, index) => {
    if (route.path === '' || !route.path?.includes('?')) flattenRoute(route, index);
    else for (const exploded of explodeOptionalSegments(route.path)) flattenRoute(route, index, exploded);
  });
  return branches;
}

function rankedBranches(routes: RouteObject[]): Branch[] {
  const branches = flattenRoutes(routes);
  branches.sort((a, b) =>
    a.score !== b.score
      ? b.score - a.score
      : compareIndexes(
          a.routesMeta.map((meta) => meta.childrenIndex),
          b.routesMeta.map((meta) => meta.childrenIndex),
        ),
  );
  return branches;
}

function decodePath(value: string): string {
  try {
    return value
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch (error) {
    console.warn(
      `The URL path "${value}" could not be decoded because it is is a malformed URL segment. This is probably due to a bad percent encoding (${String(error)}).`,
    );
    return value;
  }
}

function parsePathname(location: Location): string | undefined {
  if (typeof location !== 'string') return location.pathname;
  let path = location;
  const hash = path.indexOf('#');
  if (hash >= 0) path = path.slice(0, hash);
  const search = path.indexOf('?');
  if (search >= 0) path = path.slice(0, search);
  return path || undefined;
}

/** Paths whose first matching branch a routes array remembers, at most (then it starts again). */
const REMEMBERED_PATHS = 2_000;

/**
 * The route matcher over the router module's own stripBasename, with its caches. Besides the
 * ranked branches, each routes array remembers, per decoded path, which branch matched first
 * (or that none did): the branches are tried in a fixed order and a branch's match depends on
 * the path alone, so the answer is the same branch's match, built afresh for the caller. The
 * memory is bounded (`remembered` paths, then cleared): paths come from requests.
 */
export function createCachedMatchRoutes(router: Pick<RouterModule, 'stripBasename'>, { remembered = REMEMBERED_PATHS } = {}) {
  const branchesOf = new WeakMap<RouteObject[], { branches: Branch[]; firstMatch: Map<string, number> }>();
  const compiled = new Map<string, [RegExp, CompiledParam[]]>();

  /** matchPath's own steps on a pattern compiled once (the same regular expression as compilePath's). */
  function matchCompiled(path: string, caseSensitive: boolean, end: boolean, pathname: string): PathMatch | null {
    const key = `${end ? 1 : 0}${caseSensitive ? 1 : 0}${path}`;
    let entry = compiled.get(key);
    if (!entry) {
      entry = compilePath(path, caseSensitive, end);
      compiled.set(key, entry);
    }
    const [matcher, compiledParams] = entry;
    const match = pathname.match(matcher);
    if (!match) return null;
    const matchedPathname = match[0];
    let pathnameBase = matchedPathname.replace(/(.)\/+$/, '$1');
    const captureGroups = match.slice(1);
    const params: Record<string, string | undefined> = {};
    compiledParams.forEach(({ paramName, isOptional }, index) => {
      if (paramName === '*') {
        const splatValue = captureGroups[index] || '';
        pathnameBase = matchedPathname.slice(0, matchedPathname.length - splatValue.length).replace(/(.)\/+$/, '$1');
      }
      const value = captureGroups[index];
      params[paramName] = isOptional && !value ? undefined : (value || '').replace(/%2F/g, '/');
    });
    return { params, pathname: matchedPathname, pathnameBase };
  }

  function matchRouteBranch(branch: Branch, pathname: string): RouteMatch[] | null {
    const { routesMeta } = branch;
    const matchedParams: Record<string, string | undefined> = {};
    let matchedPathname = '/';
    const matches: RouteMatch[] = [];
    for (let i = 0; i < routesMeta.length; i += 1) {
      const meta = routesMeta[i]!;
      const end = i === routesMeta.length - 1;
      const remainingPathname = matchedPathname === '/' ? pathname : pathname.slice(matchedPathname.length) || '/';
      const match = matchCompiled(meta.relativePath, meta.caseSensitive, end, remainingPathname);
      if (!match) return null;
      Object.assign(matchedParams, match.params);
      matches.push({
        params: matchedParams,
        pathname: joinPaths([matchedPathname, match.pathname]),
        pathnameBase: normalizePathname(joinPaths([matchedPathname, match.pathnameBase])),
        route: meta.route,
      });
      if (match.pathnameBase !== '/') matchedPathname = joinPaths([matchedPathname, match.pathnameBase]);
    }
    return matches;
  }

  function matchRoutes(routes: RouteObject[], location: Location, basename = '/'): RouteMatch[] | null {
    const pathname = router.stripBasename(parsePathname(location) || '/', basename);
    if (pathname == null) return null;
    let ranked = branchesOf.get(routes);
    if (!ranked) {
      ranked = { branches: rankedBranches(routes), firstMatch: new Map() };
      branchesOf.set(routes, ranked);
    }
    const { branches, firstMatch } = ranked;
    const decoded = decodePath(pathname);
    const known = firstMatch.get(decoded);
    if (known !== undefined) return known < 0 ? null : matchRouteBranch(branches[known]!, decoded);
    let matches: RouteMatch[] | null = null;
    let index = 0;
    for (; matches == null && index < branches.length; index += 1) matches = matchRouteBranch(branches[index]!, decoded);
    if (firstMatch.size >= remembered) firstMatch.clear();
    firstMatch.set(decoded, matches == null ? -1 : index - 1);
    return matches;
  }

  return matchRoutes;
}

/** compilePath of @remix-run/router 1.x: the pattern's regular expression and its parameters. */
export function compilePath(path: string, caseSensitive = false, end = true): [RegExp, CompiledParam[]] {
  if (!(path === '*' || !path.endsWith('*') || path.endsWith('/*'))) {
    console.warn(
      `Route path "${path}" will be treated as if it were "${path.replace(/\*$/, '/*')}" because the \`*\` character must always ` +
        `follow a \`/\` in the pattern. To get rid of this warning, please change the route path to "${path.replace(/\*$/, '/*')}".`,
    );
  }
  const params: CompiledParam[] = [];
  let regexpSource =
    '^' +
    path
      .replace(/\/*\*?$/, '')
      .replace(/^\/*/, '/')
      .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
      .replace(/\/:([\w-]+)(\?)?/g, (_, paramName: string, isOptional: string | undefined) => {
        params.push({ paramName, isOptional: isOptional != null });
        return isOptional ? '/?([^\\/]+)?' : '/([^\\/]+)';
      });
  if (path.endsWith('*')) {
    params.push({ paramName: '*' });
    regexpSource += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else if (end) {
    regexpSource += '\\/*$';
  } else if (path !== '' && path !== '/') {
    regexpSource += '(?:(?=\\/|$))';
  }
  return [new RegExp(regexpSource, caseSensitive ? undefined : 'i'), params];
}

const require = createRequire(import.meta.url);

/**
 * Replaces @remix-run/router's `matchRoutes` (the one copy Remix and React Router load) with
 * the cached matcher. Call once, before the Remix build is imported. Returns false and leaves
 * the package alone when it is not the 1.x version this was written against.
 */
export function installRouteMatchCache(): boolean {
  const router = require('@remix-run/router') as RouterModule;
  const { version } = require('@remix-run/router/package.json') as { version: string };
  if (!version.startsWith('1.')) return false;
  router.matchRoutes = createCachedMatchRoutes(router) as RouterModule['matchRoutes'];
  return true;
}
