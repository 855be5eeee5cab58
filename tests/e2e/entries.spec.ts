import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createCanvas } from '@napi-rs/canvas';
import type { Page } from '@playwright/test';
import type { DbValue } from '@server/db';
import { expectNoSeriousViolations } from './axe';
import { e2ePaths, expect, readE2e, test, withE2eDb, type TestCommunity } from './fixtures';

/**
 * Guest entries (spec 02 "Guest entries"): staff open a form's, a hunt's or an RSVP form's
 * entries from the home tiles or the event's RSVP link, read an entry, mark it Completed,
 * Denied or Reopened, and grade a hunt's steps, with JavaScript and without, at 1366 and 390
 * px. Each test copies the campground's entries into a community of its own.
 */

test.use({ communityOptions: { from: 'demo-campground', label: 'entries' } });

/** The demo campground's guest entries, copied under the test's community. */
async function copyEntries(community: TestCommunity) {
  const entries = await readE2e<Record<string, DbValue>>(e2ePaths.userWritten('demo-campground'));
  expect(entries).not.toBeNull();
  await withE2eDb((db) => db.ref(e2ePaths.userWritten(community.key)).set(entries!));
}

const entryPath = (community: TestCommunity, context: string, item: string, entry: string) =>
  e2ePaths.entry(community.key, context, item, entry);

/** axe runs in the page: with JavaScript only (the no-JavaScript project serves the same markup). */
async function audit(page: Page, project: string) {
  if (project === 'js') await expectNoSeriousViolations(page);
}

async function shot(page: Page, name: string, project: string) {
  await page.screenshot({ path: `test-results/entries-${name}-${project}.png`, fullPage: true });
}

test('a registration is read from the home tile and marked Completed, then Reopened from the archive @forms', async ({
  page,
  community,
}, info) => {
  await copyEntries(community);
  await page.goto('/');
  await page.locator('a[href="/scrollerEntries/custom-forms/view/visitor-registration"]').first().click();
  await expect(page).toHaveURL(/\/scrollerEntries\/custom-forms\/view\/visitor-registration$/);
  await expect(page.getByRole('heading', { name: 'Visitor Registration' }).first()).toBeVisible();
  // The active view: Linh Nguyen's registration is open; Jordan Ellis's (completed) is archived.
  const row = page.locator('#row-vr-nguyen');
  await expect(row.getByRole('link', { name: 'Linh Nguyen' })).toBeVisible();
  await expect(page.locator('#row-vr-ellis')).toHaveCount(0);
  await audit(page, info.project.name);
  await shot(page, 'list', info.project.name);

  await row.getByRole('link', { name: 'Linh Nguyen' }).click();
  const view = page.locator('#editor');
  await expect(view.getByRole('heading', { name: 'Linh Nguyen' })).toBeVisible();
  await expect(view.getByText('Check PDF')).toBeVisible();
  await expect(view.getByRole('img', { name: "Photo of your visitors' vehicle" })).toBeVisible();
  await expect(view.getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M$/)).toBeVisible();
  // No PDF was stored for this entry: the link has it made.
  await expect(view.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', /\/entry\/vr-nguyen\/pdf$/);
  await expect(view.getByRole('button', { name: 'Reopened' })).toHaveCount(0);
  await audit(page, info.project.name);
  await shot(page, 'form-entry', info.project.name);

  await view.getByRole('button', { name: 'Completed' }).click();
  await expect(page).toHaveURL(/\/scrollerEntries\/custom-forms\/view\/visitor-registration$/);
  await expect(page.getByText('The entry was marked Completed.')).toBeVisible();
  await expect(page.locator('#row-vr-nguyen')).toHaveCount(0);
  await expect
    .poll(() => readE2e(entryPath(community, 'custom-forms', 'visitor-registration', 'vr-nguyen')))
    .toMatchObject({ completed: 2, completedBy: community.user.uid });

  await page.locator('#editor').getByRole('link', { name: 'View Archived' }).click();
  await page.locator('#row-vr-nguyen').getByRole('link', { name: 'Linh Nguyen' }).click();
  await page.locator('#editor').getByRole('button', { name: 'Reopened' }).click();
  await expect(page).toHaveURL(/view=archive/);
  await expect(page.locator('#row-vr-nguyen')).toHaveCount(0);
  await expect
    .poll(async () => {
      const stored = await readE2e<Record<string, unknown>>(entryPath(community, 'custom-forms', 'visitor-registration', 'vr-nguyen'));
      return stored ? [stored.completed ?? null, stored.completedBy ?? null] : 'gone';
    })
    .toEqual([null, null]);
});

test("a form entry's PDF is made on request, followed on its job page to the download, then linked directly @forms", async ({
  page,
  community,
}, info) => {
  test.slow();
  await copyEntries(community);
  // The copied answers name the campground's files, which are no files of this community: the
  // signature is given as the app keeps a drawn one (a data URL), the photo left out.
  const canvas = createCanvas(600, 200);
  const context = canvas.getContext('2d');
  context.strokeStyle = '#1b3a8a';
  context.lineWidth = 5;
  context.beginPath();
  context.moveTo(20, 160);
  context.bezierCurveTo(200, 0, 400, 200, 580, 40);
  context.stroke();
  const path = entryPath(community, 'custom-forms', 'visitor-registration', 'vr-nguyen');
  await withE2eDb((db) =>
    db.ref(`${path}/answers`).update({
      signature: { value: `data:image/png;base64,${canvas.toBuffer('image/png').toString('base64')}` },
      'vehicle-photo': null,
      'visitor-names': { value: 'Bao Tran, Mai Tran, Алексей Смирнов, Ελένη Παππά' },
    }),
  );
  const entryUrl = '/scrollerEntries/custom-forms/view/visitor-registration/entry/vr-nguyen';
  await page.goto(entryUrl);
  const view = page.locator('#editor');
  await view.getByRole('link', { name: 'Download PDF' }).click();

  await expect(page).toHaveURL(/\/job-status\/entry-pdf\/entry-pdf--[0-9a-f]{40}\?back=/);
  await expect(page.getByRole('heading', { name: 'Form Entry PDF', level: 1 })).toBeVisible();
  const progress = page.getByTestId('job-progress');
  // Without JavaScript the page reloads itself until the job has ended.
  await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(progress.getByRole('listitem')).toHaveText([/^The PDF of the entry has \d+ pages?\.$/]);
  await audit(page, info.project.name);
  await shot(page, 'entry-pdf-job', info.project.name);
  const href = await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
  expect(href).toMatch(/^\/files\/forms\/completed\/visitor-registration\/vr-nguyen-[0-9a-f-]{36}\.pdf$/);
  const response = await page.request.get(href!);
  expect(response.headers()['content-type']).toBe('application/pdf');
  const bytes = await response.body();
  const file = info.outputPath('entry.pdf');
  writeFileSync(file, bytes);
  execFileSync('pdftoppm', ['-png', '-r', '60', file, file.replace(/\.pdf$/, '')]);
  await info.attach('entry PDF, page 1', { path: file.replace(/\.pdf$/, '-1.png'), contentType: 'image/png' });
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain('Visitor Registration');
  expect(text).toContain('Алексей Смирнов, Ελένη Παππά');
  expect(text).toMatch(/Photo of your visitors' vehicle\s+Not Answered/);
  expect(execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').slice(2)).toHaveLength(1);
  const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' }).trim().split('\n').slice(2);
  for (const line of fonts) expect(line.split(/\s+/).slice(-5)[0]).toBe('yes');

  // Back on the entry, the link is the stored file itself.
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(new RegExp(`${entryUrl}$`));
  await expect(page.locator('#editor').getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', href!);
});

test('a hunt entry is graded step by step, with its golf scorecard and summary @forms', async ({ page, community }, info) => {
  await copyEntries(community);
  await page.goto('/');
  await page.locator('a[href="/scrollerEntries/hunts/view/nature-trail-hunt"]').first().click();
  await page.locator('#row-hunt-raman').getByRole('link').first().click();
  const view = page.locator('#editor');
  await expect(view.getByRole('table', { name: 'Mini Golf Round scorecard' })).toBeVisible();
  await expect(view.getByRole('rowheader', { name: 'Priya' })).toBeVisible();
  await expect(view.getByRole('table', { name: 'Step scoring summary' })).toBeVisible();
  await expect(view.getByRole('img', { name: 'Response to Big White Pine' })).toBeVisible();
  await audit(page, info.project.name);
  await shot(page, 'hunt-entry', info.project.name);

  const pine = view.getByRole('form', { name: 'Score Big White Pine' });
  await pine.getByRole('button', { name: 'Correct', exact: true }).click();
  const step = e2ePaths.entryStep(community.key, 'hunts', 'nature-trail-hunt', 'hunt-raman', 'white-pine');
  await expect.poll(() => readE2e<Record<string, unknown>>(step)).toMatchObject({ scored: 1 });
  await expect(page.locator('#step-white-pine').getByText('Correct', { exact: true }).first()).toBeVisible();
  await view.getByRole('form', { name: 'Score Big White Pine' }).getByRole('button', { name: 'Clear score' }).click();
  await expect.poll(async () => (await readE2e<Record<string, unknown>>(step))?.scored ?? 'none').toBe('none');
  await view.getByRole('form', { name: 'Score Count the Bridges' }).getByRole('button', { name: 'Incorrect' }).click();
  const bridges = e2ePaths.entryStep(community.key, 'hunts', 'nature-trail-hunt', 'hunt-raman', 'creek-bridges');
  await expect.poll(() => readE2e<Record<string, unknown>>(bridges)).toMatchObject({ scored: 0 });
});

test('an RSVP form shows its event filter and totals, and filters by name @forms', async ({ page, community }, info) => {
  await copyEntries(community);
  await page.goto('/scrollerEntries/custom-forms/view/rsvp-standard');
  const totals = (label: string) => page.locator('.entry-totals div').filter({ hasText: label }).locator('dd');
  await expect(page.getByRole('combobox', { name: 'RSVP Event Filter' })).toBeVisible();
  await expect(totals('Total Attending')).toHaveText('11');
  await expect(totals('Total Yes Response')).toHaveText('3');
  await expect(totals('Total No Response')).toHaveText('1');
  await audit(page, info.project.name);
  await shot(page, 'rsvp', info.project.name);

  await page.getByRole('combobox', { name: 'RSVP Event Filter' }).selectOption({ label: 'Pancake Breakfast at the Pavilion' });
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/eventId=ev-pancake-breakfast/);
  await expect(totals('Total Attending')).toHaveText('6');
  await expect(page.locator('#row-rsvp-hill')).toHaveCount(0);

  await page.getByLabel('Name, e-mail or id').fill('baker');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/who=baker/);
  await expect(page).toHaveURL(/eventId=ev-pancake-breakfast/);
  await expect(page.locator('#row-rsvp-baker')).toBeVisible();
  await expect(page.locator('#row-rsvp-ellis')).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the entry comes first with its buttons reachable, and the rows are readable @forms', async ({ page, community }, info) => {
    await copyEntries(community);
    await page.goto('/scrollerEntries/custom-forms/view/report-an-issue');
    const row = page.locator('#row-ri-wifi');
    await expect(row.getByRole('link', { name: 'Priya Raman' })).toBeVisible();
    const box = await row.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await audit(page, info.project.name);
    await shot(page, 'phone-list', info.project.name);

    await page.goto('/scrollerEntries/custom-forms/view/report-an-issue?view=archive');
    await page.locator('#row-ri-low-pressure').getByRole('link', { name: 'Marcus Hill' }).click();
    const view = page.locator('#editor');
    await expect(view.getByRole('img', { name: 'Photo (optional)' })).toBeVisible();
    const deny = view.getByRole('button', { name: 'Denied' });
    await deny.scrollIntoViewIfNeeded();
    await expect(deny).toBeInViewport();
    const denyBox = await deny.boundingBox();
    expect(denyBox && denyBox.x + denyBox.width <= 390).toBe(true);
    await audit(page, info.project.name);
    await shot(page, 'phone-entry', info.project.name);
    await deny.click();
    await expect
      .poll(() => readE2e(entryPath(community, 'custom-forms', 'report-an-issue', 'ri-low-pressure')))
      .toMatchObject({ completed: 1, completedBy: community.user.uid });

    await page.goto('/scrollerEntries/hunts/view/nature-trail-hunt?view=archive');
    await page.locator('#row-hunt-ellis').getByRole('link').first().click();
    await expect(page.locator('#editor').getByRole('table', { name: 'Mini Golf Round scorecard' })).toBeVisible();
    await shot(page, 'phone-hunt', info.project.name);
  });
});
