import type { Page } from '@playwright/test';
import type { DbValue } from '@server/db';
import { expect, test } from './fixtures';

/**
 * Sorting the main menu (spec 01 §2.6, §4.3; spec 02 §8; spec 03 §9): drag and drop with the
 * keyboard (JavaScript), Move up / Move down posts (no JavaScript), Save, Cancel and Sort
 * Alphabetically through its confirmation. Each test sorts a community of its own. The order
 * rules themselves are proven in server/menu/sort.test.ts and sort-action.server.test.ts.
 */
const MENU: DbValue[] = [
  { uniqueId: 'charlie', id: 'charlie', name: 'Charlie', type: 'website' },
  { uniqueId: 'alpha', id: 'alpha', title: 'alpha', type: 'website', sortKey: 3 },
  { uniqueId: 'bravo', id: 'bravo', name: 'Bravo', type: 'website' },
  { uniqueId: 'delta', id: 'delta', name: 'delta', type: 'website' },
  { uniqueId: 'echo', id: 'echo', name: 'Echo', type: 'website' },
];
const INITIAL = ['charlie', 'alpha', 'bravo', 'delta', 'echo'];

test.use({ communityOptions: { role: 'system', menu: MENU, record: { title: 'Sorting Pines', name: 'Sorting Pines' } } });

async function shownOrder(page: Page): Promise<string[]> {
  return page.locator('[data-menu-item]').evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('data-menu-item') ?? ''));
}

/** dnd-kit's live region: what a screen reader hears, and the sign that each key was handled. */
const liveRegion = (page: Page) => page.locator('[id^="DndLiveRegion"]');

/** Moves an item one place right with the keyboard, waiting for each step to be announced. */
async function dragOneRight(page: Page, title: string, { from, of }: { from: number; of: number }) {
  await expect(page.locator('[data-sort-ready]')).toBeAttached();
  const handle = page.getByRole('button', { name: `Drag ${title}` });
  await handle.focus();
  await page.keyboard.press('Space');
  // Picked up: the handle is pressed (the announcement of the pick-up is at once followed by
  // the one of its first position).
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await expect(liveRegion(page)).toHaveText(new RegExp(`^(Picked up ${title},|${title} moved to) position ${from} of ${of}\\.$`));
  // dnd-kit measures the places it may move to after the pick-up: an arrow pressed before that
  // is dropped without a word (seen once on a loaded machine). The arrow is pressed again only
  // while the item is still announced at its first place.
  const moved = `${title} moved to position ${from + 1} of ${of}.`;
  await expect(async () => {
    if ((await liveRegion(page).textContent()) !== moved) {
      await page.keyboard.press('ArrowRight');
      await expect(liveRegion(page)).toHaveText(moved, { timeout: 2_000 });
    }
  }).toPass();
  await page.keyboard.press('Space');
  await expect(liveRegion(page)).toHaveText(`${title} dropped at position ${from + 1} of ${of}.`);
  await expect(handle).not.toHaveAttribute('aria-pressed', 'true');
}

test('the home grid offers Sort', async ({ page, community }) => {
  await page.goto('/');
  const menu = page.getByRole('region', { name: 'Main Menu' });
  await expect(page.getByRole('banner')).toContainText(community.displayName);
  await expect(menu.getByText('Bravo')).toBeVisible();
  await menu.getByRole('link', { name: 'Sort' }).click();
  await expect(page).toHaveURL(/\/sort-button$/);
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
});

test('moves items and saves the new order, dropping temporary sort keys', { tag: '@forms' }, async ({ page, community }, info) => {
  await page.goto('/sort-button');
  let expected: string[];
  if (info.project.name === 'js') {
    await dragOneRight(page, 'Charlie', { from: 1, of: 5 });
    expected = ['alpha', 'charlie', 'bravo', 'delta', 'echo'];
    await expect.poll(() => shownOrder(page)).toEqual(expected);
  } else {
    await expect(page.getByRole('button', { name: 'Move Charlie up' })).toBeDisabled();
    await page.getByRole('button', { name: 'Move Charlie down' }).click();
    await expect(page).toHaveURL(/\/sort-button(\?|$)/);
    await expect.poll(() => shownOrder(page)).toEqual(['alpha', 'charlie', 'bravo', 'delta', 'echo']);
    await page.getByRole('button', { name: 'Move Echo up' }).click();
    expected = ['alpha', 'charlie', 'bravo', 'echo', 'delta'];
    await expect.poll(() => shownOrder(page)).toEqual(expected);
    // Nothing is saved before Save.
    expect((await community.menu()).map((item) => item.uniqueId)).toEqual(INITIAL);
  }
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('The menu order has been saved.')).toBeVisible();
  const saved = await community.menu();
  expect(saved.map((item) => item.uniqueId)).toEqual(expected);
  expect(saved.some((item) => 'sortKey' in item)).toBe(false);
  await expect.poll(() => shownOrder(page)).toEqual(expected);
});

test('Cancel leaves sort mode without saving', { tag: '@forms' }, async ({ page, community }, info) => {
  await page.goto('/sort-button');
  if (info.project.name === 'js') await dragOneRight(page, 'Charlie', { from: 1, of: 5 });
  else await page.getByRole('button', { name: 'Move Charlie down' }).click();
  await expect.poll(() => shownOrder(page)).toEqual(['alpha', 'charlie', 'bravo', 'delta', 'echo']);
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sort', exact: true })).toBeVisible();
  await expect.poll(() => shownOrder(page)).toEqual(INITIAL);
  expect((await community.menu()).map((item) => item.uniqueId)).toEqual(INITIAL);
});

test('Sort Alphabetically asks first, then sorts by title or name and saves', { tag: '@forms' }, async ({ page, community }) => {
  await page.goto('/sort-button');
  await page.getByRole('link', { name: 'Sort Alphabetically' }).click();
  await expect(page).toHaveURL(/\/sort-alpha$/);
  const dialog = page.getByRole('alertdialog', { name: 'Sort Alphabetically' });
  await expect(dialog).toContainText('Are you positive you want to sort this listing in alphabetical order?');

  await dialog.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/sort-button$/);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  expect((await community.menu()).map((item) => item.uniqueId)).toEqual(INITIAL);

  await page.goto('/sort-alpha');
  await page.getByRole('alertdialog', { name: 'Sort Alphabetically' }).getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('The menu has been sorted alphabetically.')).toBeVisible();
  expect((await community.menu()).map((item) => item.uniqueId)).toEqual(['alpha', 'bravo', 'charlie', 'delta', 'echo']);
  await expect.poll(() => shownOrder(page)).toEqual(['alpha', 'bravo', 'charlie', 'delta', 'echo']);
});

test.describe('locked first six (spec 01 §6)', () => {
  // A copy of the demo campground's menu, locked, sorted by its admin (not a resort admin).
  test.use({ communityOptions: { from: 'demo-campground', role: 'admin', record: { lockFirstMainMenuItems: true } } });

  test(
    'a community admin who is not a resort admin cannot move the first six main-menu items',
    { tag: '@forms' },
    async ({ page, community }, info) => {
      await page.goto('/sort-button');
      await expect(page.getByRole('banner')).toContainText(community.displayName);
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
    },
  );
});
