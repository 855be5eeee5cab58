import { createCanvas } from '@napi-rs/canvas';
import { e2ePaths, expect, readE2e, test } from './fixtures';

/**
 * The shared media widgets in the header editor (spec 03 §4 Uploader, §9 "Uploader and
 * images", "Stock photo search dialog", "AI images dialog"), on a community of its own, with
 * the offline defaults (no vendor keys): several images at once, a stock photo and an AI image,
 * each stored and saved. With JavaScript the files go to the upload route with their progress;
 * without it they post with the form.
 */
test.use({ communityOptions: { role: 'system', record: { title: 'Media Pines Resort', name: 'Media Pines Resort' } } });

interface StoredHeader {
  images?: Array<{ imageURL: string; imageName?: string; caption?: string; fileInfo?: { thumb?: string } }>;
}
const headerOf = (key: string) => readE2e<StoredHeader>(e2ePaths.headerInfo(key, 'main-menu'));

function png(width: number, height: number, hue: number): Buffer {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = `hsl(${hue}, 70%, 50%)`;
  context.fillRect(0, 0, width, height);
  return canvas.toBuffer('image/png');
}

test('adds several header images at once and saves them in order', { tag: '@forms' }, async ({ page, community }, info) => {
  const js = info.project.name === 'js';
  await page.goto('/header-images');
  if (js) await expect(page.locator('form[data-hydrated]')).toBeVisible();
  await page.getByLabel('Add image').setInputFiles([
    { name: 'north.png', mimeType: 'image/png', buffer: png(1200, 640, 10) },
    { name: 'south.png', mimeType: 'image/png', buffer: png(800, 800, 120) },
    { name: 'east.png', mimeType: 'image/png', buffer: png(1500, 800, 240) },
  ]);
  // With JavaScript they upload by themselves; without it, Upload posts them with the form.
  if (!js) await page.getByRole('button', { name: 'Upload' }).click();
  const images = page.getByRole('region', { name: 'Images' });
  for (const [index, name] of ['north.png', 'south.png', 'east.png'].entries()) {
    await expect(images.getByRole('listitem', { name: `Image ${index + 1}` }).getByRole('img', { name })).toBeVisible();
  }
  // Nothing is left uploading, and no file goes with Save again.
  await expect(page.getByRole('list', { name: 'Uploads' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Header saved.')).toBeVisible();
  await expect
    .poll(async () => (await headerOf(community.key))?.images?.map((image) => image.imageName))
    .toEqual(['north.png', 'south.png', 'east.png']);
  const stored = (await headerOf(community.key))!.images!;
  expect(stored[1]!.imageURL).toMatch(/south_blur\.png$/);
  expect(stored[0]!.fileInfo?.thumb).toMatch(/north_thumb\.png$/);
});

test('chooses a stock photo (offline samples) and saves it', { tag: '@forms' }, async ({ page, community }, info) => {
  const js = info.project.name === 'js';
  await page.goto('/header-images');
  if (js) await expect(page.locator('form[data-hydrated]')).toBeVisible();
  await page.getByLabel('Slideshow Delay (seconds)').fill('6');
  await page.getByRole('button', { name: 'Stock Photos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Stock Photos' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/stock photo services are offline/)).toBeVisible();
  await dialog.getByLabel('Search photos').fill('campfire');
  await dialog.getByLabel('Search photos').press('Enter');
  await expect(dialog.getByText('Sample photo: Campfire night')).toBeVisible();
  await expect(dialog.getByText('Sample', { exact: true }).first()).toBeVisible();
  // Paging posts the form too: the delay typed above is still there when the photo is added.
  await dialog.getByRole('button', { name: 'More photos' }).click();
  await expect(dialog.getByText('Page 2')).toBeVisible();
  await expect(dialog.getByText('Sample photo: Campfire night')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Previous page' }).click();
  await expect(dialog.getByText('Page 1')).toBeVisible();
  const first = dialog.getByRole('radio', { name: /^Photo 1\b/ });
  await first.check();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('dialog', { name: 'Stock Photos' })).toHaveCount(0);
  await expect(page.getByRole('listitem', { name: 'Image 1' }).getByRole('img', { name: 'campfire-night.jpg' })).toBeVisible();
  await expect(page.getByLabel('Slideshow Delay (seconds)')).toHaveValue('6');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Header saved.')).toBeVisible();
  await expect
    .poll(async () => (await headerOf(community.key))?.images?.[0]?.imageURL)
    .toMatch(new RegExp(`/${community.key}/images/header/\\d+/campfire-night_crop\\.png$`));
});

test('the stock photo dialog opens with a search by GET and Cancel closes it', { tag: '@forms' }, async ({ page, community }) => {
  expect(community.key).toBeTruthy();
  await page.goto('/header-images?stock=beach');
  const dialog = page.getByRole('dialog', { name: 'Stock Photos' });
  await expect(dialog.getByRole('radio', { name: /^Photo 1\b/ })).toBeVisible();
  await expect(dialog.getByLabel('Search photos')).toHaveValue('beach');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog', { name: 'Stock Photos' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Header Images' })).toBeVisible();
});

test('generates an AI image (offline drawing) and uses it', { tag: '@forms' }, async ({ page, community }, info) => {
  const js = info.project.name === 'js';
  await page.goto('/header-images');
  if (js) await expect(page.locator('form[data-hydrated]')).toBeVisible();
  await page.getByRole('button', { name: 'AI Image' }).click();
  const dialog = page.getByRole('dialog', { name: 'AI Images' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/AI image service is offline/)).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Tips for Great Images' })).toBeVisible();
  for (const tip of ['Be descriptive', 'Mood and atmosphere', 'Different art styles', 'Lighting and perspective']) {
    await expect(dialog.getByText(tip)).toBeVisible();
  }
  // No image yet: Close only. An empty prompt does nothing.
  await expect(dialog.getByRole('button', { name: 'Use Image' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('dialog', { name: 'AI Images' }).getByRole('heading', { name: 'Tips for Great Images' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'AI Images' }).getByRole('button', { name: 'Use Image' })).toHaveCount(0);

  await page.getByRole('dialog', { name: 'AI Images' }).getByLabel('Describe the image').fill('Canoes on a quiet lake');
  await page.getByRole('dialog', { name: 'AI Images' }).getByRole('button', { name: 'Search' }).click();
  const after = page.getByRole('dialog', { name: 'AI Images' });
  await expect(after.getByRole('img', { name: 'Generated image: Canoes on a quiet lake' })).toBeVisible();
  await expect(after.getByRole('heading', { name: 'Tips for Great Images' })).toHaveCount(0);
  await after.getByRole('button', { name: 'Use Image' }).click();
  await expect(page.getByRole('dialog', { name: 'AI Images' })).toHaveCount(0);
  await expect(page.getByRole('listitem', { name: 'Image 1' }).getByRole('img', { name: 'ai-canoes-on-a-quiet-lake.png' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Header saved.')).toBeVisible();
  await expect.poll(async () => (await headerOf(community.key))?.images?.[0]?.imageName).toBe('ai-canoes-on-a-quiet-lake.png');
});

test('a crop changed while its upload is in flight cancels the upload @js-only', async ({ page, community }) => {
  expect(community.key).toBeTruthy();
  await page.goto('/header-images');
  await expect(page.locator('form[data-hydrated]')).toBeVisible();
  // The first upload is held until the crop has changed; later ones go through.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let first = true;
  await page.route('**/uploads?**', async (route) => {
    if (first) {
      first = false;
      await held;
    }
    await route.continue().catch(() => {});
  });
  await page.getByLabel('Add image').setInputFiles({ name: 'pier.png', mimeType: 'image/png', buffer: png(1600, 1200, 200) });
  const cropper = page.getByTestId('image-cropper');
  await expect(cropper.locator('img').first()).toBeVisible();
  await page.getByRole('button', { name: 'Use Image' }).click();
  await expect(page.getByRole('progressbar', { name: 'Uploading pier.png' })).toBeVisible();
  // Drag the crop rectangle.
  const stencil = cropper.locator('.advanced-cropper-stencil-wrapper, .advanced-cropper-rectangle-stencil').first();
  const box = (await stencil.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 5, box.y + box.height / 2 + 30, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByText('Upload cancelled: the crop changed. Use Image uploads the new crop.')).toBeVisible();
  release();
  await expect(page.getByRole('region', { name: 'Images' }).getByRole('listitem', { name: 'Image 1' })).toHaveCount(0);
  // Use Image again uploads the new crop.
  await page.getByRole('button', { name: 'Use Image' }).click();
  await expect(page.getByRole('listitem', { name: 'Image 1' }).getByRole('img', { name: 'pier.png' })).toBeVisible();
  await expect(page.getByTestId('image-cropper')).toHaveCount(0);
});
