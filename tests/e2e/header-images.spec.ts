import { createCanvas } from '@napi-rs/canvas';
import { e2ePaths, expect, readE2e, test } from './fixtures';

/**
 * The header editor (spec 02 "Header editor", §4, §5) on a community of its own, so the demo
 * header the other tests read stays as seeded. Runs with JavaScript (cropper, 'Use Image') and
 * without (plain file input, 'Upload'); the stored files and every message are proven in
 * header-images.server.test.ts.
 */
test.use({ communityOptions: { role: 'system', record: { title: 'Header Lakes Resort', name: 'Header Lakes Resort' } } });

const headerOf = (key: string) => readE2e<Record<string, unknown>>(e2ePaths.headerInfo(key, 'main-menu'));

function png(width: number, height: number): Buffer {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  const gradient = context.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, '#f59e0b');
  gradient.addColorStop(1, '#1d4ed8');
  context.fillStyle = gradient;
  context.fillRect(0, 0, width, height);
  return canvas.toBuffer('image/png');
}

test(
  'uploads images, keeps a caption through moves and removals, and shows the header on the home carousel',
  { tag: '@forms' },
  async ({ page, community }, info) => {
    const js = info.project.name === 'js';
    await page.goto('/header-images');
    await expect(page.getByRole('heading', { name: 'Header Images' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Image(s)' })).toBeChecked();
    await expect(page.getByLabel('Slideshow Delay (seconds)')).toHaveValue('4');

    // Nothing to show: the spec's message, and what was typed stays.
    await page.getByLabel('Slideshow Delay (seconds)').fill('7');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Image is required.')).toBeVisible();
    await expect(page.getByLabel('Slideshow Delay (seconds)')).toHaveValue('7');

    // A wrong type: 'Incorrect Type', said in the browser with JavaScript (the server's answer
    // without it is proven in header-images.server.test.ts).
    if (js) {
      await page.getByLabel('Add image').setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
      await expect(page.getByRole('alertdialog')).toContainText('Please upload files with the correct type: image/png, image/jpeg');
      await page.getByRole('button', { name: 'OK' }).click();
    }

    // A PNG: cropped with JavaScript ('Use Image'), whole and blurred to fit without.
    await page.getByLabel('Add image').setInputFiles({ name: 'lake.png', mimeType: 'image/png', buffer: png(1500, 1000) });
    if (js) {
      await expect(page.getByTestId('image-cropper').locator('img').first()).toBeVisible();
      await page.getByRole('button', { name: 'Use Image' }).click();
    } else {
      await page.getByRole('button', { name: 'Upload' }).click();
    }
    const row = page.getByRole('listitem', { name: 'Image 1' });
    await expect(row.getByRole('img', { name: 'lake.png' })).toBeVisible();
    await row.getByLabel('Caption 1').fill('Morning on the lake');

    // A second image, moved up and removed again: the caption typed meanwhile stays.
    await page.getByLabel('Add image').setInputFiles({ name: 'dock.png', mimeType: 'image/png', buffer: png(1125, 600) });
    await page.getByRole('button', { name: js ? 'Use Image' : 'Upload' }).click();
    await expect(page.getByRole('listitem', { name: 'Image 2' }).getByRole('img', { name: 'dock.png' })).toBeVisible();
    await page.getByRole('button', { name: 'Move image 2 up' }).click();
    await expect(page.getByRole('listitem', { name: 'Image 1' }).getByRole('img', { name: 'dock.png' })).toBeVisible();
    await page.getByRole('button', { name: 'Remove image 1' }).click();
    await expect(page.getByRole('region', { name: 'Images' }).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('listitem', { name: 'Image 1' }).getByRole('img', { name: 'lake.png' })).toBeVisible();
    await expect(page.getByLabel('Caption 1')).toHaveValue('Morning on the lake');
    // The delay typed before the first post came back through every one since.
    await expect(page.getByLabel('Slideshow Delay (seconds)')).toHaveValue('7');
    await page.getByRole('button', { name: 'Save' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Header saved.')).toBeVisible();
    const header = page.locator('header[aria-roledescription="carousel"]');
    await expect(header.locator('figcaption')).toHaveText('Morning on the lake');
    await expect(header.locator('img').first()).toHaveAttribute('src', js ? /lake_crop\.png$/ : /lake_blur\.png$/);
    const saved = await headerOf(community.key);
    expect(saved).toMatchObject({ delaySeconds: 7, hideTitle: false, images: [{ caption: 'Morning on the lake', imageName: 'lake.png' }] });
  },
);

test.describe('a header with images', () => {
  // A copy of the demo campground, whose header has three images.
  test.use({ communityOptions: { from: 'demo-campground', role: 'admin' } });

  test('switching to a video removes the images', { tag: '@forms' }, async ({ page, community, javaScriptEnabled }) => {
    await page.goto('/header-images');
    await expect(page.getByLabel('Caption 1')).toHaveValue('Sunrise over Pine Hollow Lake');
    await page.getByRole('radio', { name: 'Video' }).check();
    if (javaScriptEnabled) await expect(page.getByRole('region', { name: 'Images' })).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Video URL' }).fill('https://example.com/not-a-video');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Enter a YouTube video code')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Video' })).toBeChecked();
    await page.getByRole('textbox', { name: 'Video URL' }).fill('https://youtu.be/dQw4w9WgXcQ');
    await page.getByLabel('Autoplay').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('iframe')).toHaveAttribute('src', /embed\/dQw4w9WgXcQ\?.*autoplay=1/);
    expect(await headerOf(community.key)).toEqual({
      videoURL: 'dQw4w9WgXcQ',
      videoPlaybackMode: 'autoplay',
      delaySeconds: 5,
      hideTitle: false,
    });
  });
});

test('Cancel goes home without saving', async ({ page, community: _community }, info) => {
  await page.goto('/header-images');
  // A click while the page hydrates may be taken by neither the browser nor the router.
  if (info.project.name === 'js') await expect(page.locator('html[data-page-hydrated]')).toBeAttached();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/$/);
});
