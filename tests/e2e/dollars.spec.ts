import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { e2ePaths, expect, readE2e, submit, test, withE2eDb, type TestCommunity } from './fixtures';

/**
 * Dollars Accounts Status (spec 02 "Listing routes" context dollarsaccountstatus, §9 "Dollars
 * list sorted by currentDollars descending"; spec 03 §3 "Dollars record", §6 trays: system admin,
 * the Dollars button needs the dollars flag, §8 'There is no history for this user/business.';
 * decision 041): a resort system admin opens the list from its tray button, reads an account's
 * history and records a purchase to another account; with JavaScript and without, at 1366 and
 * 390 px. Each test makes accounts of its own (a record type named after its community).
 */

test.use({ communityOptions: { label: 'dollars', role: 'system' }, viewport: { width: 1366, height: 900 } });

const LIST = '/listnm/dollarsaccountstatus';

interface Accounts {
  type: string;
  rich: string;
  poor: string;
}

/** Two accounts: "{key} Rich" ($250.75, one history entry) and "{key} Poor" ($3, none). */
async function addAccounts(community: TestCommunity): Promise<Accounts> {
  const type = `e2e-${community.key}`;
  await withE2eDb(async (db) => {
    await db.ref().update({
      [e2ePaths.dollarsRecord(type, 'poor')]: { currentDollars: 3, name: `${community.key} Poor` },
      [e2ePaths.dollarsRecord(type, 'rich')]: {
        currentDollars: 250.75,
        name: `${community.key} Rich`,
        history: {
          h1: {
            type: 'bought',
            amount: 250.75,
            from: 'Front desk',
            to: `${community.key} Rich`,
            notes: 'Bought at check-in',
            transferDate: Date.now() - 86_400_000,
          },
        },
      },
    });
  });
  return { type, rich: `${type}~rich`, poor: `${type}~poor` };
}

async function audit(page: Page, project: string) {
  if (project === 'js') await expectNoSeriousViolations(page);
}

async function shot(page: Page, name: string, project: string, fullPage = true) {
  await page.screenshot({ path: `tests/.tmp/dollars-${name}-${project}.png`, fullPage });
}

const rows = (page: Page) => page.getByRole('list', { name: 'Dollars Accounts Status' }).locator('.list-row-title');

test('a system admin opens the accounts from the tray, richest first, and records a purchase @forms', async ({ page, community }, info) => {
  test.slow();
  const accounts = await addAccounts(community);
  await page.goto('/');
  // The Dollars Accounts Status tray's Dollars button (the demo product has dollars enabled).
  await page.getByRole('link', { name: 'Dollars', exact: true }).first().click();
  await expect(page).toHaveURL(/\/listnm\/dollarsaccountstatus$/);
  await expect(page.getByRole('heading', { name: 'Dollars Accounts Status' }).first()).toBeVisible();

  await page.goto(`${LIST}?q=${community.key}`);
  await expect(rows(page)).toHaveText([`${community.key} Rich`, `${community.key} Poor`]);
  await expect(page.locator(`[id="row-${accounts.rich}"]`)).toContainText('$250.75');
  await expect(page.getByRole('button', { name: 'Delete Selected' })).toHaveCount(0);
  await audit(page, info.project.name);
  await shot(page, 'list', info.project.name);

  // The poor account has no history yet.
  await page.goto(`${LIST}/edit/${accounts.poor}#editor`);
  const panel = page.locator('#editor');
  await expect(panel.getByRole('heading', { name: `${community.key} Poor` })).toBeVisible();
  await expect(panel.getByText('There is no history for this user/business.')).toBeVisible();

  await page.goto(`${LIST}/edit/${accounts.rich}#editor`);
  await expect(panel.getByRole('heading', { name: `${community.key} Rich` })).toBeVisible();
  await expect(panel.getByRole('region', { name: 'Dollars history' })).toContainText('Bought at check-in');
  await panel.getByLabel('Kind', { exact: true }).selectOption('purchase');
  await panel.getByLabel('To', { exact: true }).selectOption(accounts.poor);
  await panel.getByLabel('Amount ($)', { exact: true }).fill('300');
  await panel.getByRole('button', { name: 'Record' }).click();
  await expect(panel.getByText('This account does not have enough dollars for this transfer.')).toBeVisible();
  // Nothing typed is lost.
  await expect(panel.getByLabel('Amount ($)', { exact: true })).toHaveValue('300');
  await audit(page, info.project.name);
  await shot(page, 'refused', info.project.name);

  await panel.getByLabel('Amount ($)', { exact: true }).fill('12.50');
  await panel.getByLabel('Notes', { exact: true }).fill('Dinner for two');
  await panel.getByRole('button', { name: 'Record' }).click();
  await expect(page.getByText('$12.50 recorded. This account now holds $238.25.')).toBeVisible();
  await expect
    .poll(async () => (await readE2e<{ currentDollars: number }>(e2ePaths.dollarsRecord(accounts.type, 'poor')))?.currentDollars)
    .toBe(15.5);
  await expect
    .poll(async () => (await readE2e<{ currentDollars: number }>(e2ePaths.dollarsRecord(accounts.type, 'rich')))?.currentDollars)
    .toBe(238.25);

  await page.goto(`${LIST}/edit/${accounts.poor}#editor`);
  await panel.getByLabel('Amount bought ($)', { exact: true }).fill('4.50');
  await panel.getByRole('button', { name: 'Add Bought Dollars' }).click();
  await expect(page.getByText('$4.50 bought. This account now holds $20.00.')).toBeVisible();
  await page.goto(`${LIST}/edit/${accounts.poor}#editor`);
  const history = panel.getByRole('region', { name: 'Dollars history' });
  await expect(history).toContainText('bought');
  await expect(history).toContainText('purchase');
  await expect(history).toContainText('$12.50');
  await expect(history).toContainText('Dinner for two');
  await expect(history).toContainText(community.user.email);
  await audit(page, info.project.name);
  await shot(page, 'account', info.project.name);
});

// The dollars config is the whole product's: the test saves it as it is (dollars stay enabled for the other tests).
test('a system admin opens the dollars config from the tray and saves it @forms', async ({ page, community }, info) => {
  expect(community.key).toBeTruthy(); // signs the system admin in
  await page.goto('/');
  await page.getByRole('link', { name: 'Dollars Config', exact: true }).first().click();
  await expect(page).toHaveURL(/\/listnm\/dollarsaccountstatus\/config$/);
  const form = page.getByRole('form', { name: 'Dollars config' });
  await expect(page.getByRole('heading', { name: 'Dollars Config', level: 1 })).toBeVisible();
  await expect(form.getByLabel('Dollars enabled')).toBeChecked();
  await submit(page, form.getByRole('button', { name: 'Save' }));
  await expect(page.getByText('Dollars are enabled.')).toBeVisible();
  await expect.poll(async () => readE2e(e2ePaths.dollarsEnabled())).toBe(true);
  await audit(page, info.project.name);
  await shot(page, 'config', info.project.name);
  await page.getByRole('link', { name: 'Dollars Accounts Status' }).last().click();
  await expect(page).toHaveURL(/\/listnm\/dollarsaccountstatus$/);
  await page.getByRole('link', { name: 'Dollars Config' }).last().click();
  await expect(page).toHaveURL(/\/listnm\/dollarsaccountstatus\/config$/);
});

test.describe('the business editor', () => {
  test.use({ communityOptions: { label: 'dollars-business', from: 'demo-campground', role: 'admin' } });

  // Lakeside Grill's record (businesses~lakeside-grill, three purchases) is the product's: read only.
  for (const width of [1366, 390]) {
    test(`its Dollars section shows the same dollars history display, at ${width} px`, async ({ page, community }, info) => {
      expect(community.key).toBeTruthy(); // signs the admin in
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/detail/business/dining-resort/lakeside-grill');
      const dollars = page.locator('details.editor-section', { has: page.locator('summary', { hasText: 'Dollars' }) });
      if ((await dollars.getAttribute('open')) === null) await dollars.locator('summary').click();
      const table = dollars.getByRole('table', { name: 'Dollars history' });
      await expect(table).toContainText('Lunch for two');
      await expect(table).toContainText('$18.00');
      await expect(table.getByRole('columnheader')).toHaveText(['Date', 'Type', 'Amount', 'From', 'To', 'By', 'Notes']);
      await expect(dollars.getByTestId('dollars-current')).toHaveText(/^\$\d+\.\d\d$/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await dollars.scrollIntoViewIfNeeded();
      await audit(page, info.project.name);
      await page.screenshot({ path: `tests/.tmp/dollars-business-${width}-${info.project.name}.png` });
    });
  }
});

test.describe('an admin who is not a resort system admin', () => {
  test.use({ communityOptions: { label: 'dollars-admin', role: 'admin' } });

  test('has no Dollars button and is refused the list and the config', async ({ page, community }) => {
    await page.goto('/');
    await expect(page.getByRole('banner')).toContainText(community.displayName);
    await expect(page.getByRole('link', { name: 'Dollars', exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Dollars Config', exact: true })).toHaveCount(0);
    const refused = await page.goto(LIST);
    expect(refused?.status()).toBe(403);
    expect((await page.goto(`${LIST}/config`))?.status()).toBe(403);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the list and an account fit the screen', async ({ page, community }, info) => {
    const accounts = await addAccounts(community);
    for (const address of [`${LIST}?q=${community.key}`, `${LIST}/edit/${accounts.rich}#editor`]) {
      await page.goto(address);
      await expect(page.getByRole('heading', { name: /Dollars Accounts Status|Rich/ }).first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), address).toBeLessThanOrEqual(390);
    }
    const record = page.locator('#editor').getByRole('button', { name: 'Record' });
    await record.scrollIntoViewIfNeeded();
    await expect(record).toBeInViewport();
    await audit(page, info.project.name);
    await shot(page, 'phone-account', info.project.name);
    await page.goto(`${LIST}?q=${community.key}`);
    await audit(page, info.project.name);
    await shot(page, 'phone-list', info.project.name);
    await page.goto(`${LIST}/config`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await audit(page, info.project.name);
    await shot(page, 'phone-config', info.project.name);
  });
});
