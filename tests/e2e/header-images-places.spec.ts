import { e2ePaths, expect, readE2e, test } from './fixtures';

/**
 * The header editor's places picker (spec 02 §2 "a places picker modal", §5 "Photos offered
 * limited to first 9", §7) on a community of its own with a place id. The end-to-end server has
 * no GOOGLE_MAPS_API_KEY, so the offline places provider answers: the picker says the service is
 * offline and offers the demo's sample photos. Runs with JavaScript and without; who is offered
 * the picker and every answer of it are proven in header-images.server.test.ts.
 */
const PLACE_ID = 'ChIJ-e2e-header-places';
const OFFLINE = 'ask an administrator to set up places photos';

test.use({
  communityOptions: { role: 'system', record: { title: 'Header Places Resort', name: 'Header Places Resort', placeId: PLACE_ID } },
});

const headerOf = (key: string) => readE2e<{ images?: Array<{ imageURL?: string }> }>(e2ePaths.headerInfo(key, 'main-menu'));

test('chooses a photo of the place in the picker, keeping what was typed, and saves it', { tag: '@forms' }, async ({ page, community }) => {
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

  // Add Photo without a choice: the picker says so and stays.
  await picker.getByRole('button', { name: 'Add Photo' }).click();
  await expect(page.getByRole('dialog', { name: 'Places Photos' }).getByRole('alert')).toHaveText('Please choose a photo.');

  await page.getByRole('dialog', { name: 'Places Photos' }).getByRole('radio', { name: 'Photo 2' }).check();
  await page.getByRole('dialog', { name: 'Places Photos' }).getByRole('button', { name: 'Add Photo' }).click();

  await expect(page.getByRole('dialog', { name: 'Places Photos' })).toHaveCount(0);
  const row = page.getByRole('listitem', { name: 'Image 1' });
  await expect(row.getByRole('img', { name: 'place-photo-lakeside-sunrise.jpg' })).toBeVisible();
  await expect(page.getByLabel('Slideshow Delay (seconds)')).toHaveValue('6');
  // Nothing is saved before Save.
  expect(await headerOf(community.key)).toBeNull();

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Header saved.')).toBeVisible();
  await expect(page.locator('header[aria-roledescription="carousel"] img').first()).toHaveAttribute(
    'src',
    /place-photo-lakeside-sunrise_crop\.png$/,
  );
  const saved = await headerOf(community.key);
  expect(saved).toMatchObject({ delaySeconds: 6, images: [{ imageName: 'place-photo-lakeside-sunrise.jpg' }] });
  expect(saved?.images?.[0]?.imageURL).toMatch(new RegExp(`/${community.key}/images/header/\\d+/place-photo-lakeside-sunrise_crop\\.png$`));
});

test('opens with ?places=1, and Cancel closes it on the header editor', { tag: '@no-js' }, async ({ page, community: _community }) => {
  await page.goto('/header-images?places=1');
  const picker = page.getByRole('dialog', { name: 'Places Photos' });
  await expect(picker.getByRole('radio')).toHaveCount(3);
  await picker.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog', { name: 'Places Photos' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Header Images' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Choose from Places Photos' })).toBeVisible();
});

test('Escape closes the picker in place, and a video header hides the button', async ({ page, community: _community }) => {
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
