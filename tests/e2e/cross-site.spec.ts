import type { DbValue } from '@server/db';
import { E2E_BASE_URL, E2E_PORT } from '../../playwright.config';
import { expect, signInUser, test } from './fixtures';

/**
 * Requests from other sites never change anything (server/http, docs/decisions/007): a form on
 * a sibling origin of the same site, whose posts carry the SameSite=Lax session cookie, a post
 * naming another origin, and Remix's legacy `?_data=` post are refused before any action runs.
 * The rules are proven in server/http/same-origin.test.ts and app.test.ts; here a real browser
 * sends them to the production server and the menu stays as it was.
 */
const MENU: DbValue[] = [
  { uniqueId: 'charlie', id: 'charlie', name: 'Charlie', type: 'website' },
  { uniqueId: 'alpha', id: 'alpha', name: 'Alpha', type: 'website' },
  { uniqueId: 'bravo', id: 'bravo', name: 'Bravo', type: 'website' },
];
const INITIAL = ['charlie', 'alpha', 'bravo'];

// The console also as console.test, and a sibling origin of the same site at studio.console.test,
// both this machine.
const CONSOLE = `http://console.test:${E2E_PORT}`;
const SIBLING = `http://studio.console.test:${E2E_PORT}`;

test.use({
  communityOptions: { role: 'system', menu: MENU },
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--host-resolver-rules=MAP console.test 127.0.0.1, MAP studio.console.test 127.0.0.1',
    ],
  },
});

const order = async (menu: () => Promise<Array<Record<string, unknown>>>) => (await menu()).map((item) => item.uniqueId);

test.describe('a page on a sibling origin of the same site', () => {
  test('cannot sort the menu with a form the signed-in user sends', async ({ page, context, community, cspViolations }) => {
    await signInUser(context, community.user, { communityKey: community.key, url: CONSOLE });
    // The sibling's page: a form posting to the console's Sort Alphabetically.
    await page.route(`${SIBLING}/attack`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!DOCTYPE html><title>Win a prize</title><form method="post" action="${CONSOLE}/sort-alpha"><button>Claim</button></form>`,
      }),
    );
    await page.goto(`${SIBLING}/attack`);
    await page.getByRole('button', { name: 'Claim' }).click();
    await expect(page.getByRole('heading', { name: 'Request refused' })).toBeVisible();
    await expect(page.getByText('This request came from another site, so it was refused. Nothing was saved.')).toBeVisible();
    expect(await order(community.menu)).toEqual(INITIAL);

    // The same form on the console's own origin does sort (the session cookie was sent above too).
    await page.goto(`${CONSOLE}/sort-alpha`);
    await page.getByRole('alertdialog', { name: 'Sort Alphabetically' }).getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => order(community.menu)).toEqual(['alpha', 'bravo', 'charlie']);
    expect(cspViolations).toEqual([]);
  });
});

test('a post naming another origin, and a legacy ?_data= post, are refused and change nothing', async ({ page, community }) => {
  // page.request carries the browser's session cookie.
  const crossOrigin = await page.request.post('/sort-alpha', { headers: { Origin: 'http://evil.example' }, form: {}, maxRedirects: 0 });
  expect(crossOrigin.status()).toBe(403);
  expect(await crossOrigin.text()).toContain('This request came from another site, so it was refused. Nothing was saved.');

  const legacy = await page.request.post('/sort-alpha?_data=routes%2F_app._home.%24action', {
    headers: { Origin: 'http://evil.example' },
    form: {},
    maxRedirects: 0,
  });
  expect(legacy.status()).toBe(400);
  expect(await legacy.text()).toContain('Requests with a _data parameter are not accepted.');
  expect(await order(community.menu)).toEqual(INITIAL);

  // A signed-in post naming no source at all (a browser always names one) is refused too.
  const sourceless = await page.request.post('/sort-alpha', { form: {}, maxRedirects: 0 });
  expect(sourceless.status()).toBe(403);
  expect(await order(community.menu)).toEqual(INITIAL);

  // From our own origin the same post sorts.
  const own = await page.request.post('/sort-alpha', { headers: { Origin: E2E_BASE_URL }, form: {}, maxRedirects: 0 });
  expect(own.status()).toBe(302);
  expect(await order(community.menu)).toEqual(['alpha', 'bravo', 'charlie']);
});

test('signed-in pages and data are never stored by the browser or a proxy', async ({ page, community }) => {
  const document = await page.goto('/');
  expect(document?.status()).toBe(200);
  expect(document?.headers()['cache-control']).toBe('no-store');
  await expect(page.getByRole('banner')).toContainText(community.displayName);
  const data = await page.request.get('/_root.data');
  expect(data.status()).toBe(200);
  expect(data.headers()['cache-control']).toBe('no-store');
});
