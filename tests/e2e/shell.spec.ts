import type { BrowserContext, Page } from '@playwright/test';
import { E2E_BASE_URL } from '../../playwright.config';
import { createCommunity, e2ePaths, expect, readE2e, signIn, signInUser, test, uniqueKey, type DemoEmail } from './fixtures';

/**
 * The authenticated shell (spec 01 §2.2, §2.3, §2.6; spec 03 §2, §6) with and without
 * JavaScript: each demo role sees exactly its trays, the page title rule, the menu expander,
 * Switch Community, Feature Unavailable in the studio project, the Google authorization return
 * page, the 404 page and the sign-in redirect.
 */

const ALL_TRAYS = [
  'Quick Access',
  'Administrative',
  'Resort System Management',
  'Email Templates',
  'Update Data',
  'Marketing Asset Editor',
  'Dollars Accounts Status',
] as const;

interface RoleCase {
  email: DemoEmail;
  community: string;
  trays: ReadonlyArray<(typeof ALL_TRAYS)[number]>;
  /** Buttons this role must see. */
  buttons: string[];
  /** Buttons this role must not see. */
  hidden: string[];
}

/**
 * Spec 03 §6 for the demo account with the most trays (the demo product has dollars enabled).
 * Every role's trays are proven in app/lib/trays.test.ts and server/authz/trays.test.ts, the
 * shell's loader gathering them in app/features/shell/shell.server.test.ts; here the shell
 * renders them and hydrates without errors.
 */
const ROLES: Record<string, RoleCase> = {
  system: {
    email: 'system@demo.example',
    community: 'Pine Hollow',
    trays: [
      'Quick Access',
      'Administrative',
      'Resort System Management',
      'Update Data',
      'Marketing Asset Editor',
      'Dollars Accounts Status',
    ],
    buttons: [
      'Send Notification',
      'Switch Community',
      'Users',
      'Add Community',
      'Import',
      'Export',
      'Update Data',
      'Marketing Asset Editor',
      'Dollars',
    ],
    hidden: ['App Setup', 'Integrations', 'Email Templates'],
  },
};

/** A session for someone who is not a demo account (an account without any rights). */
async function signInWithoutRights(context: BrowserContext) {
  const uid = uniqueKey('former-staff');
  await signInUser(context, { uid, email: `${uid}@e2e.example`, displayName: 'Former Staff' });
}

/** The left column's stored choice (Remix's cookie: base64 of the JSON value). */
async function storedLeftColumn(page: Page): Promise<unknown> {
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'shell-left-column');
  return cookie ? JSON.parse(Buffer.from(decodeURIComponent(cookie.value), 'base64').toString('utf8')) : null;
}

const tray = (page: Page) => page.getByRole('complementary', { name: 'Button navigation' });
const adminNav = (page: Page) => page.getByRole('navigation', { name: 'Admin buttons' });
const header = (page: Page) => page.getByRole('banner');

for (const [role, expected] of Object.entries(ROLES)) {
  test(`${role}: the shell shows exactly the role's trays`, async ({ page, loginAs }) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(expected.email);
    await page.goto('/');

    await expect(header(page)).toContainText(expected.community);
    await expect(header(page).getByRole('button', { name: 'Log Out' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    for (const title of ALL_TRAYS) {
      const heading = tray(page).getByRole('heading', { name: title, exact: true, level: 2 });
      if (expected.trays.includes(title)) await expect(heading).toBeVisible();
      else await expect(heading).toHaveCount(0);
    }
    await expect(tray(page).getByRole('heading', { level: 2 })).toHaveCount(expected.trays.length);
    for (const label of expected.buttons) {
      await expect(tray(page).getByRole('link', { name: label, exact: true })).toBeVisible();
      await expect(adminNav(page).getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    for (const label of expected.hidden) {
      await expect(page.getByRole('link', { name: label, exact: true })).toHaveCount(0);
    }

    // Hydration went through without errors.
    expect(problems).toEqual([]);
  });
}

test.describe('page title (spec 01 §2.2)', () => {
  test("is 'App Admin - {community name}' on home, the route's title where it has one", async ({ page, loginAs }) => {
    await loginAs('system@demo.example');
    await page.goto('/');
    await expect(page).toHaveTitle('App Admin - Pine Hollow');
    await page.goto('/community-setup');
    await expect(page).toHaveTitle('Community Setup');
  });
});

test.describe('left column', () => {
  test('the menu expander collapses the left column and the choice is remembered', { tag: '@no-js' }, async ({ page, loginAs }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await loginAs('admin@demo.example');
    await page.goto('/');
    const menu = page.getByRole('complementary', { name: 'Admin menu' });
    await expect(adminNav(page)).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Pine Hollow home' })).toBeVisible();

    await menu.getByRole('link', { name: 'Collapse menu' }).click();
    await expect(menu.getByRole('link', { name: 'Expand menu' })).toBeVisible();
    await expect(adminNav(page)).toBeHidden();
    await expect(menu.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
    await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
    // With JavaScript the column collapses at once, while the request that stores the choice is
    // still under way: wait for the stored choice before reloading.
    await expect.poll(() => storedLeftColumn(page)).toBe('collapsed');

    await page.reload();
    await expect(adminNav(page)).toBeHidden();
    await menu.getByRole('link', { name: 'Expand menu' }).click();
    await expect(adminNav(page)).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Collapse menu' })).toBeVisible();
  });

  test('on a tablet the left column starts collapsed and opens over the page', async ({ page, loginAs }) => {
    await page.setViewportSize({ width: 834, height: 1112 });
    await loginAs('editor@demo.example');
    await page.goto('/');
    const menu = page.getByRole('complementary', { name: 'Admin menu' });
    await expect(adminNav(page)).toBeHidden();
    await expect(menu.getByRole('link', { name: 'Collapse menu' })).toBeHidden();
    await expect(tray(page).getByRole('link', { name: 'Community Setup', exact: true })).toBeVisible();

    await menu.getByRole('link', { name: 'Expand menu' }).click();
    await expect(adminNav(page).getByRole('link', { name: 'Community Setup', exact: true })).toBeVisible();
    await menu.getByRole('link', { name: 'Collapse menu' }).click();
    await expect(adminNav(page)).toBeHidden();
  });
});

test.describe('Switch Community', () => {
  // A resort system admin of the test's own, so the default community the switch stores is theirs.
  test.use({ communityOptions: { role: 'system' } });

  test('a resort system admin switches to another community', { tag: '@forms' }, async ({ page, community, javaScriptEnabled }) => {
    const other = await createCommunity({ label: 'switch-target', record: { title: `Aspen Ridge ${uniqueKey('aspen')}` } });
    await page.goto('/');
    await expect(header(page)).toContainText(community.displayName);
    await tray(page).getByRole('link', { name: 'Switch Community', exact: true }).click();
    await expect(page).toHaveURL(/\/listnm\/switch-community$/);
    await expect(page.getByRole('heading', { name: 'Switch Community', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Switch Community');
    const list = page.getByRole('list', { name: 'Communities' });
    // Other tests add communities to the shared database, so only these two are counted on.
    await expect(list.getByRole('listitem').filter({ hasText: other.title })).toHaveCount(1);
    await expect(list.getByRole('listitem').filter({ hasText: community.title }).filter({ hasText: 'Current' })).not.toHaveCount(0);

    // The filter matches the title (or the app name).
    await page.getByRole('searchbox', { name: 'Title or app name' }).fill(other.title.toUpperCase());
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(/\?q=/);
    await expect(list.getByRole('listitem')).toHaveCount(1);

    await page.getByRole('button', { name: `Switch to ${other.title}` }).click();
    await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
    await expect(header(page)).toContainText(other.displayName);
    await expect(page.getByText(`Switched to ${other.title}.`)).toBeVisible();
    await expect(page).toHaveTitle(`App Admin - ${other.title}`);
    await expect(page.getByRole('heading', { level: 1, name: other.title })).toBeAttached();

    // With JavaScript the toast closes itself.
    if (javaScriptEnabled) await expect(page.getByText(`Switched to ${other.title}.`)).toBeHidden({ timeout: 10_000 });

    // The toast was shown once: the next page has none, and the community stays switched.
    await page.reload();
    await expect(header(page)).toContainText(other.displayName);
    await expect(page.getByText(`Switched to ${other.title}.`)).toHaveCount(0);
    // It is the person's default community from now on (spec 01 §7.1).
    expect(await readE2e(e2ePaths.userEditorDefault(community.user.uid))).toBe(other.key);
  });
});

test.describe('Feature Unavailable in the studio project', () => {
  const STUDIO_URL = E2E_BASE_URL.replace('127.0.0.1', 'studio.localhost');
  test.use({ baseURL: STUDIO_URL });

  test('an unavailable button opens the dialog with a link to schedule a demo', async ({ page, context }) => {
    await signIn(context, 'admin@demo.example');
    const session = (await context.cookies(E2E_BASE_URL)).find((cookie) => cookie.name === '__session');
    if (!session) throw new Error('signing in gave no session cookie');
    await context.addCookies([{ name: '__session', value: session.value, url: STUDIO_URL, httpOnly: true, sameSite: 'Lax' }]);

    await page.goto('/');
    await expect(header(page)).toContainText('Pine Hollow');
    const analytics = tray(page).getByRole('link', { name: 'Analytics', exact: true });
    await expect(analytics).toHaveAttribute('href', '/?unavailable=analytics');
    await expect(tray(page).getByRole('link', { name: 'Users', exact: true })).toHaveAttribute('href', '/listnm/users');

    await analytics.click();
    const dialog = page.getByRole('alertdialog', { name: 'Feature Unavailable' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('This feature is not available.');
    await expect(dialog.getByRole('link', { name: 'Schedule a demo' })).toHaveAttribute('href', 'https://calendly.com/community-apps/demo');
    await dialog.getByRole('link', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(`${STUDIO_URL}/`);

    // The address alone opens it too (a link followed without JavaScript, a reload).
    await page.goto('/?unavailable=marketing');
    await expect(dialog).toBeVisible();
    // A button that is not unavailable opens nothing.
    await page.goto('/?unavailable=users');
    await expect(dialog).toHaveCount(0);
  });
});

test('outside the studio the same buttons are plain links', async ({ page, loginAs }) => {
  await loginAs('admin@demo.example');
  await page.goto('/?unavailable=analytics');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(tray(page).getByRole('link', { name: 'Analytics', exact: true })).toHaveAttribute('href', '/analytics');
});

test.describe('Google authorization return page', () => {
  test('without a code it says so, without the left column', async ({ page, loginAs }) => {
    await loginAs('admin@demo.example');
    await page.goto('/google-auth');
    await expect(page.getByText('Authorization code not found in URL')).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Admin menu' })).toHaveCount(0);
  });

  test('with a code and no opener window', { tag: '@no-js' }, async ({ page, loginAs, javaScriptEnabled }) => {
    await loginAs('admin@demo.example');
    await page.goto('/google-auth?code=4%2F0Adeu5B&scope=email%20profile');
    if (javaScriptEnabled) await expect(page.getByText('No opener window found')).toBeVisible();
    else await expect(page.getByText('You can close this window')).toBeVisible();
    await expect(page.getByText('Authorization code not found in URL')).toHaveCount(0);
  });

  // window.opener needs JavaScript.
  test('hands the code and scope to the opener and closes', async ({ page, loginAs }) => {
    await loginAs('admin@demo.example');
    await page.goto('/');
    await page.evaluate(() => {
      window.addEventListener('message', (event) => {
        (window as unknown as { received: unknown }).received = { data: event.data, origin: event.origin };
      });
    });
    const popupPromise = page.waitForEvent('popup');
    await page.evaluate(() => window.open('/google-auth?code=4%2F0Adeu5B&scope=email', 'google-auth'));
    const popup = await popupPromise;
    await popup.waitForEvent('close');
    const received = await page.evaluate(() => (window as unknown as { received: unknown }).received);
    expect(received).toEqual({ data: { code: '4/0Adeu5B', scope: 'email' }, origin: E2E_BASE_URL });
  });

  test('needs a signed-in person', async ({ page }) => {
    await page.goto('/google-auth?code=abc');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fgoogle-auth%3Fcode%3Dabc$/);
  });
});

test.describe('not found', () => {
  test("an unknown address is 404, titled 'App Admin' without a community", async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the home screen' })).toBeVisible();
    await expect(page).toHaveTitle('App Admin');
  });
});

test.describe('signing in', () => {
  test('an anonymous visit to a staff page goes to Login and back', async ({ page }) => {
    await page.goto('/listnm/switch-community?q=maple');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).searchParams.get('redirectTo')).toBe('/listnm/switch-community?q=maple');
  });

  test("someone without any rights gets 'User Does Not Have Access' and returns to Login", async ({ page, context }) => {
    await signInWithoutRights(context);
    const response = await page.goto('/');
    expect(response?.status()).toBe(403);
    const dialog = page.getByRole('alertdialog', { name: 'User Does Not Have Access' });
    await expect(dialog).toContainText('The authenticated user does not have access to modify this app.');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await page.goto('/');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  test('Log Out posts to Login with action=logout and ends the session', { tag: '@forms' }, async ({ page, loginAs }) => {
    await loginAs('editor@demo.example');
    await page.goto('/');
    const form = header(page)
      .locator('form')
      .filter({ has: page.getByRole('button', { name: 'Log Out' }) });
    await expect(form).toHaveAttribute('method', 'post');
    await expect(form).toHaveAttribute('action', '/login?action=logout');

    await header(page).getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await page.goto('/community-setup');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcommunity-setup$/);
  });
});
