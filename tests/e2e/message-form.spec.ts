import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { formatDate } from '~/lib/date-time';
import { e2ePaths, expect, readE2e, test, withE2eDb } from './fixtures';
import { staysThenLeaves, unsavedChangesDialog } from './unsaved-changes';

/**
 * The notification form (spec 02 "Messages", §4 delivery type, §5 rules) on a copy of the demo
 * campground: a Send Now notification refused for its missing fields keeps what was typed, then
 * is sent (with JavaScript and without); with JavaScript the delivery type shows only its own
 * fields. The rules and writes are proven in app/schemas/message.test.ts,
 * server/messages/save.test.ts and app/features/messages/message-form.server.test.ts.
 * Screenshots of each mode go to SHOTS_DIR (default: the test's output folder).
 */
test.use({ communityOptions: { from: 'demo-campground', role: 'admin' } });

const TZ = 'America/New_York';
const DAY = 864e5;

const section = (page: Page, title: string) => page.locator('details.editor-section', { has: page.locator('summary', { hasText: title }) });

async function openSection(page: Page, title: string) {
  const details = section(page, title);
  if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
  await expect(details).toHaveAttribute('open', '');
}

async function setWhen(picker: Locator, day: string, time: string) {
  await picker.getByLabel('Date (MM/dd/yyyy)').fill(day);
  const box = picker.getByLabel('Time (hh:mm AM/PM)');
  if ((await box.evaluate((element) => element.tagName)) === 'SELECT') await box.selectOption(time);
  else await box.fill(time);
}

const picker = (page: Page, name: RegExp) => page.getByRole('group', { name });

test(
  'Send Now: refused with the typed title kept, then sent to the messages list',
  { tag: '@forms' },
  async ({ page, community, javaScriptEnabled }) => {
    await page.goto('/amc-messages/messages/add');
    await page.getByLabel('Title *').fill('Pool closes early');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Description is required.')).toBeVisible();
    await expect(page.getByLabel('Title *')).toHaveValue('Pool closes early');
    await expect(page.getByTestId('form-error')).toHaveText(
      'One or more required fields have not been completed. Please check all tabs for your missing field.',
    );
    // With JavaScript the server's answer moves the focus to the first field with an error.
    if (javaScriptEnabled) await expect(page.getByLabel('Description *')).toBeFocused();

    await page.getByLabel('Description *').fill('The pool closes at 6 PM today.');
    await page.getByLabel('Type *').selectOption('announcements');
    await page.getByLabel('User Group *').selectOption('currentGuest');
    await openSection(page, 'Dates and Scheduling');
    await setWhen(picker(page, /^End Date/), formatDate(Date.now() + 2 * DAY, TZ), '06:00 PM');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/amc-messages\/messages$/);
    const messages = await readE2e<Record<string, Record<string, unknown>>>(e2ePaths.messages(community.key));
    expect(Object.values(messages ?? {}).find((message) => message.title === 'Pool closes early')).toMatchObject({
      userGroup: 'currentGuest',
      category: 'announcements',
      creator: community.user.uid,
    });
  },
);

test('leaving the notification form with unsaved changes asks first; Cancel drops them without asking', async ({
  page,
  community: _community,
}) => {
  await page.goto('/amc-messages/messages/add');
  await expect(page.locator('.message-form[data-hydrated]')).toBeVisible();
  const title = page.getByLabel('Title *');
  await title.fill('Pool closes early');
  await staysThenLeaves(page, {
    field: title,
    typed: 'Pool closes early',
    leave: () => page.getByRole('link', { name: 'Home', exact: true }).click(),
  });
  await expect(page).toHaveURL(/\/$/);
  const dialog = unsavedChangesDialog(page);

  await page.goto('/amc-messages/messages/add');
  await expect(page.locator('.message-form[data-hydrated]')).toBeVisible();
  await title.fill('Not kept');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/amc-messages\/messages$/);
  await expect(dialog).toHaveCount(0);
});

test('with JavaScript the delivery type shows only its own fields, and a giveaway category ticks Giveaway', async ({ page, community }) => {
  expect(community.role).toBe('admin');
  await page.goto('/amc-messages/messages/add');
  await expect(page.locator('.message-form[data-hydrated]')).toBeVisible();
  await openSection(page, 'Dates and Scheduling');
  await expect(picker(page, /^Delivery Time/)).toHaveCount(0);
  await page.getByLabel('Recurring Notification').check();
  await expect(page.getByTestId('recurrence')).toBeVisible();
  await expect(page.getByLabel('Visibility Duration (hours)')).toBeVisible();
  await page.getByLabel('Single Scheduled Notification').check();
  await expect(page.getByTestId('recurrence')).toHaveCount(0);
  await expect(picker(page, /^Delivery Time \(America\/New_York\)/)).toBeVisible();
  await page.getByLabel('Send Now', { exact: true }).check();
  await expect(picker(page, /^Delivery Time/)).toHaveCount(0);
  // A giveaway category ticks Giveaway; another clears it.
  await openSection(page, 'Additional Information');
  await page.getByLabel('Type *').selectOption({ label: 'Giveaways' });
  await expect(page.getByLabel('Giveaway', { exact: true })).toBeChecked();
  await page.getByLabel('Type *').selectOption({ label: 'Announcements' });
  await expect(page.getByLabel('Giveaway', { exact: true })).not.toBeChecked();
});

test('screenshots of each delivery mode, personal and from an event', async ({ page, community }) => {
  const dir = process.env.SHOTS_DIR ?? test.info().outputPath('shots');
  mkdirSync(dir, { recursive: true });
  await withE2eDb((db) =>
    db.ref().update({
      [e2ePaths.appUser(`app-${community.key}`)]: { name: 'Jordan Ellis', email: 'jordan@mail.example', communityId: community.key },
      [e2ePaths.featureFlag('allowPersonal')]: true,
    }),
  );
  const shot = async (name: string) => {
    for (const title of ['Required Information', 'Dates and Scheduling']) await openSection(page, title);
    await page.screenshot({ path: `${dir}/message-form-${name}.png`, fullPage: true });
  };
  await page.goto('/amc-messages/messages/add');
  await expect(page.locator('.message-form[data-hydrated]')).toBeVisible();
  await shot('instant');
  await page.getByLabel('Single Scheduled Notification').check();
  await shot('future');
  await page.getByLabel('Recurring Notification').check();
  await shot('recurring');
  await page.getByLabel('Personal', { exact: true }).check();
  await shot('personal');
  await page.goto('/amc-messages/messages/add?calendar=activities&event=ev-pancake-breakfast');
  await expect(page.locator('.message-form[data-hydrated]')).toBeVisible();
  await shot('from-event');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/amc-messages/messages/add');
  await expect(page.locator('.message-form[data-hydrated]')).toBeVisible();
  await openSection(page, 'Dates and Scheduling');
  await page.getByLabel('Recurring Notification').check();
  await shot('recurring-mobile');
});
