import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '@server/services';
import { ROLES, demoPerson, installTestServices, sessionCookie, type Role } from './fixtures';
import { LOGIN, MATRIX, type MatrixRow, type Outcome } from './matrix';
import { appRoutes, callRoute, loadRouteModule, paramsFor, type RouteResult } from './routes';

/**
 * Runs the permission matrix (./matrix.ts): every line's request, for every role, through the
 * route module's exported loader or action, against a fresh embedded database with the demo
 * data and session cookies minted by the real session storage (STYLE 18).
 */

const ORIGIN = 'http://console.test';
const routes = appRoutes();
let services: Services;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ services, close } = await installTestServices('permission-matrix'));
});

afterAll(async () => {
  await close?.();
});

function requestFor(row: MatrixRow, cookie: string): Request {
  const method = row.request.method ?? 'GET';
  const headers = new Headers();
  if (cookie) headers.set('Cookie', cookie);
  let body: string | undefined;
  if (row.request.form) {
    headers.set('Content-Type', 'application/x-www-form-urlencoded');
    body = new URLSearchParams(row.request.form).toString();
  }
  return new Request(`${ORIGIN}${row.request.path}`, { method, headers, body });
}

/** The outcome, in the matrix's words. */
function outcomeOf(result: RouteResult, requestPath: string): Outcome {
  if (result.status >= 300 && result.status < 400 && result.location) {
    const target = new URL(result.location, ORIGIN);
    if (target.pathname === '/login') {
      const expectedBack = requestPath === '/' ? null : requestPath;
      const back = target.searchParams.get('redirectTo');
      return back === expectedBack ? LOGIN : `redirect:${target.pathname}${target.search}`;
    }
    return `redirect:${target.origin === ORIGIN ? `${target.pathname}${target.search}` : target.href}`;
  }
  return result.status;
}

describe('the permission matrix', () => {
  it('has a line for every route module, and only for route modules', () => {
    const covered = new Set(MATRIX.map((row) => row.route));
    const missing = [...routes.values()].filter((route) => !covered.has(route.id));
    expect(
      missing.map((route) => `${route.id} (app/${route.file}): add a line to tests/permission-matrix/matrix.ts`),
      'route modules without a permission-matrix line',
    ).toEqual([]);
    const unknown = [...covered].filter((id) => !routes.has(id));
    expect(unknown, 'matrix lines for routes that do not exist').toEqual([]);
  });

  it('reaches the route of each line with its address', () => {
    for (const row of MATRIX) {
      if (!routes.has(row.route)) continue;
      expect(
        () => paramsFor(routes, row.route, new URL(row.request.path, ORIGIN).pathname),
        `${row.route}: ${row.request.path}`,
      ).not.toThrow();
    }
  });

  const title = (row: MatrixRow) =>
    [
      `${row.request.method ?? 'GET'} ${row.request.path}`,
      row.request.form ? `{${Object.keys(row.request.form).join(', ')}}` : '',
      row.request.communityKey ? `(stored ${row.request.communityKey})` : '',
      `→ ${row.route}`,
    ]
      .filter(Boolean)
      .join(' ');

  it.each(MATRIX.map((row) => [title(row), row] as const))('%s', async (_title, row) => {
    const route = routes.get(row.route);
    if (!route) throw new Error(`No route module ${row.route}`);
    const module = await loadRouteModule(route);
    const url = new URL(row.request.path, ORIGIN);
    const params = paramsFor(routes, row.route, url.pathname);

    const actual = {} as Record<Role, Outcome>;
    for (const role of ROLES) {
      const cookie =
        role === 'anonymous' ? '' : await sessionCookie(services.sessions, demoPerson(role), { communityKey: row.request.communityKey });
      const result = await callRoute(module, requestFor(row, cookie), params);
      actual[role] = outcomeOf(result, `${url.pathname}${url.search}`);
    }
    expect(actual).toEqual(row.expected);
  });
});
