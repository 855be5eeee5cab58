import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../setup/tmp';
import { ORIGIN, coverageProblems, describeRequest, moduleFacts, resolveRequest, type ModuleFacts } from './coverage';
import { MATRIX, everyone, type MatrixRow } from './matrix';
import { APP_DIR, appRoutes, loadRouteModule, patternOf, readRouteSource, type Routes } from './routes';

/**
 * The coverage check guards new screens: a throwaway app directory holds a copy of app/routes
 * plus new route modules nobody wrote a matrix line for, and the check over it, with today's
 * MATRIX, names each new address pattern, method and intent.
 */

const realRoutes = appRoutes();
const realFacts = new Map<string, ModuleFacts>();
for (const route of realRoutes.values()) {
  realFacts.set(route.id, moduleFacts(await loadRouteModule(route), readRouteSource(route), `app/${route.file}`));
}

const NEW_SCREEN = `import type { ActionFunctionArgs } from '@remix-run/node';
import { intent, intents, parseIntent } from '~/lib/intent';

/** A new screen behind the shell, with no guard of its own. */
export const Intent = intents(intent('save'), intent('publish'));

export async function loader() {
  return { secret: 'anyone may read this' };
}

export async function action({ request }: ActionFunctionArgs) {
  const { intent: chosen } = parseIntent(await request.formData(), Intent);
  return { done: chosen };
}

export default function NewScreen() {
  return null;
}
`;

const OLD_STYLE_FORM = `import type { ActionFunctionArgs } from '@remix-run/node';

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  if (request.method === 'DELETE') return { deleted: form.get('id') };
  return { saved: form.get('intent') };
}
`;

/**
 * A copy of app/ (root and routes) with `extra` route modules added (a name may be a folder
 * route's file, `_app._home.panel/route.tsx`, or a private file beside it) and `removed` ones
 * (files or folders) left out. A module of the real app keeps its real facts; a module written
 * here, or one whose route id now names another file, is read from the throwaway folder.
 */
async function throwawayApp(extra: Record<string, string>, removed: string[] = []) {
  const appDir = makeTempDir('matrix-app');
  mkdirSync(join(appDir, 'routes'));
  cpSync(join(APP_DIR, 'root.tsx'), join(appDir, 'root.tsx'));
  cpSync(join(APP_DIR, 'routes'), join(appDir, 'routes'), { recursive: true });
  for (const name of removed) rmSync(join(appDir, 'routes', name), { recursive: true });
  for (const [name, source] of Object.entries(extra)) {
    mkdirSync(dirname(join(appDir, 'routes', name)), { recursive: true });
    writeFileSync(join(appDir, 'routes', name), source);
  }
  const written = new Set(Object.keys(extra).map((name) => `routes/${name}`));
  const routes = appRoutes(appDir);
  const facts = new Map<string, ModuleFacts>();
  for (const route of routes.values()) {
    const real = realRoutes.get(route.id)?.file === route.file && !written.has(route.file) ? realFacts.get(route.id) : undefined;
    facts.set(route.id, real ?? moduleFacts(await loadRouteModule(route, appDir), readRouteSource(route, appDir), `app/${route.file}`));
  }
  return { appDir, routes, facts };
}

const problemsOf = (routes: Routes, facts: Map<string, ModuleFacts>, matrix: readonly MatrixRow[] = MATRIX) =>
  coverageProblems(routes, facts, matrix);

// Each test loads route modules of a throwaway copy of the app: seconds each, many more on a loaded machine.
describe('the coverage check', { timeout: 90_000 }, () => {
  it('finds nothing missing in the app as it is', () => {
    expect(problemsOf(realRoutes, realFacts)).toEqual([]);
  });

  it('names the address, the methods and the intents of a new screen without a line', async () => {
    const { routes, facts } = await throwawayApp({ '_app.new-screen.tsx': NEW_SCREEN });
    expect(routes.get('routes/_app.new-screen')?.parentId).toBe('routes/_app');
    const problems = problemsOf(routes, facts);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^GET \/new-screen \(app\/routes\/_app\.new-screen\.tsx\) has no line in the permission matrix: add /);
    expect(problems[0]).toContain("{ request: { path: '/new-screen' }, expected: { anonymous: …, editorA: …,");
    expect(problems[1]).toMatch(/^POST \/new-screen intent=save \(app\/routes\/_app\.new-screen\.tsx\) has no line/);
    expect(problems[1]).toContain("{ request: { method: 'POST', path: '/new-screen', form: { intent: 'save' } }");
    expect(problems[2]).toMatch(/^POST \/new-screen intent=publish \(app\/routes\/_app\.new-screen\.tsx\) has no line/);
    for (const problem of problems) expect(problem).toContain('to MATRIX in tests/permission-matrix/matrix.ts');
  });

  it('is satisfied by the lines it asks for', async () => {
    const { routes, facts } = await throwawayApp({ '_app.new-screen.tsx': NEW_SCREEN });
    const lines: MatrixRow[] = [
      { request: { path: '/new-screen' }, expected: everyone(200) },
      { request: { method: 'POST', path: '/new-screen', form: { intent: 'save' } }, expected: everyone(200) },
      { request: { method: 'POST', path: '/new-screen', form: { intent: 'publish' } }, expected: everyone(200) },
    ];
    expect(problemsOf(routes, facts, [...MATRIX, ...lines])).toEqual([]);
    // One intent still missing is named alone.
    expect(problemsOf(routes, facts, [...MATRIX, ...lines.slice(0, 2)])).toEqual([
      expect.stringMatching(/^POST \/new-screen intent=publish /),
    ]);
  });

  it('finds a screen by its address wherever its module lives', async () => {
    // Community Setup moved back out of the home layout into a flat module, with one intent more.
    const setup = [...realRoutes.values()].find((route) => patternOf(realRoutes, route.id) === '/community-setup');
    const declared = setup ? realFacts.get(setup.id)?.intents : undefined;
    expect(declared?.length).toBeGreaterThan(1);
    const intentList = [...(declared ?? []), 'upload-logo'].map((name) => `intent('${name}')`).join(', ');
    const { routes, facts } = await throwawayApp(
      { '_app.community-setup.tsx': NEW_SCREEN.replace("intent('save'), intent('publish')", intentList) },
      ['_app._home.community-setup'],
    );
    expect(routes.get('routes/_app.community-setup')?.parentId).toBe('routes/_app');
    expect(routes.has('routes/_app._home.community-setup')).toBe(false);
    // Today's lines for /community-setup (GET and every intent) now reach the new module; only its new intent is missing.
    expect(problemsOf(routes, facts)).toEqual([
      expect.stringMatching(
        /^POST \/community-setup intent=upload-logo \(app\/routes\/_app\.community-setup\.tsx\) has no line .*path: '\/community-setup', form: \{ intent: 'upload-logo' \}/,
      ),
    ]);
  });

  it('finds a new folder route under the pathless home layout, and not the private files beside it', async () => {
    const { routes, facts } = await throwawayApp({
      '_app._home.new-panel/route.tsx': `import { panelTitle } from './new-panel-view';\n${NEW_SCREEN}export const handle = { title: panelTitle };\n`,
      '_app._home.new-panel/new-panel-view.tsx': "export const panelTitle = 'New Panel';\n",
    });
    expect(routes.get('routes/_app._home.new-panel')?.parentId).toBe('routes/_app._home');
    expect([...routes.values()].filter((route) => route.file.includes('new-panel')).map((route) => route.file)).toEqual([
      'routes/_app._home.new-panel/route.tsx',
    ]);
    const problems = problemsOf(routes, facts);
    expect(problems).toEqual([
      expect.stringMatching(/^GET \/new-panel \(app\/routes\/_app\._home\.new-panel\/route\.tsx\) has no line .*path: '\/new-panel' \}/),
      expect.stringMatching(/^POST \/new-panel intent=save \(app\/routes\/_app\._home\.new-panel\/route\.tsx\) has no line/),
      expect.stringMatching(/^POST \/new-panel intent=publish \(app\/routes\/_app\._home\.new-panel\/route\.tsx\) has no line/),
    ]);
  });

  it('asks an action without Intent to declare its intents or be declared intent-less, and for the other methods it answers', async () => {
    const { routes, facts } = await throwawayApp({ 'listnm.old-form.tsx': OLD_STYLE_FORM });
    expect(facts.get('routes/listnm.old-form')?.methods).toEqual(['POST', 'DELETE']);
    const problems = problemsOf(routes, facts);
    expect(problems).toEqual([
      expect.stringMatching(
        /^DELETE \/listnm\/old-form \(app\/routes\/listnm\.old-form\.tsx\) has no line .*method: 'DELETE', path: '\/listnm\/old-form'/,
      ),
      expect.stringMatching(
        /^POST \/listnm\/old-form \(app\/routes\/listnm\.old-form\.tsx\) has an action but exports no `Intent`: .*form: \{\} \}/,
      ),
    ]);
    const declared: MatrixRow[] = [
      { request: { method: 'POST', path: '/listnm/old-form', form: { id: 'x' } }, expected: everyone(200) },
      { request: { method: 'DELETE', path: '/listnm/old-form', form: { id: 'x' } }, expected: everyone(200) },
    ];
    expect(problemsOf(routes, facts, [...MATRIX, ...declared])).toEqual([]);
  });

  it('fails lines that point at nothing', async () => {
    const strays: MatrixRow[] = [
      { request: { method: 'POST', path: '/login', form: { intent: 'teleport' } }, expected: everyone(400) },
      { request: { method: 'POST', path: '/healthcheck' }, expected: everyone(405) },
      { request: { method: 'PUT', path: '/login', form: { intent: 'password' } }, expected: everyone(400) },
    ];
    expect(problemsOf(realRoutes, realFacts, [...MATRIX, ...strays])).toEqual([
      'The line "POST /login {intent=teleport}" points at nothing: app/routes/login.tsx declares no intent "teleport" (its Intent: password, device, cancel, email-link, email-link-redeem, forgot, reset). Fix the intent or remove the line.',
      'The line "POST /healthcheck" points at nothing: app/routes/healthcheck.ts (/healthcheck) answers no POST. Fix its method or path, or remove it.',
      'The line "PUT /login {intent=password}" points at nothing: app/routes/login.tsx (/login) answers no PUT. Fix its method or path, or remove it.',
    ]);

    // Without the catch-all routes (every splat), an address nobody serves is named: each line
    // that only a catch-all answers, such as the catch-all's own.
    const splats = [...realRoutes.values()].filter((route) => route.path === '*');
    const caught = MATRIX.filter(({ request }) => splats.some((route) => route.id === resolveRequest(realRoutes, request).handler?.id));
    expect(caught.map(({ request }) => describeRequest(request))).toEqual(
      expect.arrayContaining(['GET /no/such/page', 'POST /no/such/page']),
    );
    const { routes, facts } = await throwawayApp(
      {},
      splats.map((route) => route.file.replace(/^routes\//, '')),
    );
    expect(problemsOf(routes, facts)).toEqual(
      caught.map(
        ({ request }) =>
          `The line "${describeRequest(request)}" points at nothing: no route serves ${new URL(request.path, ORIGIN).pathname}. Fix its path or remove it.`,
      ),
    );
  });
});
