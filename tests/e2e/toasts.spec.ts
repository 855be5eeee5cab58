import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * A toast never covers the header bar's controls (Log Out), at desktop and phone widths, with
 * JavaScript (it floats under the bar) and without (it stays in the page's flow); it is
 * announced (a status, or an alert for errors, inside a live region).
 */

async function showErrorToast(page: Page) {
  // A menu item that does not exist: back home with an error toast.
  await page.goto('/home/edit/no-such-item-anywhere');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  const toast = page.getByRole('alert').filter({ hasText: 'This menu item no longer exists' });
  await expect(toast).toBeVisible();
  return toast;
}

for (const size of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test(`a toast does not cover Log Out at ${size.width} px`, async ({ page, loginAs }, info) => {
    await loginAs('admin@demo.example');
    await page.setViewportSize(size);
    const toast = await showErrorToast(page);
    await expect(page.locator('[aria-live]').filter({ has: toast })).toHaveCount(1);

    // With JavaScript the toast moves under the header bar once the page is hydrated; measure
    // both boxes after that move, not one on each side of it.
    if (info.project.name === 'js') await expect(page.locator('.toast-region[data-floating]')).toHaveCount(1);
    const logOut = page.getByRole('button', { name: 'Log Out' });
    const a = await toast.boundingBox();
    const b = await logOut.boundingBox();
    if (!a || !b) throw new Error('not laid out');
    const overlaps = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlaps).toBe(false);
    // Log Out answers a click where it is drawn.
    await logOut.click({ trial: true });
    await page.screenshot({ path: `test-results/toast-${size.width}-${info.project.name}.png` });
  });
}
