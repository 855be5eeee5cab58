import { createCanvas } from '@napi-rs/canvas';
import type { Page, TestInfo } from '@playwright/test';
import { e2ePaths, expect, test, withE2eDb } from './fixtures';

/**
 * App Setup and Integrations as a new user meets them, with and without JavaScript: an upload
 * keeps every typed value and says its success apart from a size warning; the app id and the
 * location the pickers show are the ones Save uses (another than the loaded one is never
 * written with the loaded one's fields); each screen has its own page title.
 *
 * Every test works on app records and locations of its own, removed after it.
 */

const tag = (info: TestInfo) =>
  `${info.project.name}-${info.testId
    .replace(/[^a-z0-9]/gi, '')
    .slice(-8)
    .toLowerCase()}`;
const appA = (info: TestInfo) => `e2e-pick-a-${tag(info)}`;
const appB = (info: TestInfo) => `e2e-pick-b-${tag(info)}`;

test.beforeEach(async ({ loginAs }) => {
  await loginAs('super@demo.example');
});

test.afterEach(async ({}, info) => {
  await withE2eDb(async (db) => {
    for (const key of [appA(info), appB(info)]) {
      await db.ref(e2ePaths.appData(key)).remove();
      await db.ref(e2ePaths.pmsConfig(key)).remove();
      await db.ref(e2ePaths.mapConfig(key)).remove();
      await db.ref(e2ePaths.community(key)).remove();
    }
  });
});

/** Goes to a screen and, with JavaScript, waits until React has hydrated it. */
async function open(page: Page, path: string) {
  await page.goto(path);
  if (test.info().project.name === 'js') await expect(page.locator('section[data-hydrated]')).toBeAttached();
}

function png(width: number, height: number): Buffer {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#1d4ed8';
  context.fillRect(0, 0, width, height);
  return canvas.toBuffer('image/png');
}

const readApp = (appId: string) =>
  withE2eDb(async (db) => (await db.ref(e2ePaths.appData(appId)).get()).val() as Record<string, unknown> | null);

test(
  'an upload keeps the typed App Name and Short Description; success and size warning are separate messages',
  { tag: '@forms' },
  async ({ page }, info) => {
    const appId = appA(info);
    await withE2eDb((db) => db.ref(e2ePaths.appData(appId)).set({ appName: 'Stored name' }));
    await open(page, `/app-setup?appId=${appId}`);
    await expect(page).toHaveTitle('App Setup');
    await page.getByLabel('App Name').fill('Typed name');
    await page.getByLabel('Short Description').fill('Typed short description');
    await page.getByLabel('App icon').setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: png(300, 300) });
    await page.getByRole('button', { name: 'Upload App icon' }).click();

    const success = page.getByRole('status').filter({ hasText: 'App icon uploaded successfully!' });
    await expect(success).toBeVisible();
    await expect(success).toHaveText('App icon uploaded successfully!');
    await expect(success).toHaveAttribute('data-accent-color', 'green');
    const warning = page.getByRole('alert').filter({ hasText: 'The app icon is 300x300 pixels; the recommended size is 512x512 pixels.' });
    await expect(warning).toBeVisible();
    await expect(warning).toHaveAttribute('data-accent-color', 'amber');
    await expect(page.getByRole('img', { name: 'Current app icon' })).toHaveAttribute(
      'src',
      new RegExp(`/files/app-icons/${appId}/app-icon\\.png$`),
    );
    // What was typed is still there, and not saved.
    await expect(page.getByLabel('App Name')).toHaveValue('Typed name');
    await expect(page.getByLabel('Short Description')).toHaveValue('Typed short description');
    expect((await readApp(appId))?.appName).toBe('Stored name');
    await page.screenshot({ path: `tests/.tmp/app-setup-upload-kept-${info.project.name}.png`, fullPage: true });

    await page.getByRole('button', { name: 'Save App Configuration' }).click();
    await expect(page.getByText(`App configuration for ${appId} updated successfully!`)).toBeVisible();
    expect(await readApp(appId)).toMatchObject({
      appName: 'Typed name',
      deploymentAssets: { shortDescription: 'Typed short description' },
    });
  },
);

test(
  'the app id the picker shows is the one Save uses; another than the loaded one is loaded first, never overwritten',
  { tag: '@forms' },
  async ({ page }, info) => {
    const [a, b] = [appA(info), appB(info)];
    await withE2eDb(async (db) => {
      await db.ref(e2ePaths.appData(a)).set({ appName: 'App A' });
      await db.ref(e2ePaths.appData(b)).set({ appName: 'App B', appType: 'esp' });
    });
    await open(page, `/app-setup?appId=${a}`);
    await page.getByLabel('App ID').selectOption(b);
    await page.getByRole('button', { name: 'Save App Configuration' }).click();
    await expect(page.getByText(`The form shows the configuration of ${a}. Press Load App to open ${b}`)).toBeVisible();
    await expect(page.getByText('Please select an app ID.')).toHaveCount(0);
    expect(await readApp(b)).toEqual({ appName: 'App B', appType: 'esp' });

    await page.getByRole('button', { name: 'Load App', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/app-setup\\?appId=${b}$`));
    await expect(page.getByLabel('App Name')).toHaveValue('App B');
    await page.getByLabel('App Name').fill('App B renamed');
    await page.getByRole('button', { name: 'Save App Configuration' }).click();
    await expect(page.getByText(`App configuration for ${b} updated successfully!`)).toBeVisible();
    expect(await readApp(b)).toMatchObject({ appName: 'App B renamed', appType: 'esp' });
    expect(await readApp(a)).toEqual({ appName: 'App A' });
  },
);

test(
  'the location the picker shows is the one Save uses; another than the loaded one is loaded first',
  { tag: '@forms' },
  async ({ page }, info) => {
    const [a, b] = [appA(info), appB(info)];
    await withE2eDb(async (db) => {
      await db.ref(e2ePaths.community(a)).set({ title: `Pick A ${tag(info)}`, active: true, timeZone: 'America/Chicago' });
      await db.ref(e2ePaths.community(b)).set({ title: `Pick B ${tag(info)}`, active: true, timeZone: 'America/Chicago' });
      await db.ref(e2ePaths.mapConfig(b)).set({ mapSystem: 'campmap', siteCode: 'KEEP' });
    });
    await open(page, `/integrations?location=${a}`);
    await expect(page).toHaveTitle('Integrations');
    await page.getByLabel('Location', { exact: true }).selectOption(b);
    await page.getByRole('button', { name: 'Save Integrations' }).click();
    await expect(page.getByText(`The form shows the integrations of ${a}. Press Load Location to open ${b}`)).toBeVisible();
    await expect(page.getByText('Please select a location.')).toHaveCount(0);
    expect(await withE2eDb(async (db) => (await db.ref(e2ePaths.mapConfig(b)).get()).val())).toEqual({
      mapSystem: 'campmap',
      siteCode: 'KEEP',
    });

    await page.getByRole('button', { name: 'Load Location' }).click();
    await expect(page).toHaveURL(new RegExp(`/integrations\\?location=${b}$`));
    await expect(page.getByLabel('Site Code')).toHaveValue('KEEP');
  },
);

test('Add Community has its own page title', async ({ page, loginAs }) => {
  await loginAs('system@demo.example');
  await page.goto('/add-community');
  await expect(page).toHaveTitle('Add Community');
});
