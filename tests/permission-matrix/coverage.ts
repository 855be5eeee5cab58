import type { AgnosticDataRouteMatch } from '@remix-run/router';
import { intentNames, type IntentSchema } from '~/lib/intent';
import { ROLES } from '../setup/services';
import { UNKNOWN_INTENT, type MatrixRequest, type MatrixRow, type Method } from './matrix';
import { actionRoutes, actionTarget, matchPath, pageRoutes, patternOf, type AppRoute, type RouteModule, type Routes } from './routes';

/**
 * The matrix's coverage rules (see matrix.ts): every address pattern the app serves, every
 * method it answers there and every intent of every action has a line, and every line points
 * at something that exists. `coverageProblems` answers the problems as sentences that name the
 * missing item and the line to add; the matrix test and its own check on a throwaway app use it.
 */

export const ORIGIN = 'http://console.test';

/** What the coverage rules need to know of a route module. */
export interface ModuleFacts {
  /** The module's file, for messages (`app/routes/login.tsx`). */
  file: string;
  /** The methods it answers: GET with a loader or a page, POST with an action, and any other method its source names. */
  methods: Method[];
  /** Its action's intents, read from its exported `Intent`; null when it exports none. */
  intents: string[] | null;
  /** Why its `Intent` could not be read. */
  intentProblem?: string;
}

const OTHER_METHODS = ['PUT', 'PATCH', 'DELETE'] as const;

const isIntentSchema = (value: unknown): value is IntentSchema =>
  typeof value === 'object' &&
  value !== null &&
  (value as { discriminator?: unknown }).discriminator === 'intent' &&
  Array.isArray((value as { options?: unknown }).options);

/**
 * The facts of one module. An action answers every method but GET; the methods other than
 * POST count as answered when the module's source names them (`request.method === 'DELETE'`),
 * so a module that tells them apart must declare them with lines too.
 */
export function moduleFacts(module: RouteModule, source: string, file: string): ModuleFacts {
  const methods: Method[] = [];
  if (module.loader || module.default) methods.push('GET');
  if (module.action) {
    methods.push('POST');
    for (const method of OTHER_METHODS) if (new RegExp(`['"\`]${method}['"\`]`).test(source)) methods.push(method);
  }
  if (module.Intent === undefined) return { file, methods, intents: null };
  if (!isIntentSchema(module.Intent)) {
    return { file, methods, intents: [], intentProblem: 'its exported `Intent` is not made with intents(…) from app/lib/intent.ts' };
  }
  return { file, methods, intents: intentNames(module.Intent) };
}

/** The intent a line posts (its name, without a `:argument`), or undefined. */
export function intentOf(request: MatrixRequest): string | undefined {
  const raw = request.form?.intent;
  if (raw === undefined) return undefined;
  const colon = raw.indexOf(':');
  return colon === -1 ? raw : raw.slice(0, colon);
}

export const methodOf = (request: MatrixRequest): Method => request.method ?? 'GET';

/** A line as its test's title: `POST /login {intent=password, email} (stored demo-town)`. */
export function describeRequest(request: MatrixRequest): string {
  const fields = Object.entries(request.form ?? {}).map(([key, value]) => (key === 'intent' ? `intent=${value}` : key));
  return [
    `${methodOf(request)} ${request.path}`,
    request.form ? `{${fields.join(', ')}}` : '',
    request.communityKey ? `(stored ${request.communityKey})` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** Where a line's request goes: the matched routes, and the route that handles it (the leaf for GET, the action's target otherwise). */
export interface ResolvedRequest {
  url: URL;
  matches: AgnosticDataRouteMatch[];
  handler: AppRoute | undefined;
}

export function resolveRequest(routes: Routes, request: MatrixRequest): ResolvedRequest {
  const url = new URL(request.path, ORIGIN);
  const matches = matchPath(routes, url.pathname);
  const reading = methodOf(request) === 'GET';
  const match = reading ? matches.at(-1) : actionTarget(matches, url.search);
  return { url, matches, handler: match ? routes.get(match.route.id) : undefined };
}

const quote = (value: string) => `'${value.replace(/'/g, "\\'")}'`;

/** The line to add, in matrix.ts's own words. */
function lineToAdd(method: Method, path: string, intent?: string | null): string {
  const request = [method === 'GET' ? null : `method: ${quote(method)}`, `path: ${quote(path)}`];
  if (intent !== undefined) request.push(intent === null ? 'form: {}' : `form: { intent: ${quote(intent)} }`);
  const expected = ROLES.map((role) => `${role}: …`).join(', ');
  return `{ request: { ${request.filter(Boolean).join(', ')} }, expected: { ${expected} } }`;
}

/**
 * Every coverage problem of `matrix` over an app's routes and their modules' facts (keyed by
 * route id), as sentences naming what is missing or wrong and the line to add; [] when none.
 */
export function coverageProblems(routes: Routes, modules: ReadonlyMap<string, ModuleFacts>, matrix: readonly MatrixRow[]): string[] {
  const problems: string[] = [];
  const where = (route: AppRoute) => modules.get(route.id)?.file ?? `app/${route.file}`;
  /** Lines by the route that handles them. */
  const linesOf = new Map<string, MatrixRequest[]>();

  for (const { request } of matrix) {
    const line = `The line "${describeRequest(request)}"`;
    const method = methodOf(request);
    const { url, handler } = resolveRequest(routes, request);
    if (!handler) {
      problems.push(`${line} points at nothing: no route serves ${url.pathname}. Fix its path or remove it.`);
      continue;
    }
    const facts = modules.get(handler.id);
    if (!facts) {
      problems.push(`${line} reaches ${handler.id}, whose module was not read.`);
      continue;
    }
    if (!facts.methods.includes(method)) {
      problems.push(
        `${line} points at nothing: ${facts.file} (${patternOf(routes, handler.id)}) answers no ${method}. Fix its method or path, or remove it.`,
      );
      continue;
    }
    const intent = intentOf(request);
    if (method !== 'GET' && intent !== undefined && intent !== UNKNOWN_INTENT && facts.intents && !facts.intents.includes(intent)) {
      problems.push(
        `${line} points at nothing: ${facts.file} declares no intent "${intent}" (its Intent: ${facts.intents.join(', ') || 'none'}). Fix the intent or remove the line.`,
      );
    }
    linesOf.set(handler.id, [...(linesOf.get(handler.id) ?? []), request]);
  }

  /** A path for a new line: one a line already uses to reach the route, else the pattern. */
  const examplePath = (route: AppRoute, method: Method): string => {
    const lines = linesOf.get(route.id) ?? [];
    const used = lines.find((request) => methodOf(request) === method) ?? lines[0];
    if (used) return used.path;
    const pattern = patternOf(routes, route.id);
    return route.index && method !== 'GET' ? `${pattern}?index` : pattern;
  };
  const fillIn = (path: string) => (/[:*]/.test(path) ? ` (with the ${path.match(/:\w+|\*/g)?.join(', ')} of a real address)` : '');
  const add = (method: Method, route: AppRoute, intent?: string | null) => {
    const path = examplePath(route, method);
    return `add ${lineToAdd(method, path, intent)} to MATRIX in tests/permission-matrix/matrix.ts${fillIn(path)}`;
  };

  const pages = new Set(pageRoutes(routes).map((route) => route.id));
  const actions = new Set(actionRoutes(routes).map((route) => route.id));
  for (const route of routes.values()) {
    const facts = modules.get(route.id);
    if (!facts) {
      problems.push(`${route.id} (app/${route.file}): its module was not read.`);
      continue;
    }
    const pattern = patternOf(routes, route.id);
    const lines = linesOf.get(route.id) ?? [];
    const linesFor = (method: Method) => lines.filter((request) => methodOf(request) === method);

    if (pages.has(route.id) && facts.methods.includes('GET') && linesFor('GET').length === 0) {
      problems.push(`GET ${pattern} (${where(route)}) has no line in the permission matrix: ${add('GET', route)}.`);
    }
    if (!actions.has(route.id)) continue;
    // POST is covered intent by intent below.
    for (const method of facts.methods.filter((candidate) => candidate !== 'GET' && candidate !== 'POST')) {
      if (linesFor(method).length === 0) {
        problems.push(`${method} ${pattern} (${where(route)}) has no line in the permission matrix: ${add(method, route)}.`);
      }
    }
    if (!facts.methods.includes('POST')) continue;
    const posted = new Set(linesFor('POST').map(intentOf));
    if (facts.intentProblem) problems.push(`POST ${pattern} (${where(route)}): ${facts.intentProblem}.`);
    if (facts.intents === null) {
      if (!posted.has(undefined)) {
        problems.push(
          `POST ${pattern} (${where(route)}) has an action but exports no \`Intent\`: export \`const Intent = intents(…)\` (app/lib/intent.ts) ` +
            `and give each intent a line, or declare the action intent-less: ${add('POST', route, null)}.`,
        );
      }
      continue;
    }
    for (const intent of facts.intents) {
      if (!posted.has(intent)) {
        problems.push(
          `POST ${pattern} intent=${intent} (${where(route)}) has no line in the permission matrix: ${add('POST', route, intent)}.`,
        );
      }
    }
  }
  return problems;
}

/** A request that posts an intent its action does not declare, for a module with an `Intent`. */
export interface UnknownIntentProbe {
  file: string;
  request: MatrixRequest;
}

/**
 * For every module that exports `Intent`: a post of `intent=not-an-intent` to the address (and
 * stored community) of a line that reaches its action. A module no line reaches gives none
 * (coverageProblems names it).
 */
export function unknownIntentProbes(
  routes: Routes,
  modules: ReadonlyMap<string, ModuleFacts>,
  matrix: readonly MatrixRow[],
): UnknownIntentProbe[] {
  const probes = new Map<string, UnknownIntentProbe>();
  for (const { request } of matrix) {
    if (methodOf(request) !== 'POST') continue;
    const { handler } = resolveRequest(routes, request);
    const facts = handler ? modules.get(handler.id) : undefined;
    const intent = intentOf(request);
    if (!handler || !facts?.intents || intent === undefined || !facts.intents.includes(intent) || probes.has(handler.id)) continue;
    probes.set(handler.id, {
      file: facts.file,
      request: { method: 'POST', path: request.path, form: { intent: UNKNOWN_INTENT }, communityKey: request.communityKey },
    });
  }
  return [...probes.values()];
}
