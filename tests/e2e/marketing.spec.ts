import { createCanvas } from '@napi-rs/canvas';
import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { e2ePaths, expect, readE2e, test, withE2eDb } from './fixtures';

/**
 * The marketing screen (spec 03 "Marketing screen", §4 "Package form (marketing)") on a
 * community of its own, with JavaScript and without: the Administrative tray's Marketing button
 * leads here; the badges, the one-link with its QR code, the package form with its messages, a
 * save of the changed fields ('Saved!'), a form without changes closing, an image through the
 * uploader; a system administrator's Update System. The rules (which fields are written, the
 * conflicts, the QR code decoding) are proven in server/marketing and
 * app/features/marketing/marketing.server.test.ts.
 */

const PACKAGE = { android: 'com.marketing.e2e', ios: 'com.marketing.e2e.ios', iosId: 6450099999, oneLink: 'https://e2e.go.link/app' };

/**
 * The system administrator's test below writes a field of the system-wide record, which every
 * community shows where it has no value of its own. This community keeps its own value of that
 * field, so what its form shows never changes under it.
 */
const ADMIN_PACKAGE = { ...PACKAGE, adjustToken: 'meadows-token' };

test.describe('an admin of the community', () => {
  test.use({ communityOptions: { role: 'admin', record: { title: 'Marketing Meadows', packageNames: ADMIN_PACKAGE } } });

  test(
    'sees the snippets and QR code, and saves the package form',
    { tag: '@forms' },
    async ({ page, community, javaScriptEnabled, context }) => {
      // The Administrative tray's Marketing button leads here.
      await page.goto('/');
      await page.getByRole('complementary', { name: 'Button navigation' }).getByRole('link', { name: 'Marketing', exact: true }).click();
      await expect(page).toHaveURL(/\/marketing$/);
      await expect(page.getByRole('heading', { name: 'Marketing', level: 1 })).toBeVisible();

      // Both badges, each linking to its store; the snippets to copy.
      const vertical = page.getByRole('region', { name: 'Vertical Badges' });
      await expect(vertical.getByRole('link', { name: 'Download on the App Store' })).toHaveAttribute(
        'href',
        'https://apps.apple.com/app/id6450099999',
      );
      await expect(vertical.getByRole('link', { name: 'Get it on Google Play' })).toHaveAttribute(
        'href',
        'https://play.google.com/store/apps/details?id=com.marketing.e2e',
      );
      const snippet = page.getByRole('textbox', { name: 'Horizontal badge snippet' });
      await expect(snippet).toHaveAttribute('readonly', '');
      await expect(snippet).toHaveValue(
        /flex-direction:row[\s\S]*apps\.apple\.com\/app\/id6450099999[\s\S]*\/badges\/google-play-badge\.svg/,
      );
      if (javaScriptEnabled) {
        await context.grantPermissions(['clipboard-read', 'clipboard-write']);
        await page.locator('html[data-page-hydrated]').waitFor();
        await page.getByRole('button', { name: 'Copy Vertical badge snippet' }).click();
        await expect(vertical.getByRole('status')).toHaveText('Copied');
        expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('flex-direction:column');
      } else {
        await expect(page.getByRole('button', { name: /^Copy/ })).toHaveCount(0);
      }
      const oneLink = page.getByRole('region', { name: 'One-Link' });
      await expect(oneLink.getByRole('img', { name: `QR code for ${PACKAGE.oneLink}` })).toBeVisible();
      await expect(oneLink.getByRole('textbox', { name: 'One-Link URL' })).toHaveValue(PACKAGE.oneLink);

      // The package form: the spec's rules with their messages, what was typed kept.
      await page.getByRole('link', { name: 'Edit Package Names' }).click();
      const form = page.getByRole('form', { name: 'Update Package Names' });
      await expect(form.getByLabel('iOS ID', { exact: true })).toHaveValue('6450099999');
      await form.getByLabel('One-Link URL').fill('not a link');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form.getByText('Valid URL(e.g. https://example.com) is required.')).toBeVisible();
      await form.getByLabel('iOS ID', { exact: true }).fill('64500x');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form.getByText('iOS ID must be a number.')).toBeVisible();
      await expect(form.getByLabel('One-Link URL')).toHaveValue('not a link');
      expect(await readE2e(e2ePaths.communityPackageNames(community.key))).toEqual(ADMIN_PACKAGE);

      // A phone-only image through the uploader (with JavaScript: cropped and uploaded at once; without: posted with Save).
      const canvas = createCanvas(300, 600);
      canvas.getContext('2d').fillRect(0, 0, 300, 600);
      await form
        .getByLabel('Upload Phone Only Image')
        .setInputFiles({ name: 'phone.png', mimeType: 'image/png', buffer: canvas.toBuffer('image/png') });
      if (javaScriptEnabled) {
        await form.getByRole('button', { name: 'Use Image' }).click();
        await expect(form.getByLabel('Phone Only Image', { exact: true })).toHaveValue(
          /\/files\/.+\/images\/marketing\/\d+\/phone_crop\.png$/,
        );
      }

      await form.getByLabel('iOS ID', { exact: true }).fill('6450099999');
      await form.getByLabel('One-Link URL').fill('');
      await form.getByLabel('Analytics Table ID').fill('meadows_app');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Saved!')).toBeVisible();
      await expect(page.getByRole('form', { name: 'Update Package Names' })).toBeHidden();
      await expect(page.getByRole('region', { name: 'One-Link' })).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Phone Only Image' }).getByRole('img', { name: 'Phone only image' })).toBeVisible();
      const saved = await readE2e<Record<string, unknown>>(e2ePaths.communityPackageNames(community.key));
      expect(saved).toMatchObject({
        android: PACKAGE.android,
        ios: PACKAGE.ios,
        iosId: PACKAGE.iosId,
        adjustToken: ADMIN_PACKAGE.adjustToken,
        tableId: 'meadows_app',
      });
      expect(saved).not.toHaveProperty('oneLink');
      expect(String(saved?.phoneOnlyImage)).toMatch(/\/images\/marketing\/\d+\/phone_crop\.png$/);

      // No change: the form closes without writing (and without 'Saved!').
      await page.getByRole('link', { name: 'Edit Package Names' }).click();
      await page.getByRole('form', { name: 'Update Package Names' }).getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('form', { name: 'Update Package Names' })).toBeHidden();
      await expect(page).toHaveURL(/\/marketing$/);
      expect(await readE2e(e2ePaths.communityPackageNames(community.key))).toEqual(saved);
    },
  );

  test('passes axe at 1366 and 390 px, with the form closed and open', async ({ page, community }, info) => {
    // Four pages, each audited and photographed.
    test.slow();
    expect(community.role).toBe('admin');
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ['/marketing', '/marketing?edit=package']) {
        await page.goto(path);
        await page.locator('html[data-page-hydrated]').waitFor();
        await expect(page.getByRole('region', { name: 'One-Link' })).toBeVisible();
        await expectNoSeriousViolations(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} at ${width} px`).toBeLessThanOrEqual(width);
        await page.screenshot({
          path: `tests/.tmp/marketing-${width}${path.includes('edit') ? '-form' : ''}-${info.project.name}.png`,
          fullPage: true,
        });
      }
    }
  });
});

test.describe('an editor who is not an admin', () => {
  test.use({ communityOptions: { role: 'editor', record: { title: 'Marketing Editors', packageNames: PACKAGE } } });

  test('is refused the page', async ({ page, community }) => {
    expect(community.role).toBe('editor');
    const response = await page.goto('/marketing');
    expect(response?.status()).toBe(403);
  });
});

test.describe('a system administrator of several communities', () => {
  test.use({
    communityOptions: {
      role: 'system',
      record: { title: 'Marketing System', packageNames: { ...PACKAGE, adjustToken: 'community-token' } },
    },
  });

  const answer = async (page: Page, button: 'Update System' | 'Update Community Only') => {
    const form = page.getByRole('form', { name: 'Update Package Names' });
    await form.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Update Package Names' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: button }).click();
    await expect(page.getByText('Saved!')).toBeVisible();
  };

  test('chooses Update System: written system-wide, cleared in the community', { tag: '@forms' }, async ({ page, community }) => {
    const token = `system-token-${community.key}`;
    try {
      await page.goto('/marketing?edit=package');
      await page.getByRole('form', { name: 'Update Package Names' }).getByLabel('Tracking Token').fill(token);
      await answer(page, 'Update System');
      expect(await readE2e(`${e2ePaths.systemPackageNames()}/adjustToken`)).toBe(token);
      expect(await readE2e(e2ePaths.communityPackageNames(community.key))).toEqual(PACKAGE);

      await page.getByRole('link', { name: 'Edit Package Names' }).click();
      await expect(page.getByRole('form', { name: 'Update Package Names' }).getByLabel('Tracking Token')).toHaveValue(token);
      await page.getByRole('form', { name: 'Update Package Names' }).getByLabel('Analytics Table ID').fill('system_meadows');
      await answer(page, 'Update Community Only');
      expect(await readE2e(e2ePaths.communityPackageNames(community.key))).toEqual({ ...PACKAGE, tableId: 'system_meadows' });
    } finally {
      // The system-wide record is shared by every test's community: leave it as it was.
      await withE2eDb(async (db) => {
        const ref = db.ref(`${e2ePaths.systemPackageNames()}/adjustToken`);
        if ((await ref.get()).val() === token) await ref.remove();
      });
    }
  });
});

test('the demo resort shows its images: set in its package names, and the ongoing one found in storage', async ({
  page,
  loginAs,
}, info) => {
  await loginAs('admin@demo.example');
  await page.goto('/marketing');
  for (const [region, image] of [
    ['Phone Only Image', 'Phone only image'],
    ['Introducing Marketing Image', 'Introducing marketing image'],
    ['Ongoing Marketing Image', 'Ongoing marketing image'],
  ] as const) {
    const shown = page.getByRole('region', { name: region }).getByRole('img', { name: image });
    await expect(shown).toBeVisible();
    // Loaded, not a broken image.
    await expect.poll(() => shown.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  }
  await expect(page.getByRole('region', { name: 'Ongoing Marketing Image' }).getByRole('img')).toHaveAttribute(
    'src',
    /\/files\/demo-campground\/images\/social_marketing_downloaded\.png$/,
  );
  await page.screenshot({ path: `tests/.tmp/marketing-demo-${info.project.name}.png`, fullPage: true });
});
