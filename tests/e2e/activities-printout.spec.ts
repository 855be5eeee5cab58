import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createCanvas } from '@napi-rs/canvas';
import type { Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import type { DbValue } from '@server/db/types';
import { expectNoSeriousViolations } from './axe';
import { e2ePaths, expect, readE2e, test, withE2eDb } from './fixtures';

/**
 * The activities printout (spec 02 "Activities printout"), with JavaScript and without, on a
 * community of its own: the page (axe, 1366 and 390 wide), Save Template into the calendar's
 * printout record, Print followed on the job's page to its PDF (11 x 8.5 in, looked at as an
 * image), the header image's upload, and the server's refusals keeping what was typed. The
 * rules are proven in app/lib/printout.test.ts, app/features/printouts/printout.server.test.ts
 * and jobs/processors/activities-printout.test.ts.
 */
test.use({ communityOptions: { from: 'demo-campground', role: 'editor' } });

const PAGE = '/activities-printout/activities';

/** Noon in New York on 11–13 January 2027 (17:00 UTC). */
async function seedEvents(community: string) {
  const events: Record<string, DbValue> = {};
  for (let day = 0; day < 3; day++)
    for (let index = 0; index < 4; index++) {
      const start = Date.UTC(2027, 0, 11 + day, 14 + index * 2);
      events[`printout-${day}-${index}`] = {
        title: `Printout Activity ${day + 1}.${index + 1}`,
        startDate: start,
        endDate: start + 3_600_000,
        resortLocationId: '',
        location: 'Lake Shore',
        audience: 'family',
      };
    }
  await withE2eDb((db) => db.ref(e2ePaths.calendarEvents(community, 'activities')).update(events));
}

const dateField = (page: Page, legend: string) => page.getByRole('group', { name: legend }).getByLabel('Date (MM/dd/yyyy)');

async function fillForm(page: Page) {
  await dateField(page, 'Start date').fill('01/11/2027');
  await dateField(page, 'End date').fill('01/13/2027');
  await page.getByLabel('Type', { exact: true }).selectOption('column');
  await page.getByLabel('Events per column').fill('5');
  await page.getByLabel('Header text').fill('Winter Week at the Pines');
  await page.getByLabel('Right column title').fill('Good to know');
  await page.getByRole('textbox', { name: 'Right column content' }).fill('Pool open 9 to 5');
  await page.getByRole('textbox', { name: 'Footer' }).fill('Schedule subject to change.');
}

test(
  'saves the template and prints the calendar to an 11 x 8.5 in PDF',
  { tag: '@forms' },
  async ({ page, community, javaScriptEnabled }) => {
    test.slow();
    await seedEvents(community.key);
    await page.goto(PAGE);
    await expect(page.getByRole('heading', { name: 'Activities Printout: Activities', level: 1 })).toBeVisible();
    if (javaScriptEnabled) {
      // The rich-text editors replace their textareas once loaded.
      await expect(page.locator('[contenteditable="true"]').first()).toBeVisible();
      await expectNoSeriousViolations(page);
    }
    await fillForm(page);

    await page.getByRole('button', { name: 'Save Template' }).click();
    await expect(page.getByText('Printout template saved.')).toBeVisible();
    const record = await readE2e<Record<string, unknown>>(e2ePaths.calendarPrintout(community.key, 'activities'));
    expect(record).toMatchObject({ headerText: 'Winter Week at the Pines', rightColumnTitle: 'Good to know', usingNewQuill: true });
    expect(String(record?.rightColumnContent)).toContain('Pool open 9 to 5');
    // The page opens again from the template.
    await expect(page.getByLabel('Header text')).toHaveValue('Winter Week at the Pines');

    await fillForm(page);
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Activities Printout', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/job-status\/activities-printout\/activities-printout--[0-9a-f-]+\?back=/);
    const progress = page.getByTestId('job-progress');
    await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    await expect(progress.getByRole('listitem')).toHaveText(['12 events on 1 page.']);
    await page.screenshot({ path: test.info().outputPath('job-page.png') });
    const download = page.getByRole('link', { name: 'Download the printout (PDF)' });
    const href = await download.getAttribute('href');
    expect(href).toMatch(new RegExp(`^/files/${community.key}/amc-events/printouts/activities/[0-9a-f-]+\\.pdf$`));

    const response = await page.request.get(href!);
    expect(response.headers()['content-type']).toBe('application/pdf');
    const bytes = await response.body();
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPages().map((one) => one.getSize())).toEqual([{ width: 792, height: 612 }]);
    const file = test.info().outputPath('printout.pdf');
    writeFileSync(file, bytes);
    execFileSync('pdftoppm', ['-png', '-r', '60', '-singlefile', file, file.replace(/\.pdf$/, '')]);
    await test.info().attach('printout page', { path: file.replace(/\.pdf$/, '.png'), contentType: 'image/png' });
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Winter Week at the Pines');
    expect(text).toContain('Printout Activity 3.4');

    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { name: 'Activities Printout: Activities', level: 1 })).toBeVisible();
  },
);

test(
  'refuses an end before the start and a non-numeric events per column, keeping what was typed',
  { tag: '@forms' },
  async ({ page, community }) => {
    expect(community.key).toBeTruthy();
    await page.goto(PAGE);
    await page.getByLabel('Header text').fill('Kept as typed');
    await dateField(page, 'Start date').fill('01/13/2027');
    await dateField(page, 'End date').fill('01/11/2027');
    await page.getByLabel('Events per column').fill('ten');
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    await expect(page.getByText('End date must not be before the start date.')).toBeVisible();
    await expect(page.getByText('Events per column must be a number.')).toBeVisible();
    await expect(page.getByLabel('Header text')).toHaveValue('Kept as typed');
    await expect(page.getByLabel('Events per column')).toHaveValue('ten');
    await expect(page).toHaveURL(PAGE);
  },
);

test('uploads a header image and shows it in the form', { tag: '@forms' }, async ({ page, community, javaScriptEnabled }) => {
  expect(community.key).toBeTruthy();
  await page.goto(PAGE);
  await page.getByLabel('Header text').fill('With a picture');
  const canvas = createCanvas(1600, 400);
  const context = canvas.getContext('2d');
  context.fillStyle = '#2d6a4f';
  context.fillRect(0, 0, 1600, 400);
  await page
    .getByLabel('Header image', { exact: true })
    .setInputFiles({ name: 'pines.png', mimeType: 'image/png', buffer: canvas.toBuffer('image/png') });
  if (javaScriptEnabled) await page.getByRole('button', { name: 'Use Image' }).click();
  else await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Header image uploaded. Save Template to keep it.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Header image' })).toHaveAttribute('src', /\/images\/printout\/\d+\/pines_print\.png$/);
  await expect(page.getByLabel('Header text')).toHaveValue('With a picture');
});

test('keeps the end date after the start date as the start moves (JavaScript)', async ({ page, community }) => {
  expect(community.key).toBeTruthy();
  await page.goto(PAGE);
  await expect(page.locator('[contenteditable="true"]').first()).toBeVisible();
  await dateField(page, 'End date').fill('01/12/2027');
  await dateField(page, 'Start date').fill('02/20/2027');
  await expect(dateField(page, 'End date')).toHaveValue('02/22/2027');
});

for (const width of [1366, 390]) {
  test(`fits ${width} px wide and passes axe`, async ({ page, community }) => {
    expect(community.key).toBeTruthy();
    await page.setViewportSize({ width, height: 900 });
    await page.goto(PAGE);
    await expect(page.locator('[contenteditable="true"]').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: test.info().outputPath(`printout-${width}.png`), fullPage: true });
  });
}
