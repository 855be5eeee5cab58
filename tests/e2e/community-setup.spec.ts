import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Community setup and Add Community (spec 01 §2.7, §4.4, §5) with and without JavaScript:
 * editing and saving, a validation error that keeps what was typed, the time zone from the
 * coordinates, and adding a community as resort system admin.
 */

const panel = (page: Page) => page.getByRole('complementary', { name: 'Action' });

test('an admin edits the community and saves', async ({ page, loginAs }, testInfo) => {
  await loginAs('admin@demo.example');
  await page.goto('/community-setup');
  const form = panel(page);
  await expect(form.getByRole('heading', { name: 'Community Setup' })).toBeVisible();
  for (const section of ['Community Information', 'App Design', 'Social Media', 'QR Code']) {
    await expect(form.locator('summary', { hasText: section })).toBeVisible();
  }
  await expect(form.locator('summary', { hasText: 'Additional Buttons' })).toHaveCount(0);
  // Only resort admins see the listing checkboxes.
  await expect(form.getByLabel('Listed')).toHaveCount(0);
  await expect(form.getByLabel('Title')).toHaveValue('Pine Hollow RV Resort');
  await expect(form.getByLabel('Time Zone')).toHaveValue('America/New_York');

  const description = `Lakeside resort (${testInfo.project.name} ${Date.now()})`;
  await form.getByLabel('Description').fill(description);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Community information saved.')).toBeVisible();

  await page.goto('/community-setup');
  await expect(panel(page).getByLabel('Description')).toHaveValue(description);
  await page.screenshot({ path: `/tmp/community-setup-${testInfo.project.name}.png`, fullPage: true });

  // The other sections: colours, social links and the downloadable QR code.
  for (const section of ['App Design', 'Social Media', 'QR Code']) await panel(page).locator('summary', { hasText: section }).click();
  await expect(panel(page).getByLabel('Background Color', { exact: true })).toBeVisible();
  await expect(panel(page).getByRole('img', { name: /QR code for https:\/\/www\.pinehollowrv\.example/ })).toBeVisible();
  await expect(panel(page).getByRole('link', { name: 'Download QR Code' })).toHaveAttribute('download', 'demo-campground-qr-code.png');
  await panel(page).screenshot({ path: `/tmp/community-setup-sections-${testInfo.project.name}.png` });
});

test('a validation error keeps what was typed', async ({ page, loginAs }, testInfo) => {
  await loginAs('admin@demo.example');
  await page.goto('/community-setup');
  const form = panel(page);
  await form.getByLabel('Phone').fill('555-12');
  await form.getByLabel('Website', { exact: true }).fill('not a url');
  await form.getByLabel('Description').fill('Kept after the error');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Phone Number needs to have more than seven digits.')).toBeVisible();
  await expect(form.getByText('Please enter a valid URL (https://…).').first()).toBeVisible();
  await expect(form.getByLabel('Website', { exact: true })).toHaveValue('not a url');
  await expect(form.getByLabel('Phone')).toHaveValue('555-12');
  await expect(form.getByLabel('Description')).toHaveValue('Kept after the error');
  await expect(form.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: `/tmp/community-setup-error-${testInfo.project.name}.png`, fullPage: true });
});

test('the time zone follows the coordinates', async ({ page, loginAs }, testInfo) => {
  await loginAs('admin@demo.example');
  await page.goto('/community-setup');
  const form = panel(page);
  await form.getByLabel('Latitude').fill('43.9853');
  await form.getByLabel('Longitude').fill('-90.5021');
  if (testInfo.project.name === 'no-js') {
    await form.getByRole('button', { name: 'Look up time zone' }).click();
  }
  await expect(panel(page).getByLabel('Time Zone')).toHaveValue('America/Chicago');
  await expect(panel(page).getByLabel('Latitude')).toHaveValue('43.9853');
});

test('a resort system admin adds a community', async ({ page, loginAs }, testInfo) => {
  await loginAs('system@demo.example');
  await page.goto('/add-community');
  const form = panel(page);
  await expect(form.getByRole('heading', { name: 'Add Community' })).toBeVisible();
  await expect(form.locator('summary', { hasText: 'QR Code' })).toHaveCount(0);
  const title = `Cedar Bend ${testInfo.project.name} ${Date.now()}`;
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Time Zone').selectOption('America/Denver');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(`${title} was added.`)).toBeVisible();
  // The session now manages the new community.
  await expect(page.getByRole('banner')).toContainText(title);

  // The same title again is refused, with everything typed kept.
  await page.goto('/add-community');
  await panel(page).getByLabel('Title').fill(title);
  await panel(page).getByLabel('City').fill('Cedar Bend');
  await panel(page).getByLabel('Time Zone').selectOption('America/Denver');
  await panel(page).getByRole('button', { name: 'Submit' }).click();
  await expect(panel(page).getByText(/already exists/)).toBeVisible();
  await expect(panel(page).getByLabel('City')).toHaveValue('Cedar Bend');
});

test('an editor cannot open community setup', async ({ page, loginAs }) => {
  await loginAs('editor@demo.example');
  const response = await page.goto('/community-setup');
  expect(response?.status()).toBe(403);
});

test("changing a random colour mode asks 'Select Menu Type'; Cancel keeps everything", async ({ page, loginAs }) => {
  // Nothing is saved here, so the js and no-js runs can share the town.
  await loginAs('system@demo.example', { communityKey: 'demo-town' });
  await page.goto('/community-setup');
  const form = panel(page);
  await form.locator('summary', { hasText: 'App Design' }).click();
  await form.getByLabel('Random Icon Shape Colors').check();
  await form.getByRole('button', { name: 'Submit' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Select Menu Type' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Generate New Color(s) for Activities' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Generate New Color(s) for Activities' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Select Menu Type' })).toBeVisible();
  await page.screenshot({ path: `/tmp/community-setup-menu-type-${test.info().project.name}.png` });
  await page.getByRole('alertdialog', { name: 'Select Menu Type' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(panel(page).getByLabel('Random Icon Shape Colors')).toBeChecked();
});

test("leaving a legacy icon set asks 'Convert Icons', then converts", async ({ page, loginAs }, testInfo) => {
  await loginAs('system@demo.example');
  await page.goto('/add-community');
  const title = `Legacy Pines ${testInfo.project.name} ${Date.now()}`;
  await panel(page).getByLabel('Title').fill(title);
  await panel(page).getByLabel('Time Zone').selectOption('America/Chicago');
  await panel(page).getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(`${title} was added.`)).toBeVisible();
  const key = title.toLowerCase().replace(/\W+/g, '-');
  await setIconSet(key, 'round');

  await page.goto('/community-setup');
  await panel(page).locator('summary', { hasText: 'App Design' }).click();
  await panel(page).getByLabel('Icon Set').selectOption('svg_round');
  await panel(page).getByRole('button', { name: 'Submit' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Convert Icons' });
  await expect(dialog).toContainText(
    'We will convert your current icons to their closest match. Switching to new icons is irreversible. Do you want to continue?',
  );
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Community information saved.')).toBeVisible();
  await page.goto('/community-setup');
  await panel(page).locator('summary', { hasText: 'App Design' }).click();
  await expect(panel(page).getByLabel('Icon Set')).toHaveValue('svg_round');
});

/** Stores a legacy icon set directly in the end-to-end server's database. */
async function setIconSet(key: string, iconSet: string) {
  const { resolve } = await import('node:path');
  const { createEmbeddedDb } = await import('@server/db');
  const { createPaths } = await import('@server/paths');
  const { E2E_DATA_DIR } = await import('../../playwright.config');
  const db = createEmbeddedDb({ file: resolve(E2E_DATA_DIR, 'rtdb.sqlite') });
  try {
    await db.ref(createPaths('amc').communityIconSet(key)).set(iconSet);
  } finally {
    await db.close();
  }
}
