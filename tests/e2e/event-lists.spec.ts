import type { Page } from '@playwright/test';
import { e2ePaths, expect, readE2e, test, type TestCommunity } from './fixtures';

/**
 * The calendar of events (spec 02 "Calendars", §4 deleting events; spec 03 "Public calendar
 * events"), as staff use it, with and without JavaScript: filter the list on the server, delete
 * one occurrence of a recurring event with Delete Recurrence's "only this event", Delete
 * Selected in the active view (the event is archived: it leaves the view, decision 024) and then in the
 * archive (removed). The rules themselves are proven in server/events and
 * app/features/listing/event-lists.server.test.ts.
 */

const rows = (page: Page) => page.getByRole('list', { name: 'Activities' }).getByRole('listitem');
const row = (page: Page, title: string) => rows(page).filter({ has: page.getByRole('link', { name: title, exact: true }) });
const event = (community: TestCommunity, id: string) =>
  readE2e<Record<string, unknown>>(e2ePaths.calendarEvent(community.key, 'activities', id));

test.use({ communityOptions: { from: 'demo-campground', label: 'event-lists' } });

const breakfast = 'Pancake Breakfast at the Pavilion';

test('filters a calendar, deletes one occurrence of a recurrence, then bulk-deletes in the active view and the archive @forms', async ({
  page,
  community,
}) => {
  await page.goto('/amc-calendar/activities/active');
  await expect(row(page, 'Pancake Breakfast at the Pavilion')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add Event' })).toHaveAttribute('href', '/detail/events/activities');

  // The filter runs on the server: only the yoga recurrence's occurrences are left.
  await page.getByLabel('Search').fill('sunrise yoga');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/q=sunrise\+yoga/);
  await expect(row(page, 'Pancake Breakfast at the Pavilion')).toHaveCount(0);
  await expect(rows(page).first()).toContainText('Sunrise Yoga');
  for (const title of await rows(page).locator('.list-row-title').allInnerTexts()) expect(title).toContain('Sunrise Yoga');

  // Delete Recurrence: only this event.
  const moved = 'Sunrise Yoga (moved to the Recreation Hall)';
  await page.getByRole('link', { name: `Delete ${moved}` }).click();
  const recurrence = page.getByRole('alertdialog', { name: 'Delete Recurrence' });
  await expect(recurrence).toContainText('Do you want to delete only this event or all events in this recurrence?');
  // Both answers delete: the focus starts on the safe choice, Cancel.
  if (test.info().project.name === 'js') await expect(recurrence.getByRole('link', { name: 'Cancel' })).toBeFocused();
  await recurrence.getByRole('button', { name: 'Delete Event' }).click();
  await expect(page.getByText('The event was deleted.')).toBeVisible();
  await expect(row(page, moved)).toHaveCount(0);
  await expect(page).toHaveURL(/q=sunrise\+yoga/);
  await expect.poll(() => event(community, 'ev-yoga-5')).toBeNull();
  expect(await event(community, 'ev-yoga-6')).not.toBeNull();
  const record = await readE2e<{ eventKeys: Record<string, unknown> }>(
    e2ePaths.calendarRecurrence(community.key, 'activities', 'rec-sunrise-yoga'),
  );
  expect(Object.keys(record?.eventKeys ?? {})).not.toContain('ev-yoga-5');
  expect(Object.keys(record?.eventKeys ?? {})).toContain('ev-yoga-6');

  // Delete Selected in the active view: the event ends now and moves to the archive.
  await expect(row(page, breakfast).getByText('Passed')).toHaveCount(0);
  await page.getByRole('link', { name: 'Clear Filters' }).click();
  await expect(page).not.toHaveURL(/q=/);
  await page.getByRole('checkbox', { name: `Select ${breakfast}` }).check();
  await page.getByRole('button', { name: 'Delete Selected' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Selected' });
  await expect(confirm).toContainText('Are you certain you want to delete all selected items?');
  await confirm.getByRole('button', { name: 'Delete 1 item' }).click();
  await expect(page.getByText('1 item was moved to the archive.')).toBeVisible();
  // It leaves the active view at once (decision 024), not kept there as passed.
  await expect(row(page, breakfast)).toHaveCount(0);
  await expect.poll(async () => Number((await event(community, 'ev-pancake-breakfast'))?.endDate)).toBeLessThanOrEqual(Date.now());

  // In the archive it is listed once, not marked passed, saying it was deleted; Delete Selected removes it.
  await page.getByRole('link', { name: 'View Archived' }).click();
  await expect(page).toHaveURL(/\/amc-calendar\/activities\/archive$/);
  await expect(row(page, breakfast)).toHaveCount(1);
  await expect(row(page, breakfast).getByText(/^Deleted \w{3}, \w{3} \d+, \d+:\d{2} [AP]M/)).toBeVisible();
  await expect(row(page, breakfast).getByText('Passed')).toHaveCount(0);
  await page.getByRole('checkbox', { name: `Select ${breakfast}` }).check();
  await page.getByRole('button', { name: 'Delete Selected' }).click();
  await page.getByRole('alertdialog', { name: 'Delete Selected' }).getByRole('button', { name: 'Delete 1 item' }).click();
  await expect(page.getByText('1 item was deleted.')).toBeVisible();
  await expect(row(page, breakfast)).toHaveCount(0);
  await expect.poll(() => event(community, 'ev-pancake-breakfast')).toBeNull();
});
