import { createCanvas } from '@napi-rs/canvas';
import { e2ePaths, expect, readE2e, test } from './fixtures';

/**
 * Manage List Icons (spec 03) on a community of its own, with JavaScript and without: add with
 * an uploaded image, the form's messages, edit with the title locked, deactivate, delete. The
 * stored image and the other refusals are proven in list-icons.server.test.ts.
 */
test.use({ communityOptions: { role: 'system', record: { title: 'Icon Springs Resort', name: 'Icon Springs Resort' } } });

function png(): Buffer {
  const canvas = createCanvas(64, 64);
  const context = canvas.getContext('2d');
  context.fillStyle = '#0d9488';
  context.fillRect(0, 0, 64, 64);
  return canvas.toBuffer('image/png');
}

test('adds, edits, deactivates and deletes a list icon', { tag: '@forms' }, async ({ page, community, javaScriptEnabled }) => {
  await page.goto('/manage-list-icons');
  await expect(page.getByRole('heading', { name: 'Manage List Icons' })).toBeVisible();
  await expect(page.getByText('No list icons configured yet.')).toBeVisible();

  // Add: the title is required, then an image.
  await page.getByRole('link', { name: 'Add Icon' }).click();
  await expect(page.getByRole('heading', { name: 'Add Icon' })).toBeVisible();
  await expect(page.getByLabel('Active')).toBeChecked();
  await expect(page.getByText('Only active icons will be shown in the app')).toBeVisible();
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Title is required.')).toBeVisible();

  await page.getByLabel('Title').fill('  Pet Friendly ');
  await page.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Error' });
  await expect(dialog).toContainText('Please upload an icon image.');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Title')).toHaveValue('  Pet Friendly ');

  // A file that is no PNG or JPEG: the spec's 'Incorrect Type' dialog (with JavaScript as soon as it
  // is chosen, without it as the server's answer), nothing stored.
  await page.getByLabel('Icon Image').setInputFiles({ name: 'paw.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  if (!javaScriptEnabled) await page.getByRole('button', { name: 'Add' }).click();
  const incorrect = page.getByRole('alertdialog', { name: 'Incorrect Type' });
  await expect(incorrect).toContainText('Please upload files with the correct type: image/png, image/jpeg');
  await incorrect.getByRole('button', { name: 'OK' }).click();
  await expect(incorrect).toBeHidden();
  if (javaScriptEnabled) await expect(page.getByLabel('Icon Image')).toHaveValue('');
  expect(await readE2e(e2ePaths.listIcon(community.key, 'pet-friendly'))).toBeNull();

  await page.getByLabel('Icon Image').setInputFiles({ name: 'paw.png', mimeType: 'image/png', buffer: png() });
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Icon added.')).toBeVisible();
  const list = page.getByRole('list', { name: 'List icons' });
  await expect(list.getByText('Pet Friendly')).toBeVisible();
  await expect(list.getByText('Inactive')).toHaveCount(0);
  expect(await readE2e(e2ePaths.listIcon(community.key, 'pet-friendly'))).toMatchObject({ title: 'Pet Friendly', active: true });

  // Edit: the title is locked; deactivating shows the 'Inactive' badge.
  await page.getByRole('link', { name: 'Edit Pet Friendly' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Icon' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveAttribute('readonly', '');
  await expect(page.getByRole('img', { name: 'Pet Friendly icon' })).toBeVisible();
  await page.getByLabel('Active').uncheck();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Icon updated.')).toBeVisible();
  await expect(list.getByText('Inactive')).toBeVisible();
  expect(await readE2e(e2ePaths.listIcon(community.key, 'pet-friendly'))).toMatchObject({ title: 'Pet Friendly', active: false });

  // Delete, after 'Delete Icon' names it.
  await page.getByRole('link', { name: 'Delete Pet Friendly' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Icon' });
  await expect(confirm).toContainText('Pet Friendly');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Icon deleted.')).toBeVisible();
  await expect(page.getByText('No list icons configured yet.')).toBeVisible();
  expect(await readE2e(e2ePaths.listIcon(community.key, 'pet-friendly'))).toBeNull();
});
