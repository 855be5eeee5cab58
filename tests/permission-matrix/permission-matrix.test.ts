import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedSqlite } from '@server/db';
import type { Services } from '@server/services';
import {
  ORIGIN,
  coverageProblems,
  describeRequest,
  methodOf,
  moduleFacts,
  resolveRequest,
  unknownIntentProbes,
  type ModuleFacts,
} from './coverage';
import { ROLES, demoPerson, installTestServices, sessionCookie, type Role } from './fixtures';
import { LOGIN, MATRIX, REMOTE, type MatrixRequest, type Outcome } from './matrix';
import { answer, appRoutes, loadRouteModule, readRouteSource, type RouteModule, type RouteResult } from './routes';

/**
 * Runs the permission matrix (./matrix.ts): every line's request, for every role, answered as
 * Remix would from the route modules its path matches (./routes.ts), against an embedded
 * database with the demo data and session cookies minted by the real session storage
 * (STYLE 18). Each role's request runs in a transaction rolled back afterwards.
 */

const routes = appRoutes();
const modules = new Map<string, RouteModule>();
const facts = new Map<string, ModuleFacts>();
for (const route of routes.values()) {
  const module = await loadRouteModule(route);
  modules.set(route.id, module);
  facts.set(route.id, moduleFacts(module, readRouteSource(route), `app/${route.file}`));
}

let services: Services;
let close: () => Promise<void>;
let sqlite: Database.Database;
let seeded: unknown;

beforeAll(async () => {
  ({ services, close } = await installTestServices('permission-matrix'));
  sqlite = embeddedSqlite(services.db);
  seeded = (await services.db.ref('').get()).val();
});

afterAll(async () => {
  await close?.();
});

/** Runs `work` in a transaction that is rolled back: whatever it writes to the database is gone afterwards. */
async function rolledBack<T>(work: () => Promise<T>): Promise<T> {
  sqlite.exec('BEGIN');
  try {
    return await work();
  } finally {
    if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
  }
}

function requestFor(request: MatrixRequest, cookie: string): Request {
  const headers = new Headers();
  if (cookie) headers.set('Cookie', cookie);
  let body: string | undefined;
  if (request.form) {
    headers.set('Content-Type', 'application/x-www-form-urlencoded');
    body = new URLSearchParams(request.form).toString();
  }
  return new Request(`${ORIGIN}${request.path}`, { method: methodOf(request), headers, body });
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

/** Each role's outcome of one request, each on the database as seeded. */
async function outcomes(request: MatrixRequest, roles: readonly Role[]): Promise<Partial<Record<Role, Outcome>>> {
  const { url, matches } = resolveRequest(routes, request);
  if (matches.length === 0) throw new Error(`No route serves ${url.pathname}`);
  const actual: Partial<Record<Role, Outcome>> = {};
  for (const role of roles) {
    actual[role] = await rolledBack(async () => {
      const cookie =
        role === 'anonymous' ? '' : await sessionCookie(services.sessions, demoPerson(role), { communityKey: request.communityKey });
      const result = await answer(matches, modules, requestFor(request, cookie));
      return outcomeOf(result, `${url.pathname}${url.search}`);
    });
  }
  return actual;
}

describe('the permission matrix', () => {
  it('has a line for every address pattern, method and intent, and no line that points at nothing', () => {
    expect(coverageProblems(routes, facts, MATRIX), 'permission-matrix coverage').toEqual([]);
  });

  it.each(MATRIX.map((row) => [describeRequest(row.request), row] as const))('%s', async (_title, row) => {
    expect(await outcomes(row.request, ROLES)).toEqual(row.expected);
  });

  const SIGNED_IN_ROLES = ROLES.filter((role): role is Exclude<Role, 'anonymous'> => role !== 'anonymous');
  const probes = unknownIntentProbes(routes, facts, MATRIX);

  it('probes every action that declares its intents', () => {
    const declaring = [...facts.values()]
      .filter((module) => module.intents !== null && module.methods.includes('POST'))
      .map((module) => module.file);
    expect(probes.map((probe) => probe.file).sort()).toEqual(declaring.sort());
  });

  it.each(probes.map((probe) => [`${describeRequest(probe.request)} (${probe.file})`, probe] as const))(
    'answers an unknown intent with 400 or a refusal: %s',
    async (_title, probe) => {
      // The role's refusal at this address: the GET line's outcome when it refuses (e.g. the 404 of a feature turned off).
      const reading = MATRIX.find((row) => methodOf(row.request) === 'GET' && row.request.path === probe.request.path);
      const allowed = (role: Role): Outcome[] => {
        const refusal = reading?.expected[role];
        return [400, 403, LOGIN, REMOTE, ...(typeof refusal === 'number' && refusal >= 400 ? [refusal] : [])];
      };
      const actual = await outcomes(probe.request, SIGNED_IN_ROLES);
      const wrong = SIGNED_IN_ROLES.filter((role) => !allowed(role).includes(actual[role]!)).map((role) => `${role}: ${actual[role]}`);
      expect(wrong, `${probe.file} answered intent=not-an-intent with`).toEqual([]);
    },
  );

  it('leaves the demo data as seeded (every request ran on its own, rolled back)', async () => {
    expect((await services.db.ref('').get()).val()).toEqual(seeded);
  });
});
