import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { createEmbeddedIdentity } from '@server/auth/identity/embedded';
import { createEmbeddedDb } from '@server/db';
import { createPaths } from '@server/paths';
import { E2E_DATA_DIR } from '../../playwright.config';
import { expect, test, type DemoEmail } from './fixtures';

/**
 * Sign-in (spec 01 §2.4, §2.5, §4.1, §4.2) in a browser with JavaScript and without (projects
 * js and no-js: every sign-in posts a form). Without JavaScript run the workflows (a sign-in
 * through Personal Device to the landing page, the redirect target, e-mailed links, a reset);
 * the single answers the server renders there (the Login Error dialog with the e-mail kept, a
 * redirect target dropped, Cancel, the persistent cookie, the no-access dialog) are proven in
 * app/routes/login.test.ts and run here with JavaScript only. Accounts a test needs of its own are written into
 * the end-to-end server's database first, so rate limits and single-use links never depend on
 * another test; the demo accounts only sign in. Every answer of the sign-in routes (each role,
 * the rate limits, links forged or expired, unknown addresses, logout by GET and POST) is
 * proven in app/routes/login.test.ts; here each workflow runs once in a browser.
 */

const DEMO_PASSWORD = 'demo-password-1';
const paths = createPaths('amc');

function openDb() {
  return createEmbeddedDb({ file: resolve(E2E_DATA_DIR, 'rtdb.sqlite') });
}

/** A fresh account; with `community`, an editor of it. */
async function createAccount(label: string, community?: string) {
  const db = openDb();
  try {
    const email = `e2e-${label}-${randomUUID().slice(0, 8)}@demo.example`;
    const password = 'e2e-password-1';
    const user = await createEmbeddedIdentity(db.sqlite).createUser({ email, password, displayName: `E2E ${label}` });
    if (community) await db.ref(paths.userAuthorization(user.uid)).set({ communities: { [community]: { isEditor: true } } });
    return { email, password, uid: user.uid };
  } finally {
    await db.close();
  }
}

async function fillCredentials(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Answers the Personal Device step. */
async function chooseDevice(page: Page, device: 'Personal device' | 'Shared device') {
  const dialog = page.getByRole('alertdialog', { name: 'Personal Device' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: new RegExp(device) }).check();
  await dialog.getByRole('button', { name: 'Login' }).click();
}

async function sessionCookie(page: Page) {
  return (await page.context().cookies()).find((cookie) => cookie.name === '__session');
}

/** The link of the newest outbox e-mail to `email` with `subject`, as the outbox page shows it. */
async function linkFromOutbox(page: Page, email: string, subject: string): Promise<string> {
  await expect(async () => {
    await page.goto('/dev/outbox');
    await expect(page.getByRole('row').filter({ hasText: email }).filter({ hasText: subject })).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 20_000 });
  const message = page
    .getByRole('article')
    .filter({ has: page.getByText(`To ${email}`) })
    .first();
  await expect(message.getByRole('heading', { name: subject })).toBeVisible();
  const text = (await message.locator('pre').first().textContent()) ?? '';
  const link = /https?:\/\/\S+\/login\?mode=[^\s)]+/.exec(text)?.[0];
  if (!link) throw new Error(`No link in the e-mail: ${text}`);
  return link;
}

test.describe('password sign-in', () => {
  // Staff land on home (the Personal Device tests below); a remote manager who manages one listing on its editor.
  // (by its grant's key, '{community}~{item id}': docs/decisions/017)
  const landings: Array<[DemoEmail, string]> = [['remote@demo.example', '/detail/remote/id/demo-campground~lakeside-grill']];

  for (const [email, landing] of landings) {
    test(`${email} lands on ${landing}`, { tag: '@forms' }, async ({ page }) => {
      await page.goto('/login');
      await expect(page).toHaveTitle('Login - App Admin');
      await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
      await fillCredentials(page, email, DEMO_PASSWORD);
      await chooseDevice(page, 'Personal device');
      await page.waitForURL((url) => url.pathname === landing);
      expect(await sessionCookie(page)).toBeTruthy();
      await expect(page.getByRole('heading', { name: 'Update Listing', level: 1 })).toBeVisible();
      await expect(page.locator('input[name="title"]')).toHaveValue('Lakeside Grill');
      // The remote page has no Log Out; its way out is the page that says what the remote access covers.
      await expect(page.getByRole('button', { name: 'Log Out' })).toHaveCount(0);
      await page.getByRole('link', { name: 'Your remote access' }).click();
      await expect(page).toHaveTitle('Remote Access - App Admin');
      await expect(page.getByRole('heading', { name: 'Remote Access', level: 1 })).toBeVisible();
      const listing = page.getByRole('list', { name: 'Your listings' }).getByRole('listitem').filter({ hasText: 'Lakeside Grill' });
      await expect(listing).toContainText('Business listing in Pine Hollow RV Resort · Owner');
      await expect(listing.getByRole('list')).toContainText('Edit Information');
      // It says what the access allows, and the listing leads back to its editor.
      await expect(listing.getByTestId('remote-access-note')).toHaveText(
        "You can change this listing's information and buttons and send notifications to the people who favorited it: open it to do so.",
      );
      await expect(listing.getByRole('link', { name: 'Lakeside Grill' })).toHaveAttribute('href', landing);
      await page.getByRole('button', { name: 'Log Out' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      expect(await sessionCookie(page)).toBeUndefined();
    });
  }

  test('a wrong password shows the Login Error dialog and keeps the e-mail', async ({ page }) => {
    const account = await createAccount('wrong-password', 'demo-campground');
    await page.goto('/login');
    await fillCredentials(page, account.email, 'not-the-password');
    const dialog = page.getByRole('alertdialog', { name: 'Login Error' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('E-mail or password is incorrect.');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(account.email);
    expect(await sessionCookie(page)).toBeUndefined();
  });

  test('a missing password is reported by the form', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'E-mail' }).fill('admin@demo.example');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Password is required.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue('admin@demo.example');
    // The shared field kit (STYLE 9): the field points at its error, in the large sign-in size.
    const password = page.getByLabel('Password', { exact: true });
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAttribute('aria-describedby', /-error/);
    await expect(password).toHaveAttribute('data-size', 'large');
  });

  test('a redirect target that would leave the site is dropped', async ({ page }) => {
    // The browser reads '/\t/evil.example/x' as '//evil.example/x', another site.
    await page.goto('/login?redirectTo=%2F%09%2Fevil.example%2Fx');
    await fillCredentials(page, 'editor@demo.example', DEMO_PASSWORD);
    await chooseDevice(page, 'Shared device');
    await page.waitForURL((url) => url.pathname === '/');
    expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL!).host);
  });

  test('the redirect target is kept through sign-in on a shared device', { tag: '@forms' }, async ({ page }) => {
    await page.goto('/login?redirectTo=%2Fno-such-page%3Fx%3D1');
    await fillCredentials(page, 'admin@demo.example', DEMO_PASSWORD);
    await chooseDevice(page, 'Shared device');
    await page.waitForURL((url) => url.pathname === '/no-such-page' && url.search === '?x=1');
    // A shared device gets a cookie that ends with the browser session.
    expect((await sessionCookie(page))?.expires).toBe(-1);
  });
});

test.describe('Personal Device', () => {
  test('a personal device gets a persistent cookie', async ({ page }) => {
    await page.goto('/login');
    await fillCredentials(page, 'editor@demo.example', DEMO_PASSWORD);
    await chooseDevice(page, 'Personal device');
    await page.waitForURL((url) => url.pathname === '/');
    const cookie = await sessionCookie(page);
    expect(cookie?.httpOnly).toBe(true);
    // About 30 days from now.
    expect(cookie!.expires * 1000).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
  });

  test('Cancel returns to Login without signing in', async ({ page }) => {
    await page.goto('/login');
    await fillCredentials(page, 'editor@demo.example', DEMO_PASSWORD);
    const dialog = page.getByRole('alertdialog', { name: 'Personal Device' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue('editor@demo.example');
    expect(await sessionCookie(page)).toBeUndefined();
  });
});

test('a person without rights sees the no-access dialog and returns to a clean Login', async ({ page }) => {
  const account = await createAccount('no-access');
  await page.goto('/login');
  await fillCredentials(page, account.email, account.password);
  await chooseDevice(page, 'Personal device');
  const dialog = page.getByRole('alertdialog', { name: 'User Does Not Have Access' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('The authenticated user does not have access to modify this app.');
  expect(await sessionCookie(page)).toBeUndefined();
  await dialog.getByRole('link', { name: 'OK' }).click();
  await page.waitForURL((url) => url.pathname === '/login' && url.search === '');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue('');
});

test('an e-mailed sign-in link signs in after the Personal Device step', { tag: '@forms' }, async ({ page, javaScriptEnabled }) => {
  const account = await createAccount('email-link', 'demo-town');
  await page.goto('/login');
  await page.getByRole('link', { name: 'E-mail me a sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'E-mail Sign-In Link' })).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(account.email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `If ${account.email} has access, a sign-in link has been sent to it.` }),
  ).toContainText('check your spam folder too');

  const link = await linkFromOutbox(page, account.email, 'Sign in to App Admin');
  await page.goto(link);
  if (!javaScriptEnabled) {
    // Without JavaScript the Processing Login view waits for Continue.
    await expect(page.getByRole('heading', { name: 'Processing Login' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await chooseDevice(page, 'Personal device');
  await page.waitForURL((url) => url.pathname === '/');
  expect(await sessionCookie(page)).toBeTruthy();

  // The link works once.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Sign-in link already used' })).toBeVisible();
});

test(
  'a sign-in link opened in another browser asks for the e-mail first',
  { tag: '@forms' },
  async ({ page, browser, javaScriptEnabled }) => {
    const account = await createAccount('link-elsewhere', 'demo-campground');
    await page.goto('/login?mode=email-link');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(account.email);
    await page.getByRole('button', { name: 'Send link' }).click();
    await expect(page.getByRole('status')).toContainText('a sign-in link has been sent');
    const link = await linkFromOutbox(page, account.email, 'Sign in to App Admin');

    const other = await browser.newContext({ javaScriptEnabled });
    try {
      const elsewhere = await other.newPage();
      await elsewhere.goto(link);
      await expect(elsewhere.getByRole('heading', { name: 'Confirm Your E-mail' })).toBeVisible();
      await elsewhere.getByRole('textbox', { name: 'E-mail' }).fill('admin@demo.example');
      await elsewhere.getByRole('button', { name: 'Continue' }).click();
      await expect(elsewhere.getByText('This e-mail address does not match the one the sign-in link was sent to.')).toBeVisible();
      await elsewhere.getByRole('textbox', { name: 'E-mail' }).fill(account.email);
      await elsewhere.getByRole('button', { name: 'Continue' }).click();
      await chooseDevice(elsewhere, 'Shared device');
      await elsewhere.waitForURL((url) => url.pathname === '/');
    } finally {
      await other.close();
    }
  },
);

test('forgot password: e-mail, reset page, sign in with the new password', { tag: '@forms' }, async ({ page }) => {
  const account = await createAccount('forgot', 'demo-campground');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(account.email);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Your password has been reset, please check your e-mail', { exact: true })).toBeVisible();

  const link = await linkFromOutbox(page, account.email, 'Reset your App Admin password');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a New Password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('short');
  await page.getByRole('button', { name: 'Save Password' }).click();
  await expect(page.getByText('Password should be at least 6 characters.')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('brand-new-password');
  await page.getByLabel('Confirm new password').fill('brand-new-password');
  await page.getByRole('button', { name: 'Save Password' }).click();

  await page.waitForURL((url) => url.pathname === '/login');
  await expect(page.getByText('Your new password is saved. Log in with it.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(account.email);
  await page.getByLabel('Password', { exact: true }).fill('brand-new-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await chooseDevice(page, 'Personal device');
  await page.waitForURL((url) => url.pathname === '/');
});
