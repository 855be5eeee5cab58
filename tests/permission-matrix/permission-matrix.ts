import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedSqlite } from '@server/db';
import type { Services } from '@server/services';
import { ROLES, demoPerson, installTestServices, sessionCookie, type Role } from '../setup/services';
import { ORIGIN, describeRequest, methodOf, moduleFacts, resolveRequest, unknownIntentProbes, type ModuleFacts } from './coverage';
import { MATRIX_JOBS } from './job-status';
import { LOGIN, MATRIX, REMOTE, type MatrixRequest, type MatrixRow, type Outcome } from './matrix';
import { answer, appRoutes, loadRouteModule, readRouteSource, type Routes, type RouteModule, type RouteResult } from './routes';
import { familyOf, type WalkFamily } from './walk-lines';

/**
 * Runs the permission matrix (./matrix.ts): every line's request, for every role, answered as
 * Remix would from the route modules its path matches (./routes.ts), against an embedded
 * database with the demo data and session cookies minted by the real session storage
 * (STYLE 18). Each role's request runs in a transaction rolled back afterwards.
 *
 * The matrix runs one route family per test file (permission-matrix.<family>.test.ts, by the
 * route that answers the line, see ./walk-lines.ts); permission-matrix.test.ts checks that the
 * matrix covers the app and walk-families.test.ts that every line is in a family.
 */

export const routes = appRoutes();
const modules = new Map<string, RouteModule>();

/** The route modules and what the coverage check reads of them: every route's, or those of `only`. */
export async function loadFacts(only?: ReadonlySet<string>): Promise<Map<string, ModuleFacts>> {
  const facts = new Map<string, ModuleFacts>();
  for (const route of routes.values()) {
    if (only && !only.has(route.id)) continue;
    const module = modules.get(route.id) ?? (await loadRouteModule(route));
    modules.set(route.id, module);
    facts.set(route.id, moduleFacts(module, readRouteSource(route), `app/${route.file}`));
  }
  return facts;
}

/** The family of a line: that of the route answering it (the leaf for GET, the action's target otherwise). */
export const rowFamily = (routes: Routes, row: MatrixRow): WalkFamily | null => {
  const { handler } = resolveRequest(routes, row.request);
  return handler ? familyOf(handler.id) : null;
};

let services: Services;
let close: () => Promise<void>;
let sqlite: Database.Database;
let seeded: unknown;

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

/**
 * The lines of one route family, each for every role, and the unknown-intent probes of its
 * actions. Loads the route modules the lines reach (every route they match: layouts' loaders
 * run on GET) before it names its tests, so a test file awaits it.
 */
export async function runPermissionMatrix(family: WalkFamily) {
  const rows = MATRIX.filter((row) => rowFamily(routes, row) === family);
  const reached = new Set(rows.flatMap((row) => resolveRequest(routes, row.request).matches.map((match) => match.route.id)));
  const facts = await loadFacts(reached);

  beforeAll(async () => {
    ({ services, close } = await installTestServices(`permission-matrix-${family}`, { feeds: true }));
    sqlite = embeddedSqlite(services.db);
    seeded = (await services.db.ref('').get()).val();
    for (const job of MATRIX_JOBS) {
      const queued = await services.jobs.enqueue(job.queue, job.payload, { jobId: job.jobId, replaceFinished: true });
      if (!queued.queued) throw new Error(`The matrix's ${job.queue} job was not queued: ${queued.reason}`);
    }
  });

  afterAll(async () => {
    await close?.();
  });

  describe(`the permission matrix: ${family}`, () => {
    matrixLines(rows, facts);
  });
}

function matrixLines(rows: readonly MatrixRow[], facts: ReadonlyMap<string, ModuleFacts>) {
  it('has lines', () => {
    expect(rows.length).toBeGreaterThan(0);
  });

  it.each(rows.map((row) => [describeRequest(row.request), row] as const))('%s', async (_title, row) => {
    expect(await outcomes(row.request, ROLES)).toEqual(row.expected);
  });

  const SIGNED_IN_ROLES = ROLES.filter((role): role is Exclude<Role, 'anonymous'> => role !== 'anonymous');

  // The probes of the family's actions: every line reaching an action is in the action's family.
  const probes = unknownIntentProbes(routes, facts, rows);

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
}
