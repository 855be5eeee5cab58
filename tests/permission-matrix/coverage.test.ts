import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../setup/tmp';
import { coverageProblems, moduleFacts, type ModuleFacts } from './coverage';
import { MATRIX, everyone, type MatrixRow } from './matrix';
import { APP_DIR, appRoutes, loadRouteModule, readRouteSource, type Routes } from './routes';

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

/** A copy of app/ (root and routes) with `extra` route modules added and `removed` ones left out. */
async function throwawayApp(extra: Record<string, string>, removed: string[] = []) {
  const appDir = makeTempDir('matrix-app');
  mkdirSync(join(appDir, 'routes'));
  cpSync(join(APP_DIR, 'root.tsx'), join(appDir, 'root.tsx'));
  cpSync(join(APP_DIR, 'routes'), join(appDir, 'routes'), { recursive: true });
  for (const name of removed) rmSync(join(appDir, 'routes', name));
  for (const [name, source] of Object.entries(extra)) writeFileSync(join(appDir, 'routes', name), source);
  const routes = appRoutes(appDir);
  const facts = new Map<string, ModuleFacts>();
  for (const route of routes.values()) {
    const known = realFacts.get(route.id);
    // Modules of the real app are read where they live; the new ones from the throwaway folder.
    facts.set(route.id, known ?? moduleFacts(await loadRouteModule(route, appDir), readRouteSource(route, appDir), `app/${route.file}`));
  }
  return { appDir, routes, facts };
}

const problemsOf = (routes: Routes, facts: Map<string, ModuleFacts>, matrix: readonly MatrixRow[] = MATRIX) =>
  coverageProblems(routes, facts, matrix);

describe('the coverage check', () => {
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

  it('finds a screen moved into its own module under a pathless layout by its address', async () => {
    const { routes, facts } = await throwawayApp({
      '_app._home.tsx': 'export default function HomeLayout() {\n  return null;\n}\n',
      '_app._home.community-setup.tsx': NEW_SCREEN.replace("intent('publish')", "intent('upload-logo')"),
    });
    // Today's lines for /community-setup (GET, POST intent=save) now reach the new module; only its new intent is missing.
    expect(problemsOf(routes, facts)).toEqual([
      expect.stringMatching(
        /^POST \/community-setup intent=upload-logo \(app\/routes\/_app\._home\.community-setup\.tsx\) has no line .*path: '\/community-setup', form: \{ intent: 'upload-logo' \}/,
      ),
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

    // Without the catch-all route, an address nobody serves is named (and so is the catch-all's line).
    const { routes, facts } = await throwawayApp({}, ['$.tsx']);
    expect(problemsOf(routes, facts)).toEqual([
      'The line "GET /no/such/page" points at nothing: no route serves /no/such/page. Fix its path or remove it.',
      'The line "POST /no/such/page" points at nothing: no route serves /no/such/page. Fix its path or remove it.',
    ]);
  });
});
