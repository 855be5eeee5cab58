import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import type { DbValue } from '@server/db';
import { createStorage } from '@server/storage';
import { E2E_BASE_URL, E2E_DATA_DIR } from '../../playwright.config';
import { readZip } from '../setup/zip-reader';
import { expectNoSeriousViolations } from './axe';
import { e2ePaths, expect, test, withE2eDb, type TestCommunity } from './fixtures';

/**
 * Export Photos and Export Files of guest entries (spec 02 §4 "Listing actions" export-photos,
 * export-files; §8): the test's own community has a form with an image field and a file field,
 * and entries whose photo and file are in that community's storage folder. Each button's zip
 * holds one folder per entry with its photo (or file), byte for byte; with JavaScript through
 * the waiting dialog, without it through the job-status page.
 */

test.use({ communityOptions: { label: 'export-files' } });

const FORM = 'site-survey';
const LIST = `/scrollerEntries/custom-forms/view/${FORM}`;
const STAMP = /^\d{2}-\d{2}-\d{4}-\d{2}-\d{2}-[AP]M\.zip$/;

/** Two entries with a photo each, one of them with a file too; answers the bytes stored. */
async function seedForm(community: TestCommunity) {
  const storage = createStorage({ kind: 'local', root: resolve(E2E_DATA_DIR, 'storage'), baseUrl: E2E_BASE_URL });
  const folder = (entry: string) => `user-written/${community.key}/forms/${FORM}/${entry}`;
  const photoA = readFileSync('public/badges/app-store-badge.png');
  const photoB = Buffer.concat([photoA, Buffer.from('-b')]);
  const file = Buffer.from('%PDF-1.4\n% a guest upload\n%%EOF\n');
  const storedA = await storage.put(`${folder('-E1')}/photo.png`, photoA, { contentType: 'image/png' });
  const storedB = await storage.put(`${folder('-E2')}/photo.png`, photoB, { contentType: 'image/png' });
  const storedFile = await storage.put(`${folder('-E2')}/permit.pdf`, file, { contentType: 'application/pdf' });
  const entry = (index: number, name: string, answers: Record<string, DbValue>): DbValue => ({
    createDate: Date.UTC(2026, 10, 20, 15, index),
    loggedInEmail: `guest${index}@e2e.example`,
    answers: { name: { value: name }, ...answers },
  });
  await withE2eDb((db) =>
    db.ref().update({
      [e2ePaths.customForm(community.key, FORM)]: {
        title: 'Site Survey',
        type: 'form',
        fields: [
          { type: 'text', name: 'name', label: 'Name' },
          { type: 'image', name: 'photo', label: 'Site photo' },
          { type: 'file', name: 'permit', label: 'Permit' },
        ],
      },
      [e2ePaths.entries(community.key, 'custom-forms', FORM)]: {
        '-E1': entry(1, 'Ada Brook', { photo: { value: storedA.url } }),
        '-E2': entry(2, 'Ben Stone', { photo: { value: storedB.url }, permit: { value: storedFile.url } }),
      },
    }),
  );
  return { photoA, photoB, file };
}

async function shot(page: Page, name: string, project: string) {
  await page.screenshot({ path: `test-results/entries-export-files-${name}-${project}.png`, fullPage: true });
}

/** Clicks the export button, follows the job (dialog or job-status page) and answers the zip's files. */
async function exportZip(page: Page, button: string, summary: string, project: string, shotName: string) {
  await page.getByRole('button', { name: button, exact: true }).click();
  const scope = project === 'js' ? page.getByRole('dialog', { name: 'Exporting' }) : page;
  if (project !== 'js') await expect(page).toHaveURL(/\/job-status\/entries-export\/entries-export--[0-9a-f]{40}\?back=/);
  await expect(scope.getByText('Data was exported successfully. Click Download button to start downloading zip file')).toBeVisible({
    timeout: 30_000,
  });
  await expect(scope.getByText(summary, { exact: true })).toBeVisible();
  if (project === 'js') await expectNoSeriousViolations(page);
  await shot(page, shotName, project);
  const [download] = await Promise.all([page.waitForEvent('download'), scope.getByRole('link', { name: 'Download', exact: true }).click()]);
  expect(download.suggestedFilename()).toMatch(STAMP);
  const zip = await readZip(readFileSync((await download.path())!));
  if (project === 'js') await scope.getByRole('button', { name: 'Close' }).click();
  return zip;
}

test('Export Photos: one folder per entry with its photo, byte for byte @forms', async ({ page, community }, info) => {
  const { photoA, photoB } = await seedForm(community);
  await page.goto(LIST);
  await expect(page.getByText('Ben Stone')).toBeVisible();
  const zip = await exportZip(page, 'Export Photos', '2 files of 2 entries.', info.project.name, 'photos');
  expect([...zip.keys()].sort()).toEqual(['Ada Brook E1/Site photo.png', 'Ben Stone E2/Site photo.png']);
  expect(zip.get('Ada Brook E1/Site photo.png')!.equals(photoA)).toBe(true);
  expect(zip.get('Ben Stone E2/Site photo.png')!.equals(photoB)).toBe(true);
});

test('Export Files on a phone: the uploaded file of the one entry that has one @forms', async ({ page, community }, info) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { file } = await seedForm(community);
  await page.goto(LIST);
  await expect(page.getByText('Ben Stone')).toBeVisible();
  await shot(page, 'phone-list', info.project.name);
  const zip = await exportZip(page, 'Export Files', '1 file of 2 entries.', info.project.name, 'phone-files');
  expect([...zip.keys()]).toEqual(['Ben Stone E2/Permit.pdf']);
  expect(zip.get('Ben Stone E2/Permit.pdf')!.equals(file)).toBe(true);
});
