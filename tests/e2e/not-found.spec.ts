import { E2E_BASE_URL } from '../../playwright.config';
import { expect, test } from './fixtures';

/**
 * Every unknown address answers 404. Signed in, the not-found page shows inside the shell
 * (header bar, left column) whatever the address looks like; anonymous visitors get the plain
 * 404 page, while a page that exists sends them to sign in.
 */

const UNKNOWN = ['/listnm/no-such-list', '/no/such/page', '/not-an-action'];

test('signed in, an unknown address is 404 inside the shell', async ({ page, loginAs }, info) => {
  await loginAs('admin@demo.example');
  for (const address of UNKNOWN) {
    const response = await page.goto(address);
    expect(response?.status(), address).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('banner')).toContainText('Pine Hollow');
    await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Admin menu' })).toBeVisible();
  }
  await page.screenshot({ path: `test-results/not-found-in-shell-${info.project.name}.png` });
  await page.getByRole('link', { name: 'Go to the home screen' }).click();
  await expect(page.getByRole('heading', { name: 'Main Menu' })).toBeVisible();
});

// An API request, not the page's: the same with JavaScript and without, so it runs once.
test('signed in, a post to an unknown address is 404 inside the shell', async ({ page, loginAs }) => {
  await loginAs('admin@demo.example');
  const response = await page.request.post('/listnm/no-such-list', { headers: { Origin: E2E_BASE_URL }, form: { intent: 'save' } });
  expect(response.status()).toBe(404);
});

test('anonymous, an unknown address is the plain 404 page and a known one asks to sign in', async ({ page }) => {
  for (const address of UNKNOWN) {
    const response = await page.goto(address);
    expect(response?.status(), address).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
  }
  await page.goto('/community-setup');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcommunity-setup$/);
});
