import type { Page } from '@playwright/test';
import type { DbValue } from '@server/db';
import { e2ePaths, expect, readE2e, test, type TestCommunity } from './fixtures';
import { staysThenLeaves, unsavedChangesDialog } from './unsaved-changes';

/**
 * The list screen (spec 02 "Listing routes", §4, §5; spec 01 §4.6, §9), as staff use it: pages
 * of 50 then 5 (infinite scroll with JavaScript, "More" without), filters on the server, select
 * all matching items and delete them, add on top, edit, duplicate, delete, sort, tabs. Each test
 * has a community of its own with its own FAQs; the paging, filter and write rules themselves
 * are proven in server/listing/engine.test.ts.
 */

const pad = (index: number) => String(index).padStart(3, '0');

/** `count` FAQs in order: "Question 000" first. */
function faqs(count: number): Record<string, DbValue> {
  return Object.fromEntries(
    Array.from({ length: count }, (_, index) => [
      `faq-${pad(index)}`,
      { title: `Question ${pad(index)}`, htmlDescription: `<p>Answer ${index}</p>`, description: `Answer ${index}`, ordinal: index },
    ]),
  );
}

const rows = (page: Page, name = 'FAQs') => page.getByRole('list', { name }).getByRole('listitem');
const rowTitles = (page: Page, name = 'FAQs') => rows(page, name).locator('.list-row-title').allInnerTexts();
const stored = async (community: TestCommunity) =>
  (await readE2e<Record<string, Record<string, unknown>>>(e2ePaths.section(community.key, 'faqs'))) ?? {};

test.describe('a long list', () => {
  test.use({ communityOptions: { from: 'demo-campground', label: 'long-faqs', locationData: { faqs: faqs(60) } } });

  test('loads the next chunk at 80 % scrolled, filters the whole list and deletes every match @js-only', async ({ page, community }) => {
    await page.goto('/list/main-menu/faqs');
    await expect(
      page.getByRole('heading', { name: 'FAQs', level: 1 }).or(page.getByRole('heading', { name: 'FAQs' }).first()),
    ).toBeVisible();
    await expect(rows(page)).toHaveCount(50);
    // The next chunk loads on scroll once the page's script runs.
    await expect(page.locator('.list-rows-form[data-hydrated]')).toBeAttached();
    await page.mouse.wheel(0, 100_000);
    // Each chunk is 5 rows; a page still scrolled to the end after one loads the next, so 55 or 60.
    await expect.poll(() => rows(page).count()).toBeGreaterThanOrEqual(55);
    const titles = await rowTitles(page);
    expect(new Set(titles).size).toBe(titles.length);

    // The filter runs over the whole list on the server, not over the rows loaded.
    await page.getByLabel('Search').fill('question 05');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(/q=question\+05/);
    await expect(rows(page)).toHaveCount(10);

    await page.getByRole('link', { name: 'Select all' }).click();
    await expect(page.getByText('All 10 matching items are selected.')).toBeVisible();
    await page.getByRole('button', { name: 'Delete Selected' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Selected' });
    await expect(dialog).toContainText('Are you certain you want to delete all selected items?');
    await dialog.getByRole('button', { name: 'Delete 10 items' }).click();
    await expect(page.getByText('10 items were deleted.')).toBeVisible();
    await expect(page.getByText('Nothing matches the filter.')).toBeVisible();
    await expect.poll(async () => Object.keys(await stored(community)).length).toBe(50);

    await page.getByRole('link', { name: 'Clear Filters' }).click();
    await expect(page).not.toHaveURL(/q=/);
    await expect(rows(page)).toHaveCount(50);
  });

  test('pages with a More link and deletes ticked rows without JavaScript @no-js-only', async ({ page, community }) => {
    await page.goto('/listnm/faqs');
    await expect(rows(page)).toHaveCount(50);
    // "More" adds a page of the first chunk's size (here the 10 left) and leads to the first row it added.
    await page.getByRole('link', { name: 'More' }).click();
    await expect(page).toHaveURL(/more=1#more-1$/);
    await expect(rows(page)).toHaveCount(60);
    await expect(page.getByRole('link', { name: 'Question 050', exact: true })).toBeInViewport();
    await expect(page.getByRole('link', { name: 'Question 049', exact: true })).toBeInViewport();
    await expect(page.getByRole('link', { name: 'More' })).toHaveCount(0);

    await page.getByRole('checkbox', { name: 'Select Question 001' }).check();
    await page.getByRole('checkbox', { name: 'Select Question 002' }).check();
    await page.getByRole('button', { name: 'Delete Selected' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Delete Selected' })).toContainText(
      'Are you certain you want to delete all selected items?',
    );
    await page.getByRole('button', { name: 'Delete 2 items' }).click();
    await expect(page.getByText('2 items were deleted.')).toBeVisible();
    const keys = Object.keys(await stored(community));
    expect(keys).toHaveLength(58);
    expect(keys).not.toContain('faq-001');
  });

  test('the list behind the Delete Selected confirmation keeps the selection it asks about @forms', async ({ page, community }, info) => {
    await page.goto('/listnm/faqs');
    await expect(rows(page)).toHaveCount(50);
    if (info.project.name === 'js') await expect(page.locator('html[data-page-hydrated]')).toBeAttached();
    const ticked = [
      page.getByRole('checkbox', { name: 'Select Question 003' }),
      page.getByRole('checkbox', { name: 'Select Question 007' }),
    ];
    for (const box of ticked) await box.check();
    await page.getByRole('button', { name: 'Delete Selected' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Selected' });
    await expect(dialog.getByRole('button', { name: 'Delete 2 items' })).toBeVisible();
    for (const box of ticked) await expect(box).toBeChecked();
    await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(2);
    await dialog.getByRole('link', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('link', { name: 'Select all' }).click();
    const selected = page.getByText('All 60 matching items are selected.');
    await expect(selected).toBeVisible();
    await page.getByRole('button', { name: 'Delete Selected' }).click();
    await expect(dialog.getByRole('button', { name: 'Delete 60 items' })).toBeVisible();
    await expect(selected).toBeAttached();
    await expect(page.getByRole('checkbox', { name: 'Select Question 000' })).toBeChecked();
    // Cancel keeps select-all on.
    await dialog.getByRole('link', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(selected).toBeVisible();
    expect(Object.keys(await stored(community))).toHaveLength(60);
  });
});

test.describe('one item at a time', () => {
  test.use({ communityOptions: { from: 'demo-campground', label: 'faq-items', locationData: { faqs: faqs(3) } } });

  test('adds on top, edits, duplicates and deletes, with the server’s messages @forms', async ({ page, community, javaScriptEnabled }) => {
    await page.goto('/listnm/faqs');
    await page.getByRole('link', { name: 'Add FAQ' }).click();
    await expect(page.getByRole('heading', { name: 'Add FAQ' })).toBeVisible();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Title is required.')).toBeVisible();

    await page.getByLabel('Title').fill('Where can I buy ice?');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Saved.')).toBeVisible();
    await expect.poll(() => rowTitles(page)).toEqual(['Where can I buy ice?', 'Question 000', 'Question 001', 'Question 002']);

    await page.getByRole('link', { name: 'Question 001', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Edit FAQ' })).toBeVisible();
    await page.getByLabel('Title').fill('Question one');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => rowTitles(page)).toEqual(['Where can I buy ice?', 'Question 000', 'Question one', 'Question 002']);

    await page.getByRole('link', { name: 'Duplicate Question 002' }).click();
    await expect(page.getByRole('heading', { name: 'Duplicate FAQ' })).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue('Question 002');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(async () => (await rowTitles(page)).filter((title) => title === 'Question 002')).toHaveLength(2);

    await page.getByRole('link', { name: 'Delete Question 000' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Item' });
    await expect(dialog).toContainText('Are you certain you want to delete?');
    // The safe choice has the focus.
    if (javaScriptEnabled) await expect(dialog.getByRole('link', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('The item was deleted.')).toBeVisible();
    await expect.poll(async () => Object.keys(await stored(community))).not.toContain('faq-000');
    await expect(rows(page)).toHaveCount(4);
  });

  test('leaving an item’s form with unsaved changes asks first; Cancel drops them without asking', async ({ page, community }) => {
    await page.goto('/listnm/faqs');
    await page.getByRole('link', { name: 'Question 001', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Edit FAQ' })).toBeVisible();
    await expect(page.locator('form[data-hydrated]')).not.toHaveCount(0);
    const title = page.getByLabel('Title');
    await title.fill('Question one, not saved');
    // Another row of the list is another page: it asks first.
    await staysThenLeaves(page, {
      field: title,
      typed: 'Question one, not saved',
      leave: () => page.getByRole('link', { name: 'Question 002', exact: true }).click(),
    });
    const dialog = unsavedChangesDialog(page);
    await expect(title).toHaveValue('Question 002');
    expect((await stored(community))['faq-001']?.title).toBe('Question 001');

    await title.fill('Not kept');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { name: 'Edit FAQ' })).toHaveCount(0);
    await expect(dialog).toHaveCount(0);
  });

  test('sorts with Move up / Move down and alphabetically without JavaScript @no-js-only', async ({ page, community }) => {
    await page.goto('/list/main-menu/faqs/all/sort');
    await page.getByRole('button', { name: 'Move down: Question 000' }).click();
    await expect.poll(() => rowTitles(page, 'Sort FAQs')).toEqual(['Question 001', 'Question 000', 'Question 002']);

    await page.getByRole('button', { name: 'Sort Alphabetically' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Sort Alphabetically' });
    await expect(dialog).toContainText('Are you positive you want to sort this listing in alphabetical order?');
    await dialog.getByRole('button', { name: 'Sort' }).click();
    await expect(page.getByText('The list is sorted alphabetically.')).toBeVisible();
    const items = await stored(community);
    expect(
      Object.entries(items)
        .sort(([, a], [, b]) => Number(a.ordinal) - Number(b.ordinal))
        .map(([key]) => key),
    ).toEqual(['faq-000', 'faq-001', 'faq-002']);
  });

  test('sorts by dragging with the keyboard @js-only', async ({ page, community }) => {
    await page.goto('/list/main-menu/faqs/all/sort');
    const handle = page.getByRole('button', { name: 'Drag Question 000' });
    await expect(handle).toBeVisible();
    await handle.focus();
    await page.keyboard.press('Space');
    await expect(handle).toHaveAttribute('aria-pressed', 'true');
    // dnd-kit's live region announces each step: the sign that the key was handled.
    const live = page.locator('[id^="DndLiveRegion"]');
    await expect(live).toHaveText(/position 1 of 3\.$/);
    await page.keyboard.press('ArrowDown');
    await expect(live).toHaveText('Question 000 moved to position 2 of 3.');
    await page.keyboard.press('Space');
    await expect(page.getByText('The new order is saved.')).toBeVisible();
    const items = await stored(community);
    expect(
      Object.entries(items)
        .sort(([, a], [, b]) => Number(a.ordinal) - Number(b.ordinal))
        .map(([key]) => key),
    ).toEqual(['faq-001', 'faq-000', 'faq-002']);
  });
});

test('shows the tabs of a list and what each holds @js-only', async ({ loginAs, page }) => {
  await loginAs('editor@demo.example');
  await page.goto('/listnm/contacts');
  await expect(page.getByRole('link', { name: 'Offices' })).toHaveAttribute('aria-current', 'page');
  await expect(rows(page, 'Contacts')).toHaveCount(3);
  await page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: 'Emergency' }).click();
  await expect(page).toHaveURL(/\/listnm\/contacts\/emergency$/);
  await expect(rows(page, 'Contacts')).toHaveCount(3);
  await expect(page.getByRole('link', { name: 'Resort Security (24 hours)', exact: true })).toBeVisible();
});
