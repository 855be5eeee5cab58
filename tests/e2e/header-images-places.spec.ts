import type { TestInfo } from '@playwright/test';
import { e2ePaths, expect, test, withE2eDb } from './fixtures';

/**
 * The header editor's places picker (spec 02 §2 "a places picker modal", §5 "Photos offered
 * limited to first 9", §7) on a community of its own with a place id. The end-to-end server has
 * no GOOGLE_MAPS_API_KEY, so the offline places provider answers: the picker says the service is
 * offline and offers the demo's sample photos. Runs with JavaScript and without.
 */
const KEY = 'e2e-header-places';
const paths = e2ePaths;
const TITLE = 'Header Places Resort';
const PLACE_ID = 'ChIJ-e2e-header-places';
const OFFLINE = 'ask an administrator to set up places photos';

/** One community per test: tests of a project run side by side, and each removes its own. */
const keyOf = (info: TestInfo) =>
  `${KEY}-${info.project.name}-${info.testId
    .replace(/[^a-z0-9]/gi, '')
    .slice(-10)
    .toLowerCase()}`;

test.beforeEach(async ({}, info) => {
  await withE2eDb((db) =>
    db.ref(paths.community(keyOf(info))).set({
      title: TITLE,
      name: TITLE,
      active: true,
      communityType: 'resort',
      timeZone: 'America/New_York',
      placeId: PLACE_ID,
    }),
  );
});

test.afterEach(async ({}, info) => {
  await withE2eDb(async (db) => {
    await db.ref(paths.headerInfo(keyOf(info), 'main-menu')).remove();
    await db.ref(paths.community(keyOf(info))).remove();
  });
});

test('chooses a photo of the place in the picker, keeping what was typed, and saves it', async ({ page, loginAs }, info) => {
  await loginAs('system@demo.example', { communityKey: keyOf(info) });
  await page.goto('/header-images');
  await expect(page.getByRole('heading', { name: 'Header Images' })).toBeVisible();
  await page.getByLabel('Slideshow Delay (seconds)').fill('6');

  await page.getByRole('button', { name: 'Choose from Places Photos' }).click();
  const picker = page.getByRole('dialog', { name: 'Places Photos' });
  await expect(picker).toBeVisible();
  await expect(picker.getByRole('status')).toContainText(OFFLINE);
  await expect(picker.getByRole('radio')).toHaveCount(3);
  await expect(picker.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await expect(picker.getByText(/^Sample photo: /)).toHaveCount(3);
  await expect(picker.getByText('Sample photo: Lakeside sunrise')).toBeVisible();
  await page.screenshot({ path: `tests/.tmp/header-places-picker-${info.project.name}.png` });

  // Add Photo without a choice: the picker says so and stays.
  await picker.getByRole('button', { name: 'Add Photo' }).click();
  await expect(page.getByRole('dialog', { name: 'Places Photos' }).getByRole('alert')).toHaveText('Please choose a photo.');

  await page.getByRole('dialog', { name: 'Places Photos' }).getByRole('radio', { name: 'Photo 2' }).check();
  await page.screenshot({ path: `tests/.tmp/header-places-picker-chosen-${info.project.name}.png` });
  await page.getByRole('dialog', { name: 'Places Photos' }).getByRole('button', { name: 'Add Photo' }).click();

  await expect(page.getByRole('dialog', { name: 'Places Photos' })).toHaveCount(0);
  const row = page.getByRole('listitem', { name: 'Image 1' });
  await expect(row.getByRole('img', { name: 'place-photo-lakeside-sunrise.jpg' })).toBeVisible();
  await expect(page.getByLabel('Slideshow Delay (seconds)')).toHaveValue('6');
  await page.screenshot({ path: `tests/.tmp/header-places-added-${info.project.name}.png`, fullPage: true });
  // Nothing is saved before Save.
  expect(await withE2eDb(async (db) => (await db.ref(paths.headerInfo(keyOf(info), 'main-menu')).get()).val())).toBeNull();

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Header saved.')).toBeVisible();
  await expect(page.locator('header[aria-roledescription="carousel"] img').first()).toHaveAttribute(
    'src',
    /place-photo-lakeside-sunrise_crop\.png$/,
  );
  const saved = await withE2eDb(async (db) => (await db.ref(paths.headerInfo(keyOf(info), 'main-menu')).get()).val());
  expect(saved).toMatchObject({ delaySeconds: 6, images: [{ imageName: 'place-photo-lakeside-sunrise.jpg' }] });
  expect(saved.images[0].imageURL).toMatch(new RegExp(`/${keyOf(info)}/images/header/\\d+/place-photo-lakeside-sunrise_crop\\.png$`));
});

test('opens with ?places=1, and Cancel closes it on the header editor', async ({ page, loginAs }, info) => {
  await loginAs('system@demo.example', { communityKey: keyOf(info) });
  await page.goto('/header-images?places=1');
  const picker = page.getByRole('dialog', { name: 'Places Photos' });
  await expect(picker.getByRole('radio')).toHaveCount(3);
  await picker.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog', { name: 'Places Photos' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Header Images' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Choose from Places Photos' })).toBeVisible();
});

test('is not offered to a community without a place', async ({ page, loginAs }, info) => {
  await withE2eDb((db) => db.ref(`${paths.community(keyOf(info))}/placeId`).remove());
  await loginAs('system@demo.example', { communityKey: keyOf(info) });
  await page.goto('/header-images');
  await expect(page.getByRole('heading', { name: 'Header Images' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Choose from Places Photos' })).toHaveCount(0);
});

test('Escape closes the picker in place, and a video header hides the button @js-only', async ({ page, loginAs }, info) => {
  await loginAs('system@demo.example', { communityKey: keyOf(info) });
  await page.goto('/header-images');
  await expect(page.locator('form[data-hydrated]')).toHaveCount(1);
  await page.getByLabel('Slideshow Delay (seconds)').fill('9');
  await page.getByRole('button', { name: 'Choose from Places Photos' }).click();
  const picker = page.getByRole('dialog', { name: 'Places Photos' });
  await expect(picker.getByRole('radio', { name: 'Photo 1' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(picker).toHaveCount(0);
  await expect(page.getByLabel('Slideshow Delay (seconds)')).toHaveValue('9');

  await page.getByRole('radio', { name: 'Video' }).check();
  await expect(page.getByRole('button', { name: 'Choose from Places Photos' })).toHaveCount(0);
});
