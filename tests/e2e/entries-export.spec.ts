import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { DbValue } from '@server/db';
import { readZip } from '../setup/zip-reader';
import { expectNoSeriousViolations } from './axe';
import { e2ePaths, expect, readE2e, test, withE2eDb, type TestCommunity } from './fixtures';

/**
 * Export of guest entries (spec 02 §4 "Listing actions" export, "Analytics / export", §5, §8):
 * staff export a form's entries from the entries screen; with JavaScript a waiting dialog
 * follows the job to the spec's success text and its Download button, without it the post leads
 * to the job-status page, which refreshes itself until the Download. The downloaded zip holds
 * the CSV and the spreadsheet named by the time of the export. A filter that matches nothing
 * answers 'No data to export' (title Error). What the zip holds in detail is the job's
 * integration test's (jobs/processors/entries-export.test.ts).
 */

test.use({ communityOptions: { from: 'demo-campground', label: 'export' } });

const LIST = '/scrollerEntries/custom-forms/view/visitor-registration';
const STAMP = /^\d{2}-\d{2}-\d{4}-\d{2}-\d{2}-[AP]M\.zip$/;

async function copyEntries(community: TestCommunity) {
  const entries = await readE2e<Record<string, DbValue>>(e2ePaths.userWritten('demo-campground'));
  expect(entries).not.toBeNull();
  await withE2eDb((db) => db.ref(e2ePaths.userWritten(community.key)).set(entries!));
}

async function shot(page: Page, name: string, project: string) {
  await page.screenshot({ path: `test-results/entries-export-${name}-${project}.png`, fullPage: true });
}

/** Downloads the zip behind the Download button and answers its files. */
async function download(page: Page) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download', exact: true }).click()]);
  expect(file.suggestedFilename()).toMatch(STAMP);
  const zip = await readZip(readFileSync((await file.path())!));
  const names = [...zip.keys()];
  expect(names).toHaveLength(2);
  expect(names[0]).toMatch(/\.csv$/);
  expect(names[1]).toMatch(/\.xlsx$/);
  const csv = zip.get(names[0]!)!.toString('utf8');
  // The active view's entries, headed by the form's labels.
  expect(csv).toMatch(/^\uFEFFSubmitted,Name,E-mail,Completion,/);
  expect(csv).toContain('Linh Nguyen');
  expect(csv).not.toContain('Jordan Ellis');
  return zip;
}

test('Export of the active entries: the waiting dialog, then Download of the zip @forms', async ({ page, community }, info) => {
  await copyEntries(community);
  await page.goto(LIST);
  await expect(page.locator('#row-vr-nguyen')).toBeVisible();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  if (info.project.name === 'js') {
    const dialog = page.getByRole('dialog', { name: 'Exporting' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Data was exported successfully. Click Download button to start downloading zip file')).toBeVisible({
      timeout: 30_000,
    });
    await expectNoSeriousViolations(page);
    await shot(page, 'done', info.project.name);
    await download(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
  } else {
    // Without JavaScript: the job's page, which reloads itself until the export is done.
    await expect(page).toHaveURL(/\/job-status\/entries-export\/entries-export--[0-9a-f]{40}\?back=/);
    await expect(page.getByText('Data was exported successfully. Click Download button to start downloading zip file')).toBeVisible({
      timeout: 30_000,
    });
    await shot(page, 'done', info.project.name);
    await download(page);
  }
});

test('Export of the rows ticked, on a phone @forms', async ({ page, community }, info) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await copyEntries(community);
  await page.goto(LIST);
  await page.getByRole('checkbox', { name: 'Select Linh Nguyen' }).check();
  await shot(page, 'phone-list', info.project.name);
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  if (info.project.name === 'js') {
    await expect(page.getByRole('dialog', { name: 'Exporting' }).getByText(/^1 entry as CSV and spreadsheet\.$/)).toBeVisible({
      timeout: 30_000,
    });
  } else {
    await expect(page.getByText(/^1 entry as CSV and spreadsheet\.$/)).toBeVisible({ timeout: 30_000 });
  }
  await shot(page, 'phone-done', info.project.name);
  const zip = await download(page);
  const csv = [...zip.values()][0]!.toString('utf8');
  // The header and Linh Nguyen's row only.
  expect(csv.trim().split('\r\n')).toHaveLength(2);
});

test("a filter that matches nothing: 'No data to export' (title Error), nothing queued @forms", async ({ page, community }, info) => {
  await copyEntries(community);
  await page.goto(`${LIST}?q=no-such-answer-anywhere`);
  await expect(page.getByText('Nothing matches the filter.')).toBeVisible();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Error' });
  await expect(dialog.getByText('No data to export')).toBeVisible();
  if (info.project.name === 'js') await expectNoSeriousViolations(page);
  await shot(page, 'no-data', info.project.name);
  await dialog
    .getByRole('link', { name: 'OK' })
    .or(dialog.getByRole('button', { name: 'OK' }))
    .click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/scrollerEntries\//);
});
