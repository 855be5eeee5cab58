import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { e2ePaths, expect, readE2e, test, type TestCommunity } from './fixtures';

/**
 * Rewards (spec 02 "Listing routes" context rewards-users; spec 03 §9 list-screen mappings
 * "rewards earn/redeem" and "rewards users", default item shapes "rewards item (title,
 * htmlDescription, description, points)" and "rewards user (total 0, history, barcodes, name,
 * email)"; decision 041): staff read the rewards users, most points first, open one, and add a
 * reward to earn; with JavaScript and without, at 1366 and 390 px. Each test has its community.
 */

const REWARDS_DATA = {
  rewards: {
    users: {
      'guest-ann': {
        name: 'Ann Camper',
        email: 'ann@mail.example',
        total: 120,
        barcodes: ['RW-1111'],
        history: { h1: { title: 'Stay three nights', points: 120, date: Date.now() - 86_400_000 } },
      },
      'guest-bo': { name: 'Bo Hiker', email: 'bo@mail.example', total: 400, barcodes: ['RW-2222', 'RW-3333'] },
    },
  },
  'rewards-redeem': { firewood: { title: 'Free firewood', htmlDescription: '<p>At the store.</p>', points: 150, ordinal: 0 } },
};

test.use({ communityOptions: { label: 'rewards', role: 'editor', locationData: REWARDS_DATA }, viewport: { width: 1366, height: 900 } });

async function audit(page: Page, project: string) {
  if (project === 'js') await expectNoSeriousViolations(page);
}

async function shot(page: Page, name: string, project: string, fullPage = true) {
  await page.screenshot({ path: `tests/.tmp/rewards-${name}-${project}.png`, fullPage });
}

const rows = (page: Page, name: string) => page.getByRole('list', { name }).locator('.list-row-title');
const earned = (community: TestCommunity) =>
  readE2e<Record<string, Record<string, unknown>>>(`${e2ePaths.locationData(community.key)}/rewards-earn`);

test('staff read the rewards users, open one, and add a reward to earn @forms', async ({ page, community }, info) => {
  test.slow();
  await page.goto('/listnm/rewards-users');
  await expect(page.getByRole('heading', { name: 'Rewards Users' }).first()).toBeVisible();
  await expect(rows(page, 'Rewards Users')).toHaveText(['Bo Hiker', 'Ann Camper']);
  await expect(page.locator('#row-guest-bo')).toContainText('400 points');
  await audit(page, info.project.name);
  await shot(page, 'users', info.project.name);

  await page.getByRole('link', { name: 'Ann Camper', exact: true }).click();
  const panel = page.locator('#editor');
  await expect(panel.getByRole('heading', { name: 'Ann Camper' })).toBeVisible();
  await expect(panel.getByTestId('rewards-total')).toHaveText('120');
  await expect(panel).toContainText('RW-1111');
  await expect(panel.getByRole('region', { name: 'Points history' })).toContainText('Stay three nights: +120');
  await audit(page, info.project.name);
  await shot(page, 'user', info.project.name);

  await page.goto('/listnm/rewards-users');
  await page.getByRole('link', { name: 'Rewards to Earn and Redeem' }).click();
  await expect(page).toHaveURL(/\/listnm\/rewards$/);
  await expect(page.getByRole('heading', { name: 'Rewards' }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Add Reward' }).click();
  await expect(page.getByRole('heading', { name: 'Add Reward' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Title is required.')).toBeVisible();
  await page.getByLabel('Title').fill('Leave a review');
  await page.getByLabel('Points').fill('50');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await expect(rows(page, 'Rewards')).toHaveText(['Leave a review']);
  await expect
    .poll(async () => Object.values((await earned(community)) ?? {}).map((item) => [item.title, item.points]))
    .toEqual([['Leave a review', 50]]);
  await audit(page, info.project.name);
  await shot(page, 'earn', info.project.name);

  await page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: 'Redeem' }).click();
  await expect(page).toHaveURL(/\/listnm\/rewards\/redeem$/);
  await expect(rows(page, 'Rewards')).toHaveText(['Free firewood']);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the rewards lists and a rewards user fit the screen @forms', async ({ page, community }, info) => {
    expect(community.key).toBeTruthy(); // signs the editor in
    for (const address of [
      '/listnm/rewards-users',
      '/listnm/rewards-users/edit/guest-bo#editor',
      '/listnm/rewards/redeem',
      '/listnm/rewards/add#editor',
    ]) {
      await page.goto(address);
      await expect(page.getByRole('heading', { name: /Rewards|Bo Hiker|Add Reward/ }).first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), address).toBeLessThanOrEqual(390);
    }
    await audit(page, info.project.name);
    await shot(page, 'phone-add', info.project.name);
    await page.goto('/listnm/rewards-users/edit/guest-bo#editor');
    await audit(page, info.project.name);
    await shot(page, 'phone-user', info.project.name);
  });
});
