import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { createLocalDiskStorage } from '@server/storage/local-disk';
import { E2E_DATA_DIR } from '../../playwright.config';
import { expectNoSeriousViolations } from './axe';
import { e2ePaths, expect, readE2e, submit, test, withE2eDb, type TestCommunity } from './fixtures';

/**
 * File management (spec 02 "Listing routes" context files; spec 03 §6 Administrative tray, §9;
 * decision 043): an admin opens Files from the tray, goes into a folder, uploads, renames (a bad
 * name refused with its reason, what was typed kept; a file a menu item uses asked first, the item
 * updated and its image still loading), copies a link, and deletes — asked first,
 * and told which record uses a file; with JavaScript and without, at 1366 and 390 px. Each test
 * stores the files of a community of its own.
 */

test.use({ communityOptions: { label: 'files', role: 'admin' }, viewport: { width: 1366, height: 900 } });

const LIST = '/listnm/files';
/** The e2e server's local storage (server/services.ts: `{DATA_DIR}/storage`). */
const storage = () => createLocalDiskStorage({ root: join(E2E_DATA_DIR, 'storage') });

// A 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function audit(page: Page, project: string) {
  if (project === 'js') await expectNoSeriousViolations(page);
}

async function shot(page: Page, name: string, project: string) {
  await page.screenshot({ path: `tests/.tmp/files-${name}-${project}.png`, fullPage: true });
}

/** A brochure in a folder of the community's own, as an earlier upload left it. */
async function addBrochure(community: TestCommunity) {
  await storage().put(`${community.key}/images/brochures/price-list.png`, new Uint8Array(PNG), { contentType: 'image/png' });
}

const rows = (page: Page) => page.getByTestId('file-row');

test('an admin uploads, renames, copies a link and deletes, warned of a file in use @forms', async ({ page, community }, info) => {
  test.slow();
  await addBrochure(community);
  await page.goto('/');
  await page.getByRole('link', { name: 'Files', exact: true }).first().click();
  await expect(page).toHaveURL(/\/listnm\/files$/);
  await expect(page.getByRole('heading', { name: 'Files', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'brochures/' }).click();
  await expect(page).toHaveURL(/folder=brochures/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('price-list.png');
  await expect(page.getByRole('navigation', { name: 'Folder' })).toContainText('brochures');

  // Upload two files into the folder.
  await page.getByLabel('Upload to this folder').setInputFiles([
    { name: 'pool map.png', mimeType: 'image/png', buffer: PNG },
    { name: 'trail.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await submit(page, page.getByRole('button', { name: 'Upload', exact: true }));
  await expect(page.getByText('2 files uploaded.')).toBeVisible();
  await expect(rows(page)).toHaveCount(3);
  await expect(page.getByRole('link', { name: 'pool-map.png', exact: true })).toBeVisible();
  await audit(page, info.project.name);
  await shot(page, 'folder', info.project.name);

  // The same name again is refused: nothing is replaced.
  await page.getByLabel('Upload to this folder').setInputFiles([{ name: 'trail.png', mimeType: 'image/png', buffer: PNG }]);
  await submit(page, page.getByRole('button', { name: 'Upload', exact: true }));
  await expect(page.getByText('A file named trail.png is already in this folder.')).toBeVisible();

  // Rename: a name with a slash is refused with its reason, what was typed kept.
  await page.getByRole('link', { name: 'Rename trail.png' }).click();
  const newName = page.getByLabel('New name');
  await newName.fill('../trail.png');
  await submit(page, page.getByRole('button', { name: 'Save Name' }));
  await expect(page.getByText('A name cannot contain / or \\.')).toBeVisible();
  await expect(page.getByLabel('New name')).toHaveValue('../trail.png');
  await audit(page, info.project.name);
  await shot(page, 'rename-refused', info.project.name);
  await page.getByLabel('New name').fill('nature-trail.png');
  await submit(page, page.getByRole('button', { name: 'Save Name' }));
  await expect(page.getByText('trail.png renamed to nature-trail.png.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'nature-trail.png', exact: true })).toBeVisible();
  expect(await storage().exists(`${community.key}/images/brochures/nature-trail.png`)).toBe(true);
  expect(await storage().exists(`${community.key}/images/brochures/trail.png`)).toBe(false);

  // Copy Link: the address the app loads the file from.
  await page.getByText('Copy Link').first().click();
  const link = page.getByRole('textbox', { name: 'Link to nature-trail.png' });
  await expect(link).toHaveValue(/\/files\/.+\/images\/brochures\/nature-trail\.png$/);
  const url = await link.inputValue();

  // A menu item uses the file: renaming it asks first, then the item names the new address and its image still loads.
  await withE2eDb((db) => db.ref(e2ePaths.menu(community.key, 'main-menu')).set([{ title: 'Trail Map', url, typeId: 'file' }]));
  await page.getByRole('link', { name: 'Rename nature-trail.png' }).click();
  await page.getByLabel('New name').fill('trail-map.png');
  await submit(page, page.getByRole('button', { name: 'Save Name' }));
  const askRename = page.getByRole('alertdialog');
  await expect(askRename).toContainText('This file is used by main-menu “Trail Map”. They will be updated to the new address.');
  await expect(askRename).toContainText('Rename nature-trail.png to trail-map.png?');
  expect(await storage().exists(`${community.key}/images/brochures/nature-trail.png`)).toBe(true);
  await audit(page, info.project.name);
  await shot(page, 'confirm-rename', info.project.name);
  await submit(page, askRename.getByRole('button', { name: 'Rename', exact: true }));
  await expect(page.getByText('nature-trail.png renamed to trail-map.png. 1 record field updated to the new address.')).toBeVisible();
  const [item] = (await readE2e(e2ePaths.menu(community.key, 'main-menu'))) as Array<{ url: string }>;
  expect(item!.url).toBe(url.replace('nature-trail.png', 'trail-map.png'));
  const image = await page.request.get(item!.url);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');

  // Deleting it warns, and Delete does it.
  await submit(page, page.getByRole('button', { name: 'Delete trail-map.png' }));
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText('This file is used by main-menu “Trail Map”.');
  await expect(ask).toContainText('Are you certain you want to delete?');
  expect(await storage().exists(`${community.key}/images/brochures/trail-map.png`)).toBe(true);
  await audit(page, info.project.name);
  await shot(page, 'confirm', info.project.name);
  await submit(page, ask.getByRole('button', { name: 'Delete', exact: true }));
  await expect(page.getByText('trail-map.png deleted.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'trail-map.png', exact: true })).toHaveCount(0);
  expect(await storage().exists(`${community.key}/images/brochures/trail-map.png`)).toBe(false);

  // A file nothing uses is asked about too; Cancel keeps it.
  await submit(page, page.getByRole('button', { name: 'Delete pool-map.png' }));
  await expect(page.getByRole('alertdialog')).not.toContainText('used by');
  await page.getByRole('alertdialog').getByRole('link', { name: 'Cancel' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'pool-map.png', exact: true })).toBeVisible();
  expect(await readE2e(e2ePaths.menu(community.key, 'main-menu'))).toHaveLength(1);
});

test('a folder outside the community’s files is refused with its reason', async ({ page, community }) => {
  expect(community.role).toBe('admin');
  const answer = await page.goto(`${LIST}?folder=${encodeURIComponent('../demo-campground/')}`);
  expect(answer?.status()).toBe(400);
  await expect(page.getByText('This path leaves the community’s files (.. or . is not allowed).')).toBeVisible();
});

test.describe('an editor who is not an admin', () => {
  test.use({ communityOptions: { label: 'files-editor', role: 'editor' } });

  test('is refused the list', async ({ page, community }) => {
    expect(community.role).toBe('editor');
    const refused = await page.goto(LIST);
    expect(refused?.status()).toBe(403);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the folder, its rename form and the rename and delete questions fit the screen @forms', async ({ page, community }, info) => {
    await addBrochure(community);
    await page.goto(`${LIST}?folder=brochures%2F`);
    await expect(rows(page)).toHaveCount(1);
    await page.getByText('Copy Link').first().click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await audit(page, info.project.name);
    await shot(page, 'phone-folder', info.project.name);
    await page.getByRole('link', { name: 'Rename price-list.png' }).click();
    await expect(page.getByLabel('New name')).toHaveValue('price-list.png');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // A menu item uses it: the rename question fits too, and Cancel leaves the file as it was.
    const url = await storage().url(`${community.key}/images/brochures/price-list.png`);
    await withE2eDb((db) => db.ref(e2ePaths.menu(community.key, 'main-menu')).set([{ title: 'Prices', url, typeId: 'file' }]));
    await page.getByLabel('New name').fill('prices.png');
    await submit(page, page.getByRole('button', { name: 'Save Name' }));
    await expect(page.getByRole('alertdialog')).toContainText('Rename price-list.png to prices.png?');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await audit(page, info.project.name);
    await shot(page, 'phone-confirm-rename', info.project.name);
    await page.getByRole('alertdialog').getByRole('link', { name: 'Cancel' }).click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    expect(await storage().exists(`${community.key}/images/brochures/price-list.png`)).toBe(true);
    await submit(page, page.getByRole('button', { name: 'Delete price-list.png' }));
    await expect(page.getByRole('alertdialog')).toContainText('Are you certain you want to delete?');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await audit(page, info.project.name);
    await shot(page, 'phone-confirm', info.project.name);
  });
});
