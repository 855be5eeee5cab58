import { mkdirSync, writeFileSync } from 'node:fs';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import { expectNoSeriousViolations } from './axe';
import { e2ePaths, expect, readE2e, test } from './fixtures';

/**
 * The marketing asset editor (spec 03) on a community of its own with a one-link: the
 * background rule, an upload and a save, with JavaScript (the shared uploader: crop, Use Image,
 * the stored address in the hidden field; decision 047) and without (the file posted with the
 * form); the canvas preview against the server's PNG of the same design; the QR code of the 3×
 * download read back with jsQR.
 */
const ONE_LINK = 'https://app.example.com/pine-hollow';
test.use({
  communityOptions: {
    role: 'system',
    record: { title: 'Asset Springs Resort', name: 'Asset Springs Resort', packageNames: { oneLink: ONE_LINK } },
  },
});

const DESKTOP = { width: 1366, height: 900 };
const MOBILE = { width: 390, height: 844 };
const OUT = 'test-results/marketing-asset';

/** A 1200×800 landscape background and a 300×600 phone. */
/** The uploader's stored crop of an image of the community's marketing_asset_editor bucket. */
const uploaded = (community: string, stem: string) =>
  new RegExp(`/files/${community}/images/marketing_asset_editor/\\d+/${stem}_crop\\.png$`);

/** With JavaScript: a file chosen, cropped and uploaded by the uploader; its address fills the hidden URL field. */
async function uploadThroughUploader(page: Page, label: string, field: string, file: { name: string; buffer: Buffer }, community: string) {
  await page.getByLabel(label, { exact: true }).setInputFiles({ name: file.name, mimeType: 'image/png', buffer: file.buffer });
  const cropper = page.getByTestId('image-cropper');
  await expect(cropper).toBeVisible();
  await cropper.getByRole('button', { name: 'Use Image' }).click();
  await expect(page.locator(`input[type=hidden][name=${field}]`)).toHaveValue(uploaded(community, file.name.replace(/\.png$/, '')));
  await expect(cropper).toHaveCount(0);
  // The file travelled by itself: the form does not post it again.
  await expect(page.getByLabel(label, { exact: true })).toHaveValue('');
}

function pngs(): { bg: Buffer; phone: Buffer } {
  const bg = createCanvas(1200, 800);
  const b = bg.getContext('2d');
  const gradient = b.createLinearGradient(0, 0, 1200, 800);
  gradient.addColorStop(0, '#1f7a5a');
  gradient.addColorStop(1, '#1d3b6e');
  b.fillStyle = gradient;
  b.fillRect(0, 0, 1200, 800);
  const phone = createCanvas(300, 600);
  const p = phone.getContext('2d');
  p.fillStyle = '#111111';
  p.fillRect(0, 0, 300, 600);
  p.fillStyle = '#88ccff';
  p.fillRect(15, 40, 270, 520);
  return { bg: bg.toBuffer('image/png'), phone: phone.toBuffer('image/png') };
}

test(
  'refuses a save without a background, then uploads and saves the asset',
  { tag: '@forms' },
  async ({ page, community, javaScriptEnabled }) => {
    // Two uploads, two server renders and two axe audits at two widths.
    test.setTimeout(240_000);
    await page.setViewportSize(DESKTOP);
    await page.goto('/marketing/asset-editor');
    await expect(page.getByRole('heading', { name: 'Marketing Asset Editor', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('INTRODUCING OUR MOBILE APP');
    await expect(page.getByRole('img', { name: 'Preview of the marketing asset' })).toBeVisible();

    await page.getByLabel('Title', { exact: true }).fill('VISIT ASSET SPRINGS');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please select background image first before saving' })).toBeVisible();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('VISIT ASSET SPRINGS');
    expect(await readE2e(e2ePaths.marketingAssetEditor(community.key))).toBeNull();

    const { bg, phone } = pngs();
    mkdirSync(OUT, { recursive: true });
    if (javaScriptEnabled) {
      // The uploader: the background cropped square, with its progress, then the phone image.
      await page.locator('html[data-page-hydrated]').waitFor();
      await page.getByLabel('Background Image', { exact: true }).setInputFiles({ name: 'bg.png', mimeType: 'image/png', buffer: bg });
      await expect(page.getByTestId('image-cropper').getByRole('button', { name: 'Use Image' })).toBeEnabled();
      await page.screenshot({ path: `${OUT}/editor-js-cropper-1366.png`, fullPage: true });
      await expectNoSeriousViolations(page);
      await page.getByTestId('image-cropper').getByRole('button', { name: 'Cancel' }).click();
      await uploadThroughUploader(page, 'Background Image', 'bgUrl', { name: 'bg.png', buffer: bg }, community.key);
      await expect(page.getByRole('img', { name: 'Background Image (stored)' })).toBeVisible();
      await uploadThroughUploader(page, 'Phone Image', 'phoneUrl', { name: 'phone.png', buffer: phone }, community.key);
    } else {
      // Without JavaScript the files post with the form.
      await page.getByLabel('Background Image', { exact: true }).setInputFiles({ name: 'bg.png', mimeType: 'image/png', buffer: bg });
      await page.getByLabel('Phone Image', { exact: true }).setInputFiles({ name: 'phone.png', mimeType: 'image/png', buffer: phone });
    }
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved!')).toBeVisible();
    const stored = (await readE2e(e2ePaths.marketingAssetEditor(community.key))) as Record<string, unknown>;
    expect(stored).toMatchObject({ title: 'VISIT ASSET SPRINGS', backgroundOverlayColor: '#00000066' });
    if (javaScriptEnabled) {
      expect(String(stored.bgUrl)).toMatch(uploaded(community.key, 'bg'));
      expect(String(stored.phoneUrl)).toMatch(uploaded(community.key, 'phone'));
      // The background was cropped square (the canvas is square), out of the 1200×800 file.
      const crop = await loadImage(Buffer.from(await (await page.request.get(String(stored.bgUrl))).body()));
      expect(Math.abs(crop.width - crop.height)).toBeLessThanOrEqual(1);
      expect(crop.height).toBeLessThanOrEqual(800);
      // The phone image's crop is free and starts with the whole image: nothing of it is cut.
      const phoneCrop = await loadImage(Buffer.from(await (await page.request.get(String(stored.phoneUrl))).body()));
      expect([phoneCrop.width, phoneCrop.height]).toEqual([300, 600]);
    } else {
      expect(String(stored.bgUrl)).toContain(`${community.key}/images/marketing_asset_editor/bg.png`);
      expect(String(stored.phoneUrl)).toContain(`${community.key}/images/marketing_asset_editor/phone.png`);
    }
    await expect(page.getByRole('img', { name: 'Background Image (stored)' })).toBeVisible();

    const preview = page.getByRole('img', { name: 'Preview of the marketing asset' });
    if (javaScriptEnabled) await expect(page.getByTestId('canvas-preview')).toHaveAttribute('data-drawn', '');
    else await expect.poll(() => preview.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(900);
    await page.screenshot({ path: `${OUT}/editor-${javaScriptEnabled ? 'js' : 'no-js'}-1366.png`, fullPage: true });
    // Without JavaScript the preview is the server's image: that markup is audited too.
    await expectNoSeriousViolations(page);
    await page.setViewportSize(MOBILE);
    await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
    await page.screenshot({ path: `${OUT}/editor-${javaScriptEnabled ? 'js' : 'no-js'}-390.png`, fullPage: true });
    await expectNoSeriousViolations(page);
  },
);

test('the canvas preview draws what the server draws, and the download’s QR code opens the one-link', async ({ page, community }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await page.goto('/marketing/asset-editor');
  await page.locator('html[data-page-hydrated]').waitFor();
  const { bg, phone } = pngs();
  // Both images through the uploader: the server's drawing must read the uploader's stored files.
  await uploadThroughUploader(page, 'Background Image', 'bgUrl', { name: 'bg.png', buffer: bg }, community.key);
  await uploadThroughUploader(page, 'Phone Image', 'phoneUrl', { name: 'phone.png', buffer: phone }, community.key);
  await page.getByLabel('Font', { exact: true }).selectOption('Georgia');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved!')).toBeVisible();
  expect(await readE2e(e2ePaths.marketingAssetEditor(community.key))).toMatchObject({
    fontFamily: 'Georgia',
    bgUrl: expect.stringMatching(uploaded(community.key, 'bg')),
  });

  await page.reload();
  const canvas = page.getByTestId('canvas-preview');
  await expect(canvas).toHaveAttribute('data-drawn', '');
  const dataUrl = await canvas.evaluate((element) => (element as HTMLCanvasElement).toDataURL('image/png'));
  const browserPng = Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
  const server = await page.request.get('/marketing/asset-editor/image.png');
  expect(server.status()).toBe(200);
  expect(server.headers()['content-type']).toBe('image/png');
  const serverPng = await server.body();
  mkdirSync(OUT, { recursive: true });
  writeFileSync(`${OUT}/browser-canvas.png`, browserPng);
  writeFileSync(`${OUT}/server.png`, serverPng);

  const [mine, theirs] = await Promise.all([loadImage(browserPng), loadImage(serverPng)]);
  expect([mine.width, mine.height, theirs.width, theirs.height]).toEqual([900, 900, 900, 900]);
  const pixels = (image: typeof mine) => {
    const context = createCanvas(900, 900).getContext('2d');
    context.drawImage(image, 0, 0);
    return context.getImageData(0, 0, 900, 900).data;
  };
  const [a, b] = [pixels(mine), pixels(theirs)];
  let differing = 0;
  for (let index = 0; index < a.length; index += 4) {
    const delta = Math.max(
      Math.abs((a[index] ?? 0) - (b[index] ?? 0)),
      Math.abs((a[index + 1] ?? 0) - (b[index + 1] ?? 0)),
      Math.abs((a[index + 2] ?? 0) - (b[index + 2] ?? 0)),
    );
    if (delta > 48) differing += 1;
  }
  // Anti-aliasing of glyph edges may differ between the two Skia builds; the picture may not.
  expect(differing / (900 * 900)).toBeLessThan(0.01);

  const download = await page.request.get('/marketing/asset-editor/image.png?scale=3&download=1');
  expect(download.headers()['content-disposition']).toContain('marketing-asset.png');
  const large = await loadImage(await download.body());
  expect([large.width, large.height]).toEqual([2700, 2700]);
  const context = createCanvas(2700, 2700).getContext('2d');
  context.drawImage(large, 0, 0);
  const qrBox = { x: 100 * 3 - 30, y: 720 * 3 - 30, size: 80 * 3 + 60 };
  const region = context.getImageData(qrBox.x, qrBox.y, qrBox.size, qrBox.size);
  expect(jsQR(new Uint8ClampedArray(region.data), qrBox.size, qrBox.size)?.data).toBe(ONE_LINK);
});
