import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The shell on a phone (390 × 844), with JavaScript and without: a home tile's edit control or an
 * entry of the left column opens its screen in the right column, which lies under the menu there, so the
 * page comes to the editor (`#editor`; with JavaScript its heading also takes the focus); an
 * entry chosen in the opened drawer closes it.
 */

test.use({ viewport: { width: 390, height: 844 } });

const editor = (page: Page) => page.locator('#editor');
const drawer = (page: Page) => page.getByRole('complementary', { name: 'Admin menu' });
const adminNav = (page: Page) => page.getByRole('navigation', { name: 'Admin buttons' });

/**
 * Opens the drawer and waits for the answer that remembers it: with JavaScript the drawer shows
 * at once, and an entry clicked before that answer arrives would race it.
 */
async function expandDrawer(page: Page) {
  const remembered = page.waitForResponse((response) => response.url().includes('leftColumn=expanded'));
  await drawer(page).getByRole('link', { name: 'Expand menu' }).click();
  await remembered;
  await expect(adminNav(page)).toBeVisible();
}

/** The heading is on screen, below the sticky header bar. */
async function expectInViewUnderHeader(page: Page, heading: Locator) {
  await expect(heading).toBeInViewport({ ratio: 1 });
  const box = await heading.boundingBox();
  const bar = await page.getByRole('banner').boundingBox();
  expect(box && bar && box.y >= bar.y + bar.height).toBe(true);
}

test('a home tile’s edit control opens its editor in view', { tag: '@no-js' }, async ({ page, loginAs }, info) => {
  await loginAs('admin@demo.example');
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.getByRole('link', { name: 'Edit Activities' }).click();
  await expect(page).toHaveURL(/\/home\/edit\/activities/);
  const heading = editor(page).getByRole('heading', { name: 'Edit Menu Item' });
  await expectInViewUnderHeader(page, heading);
  if (info.project.name === 'js') await expect(heading).toBeFocused();
  await page.screenshot({ path: `test-results/mobile-tile-${info.project.name}.png` });
});

test('Add Menu Item, then a type: the new item’s editor is in view', { tag: '@no-js' }, async ({ page, loginAs }, info) => {
  await loginAs('admin@demo.example');
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.getByRole('link', { name: 'Add Menu Item' }).click();
  const picker = page.getByRole('dialog', { name: 'Select Menu Type' });
  await expect(picker).toBeVisible();
  await picker.getByRole('link', { name: /^Website/ }).click();
  await expect(page).toHaveURL(/\/add\?type=website/);
  const heading = editor(page).getByRole('heading', { name: 'Add Menu Item' });
  await expectInViewUnderHeader(page, heading);
  if (info.project.name === 'js') await expect(heading).toBeFocused();
});

test('an entry of the opened drawer closes it and shows its screen', { tag: '@no-js' }, async ({ page, loginAs }, info) => {
  await loginAs('admin@demo.example');
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await expect(adminNav(page)).toBeHidden();
  await expandDrawer(page);
  await expect(adminNav(page)).toBeVisible();
  await page.screenshot({ path: `test-results/mobile-drawer-${info.project.name}.png` });

  await adminNav(page).getByRole('link', { name: 'Community Setup', exact: true }).click();
  await expect(page).toHaveURL(/\/community-setup(#editor)?$/);
  await expect(adminNav(page)).toBeHidden();
  const heading = editor(page).getByRole('heading', { name: 'Community Setup' });
  await expectInViewUnderHeader(page, heading);
  if (info.project.name === 'js') await expect(heading).toBeFocused();
  await page.screenshot({ path: `test-results/mobile-drawer-closed-${info.project.name}.png` });

  // The drawer stays closed on the next page too (its state was forgotten, not just hidden).
  await page.goto('/');
  await expect(adminNav(page)).toBeHidden();
});

test('Home in the opened drawer closes it', { tag: '@no-js' }, async ({ page, loginAs }) => {
  await loginAs('admin@demo.example');
  await page.goto('/header-images');
  await page.waitForLoadState('networkidle');
  await expandDrawer(page);
  await expect(adminNav(page)).toBeVisible();
  await drawer(page).getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
  await expect(adminNav(page)).toBeHidden();
});
