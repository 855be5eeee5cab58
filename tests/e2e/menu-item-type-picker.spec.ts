import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * More menu types… in the menu item editor (spec 02 "Menu item editor": the Select Menu Type
 * modal): what was typed stays when the picker opens and when a type is chosen from it, with
 * JavaScript (in place) and without (the picker is answered by the server over the form).
 * Nothing is saved, so the demo community is only read.
 */
const js = () => test.info().project.name !== 'no-js';

async function ready(page: Page) {
  // With JavaScript the type select applies at once and 'Apply type' goes away.
  if (js()) await expect(page.getByRole('button', { name: 'Apply type' })).toHaveCount(0);
  else await expect(page.getByRole('button', { name: 'Apply type' })).toBeVisible();
}

test.beforeEach(async ({ loginAs }) => {
  await loginAs('editor@demo.example');
});

test('keeps the typed title and description when another type is chosen from More menu types…', { tag: '@forms' }, async ({ page }) => {
  await page.goto('/add?type=website');
  await ready(page);
  await page.getByLabel('Title').fill('Trail Map');
  await page.getByLabel('Description').fill('Where the lake trail starts');

  await page.getByRole('button', { name: 'More menu types…' }).click();
  const picker = page.getByRole('dialog', { name: 'Select Menu Type' });
  await expect(picker).toBeVisible();
  await picker.getByLabel('Filter menu types').fill('file');
  if (!js()) await picker.getByRole('button', { name: 'Filter' }).click();
  await expect(picker.getByRole('heading', { name: 'Administrative' })).toHaveCount(0);
  await page.screenshot({ path: `tests/.tmp/menu-item-more-types-${test.info().project.name}.png` });
  await picker.getByRole('button', { name: /^File / }).click();

  await expect(picker).toHaveCount(0);
  await expect(page.getByLabel('Menu Type', { exact: true })).toHaveValue('file');
  await expect(page.getByLabel('Title')).toHaveValue('Trail Map');
  await expect(page.getByLabel('Description')).toHaveValue('Where the lake trail starts');
  await expect(page.getByLabel('File URL')).toBeVisible();
});

// Without JavaScript Cancel is the server's answer: app/features/menu-item/menu-item.server.test.ts ('applies the type chosen
// in the picker to the typed form, and Cancel closes it').
test('Cancel in the picker goes back to the form as it was typed', async ({ page }) => {
  await page.goto('/home/edit/activities');
  await ready(page);
  await page.getByLabel('Title').fill('Things To Do');
  await page.getByRole('button', { name: 'More menu types…' }).click();
  const picker = page.getByRole('dialog', { name: 'Select Menu Type' });
  await picker.getByRole('button', { name: 'Cancel' }).click();
  await expect(picker).toHaveCount(0);
  await expect(page.getByLabel('Title')).toHaveValue('Things To Do');
  await expect(page.getByLabel('Menu Type', { exact: true })).toHaveValue('amc-events');
});

test('the File upload hint says what may be uploaded, not the too-large error', async ({ page }) => {
  await page.goto('/add?type=file');
  await ready(page);
  const upload = page.getByLabel('Or upload the file');
  await expect(upload).toHaveAccessibleDescription('PDF, PNG or JPEG, up to 100 MB.');
  await expect(page.getByText(/larger than the/)).toHaveCount(0);
});
