import type { Page } from '@playwright/test';
import type { DbValue } from '@server/db';
import { e2ePaths, expect, test, withE2eDb } from './fixtures';

/**
 * Sorting the main menu (spec 01 §2.6, §4.3; spec 02 §8; spec 03 §9): drag and drop with the
 * keyboard (JavaScript), Move up / Move down posts (no JavaScript), Save, Cancel and Sort
 * Alphabetically through its confirmation. Each test sorts a community of its own, created
 * here and removed afterwards, so the demo menus other tests read stay as they are.
 */
const paths = e2ePaths;
const BASE = 'e2e-sort-menu';
const MENU: Array<Record<string, DbValue>> = [
  { uniqueId: 'charlie', id: 'charlie', name: 'Charlie', type: 'website' },
  { uniqueId: 'alpha', id: 'alpha', title: 'alpha', type: 'website', sortKey: 3 },
  { uniqueId: 'bravo', id: 'bravo', name: 'Bravo', type: 'website' },
  { uniqueId: 'delta', id: 'delta', name: 'delta', type: 'website' },
  { uniqueId: 'echo', id: 'echo', name: 'Echo', type: 'website' },
];

const keyFor = (title: string) =>
  `${BASE}-${test.info().project.name}-${title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 40)}`;

async function storedOrder(key: string): Promise<string[]> {
  const menu = (await withE2eDb((db) => db.ref(paths.menu(key, 'main-menu')).get())).val() as Array<Record<string, unknown>>;
  return menu.map((item) => String(item.uniqueId));
}

async function shownOrder(page: Page): Promise<string[]> {
  return page.locator('[data-menu-item]').evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('data-menu-item') ?? ''));
}

let community = '';

test.beforeEach(async ({ loginAs }, info) => {
  community = keyFor(info.title);
  await withE2eDb(async (db) => {
    await db.ref(paths.community(community)).set({
      title: 'Sorting Pines',
      name: 'Sorting Pines',
      active: true,
      listed: true,
      inProgress: false,
      communityType: 'resort',
      timeZone: 'America/New_York',
      colorBackground: '#014364',
      iconSet: 'svg_round',
    });
    await db.ref(paths.menu(community, 'main-menu')).set(MENU);
  });
  await loginAs('system@demo.example', { communityKey: community });
});

test.afterEach(async () => {
  await withE2eDb(async (db) => {
    await db.ref(paths.locationData(community)).remove();
    await db.ref(paths.community(community)).remove();
  });
});

test('the home grid offers Sort', async ({ page }) => {
  await page.goto('/');
  const menu = page.getByRole('region', { name: 'Main Menu' });
  await expect(menu.getByText('Bravo')).toBeVisible();
  await menu.getByRole('link', { name: 'Sort' }).click();
  await expect(page).toHaveURL(/\/sort-button$/);
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
});

test('moves items and saves the new order, dropping temporary sort keys', async ({ page }, info) => {
  await page.goto('/sort-button');
  if (info.project.name === 'js') {
    await expect(page.locator('[data-sort-ready]')).toBeAttached();
    await page.getByRole('button', { name: 'Drag Charlie' }).focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(200);
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(200);
    await page.keyboard.press('Space');
    await expect.poll(() => shownOrder(page)).toEqual(['alpha', 'charlie', 'bravo', 'delta', 'echo']);
  } else {
    await expect(page.getByRole('button', { name: 'Move Charlie up' })).toBeDisabled();
    await page.getByRole('button', { name: 'Move Charlie down' }).click();
    await expect(page).toHaveURL(/\/sort-button(\?|$)/);
    await expect.poll(() => shownOrder(page)).toEqual(['alpha', 'charlie', 'bravo', 'delta', 'echo']);
    await page.getByRole('button', { name: 'Move Echo up' }).click();
    await expect.poll(() => shownOrder(page)).toEqual(['alpha', 'charlie', 'bravo', 'echo', 'delta']);
    // Nothing is saved before Save.
    expect(await storedOrder(community)).toEqual(MENU.map((item) => item.uniqueId));
  }
  await page.screenshot({ path: `test-results/home-sort-${info.project.name}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('The menu order has been saved.')).toBeVisible();
  const expected =
    info.project.name === 'js' ? ['alpha', 'charlie', 'bravo', 'delta', 'echo'] : ['alpha', 'charlie', 'bravo', 'echo', 'delta'];
  expect(await storedOrder(community)).toEqual(expected);
  await expect.poll(() => shownOrder(page)).toEqual(expected);
  const saved = (await withE2eDb((db) => db.ref(paths.menu(community, 'main-menu')).get())).val() as Array<Record<string, unknown>>;
  expect(saved.some((item) => 'sortKey' in item)).toBe(false);
});

test('Cancel leaves sort mode without saving', async ({ page }, info) => {
  await page.goto('/sort-button');
  if (info.project.name === 'js') {
    await expect(page.locator('[data-sort-ready]')).toBeAttached();
    await page.getByRole('button', { name: 'Drag Charlie' }).focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(200);
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(200);
    await page.keyboard.press('Space');
  } else {
    await page.getByRole('button', { name: 'Move Charlie down' }).click();
  }
  await expect.poll(() => shownOrder(page)).toEqual(['alpha', 'charlie', 'bravo', 'delta', 'echo']);
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sort', exact: true })).toBeVisible();
  await expect.poll(() => shownOrder(page)).toEqual(MENU.map((item) => item.uniqueId));
  expect(await storedOrder(community)).toEqual(MENU.map((item) => item.uniqueId));
});

test('Sort Alphabetically asks first, then sorts by title or name and saves', async ({ page }) => {
  await page.goto('/sort-button');
  await page.getByRole('link', { name: 'Sort Alphabetically' }).click();
  await expect(page).toHaveURL(/\/sort-alpha$/);
  const dialog = page.getByRole('alertdialog', { name: 'Sort Alphabetically' });
  await expect(dialog).toContainText('Are you positive you want to sort this listing in alphabetical order?');

  await dialog.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/sort-button$/);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  expect(await storedOrder(community)).toEqual(MENU.map((item) => item.uniqueId));

  await page.goto('/sort-alpha');
  await page.getByRole('alertdialog', { name: 'Sort Alphabetically' }).getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('The menu has been sorted alphabetically.')).toBeVisible();
  expect(await storedOrder(community)).toEqual(['alpha', 'bravo', 'charlie', 'delta', 'echo']);
  await expect.poll(() => shownOrder(page)).toEqual(['alpha', 'bravo', 'charlie', 'delta', 'echo']);
});

test.describe('locked first six (spec 01 §6)', () => {
  const DEMO = 'demo-campground';
  const flag = () => paths.community(DEMO) + '/lockFirstMainMenuItems';

  test.afterEach(async () => {
    await withE2eDb((db) => db.ref(flag()).remove());
  });

  test('a community admin who is not a resort admin cannot move the first six main-menu items', async ({ page, loginAs }, info) => {
    // Only the flag changes on the demo community; its menu is read, never saved here.
    await withE2eDb((db) => db.ref(flag()).set(true));
    await loginAs('admin@demo.example', { communityKey: DEMO });
    await page.goto('/sort-button');
    const grid = page.getByRole('region', { name: 'Main Menu' });
    await expect(grid.locator('li[data-locked]')).toHaveCount(6);
    await expect(grid.getByText('Locked', { exact: true })).toHaveCount(6);
    await expect(grid).toContainText('The first 6 items are locked.');
    if (info.project.name === 'js') {
      await expect(page.locator('[data-sort-ready]')).toBeAttached();
      await expect(grid.getByRole('button', { name: 'Drag Dining' })).toHaveCount(0);
      await expect(grid.getByRole('button', { name: 'Drag Maps' })).toBeVisible();
    } else {
      await expect(grid.getByRole('button', { name: 'Move Dining down' })).toHaveCount(0);
      await expect(grid.getByRole('button', { name: 'Move Maps up' })).toBeDisabled();
      await expect(grid.getByRole('button', { name: 'Move Maps down' })).toBeEnabled();
    }
  });
});
