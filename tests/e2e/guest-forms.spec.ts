import type { Page, TestInfo } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { e2ePaths, expect, readE2e, test } from './fixtures';

/**
 * Custom forms and scavenger hunts (spec 02 §3 "Form schema fields", "Hunt"; §9 default forms),
 * as staff edit them: the lists, a form's fields and a hunt's steps added, moved, removed and
 * edited, the standard RSVP form offered while none is marked standard, and refused input
 * coming back with what was typed. Each test copies the demo campground into a community of
 * its own. With and without JavaScript (@forms), at 1366 and 390 pixels wide.
 */

// The rows themselves, not the items of a row's error list.
const fieldRows = (page: Page) => page.getByRole('list', { name: 'Fields' }).locator(':scope > li');
const stepRows = (page: Page) => page.getByRole('list', { name: 'Steps' }).locator(':scope > li');

/** With JavaScript, what is typed before the page's script runs may be lost: wait for it. */
async function ready(page: Page, info: TestInfo) {
  if (info.project.name === 'js') await expect(page.locator('form[data-hydrated]').first()).toBeAttached();
}

/** axe runs in the page: with JavaScript only. */
async function audit(page: Page, info: TestInfo) {
  if (info.project.name === 'js') await expectNoSeriousViolations(page);
}

async function storedForm(community: string, key: string) {
  return readE2e<Record<string, unknown>>(`${e2ePaths.locationData(community)}/custom-forms/${key}`);
}

test.describe('custom forms', () => {
  test.use({ communityOptions: { from: 'demo-campground', label: 'forms' } });

  test('edits a form’s fields: add, move up, remove, save @forms', async ({ page, community }, info) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/listnm/custom-forms');
    await expect(page.getByRole('link', { name: 'Visitor Registration' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Waitlist' }).first()).toBeVisible();
    await audit(page, info);

    await page.goto('/listnm/custom-forms/edit/visitor-registration');
    await expect(page.getByRole('heading', { name: 'Edit Form' })).toBeVisible();
    await expect(fieldRows(page)).toHaveCount(11);
    await ready(page, info);
    await expect(fieldRows(page).nth(2).getByLabel('Label', { exact: true })).toHaveValue('Your name');
    await expect(fieldRows(page).nth(2).getByRole('checkbox', { name: 'Required' })).toBeChecked();
    await audit(page, info);
    await page.screenshot({ path: `tests/.tmp/guest-forms-edit-1366-${info.project.name}.png`, fullPage: true });

    await page.getByRole('button', { name: 'Add field' }).click();
    await expect(fieldRows(page)).toHaveCount(12);
    const added = fieldRows(page).nth(11);
    await added.getByLabel('Label', { exact: true }).fill('Pets with you');
    await added.getByLabel('Type', { exact: true }).selectOption('number');
    await added.getByRole('button', { name: /^Move up/ }).click();
    await expect(fieldRows(page).nth(10).getByLabel('Label', { exact: true })).toHaveValue('Pets with you');
    // The static rules text goes.
    await fieldRows(page)
      .nth(1)
      .getByRole('button', { name: /^Remove/ })
      .click();
    await expect(fieldRows(page)).toHaveCount(11);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Saved.')).toBeVisible();

    const stored = await storedForm(community.key, 'visitor-registration');
    const fields = stored?.fields as Array<Record<string, unknown>>;
    expect(fields.map((field) => field.name)).toEqual([
      'visitor-registration-header',
      'host-name',
      'site-number',
      'visitor-count',
      'visitor-names',
      'vehicle-plate',
      'visit-date',
      'vehicle-photo',
      'signature',
      'pets-with-you',
      'email',
    ]);
    expect(fields[9]).toEqual({ type: 'number', name: 'pets-with-you', label: 'Pets with you', required: false });
    // What the editor does not show is kept.
    expect(stored?.emails).toEqual(['office@pinehollowrv.example']);
  });

  test('refuses two fields of one name and keeps what was typed @forms', async ({ page, community }, info) => {
    await page.goto('/listnm/custom-forms/edit/report-an-issue');
    await ready(page, info);
    await expect(fieldRows(page)).toHaveCount(6);
    await fieldRows(page).nth(1).getByLabel('Name', { exact: true }).fill('reporter-name');
    await page.getByLabel('Title', { exact: true }).fill('Report a Problem');
    // Enter in a field saves (the form's default button), rather than moving or removing the first row.
    await page.getByLabel('Title', { exact: true }).press('Enter');
    await expect(fieldRows(page).nth(1).getByText('Another field is named "reporter-name"; each name must be unique.')).toBeVisible();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Report a Problem');
    await expect(fieldRows(page).nth(1).getByLabel('Name', { exact: true })).toHaveValue('reporter-name');
    await expect(fieldRows(page)).toHaveCount(6);
    await expect(fieldRows(page).nth(0).getByLabel('Label', { exact: true })).toHaveValue('Your name');
    expect((await storedForm(community.key, 'report-an-issue'))?.title).toBe('Report an Issue');
  });
});

test.describe('dragging', () => {
  test.use({ communityOptions: { from: 'demo-campground', label: 'drag-fields' } });

  test('moves a field by its handle with the keyboard, and saves the new order', async ({ page, community }, info) => {
    await page.goto('/listnm/custom-forms/edit/report-an-issue');
    await ready(page, info);
    await expect(fieldRows(page).nth(0).getByLabel('Label', { exact: true })).toHaveValue('Your name');
    const handle = page.getByRole('button', { name: 'Drag Field 1: Your name' });
    await handle.focus();
    await page.keyboard.press('Space');
    await expect(handle).toHaveAttribute('aria-pressed', 'true');
    // dnd-kit's live region announces each step: the sign that the key was handled.
    const live = page.locator('[id^="DndLiveRegion"]');
    await expect(live).toHaveText(/position 1 of 6\.$/);
    await page.keyboard.press('ArrowDown');
    await expect(live).toHaveText('Field 1: Your name moved to position 2 of 6.');
    await page.keyboard.press('Space');
    await expect(fieldRows(page).nth(1).getByLabel('Label', { exact: true })).toHaveValue('Your name');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Saved.')).toBeVisible();
    const fields = (await storedForm(community.key, 'report-an-issue'))?.fields as Array<Record<string, unknown>>;
    expect(fields.slice(0, 2).map((field) => field.name)).toEqual(['site-number', 'reporter-name']);
  });
});

test.describe('the home tiles', () => {
  test.use({ communityOptions: { from: 'demo-campground', label: 'form-tiles' } });

  test('of a form and of a hunt open their entries, which lead to their editors and back', async ({ page, community: _signedIn }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Visitor Registration', exact: true }).first().click();
    await expect(page).toHaveURL(/\/scrollerEntries\/custom-forms\/view\/visitor-registration/);
    await page.getByRole('link', { name: 'Edit Form' }).click();
    await expect(page).toHaveURL(/\/listnm\/custom-forms\/edit\/visitor-registration/);
    await expect(page.getByRole('heading', { name: 'Edit Form' })).toBeVisible();
    await page.goto('/');
    await page.getByRole('link', { name: 'Explore', exact: true }).first().click();
    await expect(page).toHaveURL(/\/scrollerEntries\/hunts\/view\/nature-trail-hunt/);
    await page.getByRole('link', { name: 'Edit Hunt' }).click();
    await expect(page).toHaveURL(/\/listnm\/hunts\/edit\/nature-trail-hunt/);
    await expect(page.getByRole('heading', { name: 'Edit Hunt' })).toBeVisible();
    await page.getByRole('link', { name: 'View Entries' }).click();
    await expect(page).toHaveURL(/\/scrollerEntries\/hunts\/view\/nature-trail-hunt/);
  });
});

test.describe('the standard RSVP form', () => {
  // No form of this community is marked standard.
  test.use({ communityOptions: { from: 'demo-campground', label: 'no-rsvp', locationData: { 'custom-forms/rsvp-standard': null } } });

  test('is offered while none is marked standard, and saved from the Add form @forms', async ({ page, community }, info) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/listnm/custom-forms/add');
    await page.getByRole('link', { name: 'Start from the standard RSVP form' }).click();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('RSVP');
    await ready(page, info);
    await expect(fieldRows(page)).toHaveCount(3);
    await expect(fieldRows(page).nth(0).getByLabel('Options', { exact: true })).toHaveValue('Yes\nNo');
    await expect(page.getByRole('checkbox', { name: 'Standard RSVP Form' })).toBeChecked();
    await audit(page, info);
    await page.screenshot({ path: `tests/.tmp/guest-forms-rsvp-390-${info.project.name}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Saved.')).toBeVisible();

    const forms = (await readE2e<Record<string, Record<string, unknown>>>(`${e2ePaths.locationData(community.key)}/custom-forms`)) ?? {};
    const standard = Object.values(forms).filter((form) => form.standard === true);
    expect(standard).toHaveLength(1);
    expect((standard[0]?.fields as Array<Record<string, unknown>>).map((field) => field.label)).toEqual([
      'Attending',
      'Number Attending',
      'Name',
    ]);
    // Marked standard now: no longer offered; the waitlist form still is.
    await page.goto('/listnm/custom-forms/add');
    await expect(page.getByRole('link', { name: 'Start from the waitlist form' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start from the standard RSVP form' })).toHaveCount(0);
  });
});

test.describe('scavenger hunts', () => {
  test.use({ communityOptions: { from: 'demo-campground', label: 'hunts' } });

  test('edits a hunt’s steps, a golf step with its par @forms', async ({ page, community }, info) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/listnm/hunts');
    await page.getByRole('link', { name: 'Hollow Creek Nature Hunt' }).first().click();
    await expect(page.getByRole('heading', { name: 'Edit Hunt' })).toBeVisible();
    await expect(stepRows(page)).toHaveCount(4);
    await ready(page, info);
    await expect(stepRows(page).nth(3).getByLabel('Par', { exact: true })).toHaveValue('2, 3, 3, 2, 4, 3, 2, 3, 3');
    await expect(stepRows(page).nth(2).getByLabel('Choices', { exact: true })).toHaveValue(
      'Great Blue Heron\nCommon Loon\nPileated Woodpecker\nBarred Owl',
    );
    await audit(page, info);
    await page.screenshot({ path: `tests/.tmp/guest-forms-hunt-390-${info.project.name}.png`, fullPage: true });

    await page.getByRole('button', { name: 'Add step' }).click();
    await expect(stepRows(page)).toHaveCount(5);
    const added = stepRows(page).nth(4);
    await added.getByLabel('Title', { exact: true }).fill('Back Nine');
    await added.getByLabel('Type', { exact: true }).selectOption('golf');
    // Without JavaScript the par box shows once the form comes back as a golf step.
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(
      stepRows(page)
        .nth(4)
        .getByText(/Enter the par of each hole/),
    ).toBeVisible();
    await stepRows(page).nth(4).getByLabel('Par', { exact: true }).fill('3, 4, 5');
    await stepRows(page)
      .nth(0)
      .getByRole('button', { name: /^Move down/ })
      .click();
    await expect(stepRows(page).nth(1).getByLabel('Title', { exact: true })).toHaveValue('Big White Pine');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Saved.')).toBeVisible();

    const hunt = await readE2e<Record<string, unknown>>(`${e2ePaths.locationData(community.key)}/hunts/nature-trail-hunt`);
    const steps = hunt?.steps as Array<Record<string, unknown>>;
    expect(steps.map((step) => step.key)).toEqual(['creek-bridges', 'white-pine', 'trail-bird', 'mini-golf', 'back-nine']);
    expect(steps[4]).toEqual({ key: 'back-nine', type: 'golf', title: 'Back Nine', par: [3, 4, 5] });
    expect(hunt?.drawable).toBeTruthy();
  });
});
