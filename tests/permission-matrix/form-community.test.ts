import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedSqlite } from '@server/db';
import type { Services } from '@server/services';
import { FORM_COMMUNITY_FIELD } from '~/lib/form-community';
import { ORIGIN, describeRequest, methodOf, resolveRequest } from './coverage';
import { COMMUNITY_A, COMMUNITY_B, demoPerson, installTestServices, sessionCookie, type Role } from './fixtures';
import { LOGIN, MATRIX, REMOTE, type MatrixRequest, type Outcome } from './matrix';
import { answer, appRoutes, loadRouteModule, type RouteModule } from './routes';
import { walkSample } from './walk-sample';

/**
 * A form opened for one community never saves into another (docs/decisions/018): every POST
 * line of the permission matrix, as a role the line lets in, is posted again with the hidden
 * field naming the other community than the one selected in the session — as a tab opened
 * before someone switched community in another tab would post it. Every action of the signed-in
 * console answers 409 and leaves the database exactly as it was; the pages that are not bound
 * to a selected community (sign-in, remote pages by their grant, Switch Community itself) answer
 * as they do without the field.
 *
 * Each request runs in a database transaction that is rolled back afterwards, with sessions
 * minted fresh for it: nothing is shared with other tests.
 */

/** Routes bound to their item or to nobody, not to a selected community: the field changes nothing there. */
const NOT_COMMUNITY_BOUND: Readonly<Record<string, string>> = {
  'routes/_app.listnm.switch-community': 'Switch Community changes the selected community',
};
const isConsoleRoute = (routeId: string) => routeId.startsWith('routes/_app.') || routeId.startsWith('routes/_app_');

/** Roles in the order a line's user is chosen: the first whose outcome is a use, not a refusal. */
const ROLE_PREFERENCE: readonly Role[] = ['system', 'adminA', 'super', 'editorA', 'editorB', 'anonymous', 'remote'];
const REFUSALS: readonly Outcome[] = [LOGIN, REMOTE, 400, 401, 403, 404, 405];

const routes = appRoutes();
const modules = new Map<string, RouteModule>();
for (const route of routes.values()) modules.set(route.id, await loadRouteModule(route));

interface Line {
  request: MatrixRequest;
  role: Exclude<Role, 'anonymous'> | 'anonymous';
  routeId: string;
  expected: Outcome;
}

const LINES: Line[] = MATRIX.flatMap((row): Line[] => {
  const { request, expected } = row;
  if (methodOf(request) !== 'POST' || !request.form) return [];
  const role = ROLE_PREFERENCE.find((candidate) => !REFUSALS.includes(expected[candidate]));
  const routeId = resolveRequest(routes, request).handler?.id;
  if (!role || !routeId) return [];
  return [{ request, role, routeId, expected: expected[role] }];
});

let services: Services;
let close: () => Promise<void>;
let sqlite: Database.Database;

beforeAll(async () => {
  ({ services, close } = await installTestServices('form-community'));
  sqlite = embeddedSqlite(services.db);
});

afterAll(async () => {
  await close?.();
});

async function rolledBack<T>(work: () => Promise<T>): Promise<T> {
  sqlite.exec('BEGIN');
  try {
    return await work();
  } finally {
    if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
  }
}

/** The community the line's session selects, as requireStaff resolves it for the demo people. */
const selectedFor = (line: Line) => line.request.communityKey ?? (line.role === 'editorB' ? COMMUNITY_B : COMMUNITY_A);

function post(line: Line, cookie: string, stamp: string | null): Request {
  const headers = new Headers({ 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN });
  if (cookie) headers.set('Cookie', cookie);
  const form = { ...line.request.form, ...(stamp === null ? {} : { [FORM_COMMUNITY_FIELD]: stamp }) };
  return new Request(`${ORIGIN}${line.request.path}`, { method: 'POST', headers, body: new URLSearchParams(form).toString() });
}

/** The status of the line's post with the field naming `stamp`, and whether the database changed. */
async function send(line: Line, stamp: string | null): Promise<{ status: number; changed: boolean }> {
  const { matches } = resolveRequest(routes, line.request);
  return rolledBack(async () => {
    const before = JSON.stringify((await services.db.ref('').get()).val());
    const cookie =
      line.role === 'anonymous'
        ? ''
        : await sessionCookie(services.sessions, demoPerson(line.role), { communityKey: line.request.communityKey });
    // Minting the session wrote it: compare from here.
    const minted = JSON.stringify((await services.db.ref('').get()).val());
    const result = await answer(matches, modules, post(line, cookie, stamp));
    const after = JSON.stringify((await services.db.ref('').get()).val());
    void before;
    return { status: result.status, changed: after !== minted };
  });
}

describe('a form opened for another community', () => {
  const bound = LINES.filter((line) => isConsoleRoute(line.routeId) && !(line.routeId in NOT_COMMUNITY_BOUND));
  const unbound = LINES.filter((line) => !isConsoleRoute(line.routeId) || line.routeId in NOT_COMMUNITY_BOUND);

  it('walks every action of the console', () => {
    expect(new Set(bound.map((line) => line.routeId)).size).toBeGreaterThan(25);
  });

  it.each(walkSample(bound, (line) => line.routeId).map((line) => [`${describeRequest(line.request)} as ${line.role}`, line] as const))(
    'is refused with 409 and writes nothing: %s',
    async (_title, line) => {
      const other = selectedFor(line) === COMMUNITY_A ? COMMUNITY_B : COMMUNITY_A;
      expect(await send(line, other)).toEqual({ status: 409, changed: false });
    },
  );

  it.each(walkSample(unbound, (line) => line.routeId).map((line) => [`${describeRequest(line.request)} as ${line.role}`, line] as const))(
    'changes nothing where the page is not bound to a selected community: %s',
    async (_title, line) => {
      const other = selectedFor(line) === COMMUNITY_A ? COMMUNITY_B : COMMUNITY_A;
      expect((await send(line, other)).status).toBe((await send(line, null)).status);
    },
  );
});
