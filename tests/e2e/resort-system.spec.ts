import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { xlsxStream } from '@server/entries/export/xlsx';
import { readZip } from '../setup/zip-reader';
import { expectNoSeriousViolations } from './axe';
import { e2ePaths, expect, readE2e, submit, test } from './fixtures';

/**
 * Resort System Management (spec 03 §6 trays; spec 02 "Listing routes" contexts import and
 * export; decision 044): a resort system admin exports communities as a zip made by a job,
 * imports listings from a CSV file (upload, column mapping, every row checked with the listing
 * form's messages, duplicates by title and address, then the job) and updates listings with
 * Update Data from an Excel workbook (.xlsx); with JavaScript and without, at 1366 and 390 px. Each test makes its own
 * community and list.
 */

const EXISTING = { title: 'Old Mill', address: '5 River Rd', city: 'Pine', latitude: '39.5', longitude: '-105.1', ordinal: 0 };

test.use({
  communityOptions: { label: 'resort-system', role: 'system', locationData: { 'attractions/old-mill': EXISTING } },
  viewport: { width: 1366, height: 900 },
});

const SUCCESS = 'Data was exported successfully. Click Download button to start downloading zip file';

async function audit(page: Page, project: string) {
  if (project === 'js') await expectNoSeriousViolations(page);
}

async function shot(page: Page, name: string, project: string) {
  await page.screenshot({ path: `/tmp/import-${name}-${project}.png`, fullPage: true });
}

/** The home screen's tray button (the side navigation names the same addresses). */
const trayButton = (page: Page, name: string) => page.getByRole('region', { name: 'Button tray' }).getByRole('link', { name, exact: true });

/** The upload form (the place search has its own List). */
const uploadForm = (page: Page) => page.getByRole('form', { name: 'Upload a CSV or Excel file' });

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A workbook of one sheet, as the console's own export writes it (server/entries/export/xlsx.ts). */
async function workbook(rows: Array<Array<string | number>>): Promise<Buffer> {
  async function* source() {
    yield* rows;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of xlsxStream('Listings', source())) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Uploads a CSV (or a workbook) into the Attractions list and waits for the preview. */
async function upload(page: Page, csv: string | { xlsx: Buffer }) {
  await uploadForm(page).getByLabel('List').selectOption({ label: 'Attractions' });
  await page
    .getByLabel('CSV or Excel file', { exact: true })
    .setInputFiles(
      typeof csv === 'string'
        ? { name: 'listings.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') }
        : { name: 'listings.xlsx', mimeType: XLSX_TYPE, buffer: csv.xlsx },
    );
  await submit(page, page.getByRole('button', { name: 'Upload' }));
  await expect(page.getByRole('heading', { name: 'Rows' })).toBeVisible();
}

test('Export: the community as a zip made by a job, with its progress and Download @forms', async ({ page, community }, info) => {
  test.slow();
  await page.goto('/');
  await trayButton(page, 'Export').click();
  await expect(page).toHaveURL(/\/listnm\/export$/);
  await expect(page.getByRole('heading', { name: 'Export', level: 1 })).toBeVisible();
  // A resort system admin chooses among communities; the current one is ticked.
  await expect(page.locator(`input[name="communities"][value="${community.key}"]`)).toBeChecked();
  await audit(page, info.project.name);
  await shot(page, 'export', info.project.name);

  await submit(page, page.getByRole('button', { name: 'Export', exact: true }));
  if (info.project.name === 'no-js') await expect(page).toHaveURL(/\/job-status\/community-export\/community-export--[0-9a-f]{40}\?back=/);
  await expect(page.getByText(SUCCESS)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/^1 community, \d+ files\.$/)).toBeVisible();
  await shot(page, 'export-done', info.project.name);

  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download', exact: true }).click()]);
  expect(file.suggestedFilename()).toMatch(/^\d{2}-\d{2}-\d{4}-\d{2}-\d{2}-(AM|PM)\.zip$/);
  const zip = await readZip(readFileSync((await file.path())!));
  expect(JSON.parse(zip.get(`${community.key}/community.json`)!.toString('utf8'))).toMatchObject({ communityKey: community.key });
  expect(JSON.parse(zip.get(`${community.key}/location-data/attractions.json`)!.toString('utf8'))).toEqual({ 'old-mill': EXISTING });
  expect(JSON.parse(zip.get('manifest.json')!.toString('utf8'))).toMatchObject({ communities: [community.key] });
});

test('Export: nothing ticked is refused with the reason @forms', async ({ page, community }) => {
  await page.goto('/listnm/export');
  await page.locator(`input[name="communities"][value="${community.key}"]`).uncheck();
  await submit(page, page.getByRole('button', { name: 'Export', exact: true }));
  await expect(page.getByText('Choose at least one community to export.')).toBeVisible();
});

test('Import: upload, map the columns, every row checked, duplicates left out, then the job @forms', async ({ page, community }, info) => {
  test.slow();
  await page.goto('/');
  await trayButton(page, 'Import').click();
  await expect(page).toHaveURL(/\/listnm\/import$/);
  await expect(page.getByRole('heading', { name: 'Import', level: 1 })).toBeVisible();

  // No file: the form says so and keeps the chosen list.
  await uploadForm(page).getByLabel('List').selectOption({ label: 'Attractions' });
  await submit(page, page.getByRole('button', { name: 'Upload' }));
  await expect(page.getByText('Please choose a CSV or Excel file to upload.')).toBeVisible();
  await expect(uploadForm(page).getByLabel('List')).toHaveValue('attractions');
  await audit(page, info.project.name);

  // "Where" is no name the address is guessed from: the preview asks for it.
  const csv = [
    'Name,Where,City,Lat,Lng,Phone,Website',
    'Trail Cafe,2 Main St,Pine,39.6,-105.2,(555) 123-4567,https://cafe.example',
    'Bakery,9 Elm St,Pine,39.7,-105.3,,',
    ',3 Nowhere,Pine,39.8,-105.4,12,not a url',
    'old mill,5 River Rd.,Pine,39.5,-105.1,,',
    'Trail  Cafe,2 Main St,Pine,39.6,-105.2,,',
  ].join('\r\n');
  await upload(page, csv);
  await expect(page.getByText('Map a column to Address: duplicates are found by title and address.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Import \d+ listings?$/ })).toBeDisabled();

  await page.getByLabel('Address').selectOption({ label: 'Where' });
  await submit(page, page.getByRole('button', { name: 'Preview' }));
  await expect(page.getByTestId('import-summary')).toHaveText('5 rows, 2 ready, 1 with problems, 2 duplicates.');
  const rows = page.getByRole('group', { name: 'Rows of the file' });
  await expect(rows.getByText('Title is required.')).toBeVisible();
  await expect(rows.getByText('Phone Number needs to have more than seven digits.')).toBeVisible();
  await expect(rows.getByText('Valid URL(e.g. https://example.com) is required.')).toBeVisible();
  await expect(rows.getByText('A listing with this title and address already exists in the list.')).toBeVisible();
  await expect(rows.getByText('Same title and address as row 2.')).toBeVisible();
  await audit(page, info.project.name);
  await shot(page, 'preview', info.project.name);

  await submit(page, page.getByRole('button', { name: 'Import 2 listings' }));
  await expect(page).toHaveURL(/\/job-status\/listing-import\/listing-import--[0-9a-f]{32}\?back=/);
  await expect(page.getByText('2 listings added.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('3 rows skipped (problems or duplicates, as the preview showed).')).toBeVisible();
  await shot(page, 'import-done', info.project.name);

  const list = await readE2e<Record<string, Record<string, unknown>>>(e2ePaths.section(community.key, 'attractions'));
  const titles = Object.values(list ?? {})
    .sort((a, b) => Number(a.ordinal) - Number(b.ordinal))
    .map((item) => item.title);
  expect(titles).toEqual(['Trail Cafe', 'Bakery', 'Old Mill']);
  const cafe = Object.values(list ?? {}).find((item) => item.title === 'Trail Cafe');
  expect(cafe).toMatchObject({ address: '2 Main St', phone: '(555) 123-4567', website: 'https://cafe.example', latitude: '39.6' });

  await page.getByRole('link', { name: 'Open the list' }).click();
  await expect(page).toHaveURL(/\/listnm\/attractions$/);
  await expect(page.getByText('Trail Cafe').first()).toBeVisible();
});

test('Update Data: rows of an Excel workbook matched by title and address update those listings, the rest stays @forms', async ({
  page,
  community,
}, info) => {
  test.slow();
  await page.goto('/');
  await trayButton(page, 'Update Data').click();
  await expect(page).toHaveURL(/\/listnm\/update-data$/);
  await expect(page.getByRole('heading', { name: 'Update Data', level: 1 })).toBeVisible();
  await upload(page, {
    xlsx: await workbook([
      ['Title', 'Address', 'Phone', 'Website'],
      ['OLD MILL', '5 River Rd', '555 987 6543', 'https://mill.example'],
      ['Nobody', '1 Nowhere', 5551234567, ''],
    ]),
  });
  await expect(page.getByTestId('import-summary')).toHaveText('2 rows, 1 ready, 1 matching no listing.');
  await expect(page.getByText('No listing of the list has this title and address.')).toBeVisible();
  await audit(page, info.project.name);
  await shot(page, 'update-preview', info.project.name);

  await submit(page, page.getByRole('button', { name: 'Update 1 listing' }));
  await expect(page).toHaveURL(/\/job-status\/listing-update\//);
  await expect(page.getByRole('heading', { name: 'Update Data', level: 1 })).toBeVisible();
  await expect(page.getByText('1 listing updated.')).toBeVisible({ timeout: 30_000 });
  expect(await readE2e(e2ePaths.listItem(community.key, 'attractions', 'old-mill'))).toMatchObject({
    title: 'OLD MILL',
    address: '5 River Rd',
    city: 'Pine',
    latitude: '39.5',
    phone: '555 987 6543',
    website: 'https://mill.example',
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the three screens fit the width', async ({ page, community: _community }, info) => {
    const fits = async (name: string) => {
      expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(390);
      await audit(page, info.project.name);
      await shot(page, `${name}-390`, info.project.name);
    };
    await page.goto('/listnm/export');
    await expect(page.getByRole('heading', { name: 'Export', level: 1 })).toBeVisible();
    await fits('export');
    await page.goto('/listnm/import');
    await upload(
      page,
      ['Name,Address,Lat,Lng', 'A very long listing title that wraps on a phone,12 Long Street Name Avenue,39.1,-105.1'].join('\n'),
    );
    await fits('import');
    await page.goto('/listnm/update-data');
    await expect(page.getByRole('heading', { name: 'Update Data', level: 1 })).toBeVisible();
    await fits('update-data');
  });
});

test.describe('Import from a place search', () => {
  const DINER = {
    title: 'Lakeshore Diner',
    address: '212 Lakeshore Road',
    city: 'Lake Luzerne',
    latitude: '43.3188',
    longitude: '-73.8302',
    ordinal: 0,
  };
  // Where the offline places default knows places: Lake Luzerne, NY.
  test.use({
    communityOptions: {
      label: 'place-import',
      role: 'system',
      record: { latitude: 43.3123, longitude: -73.8351 },
      locationData: { 'attractions/diner': DINER },
    },
  });

  test('places around the community become checked rows, duplicates left out, then the job @forms', async ({ page, community }, info) => {
    test.slow();
    await page.goto('/listnm/import');
    const places = page.getByRole('form', { name: 'Search places' });
    await expect(page.getByTestId('places-offline')).toBeVisible();

    // Nothing typed: the form says so and keeps the chosen list.
    await places.getByLabel('List').selectOption({ label: 'Attractions' });
    await submit(page, places.getByRole('button', { name: 'Search places' }));
    await expect(page.getByText('Please type what to search for, e.g. restaurants.')).toBeVisible();
    await expect(places.getByLabel('List')).toHaveValue('attractions');
    await audit(page, info.project.name);

    // Nothing of that name within the circle.
    await places.getByLabel('Search for').fill('queensbury');
    await submit(page, places.getByRole('button', { name: 'Search places' }));
    await expect(page.getByText('No places matching “queensbury” were found within 6 miles of the community.')).toBeVisible();
    await expect(places.getByLabel('Search for')).toHaveValue('queensbury');
    await shot(page, 'places-form', info.project.name);

    await places.getByLabel('Search for').fill('lakeshore');
    await submit(page, places.getByRole('button', { name: 'Search places' }));
    await expect(page.getByRole('heading', { name: 'Rows' })).toBeVisible();
    await expect(page.getByText('Place search “lakeshore” within 6 miles')).toBeVisible();
    await expect(page.getByTestId('import-summary')).toHaveText('2 rows, 1 ready, 1 duplicate.');
    const rows = page.getByRole('group', { name: 'Rows of the file' });
    await expect(rows.getByText('A listing with this title and address already exists in the list.')).toBeVisible();
    await expect(rows.getByText('Northwoods Bait & Tackle')).toBeVisible();
    await audit(page, info.project.name);
    await shot(page, 'places-preview', info.project.name);

    await submit(page, page.getByRole('button', { name: 'Import 1 listing' }));
    await expect(page).toHaveURL(/\/job-status\/listing-import\/listing-import--[0-9a-f]{32}\?back=/);
    await expect(page.getByText('1 listing added.')).toBeVisible({ timeout: 30_000 });

    const list = await readE2e<Record<string, Record<string, unknown>>>(e2ePaths.section(community.key, 'attractions'));
    const added = Object.values(list ?? {}).find((item) => item.title === 'Northwoods Bait & Tackle');
    expect(added).toMatchObject({
      address: '77 Lakeshore Road',
      city: 'Lake Luzerne',
      state: 'NY',
      zip: '12846',
      latitude: '43.3055',
      longitude: '-73.8268',
      placeId: 'offline-northwoods-bait',
    });
    expect(Object.keys(list ?? {})).toHaveLength(2);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/listnm/import');
    await expect(page.getByRole('heading', { name: 'Search places' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await audit(page, info.project.name);
    await shot(page, 'places-390', info.project.name);
  });
});
