import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import { createStorage } from '@server/storage';
import { E2E_BASE_URL, E2E_DATA_DIR } from '../../playwright.config';
import { expectNoSeriousViolations } from './axe';
import { e2ePaths, expect, readE2e, submit, test, withE2eDb, type TestCommunity } from './fixtures';

/**
 * The flyer designer (spec 02 "Flyer designer") on a community of its own with an event that
 * has a header image: the event layout, the existing-image mode into history, elements, tags,
 * the downloads drawn by the server (the QR code read back with jsQR; the print PDF's fonts
 * embedded), Delete Flyer; with JavaScript and without, at 1366 and 390 px; the live canvas
 * against the server's PNG of the same design.
 */
const ONE_LINK = 'https://app.example.com/flyer-pines';
test.use({
  communityOptions: {
    role: 'admin',
    label: 'flyer',
    record: { title: 'Flyer Pines', name: 'Flyer Pines', packageNames: { oneLink: ONE_LINK }, timeZone: 'America/Chicago' },
    locationData: { 'amc-events/config/activities': { title: 'Activities' } },
  },
});

const DESKTOP = { width: 1366, height: 900 };
const MOBILE = { width: 390, height: 844 };
const OUT = 'tests/.tmp/flyer';
const EVENT_ID = 'ev-flyer';

/** A 900×1400 portrait header image in the community's storage, and the event that shows it. */
async function seedEvent(community: TestCommunity): Promise<void> {
  const canvas = createCanvas(900, 1400);
  const context = canvas.getContext('2d');
  const gradient = context.createLinearGradient(0, 0, 900, 1400);
  gradient.addColorStop(0, '#d9822b');
  gradient.addColorStop(1, '#5b2a86');
  context.fillStyle = gradient;
  context.fillRect(0, 0, 900, 1400);
  const storage = createStorage({ kind: 'local', root: resolve(E2E_DATA_DIR, 'storage'), baseUrl: E2E_BASE_URL });
  const stored = await storage.put(`${community.key}/images/header/1/pancakes.png`, canvas.toBuffer('image/png'), {
    contentType: 'image/png',
  });
  await withE2eDb((db) =>
    db.ref(e2ePaths.calendarEvent(community.key, 'activities', EVENT_ID)).set({
      title: 'Pancake Breakfast',
      description: '<p>Fresh pancakes &amp; coffee</p>',
      startDate: Date.UTC(2026, 6, 4, 14, 0),
      endDate: Date.UTC(2026, 6, 4, 16, 0),
      allDay: false,
      location: 'Main Pavilion',
      headerInfo: { images: [{ originalURL: stored.url, url: stored.url }] },
    }),
  );
}

async function open(page: Page, javaScriptEnabled: boolean) {
  await page.goto(`/create-flyer/event?event=activities/${EVENT_ID}`);
  await expect(page.getByRole('heading', { name: 'Flyer Designer: Pancake Breakfast', level: 1 })).toBeVisible();
  if (javaScriptEnabled) await page.locator('html[data-page-hydrated]').waitFor({ state: 'attached' });
}

const decodeQr = async (png: Buffer) => {
  const image = await loadImage(png);
  const context = createCanvas(image.width, image.height).getContext('2d');
  context.drawImage(image, 0, 0);
  const data = context.getImageData(0, 0, image.width, image.height);
  return jsQR(new Uint8ClampedArray(data.data), image.width, image.height)?.data ?? null;
};

test(
  'designs an event flyer: event image, tags, a text element, downloads, Delete Flyer',
  { tag: '@forms' },
  async ({ page, community, javaScriptEnabled }) => {
    test.setTimeout(240_000);
    await seedEvent(community);
    const mode = javaScriptEnabled ? 'js' : 'no-js';
    mkdirSync(OUT, { recursive: true });
    await page.setViewportSize(DESKTOP);
    await open(page, javaScriptEnabled);
    await expect(page.getByLabel('Text', { exact: true }).first()).toHaveValue('Pancake Breakfast');
    await expect(page.getByText('Image generation may take up to a minute.')).toBeVisible();

    // Download before an image: the spec's warning.
    await submit(page, page.getByRole('button', { name: 'Download Flyer' }));
    await expect(page.getByText('Please generate an image or select one from history first.').first()).toBeVisible();

    // A tag of the presets again: refused.
    await page.getByLabel('New tag').fill('retro');
    await submit(page, page.getByRole('button', { name: 'Add Tag' }));
    await expect(page.getByText('Tag already exists.').first()).toBeVisible();
    await page.getByLabel('New tag').fill('Breakfast');
    await submit(page, page.getByRole('button', { name: 'Add Tag' }));
    await expect(page.getByRole('checkbox', { name: 'Breakfast' })).toBeChecked();
    expect(await readE2e(e2ePaths.flyersConfig(community.key))).toMatchObject({ customTags: ['Breakfast'] });

    // The event's header image: copied into the flyer history.
    await submit(page, page.getByRole('button', { name: 'Use event header 1' }));
    await expect(page.getByRole('button', { name: 'Use Pancake Breakfast' })).toBeVisible();
    const history = (await readE2e(e2ePaths.flyersGenerated(community.key))) as Record<string, Record<string, unknown>>;
    const [key, entry] = Object.entries(history)[0] ?? [];
    expect(String(entry?.url)).toContain(`${community.key}/images/flyers/`);

    await submit(page, page.getByRole('button', { name: 'Add Text Element' }));
    await expect(page.getByLabel('Text', { exact: true }).last()).toHaveValue('New text element');
    await page.getByLabel('Text', { exact: true }).last().fill('Everyone <b>welcome</b>');
    await submit(page, page.getByRole('button', { name: 'Update Preview' }));
    await expect(page.getByLabel('Text', { exact: true }).last()).toHaveValue('Everyone welcome');
    if (javaScriptEnabled) {
      // Text typed while a post is under way is still there when its answer comes.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const designer = /\/create-flyer\//;
      await page.route(designer, async (route) => {
        if (route.request().method() === 'POST') await held;
        await route.continue();
      });
      await page.getByRole('button', { name: 'Update Preview' }).click();
      await expect(page.locator('html[data-navigating]')).toBeAttached();
      await page.getByLabel('Text', { exact: true }).last().fill('Everyone welcome, bring a friend');
      release();
      await expect(page.locator('html[data-navigating]')).not.toBeAttached();
      await page.unroute(designer);
      await expect(page.getByLabel('Text', { exact: true }).last()).toHaveValue('Everyone welcome, bring a friend');
    }

    const preview = page.getByRole('img', { name: 'Preview of the flyer' });
    if (javaScriptEnabled) await expect(page.getByTestId('canvas-preview')).toHaveAttribute('data-drawn', '');
    else await expect.poll(() => preview.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(512);
    await page.screenshot({ path: `${OUT}/designer-${mode}-1366.png`, fullPage: true });
    await page.mouse.move(0, 0);
    if (javaScriptEnabled) await expectNoSeriousViolations(page);
    // A hovered soft button keeps its text readable (its darker background takes the darker text).
    await page.getByRole('button', { name: 'Add Tag' }).hover();
    if (javaScriptEnabled) await expectNoSeriousViolations(page);
    await page.mouse.move(0, 0);

    // Download Flyer: a PNG named after the title, drawn by the server; its QR code opens the one-link.
    const downloading = page.waitForEvent('download');
    await submit(page, page.getByRole('button', { name: 'Download Flyer' }));
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Pancake Breakfast flyer.png');
    const pngPath = `${OUT}/download-${mode}.png`;
    await download.saveAs(pngPath);
    const png = await loadImage(pngPath);
    expect([png.width, png.height]).toEqual([1024, 1792]);
    const { readFileSync } = await import('node:fs');
    expect(await decodeQr(readFileSync(pngPath))).toBe(ONE_LINK);
    await expect.poll(() => readE2e(e2ePaths.flyerElements(community.key, key ?? ''))).not.toBeNull();

    // The elements are saved with the image: a changed one can go back to its saved version.
    await page.getByLabel('Text', { exact: true }).first().fill('Pancake Brunch');
    await submit(page, page.getByRole('button', { name: 'Update Preview' }));
    await submit(page, page.getByRole('button', { name: 'Revert Title' }));
    await expect(page.getByLabel('Text', { exact: true }).first()).toHaveValue('Pancake Breakfast');
    await expect(page.getByRole('button', { name: 'Revert Title' })).toHaveCount(0);

    const printing = page.waitForEvent('download');
    await submit(page, page.getByRole('button', { name: 'Print PDF' }));
    const pdf = await printing;
    expect(pdf.suggestedFilename()).toBe('Pancake Breakfast flyer.pdf');
    const pdfPath = `${OUT}/print-${mode}.pdf`;
    await pdf.saveAs(pdfPath);
    const fonts = execFileSync('pdffonts', [pdfPath])
      .toString()
      .split('\n')
      .slice(2)
      .filter((line) => line.trim() !== '');
    expect(fonts.length).toBeGreaterThan(0);
    for (const row of fonts) expect(row).toMatch(/\syes\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/);

    await page.setViewportSize(MOBILE);
    await expect(page.getByRole('button', { name: 'Download Flyer' })).toBeVisible();
    await page.screenshot({ path: `${OUT}/designer-${mode}-390.png`, fullPage: true });
    await page.mouse.move(0, 0);
    if (javaScriptEnabled) await expectNoSeriousViolations(page);
    await page.setViewportSize(DESKTOP);

    // Delete Flyer, confirmed: the entry goes and the current flyer loses its image.
    await submit(page, page.getByRole('button', { name: 'Delete Flyer Pancake Breakfast' }));
    await expect(page.getByText('Are you sure you want to permanently delete this flyer from history?')).toBeVisible();
    await submit(page, page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }));
    await expect(page.getByText('The flyer was deleted from history.').first()).toBeVisible();
    expect(await readE2e(e2ePaths.flyersGenerated(community.key))).toBeNull();
    await submit(page, page.getByRole('button', { name: 'Download Flyer' }));
    await expect(page.getByText('Please generate an image or select one from history first.').first()).toBeVisible();
  },
);

test(
  'Load Event Layout asks first, then puts the event’s elements back',
  { tag: '@forms' },
  async ({ page, community, javaScriptEnabled }) => {
    await seedEvent(community);
    // The event editor leads to the designer.
    await page.goto(`/detail/events/activities/${EVENT_ID}`);
    await page.getByRole('link', { name: 'Create Flyer' }).click();
    await expect(page.getByRole('heading', { name: 'Flyer Designer: Pancake Breakfast', level: 1 })).toBeVisible();
    if (javaScriptEnabled) await page.locator('html[data-page-hydrated]').waitFor({ state: 'attached' });
    await page.getByLabel('Text', { exact: true }).first().fill('Changed title');
    await submit(page, page.getByRole('button', { name: 'Load Event Layout' }));
    await expect(page.getByText('Do you want to load text from the event? Any previous element changes will be lost.')).toBeVisible();
    await expect(page.getByLabel('Text', { exact: true }).first()).toHaveValue('Changed title');
    await submit(page, page.getByRole('alertdialog').getByRole('button', { name: 'Load' }));
    await expect(page.getByLabel('Text', { exact: true }).first()).toHaveValue('Pancake Breakfast');
    // Dates in the community's zone (America/Chicago).
    await expect(page.getByLabel('Text', { exact: true }).nth(3)).toHaveValue('9:00 AM - 11:00 AM');
  },
);

test(
  'a refused post shows each message beside what was typed, and keeps the rest of the flyer as posted',
  { tag: '@forms' },
  async ({ page, community, javaScriptEnabled }) => {
    await seedEvent(community);
    await open(page, javaScriptEnabled);
    await page.getByLabel('Title', { exact: true }).fill('Pancakes at noon');
    await page.getByLabel('Text', { exact: true }).first().fill('Typed headline');
    await page.getByLabel('Tint opacity').fill('0.8');
    await submit(page, page.getByRole('button', { name: 'Update Preview' }));
    await expect(page.getByText('Tint is a number from 0 to 0.75.')).toBeVisible();
    await expect(page.getByLabel('Tint opacity')).toHaveValue('0.8');
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Pancakes at noon');
    await expect(page.getByLabel('Text', { exact: true }).first()).toHaveValue('Typed headline');
    // Corrected, the same form is accepted.
    await page.getByLabel('Tint opacity').fill('0.5');
    await submit(page, page.getByRole('button', { name: 'Update Preview' }));
    await expect(page.getByText('Tint is a number from 0 to 0.75.')).toHaveCount(0);
    await expect(page.getByLabel('Tint opacity')).toHaveValue('0.5');
    await expect(page.getByLabel('Text', { exact: true }).first()).toHaveValue('Typed headline');
  },
);

// The canvas is the page with JavaScript: untagged, this test runs in the js project only.
test('the live canvas draws what the server draws', async ({ page, community }) => {
  test.setTimeout(120_000);
  await seedEvent(community);
  await open(page, true);
  await submit(page, page.getByRole('button', { name: 'Use event header 1' }));
  await expect(page.getByRole('button', { name: 'Use Pancake Breakfast' })).toBeVisible();
  const canvas = page.getByTestId('canvas-preview');
  await expect(canvas).toHaveAttribute('data-drawn', '');
  // The drawing after the answer's flyer (its image loaded) is the one compared.
  await expect
    .poll(() => canvas.evaluate((element) => (element as HTMLCanvasElement).getContext('2d')?.getImageData(512, 1700, 1, 1).data[0]))
    .not.toBe(31);
  const browserPng = Buffer.from(
    (await canvas.evaluate((element) => (element as HTMLCanvasElement).toDataURL('image/png'))).replace(/^data:image\/png;base64,/, ''),
    'base64',
  );
  const body = await page.evaluate(() => {
    const form = document.querySelector<HTMLFormElement>('form.flyer-form');
    const data = new FormData(form ?? undefined);
    data.set('intent', 'download');
    return [...data.entries()].map(([name, value]) => [name, String(value)]);
  });
  const response = await page.request.post(`/create-flyer/download?event=activities/${EVENT_ID}`, {
    form: Object.fromEntries(body),
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(response.status(), await response.text()).toBe(200);
  const serverPng = await response.body();
  mkdirSync(OUT, { recursive: true });
  writeFileSync(`${OUT}/browser-canvas.png`, browserPng);
  writeFileSync(`${OUT}/server.png`, serverPng);
  const [mine, theirs] = await Promise.all([loadImage(browserPng), loadImage(serverPng)]);
  expect([mine.width, mine.height]).toEqual([theirs.width, theirs.height]);
  const pixels = (image: typeof mine) => {
    const context = createCanvas(image.width, image.height).getContext('2d');
    context.drawImage(image, 0, 0);
    return context.getImageData(0, 0, image.width, image.height).data;
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
  expect(differing / (mine.width * mine.height)).toBeLessThan(0.01);
});

test(
  'Generate Image runs a job with its progress, then the image is the flyer’s background',
  { tag: '@forms' },
  async ({ page, community, javaScriptEnabled }) => {
    test.setTimeout(120_000);
    await seedEvent(community);
    await open(page, javaScriptEnabled);
    await submit(page, page.getByRole('button', { name: 'Generate Image' }));
    await expect(page.getByText('Describe the image to generate.').first()).toBeVisible();
    await page.getByLabel('What the background shows').fill('Pancakes by a misty lake at sunrise');
    await page.getByRole('checkbox', { name: 'Retro' }).check();
    // An element changed and not yet downloaded comes back with the image.
    await page.getByLabel('Text', { exact: true }).first().fill('Pancakes at the lake');
    // So do the tint, the margins and where the image is cropped.
    await page.getByLabel('Tint', { exact: true }).selectOption('white');
    await page.getByLabel('Tint opacity').fill('0.5');
    await page.getByLabel('Image left (%)').fill('20');
    await page.getByRole('checkbox', { name: /Margins/ }).uncheck();
    await submit(page, page.getByRole('button', { name: 'Generate Image' }));
    await expect(page).toHaveURL(/\/job-status\/flyer-image\/flyer-[^?]+\?back=/);
    const progress = page.getByTestId('job-progress');
    await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
    await expect(progress.getByRole('listitem').first()).toHaveText('An offline sample image was made (no AI service is configured).');
    await page.screenshot({ path: `${OUT}/job-${javaScriptEnabled ? 'js' : 'no-js'}.png`, fullPage: true });
    await page.getByRole('link', { name: 'Use it in the flyer' }).click();
    await expect(page.getByRole('heading', { name: 'Flyer Designer: Pancake Breakfast', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Use Pancake Breakfast' })).toBeVisible();
    await expect(page.getByLabel('Text', { exact: true }).first()).toHaveValue('Pancakes at the lake');
    await expect(page.getByLabel('Tint', { exact: true })).toHaveValue('white');
    await expect(page.getByLabel('Tint opacity')).toHaveValue('0.5');
    await expect(page.getByLabel('Image left (%)')).toHaveValue('20');
    await expect(page.getByRole('checkbox', { name: /Margins/ })).not.toBeChecked();
    const history = (await readE2e(e2ePaths.flyersGenerated(community.key))) as Record<string, Record<string, unknown>>;
    expect(Object.values(history)).toEqual([
      expect.objectContaining({ title: 'Pancake Breakfast', tags: ['Retro'], orientation: 'portrait' }),
    ]);
    // The image is chosen: the download draws it at the flyer size.
    const downloading = page.waitForEvent('download');
    await submit(page, page.getByRole('button', { name: 'Download Background' }));
    const file = await downloading;
    const path = `${OUT}/generated-${javaScriptEnabled ? 'js' : 'no-js'}.png`;
    await file.saveAs(path);
    expect([(await loadImage(path)).width, (await loadImage(path)).height]).toEqual([1024, 1792]);
  },
);
