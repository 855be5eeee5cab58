import { createCanvas } from '@napi-rs/canvas';
import type { Page } from '@playwright/test';
import { E2E_BASE_URL } from '../../playwright.config';
import { expectNoSeriousViolations } from './axe';
import { createCommunity, e2ePaths, expect, readE2e, signIn, submit, test, withE2eDb, type TestCommunity } from './fixtures';

/**
 * Splash screens and banner ads (spec 02 "Listing routes" context splashscreen, §7 "delete
 * splash screens across apps; ads pages update"; spec 03 §6 Administrative tray, §9 "banner ad /
 * splash (title, url, drawable, pages)"; decision 042): an admin opens each list from its tray
 * button, adds an item with the shared uploader, chooses its apps or pages, and deletes it; with
 * JavaScript and without, at 1366 and 390 px. Each test makes its communities of its own (copied
 * from the demo campground without its splash screens and ads).
 */

const EMPTY = { locationData: { splashscreen: null, ads: null } };
test.use({ communityOptions: { label: 'promos', from: 'demo-campground', ...EMPTY }, viewport: { width: 1366, height: 900 } });

async function audit(page: Page, project: string) {
  if (project === 'js') await expectNoSeriousViolations(page);
}

async function shot(page: Page, name: string, project: string) {
  await page.screenshot({ path: `tests/.tmp/promos-${name}-${project}.png`, fullPage: true });
}

function png(width: number, height: number): Buffer {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#2E6B4F';
  context.fillRect(0, 0, width, height);
  return canvas.toBuffer('image/png');
}

/** Chooses the image with the uploader: with JavaScript cropped and uploaded at once; without, posted with the form. */
async function chooseImage(page: Page, label: string, buffer: Buffer, javaScript: boolean) {
  const editor = page.locator('#editor');
  await editor.getByLabel(label, { exact: true }).setInputFiles({ name: 'promo.png', mimeType: 'image/png', buffer });
  if (javaScript) {
    await editor.getByRole('button', { name: 'Use Image' }).click();
    await expect(editor.getByLabel('Image', { exact: true })).toHaveValue(
      /\/files\/.+\/images\/(splashscreen|ads)\/\d+\/promo_crop\.png$/,
      {
        timeout: 60_000,
      },
    );
  }
}

/** The community's staff member also administers `other`. */
async function alsoAdminOf(community: TestCommunity, other: TestCommunity) {
  await withE2eDb(async (db) => {
    await db
      .ref(e2ePaths.userCommunityRights(community.user.uid, other.key))
      .set({ isEditor: true, isAdmin: true, canNotify: true, isResortSystem: false });
  });
}

test('an admin adds a splash screen to two apps and deletes it from both @forms', async ({ page, community }, info) => {
  test.slow();
  const js = info.project.name === 'js';
  const other = await createCommunity({ label: 'promos-b', ...EMPTY });
  await alsoAdminOf(community, other);

  await page.goto('/');
  await page.getByRole('region', { name: 'Button tray' }).getByRole('link', { name: 'Splash Screens', exact: true }).click();
  await expect(page).toHaveURL(/\/listnm\/splashscreen$/);
  await expect(page.getByRole('heading', { name: 'Splash Screens' }).first()).toBeVisible();
  await expect(page.getByText('There are no splash screens yet.').first()).toBeVisible();

  await page.getByRole('link', { name: 'Add Splash Screen' }).click();
  const editor = page.locator('#editor');
  await expect(editor.getByRole('heading', { name: 'Add Splash Screen' })).toBeVisible();
  // Nothing filled in: the spec's message, and the image asked for.
  await submit(page, editor.getByRole('button', { name: 'Add', exact: true }));
  await expect(editor.getByText('Title is required.')).toBeVisible();
  await expect(editor.getByText('Image is required.')).toBeVisible();

  await editor.getByLabel('Title', { exact: true }).fill('Summer Welcome');
  await editor.getByLabel('Web Address', { exact: true }).fill('https://pines.example/summer');
  await expect(editor.getByRole('checkbox', { name: `${community.displayName} (this app)` })).toBeChecked();
  await editor.getByRole('checkbox', { name: other.displayName }).check();
  await chooseImage(page, 'Splash Image', png(400, 860), js);
  await audit(page, info.project.name);
  await shot(page, 'splash-add', info.project.name);
  await submit(page, editor.getByRole('button', { name: 'Add', exact: true }));
  await expect(page.getByText('The splash screen has been added.')).toBeVisible();
  const row = page.locator('.list-row-title', { hasText: 'Summer Welcome' });
  await expect(row).toBeVisible();
  await expect(page.getByText('On 2 apps')).toBeVisible();

  const stored = await readE2e<Record<string, { title: string; pages: string[]; drawable: string }>>(e2ePaths.splashScreens(community.key));
  const [key, record] = Object.entries(stored ?? {})[0]!;
  expect(record).toMatchObject({ title: 'Summer Welcome', pages: [community.key, other.key] });
  expect(record.drawable).toMatch(/\/images\/splashscreen\/\d+\/promo_crop\.png$/);
  expect(await readE2e(e2ePaths.splashScreen(other.key, key))).toEqual(record);
  await audit(page, info.project.name);
  await shot(page, 'splash-list', info.project.name);

  // Delete asks first, then removes it from both apps.
  await page.goto(`/listnm/splashscreen/edit/${key}#editor`);
  await expect(editor.getByRole('img', { name: 'Splash Screen preview' })).toBeVisible();
  await submit(page, editor.getByRole('button', { name: 'Delete', exact: true }));
  const dialog = page.getByRole('alertdialog', { name: 'Delete Splash Screen' });
  await expect(dialog).toContainText('removed from every app that shows it');
  await audit(page, info.project.name);
  await shot(page, 'splash-delete', info.project.name);
  await submit(page, dialog.getByRole('button', { name: 'Delete', exact: true }));
  await expect(page.getByText('The splash screen has been deleted from every app that showed it.')).toBeVisible();
  expect(await readE2e(e2ePaths.splashScreen(community.key, key))).toBeNull();
  expect(await readE2e(e2ePaths.splashScreen(other.key, key))).toBeNull();
});

test('an admin adds a banner ad to listing pages and keeps its pages @forms', async ({ page, community }, info) => {
  test.slow();
  const js = info.project.name === 'js';
  await page.goto('/');
  await page.getByRole('region', { name: 'Button tray' }).getByRole('link', { name: 'Banner Ads', exact: true }).click();
  await expect(page).toHaveURL(/\/listnm\/ads$/);
  await page.getByRole('link', { name: 'Add Banner Ad' }).click();
  const editor = page.locator('#editor');
  await editor.getByLabel('Title', { exact: true }).fill('Kayak Rentals');
  await editor.getByLabel('Web Address', { exact: true }).fill('not a link');
  // The community's listing pages (menu items that open a list), not its website or form items.
  await expect(editor.getByRole('checkbox', { name: 'Dining' })).toBeVisible();
  await expect(editor.getByRole('checkbox', { name: 'Visitor Registration' })).toHaveCount(0);
  await editor.getByRole('checkbox', { name: 'Dining' }).check();
  await editor.getByRole('checkbox', { name: 'FAQs' }).check();
  await chooseImage(page, 'Banner Image', png(1280, 200), js);
  await submit(page, editor.getByRole('button', { name: 'Add', exact: true }));
  await expect(editor.getByText('Valid URL(e.g. https://example.com) is required.')).toBeVisible();
  // Nothing typed is lost.
  await expect(editor.getByLabel('Title', { exact: true })).toHaveValue('Kayak Rentals');
  await expect(editor.getByRole('checkbox', { name: 'FAQs' })).toBeChecked();
  await audit(page, info.project.name);
  await shot(page, 'ad-refused', info.project.name);

  await editor.getByLabel('Web Address', { exact: true }).fill('https://kayaks.example');
  await submit(page, editor.getByRole('button', { name: 'Add', exact: true }));
  await expect(page.getByText('The banner ad has been added.')).toBeVisible();
  const stored = await readE2e<Record<string, { pages: string[] }>>(e2ePaths.ads(community.key));
  const [key, record] = Object.entries(stored ?? {})[0]!;
  expect(record.pages).toEqual(['dining', 'faqs']);

  await page.goto(`/listnm/ads/edit/${key}#editor`);
  await editor.getByRole('checkbox', { name: 'FAQs' }).uncheck();
  await submit(page, editor.getByRole('button', { name: 'Save', exact: true }));
  await expect(page.getByText('The banner ad has been saved.')).toBeVisible();
  expect((await readE2e<{ pages: string[] }>(e2ePaths.ad(community.key, key)))?.pages).toEqual(['dining']);
  await audit(page, info.project.name);
  await shot(page, 'ad-list', info.project.name);
});

test('an editor has no Administrative tray and is refused the lists', async ({ page, loginAs }) => {
  await loginAs('editor@demo.example');
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Community Setup', exact: true }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Splash Screens', exact: true })).toHaveCount(0);
  expect((await page.goto('/listnm/splashscreen'))?.status()).toBe(403);
  expect((await page.goto('/listnm/ads/add'))?.status()).toBe(403);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the lists and the editors fit the screen', async ({ page, community }, info) => {
    await withE2eDb(async (db) => {
      await db
        .ref(e2ePaths.ad(community.key, 'phone-ad'))
        .set({ title: 'Phone Ad', url: 'https://ad.example', drawable: '', pages: ['dining'] });
    });
    for (const address of ['/listnm/splashscreen/add#editor', '/listnm/ads', '/listnm/ads/edit/phone-ad#editor']) {
      await page.goto(address);
      await expect(page.getByRole('heading', { name: /Splash Screen|Banner Ad/ }).first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), address).toBeLessThanOrEqual(390);
      await audit(page, info.project.name);
      await shot(page, `phone-${address.split('/')[2]}-${address.split('/')[3]?.replace(/[^a-z]/g, '') ?? 'list'}`, info.project.name);
    }
  });
});

test.describe('the studio project', () => {
  const STUDIO_URL = E2E_BASE_URL.replace('127.0.0.1', 'studio.localhost');
  test.use({ baseURL: STUDIO_URL });

  test("the lists' addresses open 'Feature Unavailable' on the home screen", async ({ page, context }) => {
    await signIn(context, 'admin@demo.example');
    const session = (await context.cookies(E2E_BASE_URL)).find((cookie) => cookie.name === '__session');
    if (!session) throw new Error('signing in gave no session cookie');
    await context.addCookies([{ name: '__session', value: session.value, url: STUDIO_URL, httpOnly: true, sameSite: 'Lax' }]);
    const dialog = page.getByRole('alertdialog', { name: 'Feature Unavailable' });
    for (const [address, id] of [
      ['/listnm/splashscreen', 'splashscreens'],
      ['/listnm/ads/add', 'banner-ads'],
    ] as const) {
      await page.goto(address);
      await expect(page).toHaveURL(`${STUDIO_URL}/?unavailable=${id}`);
      await expect(dialog).toBeVisible();
    }
  });
});
