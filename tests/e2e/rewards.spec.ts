import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { e2ePaths, expect, readE2e, submit, test, type TestCommunity } from './fixtures';

/**
 * Rewards (spec 02 "Listing routes" context rewards-users; spec 03 §9 list-screen mappings
 * "rewards earn/redeem" and "rewards users", default item shapes "rewards item (title,
 * htmlDescription, description, points)" and "rewards user (total 0, history, barcodes, name,
 * email)"; decisions 041, 045): a community's admin reads the rewards users, most points first,
 * opens one, changes their points with a note, edits the rewards config, and adds a reward to
 * earn; editors are refused the rewards users (they show guests' e-mails). With JavaScript and
 * without, at 1366 and 390 px. Each test has its community.
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

test.use({ communityOptions: { label: 'rewards', role: 'admin', locationData: REWARDS_DATA }, viewport: { width: 1366, height: 900 } });

async function audit(page: Page, project: string) {
  if (project === 'js') await expectNoSeriousViolations(page);
}

async function shot(page: Page, name: string, project: string, fullPage = true) {
  await page.screenshot({ path: `tests/.tmp/rewards-${name}-${project}.png`, fullPage });
}

const rows = (page: Page, name: string) => page.getByRole('list', { name }).locator('.list-row-title');
const rewardsUser = (community: TestCommunity, uid: string) =>
  readE2e<{ total: number; history?: Record<string, { points: number; note?: string }> }>(
    `${e2ePaths.locationData(community.key)}/rewards/users/${uid}`,
  );
const earned = (community: TestCommunity) =>
  readE2e<Record<string, Record<string, unknown>>>(`${e2ePaths.locationData(community.key)}/rewards-earn`);

test('an admin reads the rewards users, opens one, and adds a reward to earn @forms', async ({ page, community }, info) => {
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

test('an admin changes a rewards user’s points with a note, and edits the rewards config @forms', async ({ page, community }, info) => {
  test.slow();
  await page.goto('/listnm/rewards-users/edit/guest-ann#editor');
  const panel = page.locator('#editor');
  const form = panel.getByRole('form', { name: 'Change points' });
  await expect(panel.getByTestId('rewards-total')).toHaveText('120');

  // Refused: no note, then below zero; what was typed stays.
  await form.getByLabel('Points', { exact: true }).fill('-200');
  await submit(page, form.getByRole('button', { name: 'Save Points' }));
  await expect(form.getByText('A note is required.')).toBeVisible();
  await form.getByLabel('Note', { exact: true }).fill('Wrong scan');
  await submit(page, form.getByRole('button', { name: 'Save Points' }));
  await expect(form.getByText('This change would take the total below 0 points.')).toBeVisible();
  await expect(form.getByLabel('Points', { exact: true })).toHaveValue('-200');
  await expect(form.getByLabel('Note', { exact: true })).toHaveValue('Wrong scan');
  await audit(page, info.project.name);
  await shot(page, 'points-refused', info.project.name);

  await form.getByLabel('Points', { exact: true }).fill('-20');
  await submit(page, form.getByRole('button', { name: 'Save Points' }));
  await expect(page.getByText('20 points removed. The total is now 100.')).toBeVisible();
  await expect(panel.getByTestId('rewards-total')).toHaveText('100');
  const history = panel.getByRole('region', { name: 'Points history' });
  await expect(history).toContainText('Changed by staff: -20');
  await expect(history).toContainText('Wrong scan');
  await expect(history).toContainText(community.user.email);

  await form.getByLabel('Change', { exact: true }).selectOption('set');
  await form.getByLabel('Points', { exact: true }).fill('250');
  await form.getByLabel('Note', { exact: true }).fill('Counted at the desk');
  await submit(page, form.getByRole('button', { name: 'Save Points' }));
  await expect(page.getByText('150 points added. The total is now 250.')).toBeVisible();
  await expect
    .poll(async () => {
      const user = await rewardsUser(community, 'guest-ann');
      return [user?.total, Object.values(user?.history ?? {}).reduce((sum, entry) => sum + entry.points, 0)];
    })
    .toEqual([250, 250]);
  await audit(page, info.project.name);
  await shot(page, 'points', info.project.name);

  await page.goto('/listnm/rewards-users');
  await page.getByRole('link', { name: 'Rewards Config' }).click();
  const config = page.getByRole('form', { name: 'Rewards config' });
  await expect(config.getByRole('heading', { name: 'Rewards Config' })).toBeVisible();
  await config.getByLabel('Program name in the app').fill('Pine Points');
  await config.getByLabel('Points per dollar of a store purchase').fill('-3');
  await submit(page, config.getByRole('button', { name: 'Save' }));
  await expect(config.getByText('Points per dollar must be a whole number from 0 to 10000.')).toBeVisible();
  await config.getByLabel('Points per dollar of a store purchase').fill('3');
  await config.getByLabel('Points per dollar of a reservation purchase').fill('2');
  await submit(page, config.getByRole('button', { name: 'Save' }));
  await expect(page.getByText('The rewards config is saved.')).toBeVisible();
  await expect
    .poll(async () => readE2e(`${e2ePaths.locationData(community.key)}/rewards/config`))
    .toEqual({ title: 'Pine Points', storePointsPerDollar: 3, reservationPointsPerDollar: 2 });
  await expect(page.getByRole('form', { name: 'Rewards config' }).getByLabel('Program name in the app')).toHaveValue('Pine Points');
  await audit(page, info.project.name);
  await shot(page, 'config', info.project.name);
});

test.describe('an editor who is not an admin', () => {
  test.use({ communityOptions: { label: 'rewards-editor', role: 'editor', locationData: REWARDS_DATA } });

  test('is refused the rewards users and the rewards config', async ({ page, community }) => {
    expect(community.key).toBeTruthy(); // signs the editor in
    expect((await page.goto('/listnm/rewards-users'))?.status()).toBe(403);
    expect((await page.goto('/listnm/rewards-users/edit/guest-ann'))?.status()).toBe(403);
    expect((await page.goto('/listnm/rewards-users/config'))?.status()).toBe(403);
    await expect(page.getByText('ann@mail.example')).toHaveCount(0);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the rewards lists and a rewards user fit the screen', async ({ page, community }, info) => {
    expect(community.key).toBeTruthy(); // signs the editor in
    for (const address of [
      '/listnm/rewards-users',
      '/listnm/rewards-users/edit/guest-bo#editor',
      '/listnm/rewards/redeem',
      '/listnm/rewards/add#editor',
      '/listnm/rewards-users/config#editor',
    ]) {
      await page.goto(address);
      await expect(page.getByRole('heading', { name: /Rewards|Bo Hiker|Add Reward/ }).first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), address).toBeLessThanOrEqual(390);
    }
    await audit(page, info.project.name);
    await shot(page, 'phone-add', info.project.name);
    await page.goto('/listnm/rewards-users/edit/guest-bo#editor');
    const save = page.getByRole('button', { name: 'Save Points' });
    await save.scrollIntoViewIfNeeded();
    await expect(save).toBeInViewport();
    await audit(page, info.project.name);
    await shot(page, 'phone-user', info.project.name);
    await page.goto('/listnm/rewards-users/config#editor');
    await audit(page, info.project.name);
    await shot(page, 'phone-config', info.project.name);
  });
});
