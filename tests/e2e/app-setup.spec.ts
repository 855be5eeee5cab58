import { createCanvas } from '@napi-rs/canvas';
import type { Page } from '@playwright/test';
import { createCommunity, expect, test, uniqueKey } from './fixtures';

/**
 * App Setup and Integrations (spec 01 §2.8, §2.9, §3.4–3.6, §5, §8), with and without
 * JavaScript: the app id picker, saving a three-state flag, uploading an asset, saving
 * integrations, and instance loading against the offline PMS default. Every test saves an app id
 * or a location of its own, so tests never meet. Who may open the screens, the refusals (no app
 * id, no location, a wrong file type) and the kept input are proven in
 * app-setup.server.test.ts and integrations.server.test.ts.
 */

/** Opens an accordion section (<details>) unless it is open already. */
async function openSection(page: Page, title: string) {
  const section = page.locator('details', { has: page.getByText(title, { exact: true }) });
  if (!(await section.evaluate((element) => (element as HTMLDetailsElement).open))) await page.getByText(title, { exact: true }).click();
}

test.beforeEach(async ({ loginAs }) => {
  await loginAs('super@demo.example');
});

/** A PNG of the given size. */
function png(width: number, height: number): Buffer {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#1d4ed8';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#f59e0b';
  context.fillRect(width / 4, height / 4, width / 2, height / 2);
  return canvas.toBuffer('image/png');
}

/** Goes to a panel and, with JavaScript, waits until React has hydrated it. */
async function open(page: Page, path: string) {
  await page.goto(path);
  if (test.info().project.name === 'js') await expect(page.locator('section[data-hydrated]')).toBeAttached();
}

test('the app id picker lists each app as displayName (packageName) and loads the chosen app', async ({ page }) => {
  await open(page, '/app-setup');
  await expect(page.getByRole('heading', { name: 'App Setup' })).toBeVisible();
  await expect(page.getByLabel('App ID').locator('option', { hasText: 'Pine Hollow RV (pine-hollow)' })).toHaveAttribute(
    'value',
    'pine-hollow',
  );
  await page.getByLabel('App ID').selectOption({ label: 'Pine Hollow RV (pine-hollow)' });
  await page.getByRole('button', { name: 'Load App', exact: true }).click();
  await expect(page).toHaveURL(/\/app-setup\?appId=pine-hollow$/);
  await expect(page.getByLabel('App Name')).toHaveValue('Pine Hollow RV');
  await expect(page.getByLabel('App Title')).toHaveValue('Pine Hollow RV Resort');
});

test('saves an app configuration with a three-state flag', { tag: '@forms' }, async ({ page }, testInfo) => {
  const appId = uniqueKey('e2e-app');
  await open(page, `/app-setup?appId=${appId}`);
  await page.getByLabel('App Name').fill(`E2E ${testInfo.project.name}`);
  await openSection(page, 'App Settings');
  const flag = page.getByLabel('Enable My Agenda');
  await expect(flag).toHaveValue('');
  await flag.selectOption({ label: 'No' });
  await openSection(page, 'Advanced Settings');
  await page.getByLabel('Resorts between ads').fill('3');
  await page.getByRole('button', { name: 'Save App Configuration' }).click();

  await expect(page.getByText(`App configuration for ${appId} updated successfully!`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/app-setup\\?appId=${appId}$`));
  await expect(page.getByLabel('App Name')).toHaveValue(`E2E ${testInfo.project.name}`);
  await expect(page.getByLabel('Enable My Agenda')).toHaveValue('false');
  await expect(page.getByLabel('Resorts between ads')).toHaveValue('3');

  // Back to unset.
  await openSection(page, 'App Settings');
  await page.getByLabel('Enable My Agenda').selectOption({ label: 'Not set' });
  await page.getByRole('button', { name: 'Save App Configuration' }).click();
  await expect(page.getByText(`App configuration for ${appId} updated successfully!`)).toBeVisible();
  await expect(page.getByLabel('Enable My Agenda')).toHaveValue('');
});

test(
  'uploads an app icon of another size than recommended, stored with a warning naming both sizes',
  { tag: '@forms' },
  async ({ page }) => {
    const appId = uniqueKey('e2e-size');
    await open(page, `/app-setup?appId=${appId}`);
    await expect(page.getByText('PNG or JPEG, recommended 512x512 pixels.')).toBeVisible();
    await page.getByLabel('App icon').setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: png(300, 300) });
    await page.getByRole('button', { name: 'Upload App icon' }).click();
    const warning = 'The app icon is 300x300 pixels; the recommended size is 512x512 pixels.';
    // Stored (recommended, not required), said in the toast and beside the asset.
    await expect(page.getByRole('img', { name: 'Current app icon' })).toHaveAttribute(
      'src',
      new RegExp(`/files/app-icons/${appId}/app-icon\\.png$`),
    );
    await expect(page.getByText('App icon uploaded successfully!')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: warning }).first()).toBeVisible();
    // The picker still shows the app, now listed (its record exists).
    await expect(page.getByLabel('App ID')).toHaveValue(appId);

    // The featured image through Save, at the recommended size: no warning.
    await page.getByLabel('Featured image').setInputFiles({ name: 'feature.png', mimeType: 'image/png', buffer: png(1024, 500) });
    await page.getByRole('button', { name: 'Save App Configuration' }).click();
    await expect(page.getByText(`App configuration for ${appId} updated successfully!`)).toBeVisible();
    await expect(page.getByText('1024x500 pixels, the recommended size.')).toBeVisible();
    await expect(page.getByText(warning).last()).toBeVisible();

    await page.getByLabel('App icon').setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: png(512, 512) });
    await page.getByRole('button', { name: 'Upload App icon' }).click();
    await expect(page.getByText('App icon uploaded successfully!')).toBeVisible();
    await expect(page.getByText('512x512 pixels, the recommended size.')).toBeVisible();
    await expect(page.getByText(warning)).toHaveCount(0);
  },
);

test('saves integrations and loads instances through the offline PMS default', { tag: '@forms' }, async ({ page }) => {
  // A location of the test's own.
  const { key: location } = await createCommunity({
    label: 'integrations',
    record: { title: 'Integrations Lake', timeZone: 'America/Chicago' },
  });
  await open(page, '/integrations');
  await expect(page.getByRole('heading', { name: 'Integrations' })).toBeVisible();
  await page.getByLabel('Location', { exact: true }).selectOption(location);
  await page.getByRole('button', { name: 'Load Location' }).click();
  await expect(page).toHaveURL(new RegExp(`/integrations\\?location=${location}$`));
  // The address changes before React shows the loaded location's form (the router renders in a
  // transition): the form posting to it is that form, so nothing chosen below is reset by it.
  await expect(page.locator('form#integrations')).toHaveAttribute('action', `/integrations?location=${location}`);

  await page.getByLabel('PMS System').selectOption('newbook');
  await page.getByLabel('API Region').selectOption('');
  await page.getByRole('button', { name: 'Load Instances' }).click();
  await expect(page.getByText('Please select an API region first.')).toBeVisible();

  await page.getByLabel('API Region').selectOption('eu');
  await page.getByLabel('Site Code').fill(`SITE-${location}`);
  await page.getByRole('button', { name: 'Load Instances' }).click();
  await expect(page.getByText('PMS instance lookup is offline: no vendor key is configured.')).toBeVisible();
  // The form keeps what was typed.
  await expect(page.getByLabel('API Region')).toHaveValue('eu');
  await expect(page.getByLabel('Site Code')).toHaveValue(`SITE-${location}`);

  await page.getByRole('button', { name: 'Save Integrations' }).click();
  await expect(page.getByText(`Integration configuration for ${location} updated successfully!`)).toBeVisible();
  await expect(page.getByLabel('Site Code')).toHaveValue(`SITE-${location}`);
  await expect(page.getByLabel('API Region')).toHaveValue('eu');
  await expect(page.getByLabel('PMS System')).toHaveValue('newbook');
});
