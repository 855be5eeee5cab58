import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedSqlite } from '@server/db';
import type { Services } from '@server/services';
import { FORM_COMMUNITY_FIELD } from '~/lib/form-community';
import { COMMUNITY_A, COMMUNITY_B, demoPerson, installTestServices, sessionCookie, type Role } from '../setup/services';
import { ORIGIN, describeRequest, resolveRequest } from './coverage';
import { LOGIN, REMOTE, type Outcome } from './matrix';
import { answer, appRoutes, loadRouteModule, type RouteModule } from './routes';
import { actionLines, linesOf, type ActionLine, type WalkFamily } from './walk-lines';
import { walkSample } from './walk-sample';

/**
 * A form opened for one community never saves into another (docs/decisions/018): every POST
 * line of the permission matrix, as a role the line lets in, is posted again with the hidden
 * field naming the other community than the one selected in the session — as a tab opened
 * before someone switched community in another tab would post it. Every action of the signed-in
 * console (and of the public calendar's staff pages, bound to the community of their address)
 * answers 409 and leaves the database exactly as it was; the pages that are not bound
 * to a selected community (sign-in, remote pages by their grant, Switch Community itself) answer
 * as they do without the field.
 *
 * Each request runs in a database transaction that is rolled back afterwards, with sessions
 * minted fresh for it: nothing is shared with other tests.
 *
 * The walk runs one route family per test file (form-community.<family>.test.ts, see
 * ./walk-lines.ts); walk-families.test.ts checks that together they reach every action.
 */

/** Routes bound to their item or to nobody, not to a selected community: the field changes nothing there. */
export const NOT_COMMUNITY_BOUND: Readonly<Record<string, string>> = {
  'routes/_app.listnm.switch-community': 'Switch Community changes the selected community',
};
export const isConsoleRoute = (routeId: string) => routeId.startsWith('routes/_app.') || routeId.startsWith('routes/_app_');

/** Roles in the order a line's user is chosen: the first whose outcome is a use, not a refusal. */
const ROLE_PREFERENCE: readonly Role[] = ['system', 'adminA', 'super', 'editorA', 'editorB', 'anonymous', 'remote'];
const REFUSALS: readonly Outcome[] = [LOGIN, REMOTE, 400, 401, 403, 404, 405];

const routes = appRoutes();
const modules = new Map<string, RouteModule>();

type Line = ActionLine;

export const LINES: Line[] = actionLines(routes, ROLE_PREFERENCE, REFUSALS);

let services: Services;
let close: () => Promise<void>;
let sqlite: Database.Database;

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

/** Pages outside the console whose forms carry the community their address names (the public calendar's staff actions). */
export const BOUND_BY_ADDRESS: ReadonlySet<string> = new Set([
  'routes/calendar_.event.$clocation.$tab.$eventId.delete',
  'routes/calendar_.audiences.$clocation',
]);

export const isBound = (line: Line) =>
  (isConsoleRoute(line.routeId) || BOUND_BY_ADDRESS.has(line.routeId)) && !(line.routeId in NOT_COMMUNITY_BOUND);

/** The walk over the lines of one route family (./walk-lines.ts), with a database of its own. */
export function walkFormCommunity(family: WalkFamily) {
  beforeAll(async () => {
    // The route modules the family's lines reach (and their parents).
    for (const line of linesOf(LINES, family)) {
      for (const match of resolveRequest(routes, line.request).matches) {
        const route = routes.get(match.route.id)!;
        if (!modules.has(route.id)) modules.set(route.id, await loadRouteModule(route));
      }
    }
    ({ services, close } = await installTestServices(`form-community-${family}`));
    sqlite = embeddedSqlite(services.db);
  });

  afterAll(async () => {
    await close?.();
  });

  describe(`a form opened for another community: ${family}`, () => {
    // The samples are taken over the whole walk, so `npm test` posts the same lines however it is split.
    walkLines(
      linesOf(
        walkSample(LINES.filter(isBound), (line) => line.routeId),
        family,
      ),
      linesOf(
        walkSample(
          LINES.filter((line) => !isBound(line)),
          (line) => line.routeId,
        ),
        family,
      ),
    );
  });
}

function walkLines(bound: readonly Line[], unbound: readonly Line[]) {
  it('has lines to walk', () => {
    expect(bound.length + unbound.length).toBeGreaterThan(0);
  });

  it.each(bound.map((line) => [`${describeRequest(line.request)} as ${line.role}`, line] as const))(
    'is refused with 409 and writes nothing: %s',
    async (_title, line) => {
      const other = selectedFor(line) === COMMUNITY_A ? COMMUNITY_B : COMMUNITY_A;
      expect(await send(line, other)).toEqual({ status: 409, changed: false });
    },
  );

  it.each(unbound.map((line) => [`${describeRequest(line.request)} as ${line.role}`, line] as const))(
    'changes nothing where the page is not bound to a selected community: %s',
    async (_title, line) => {
      const other = selectedFor(line) === COMMUNITY_A ? COMMUNITY_B : COMMUNITY_A;
      expect((await send(line, other)).status).toBe((await send(line, null)).status);
    },
  );
}
