import type { Locator, Page } from '@playwright/test';
import { formatInTimeZone } from 'date-fns-tz';
import { formatDate } from '~/lib/date-time';
import { e2ePaths, expect, readE2e, test, withE2eDb } from './fixtures';

/**
 * The event editor (spec 02 "Event editor", §4 recurring event editing, §5 event rules) on a
 * community of its own (a copy of the demo campground, with its Activities calendar), with
 * JavaScript and without: a weekly recurring event is refused first for lasting more than 24
 * hours (the 'Error' dialog), then saved as four occurrences; one of them is then changed alone
 * through 'Edit Recurrence' → Edit Event. The rules behind it are proven in
 * app/features/events/editor.server.test.ts and server/events/*.test.ts.
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

/** Types a day and picks a time in a date-time picker (a select of quarter hours with JavaScript, a text box without). */
async function setWhen(picker: Locator, day: string, time?: string) {
  await picker.getByLabel('Date (MM/dd/yyyy)').fill(day);
  if (time === undefined) return;
  const box = picker.getByLabel('Time (hh:mm AM/PM)');
  if ((await box.evaluate((element) => element.tagName)) === 'SELECT') await box.selectOption(time);
  else await box.fill(time);
}

test(
  'a weekly event is refused for lasting over 24 hours, then saved; one occurrence is edited alone',
  { tag: '@forms' },
  async ({ page, community }) => {
    const calendarEvents = e2ePaths.calendarEvents(community.key, 'activities');
    const startDay = formatDate(Date.now() + 3 * DAY, TZ);
    const nextDay = formatDate(Date.now() + 4 * DAY, TZ);
    const lastDay = formatDate(Date.now() + 24 * DAY, TZ);

    await page.goto('/detail/events/activities?returnTo=%2F');
    await expect(page.getByRole('heading', { name: 'Add Event', level: 1 })).toBeVisible();
    await page.getByLabel('Title *').fill('Sunset Stretch');
    await openSection(page, 'Location');
    await page.getByLabel('Location *').selectOption('main-pavilion');
    await openSection(page, 'Dates');
    const start = page.getByRole('group', { name: 'Start Date *' });
    const end = page.getByRole('group', { name: 'End Date *' });
    await setWhen(start, startDay, '06:00 PM');
    await setWhen(end, nextDay, '07:00 PM');
    await page.getByLabel('Recurrence').selectOption('weekly');
    await setWhen(page.getByRole('group', { name: 'Last Day of Recurrence' }), lastDay);
    await page.getByRole('button', { name: 'Submit' }).click();

    // Twenty-five hours: the Error dialog, nothing saved; OK closes it and the form keeps what was typed.
    const error = page.getByRole('alertdialog', { name: 'Error' });
    await expect(error).toContainText('Recurring events cannot be longer than 24 hours.');
    await error.getByRole('button', { name: 'OK' }).click();
    await expect(error).toBeHidden();
    await expect(page.getByLabel('Title *')).toHaveValue('Sunset Stretch');
    await expect(section(page, 'Dates')).toHaveAttribute('open', '');
    // The preview's date line: the spec's event date format, the end on its own day.
    const longDay = (ms: number) => formatInTimeZone(ms, TZ, 'MMMM do yyyy');
    await expect(page.getByTestId('preview-when')).toHaveText(
      `${longDay(Date.now() + 3 * DAY)} @ 6:00 pm - ${longDay(Date.now() + 4 * DAY)} @ 7:00 pm`,
    );
    expect(
      Object.values((await readE2e<Record<string, { title?: string }>>(calendarEvents)) ?? {}).some(
        (event) => event.title === 'Sunset Stretch',
      ),
    ).toBe(false);

    if (test.info().project.name === 'js') {
      // A day picked in the calendar (no typing) updates the preview at once.
      await end.getByRole('button', { name: 'Choose a date' }).click();
      const day = end.getByRole('button', { name: formatInTimeZone(Date.now() + 3 * DAY, TZ, 'EEEE, MMMM d, yyyy'), exact: true });
      if (!(await day.isVisible())) await end.getByRole('button', { name: 'Previous month' }).click();
      await day.click();
      await expect(page.getByTestId('preview-when')).toHaveText(`${longDay(Date.now() + 3 * DAY)} @ 6:00 pm - 7:00 pm`);
    }
    await setWhen(end, startDay, '07:00 PM');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/$/);

    const saved = Object.entries((await readE2e<Record<string, Record<string, unknown>>>(calendarEvents)) ?? {})
      .filter(([, event]) => event.title === 'Sunset Stretch')
      .sort(([, a], [, b]) => Number(a.startDate) - Number(b.startDate));
    expect(saved.length).toBe(4);
    const [firstId, first] = saved[0]!;
    expect(Number(first.endDate) - Number(first.startDate)).toBe(36e5);
    expect(Number(saved[1]![1].startDate) - Number(first.startDate)).toBe(7 * DAY);
    const recurrenceId = String(first.recurrenceId);
    expect(saved.every(([, event]) => event.recurrenceId === recurrenceId)).toBe(true);

    // The second occurrence: 'Edit Recurrence' asks first; Edit Event changes it alone.
    const [secondId] = saved[1]!;
    await page.goto(`/detail/events/activities/${secondId}?returnTo=%2F`);
    const question = page.getByRole('alertdialog', { name: 'Edit Recurrence' });
    await expect(question).toBeVisible();
    await question.getByRole('link', { name: 'Edit Event' }).click();
    await expect(page.getByRole('heading', { name: 'Edit Event', level: 1 })).toBeVisible();
    await openSection(page, 'Dates');
    await expect(page.getByTestId('occurrence-note')).toBeVisible();
    await page.getByLabel('Title *').fill('Sunset Stretch on the Beach');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/$/);

    const after = (await readE2e<Record<string, Record<string, unknown>>>(calendarEvents)) ?? {};
    expect(after[secondId]?.title).toBe('Sunset Stretch on the Beach');
    expect(after[firstId]?.title).toBe('Sunset Stretch');
    for (const [id] of saved.slice(2)) expect(after[id]?.title).toBe('Sunset Stretch');
    const record = await readE2e<{ editedEvents?: Record<string, { title?: string }> }>(
      e2ePaths.calendarRecurrence(community.key, 'activities', recurrenceId),
    );
    expect(record?.editedEvents?.[secondId]?.title).toBe('Sunset Stretch on the Beach');
  },
);

test(
  "after a save, the event's scheduled notifications: 'Update Notifications' for a new title, 'Notifications Removed' for a new time",
  { tag: '@forms' },
  async ({ page, community }) => {
    // The copy holds the demo reminder of the pancake breakfast; a second one, and another event's, join it.
    const scheduled = (id: string) => readE2e<Record<string, unknown>>(`${e2ePaths.scheduledMessages(community.key)}/${id}`);
    const reminder = await scheduled('sched-pancake-reminder');
    await withE2eDb((db) =>
      db.ref(e2ePaths.scheduledMessages(community.key)).update({
        'pancake-second': { ...reminder, title: 'Pancakes tomorrow' },
        'kids-craft': { ...reminder, title: 'Painted rocks today', eventId: 'ev-kids-craft' },
      }),
    );

    await page.goto('/detail/events/activities/ev-pancake-breakfast');
    await page.getByLabel('Title *').fill('Pancake Breakfast on the Lawn');
    await page.getByRole('button', { name: 'Submit' }).click();
    const question = page.getByRole('alertdialog', { name: 'Update Notifications' });
    await expect(question).toContainText("Do you want to update all notifications' titles and descriptions for this event?");
    await question.getByRole('button', { name: 'Yes' }).click();
    await expect(page).toHaveURL(/\/amc-calendar\/activities\/active/);
    expect(await scheduled('sched-pancake-reminder')).toMatchObject({ title: 'Reminder: Pancake Breakfast on the Lawn @Main Pavilion' });
    expect(await scheduled('pancake-second')).toMatchObject({ title: 'Reminder: Pancake Breakfast on the Lawn @Main Pavilion' });
    expect(await scheduled('kids-craft')).toMatchObject({ title: 'Painted rocks today' });

    await page.goto('/detail/events/activities/ev-pancake-breakfast');
    await openSection(page, 'Dates');
    const end = page.getByRole('group', { name: 'End Date *' });
    const box = end.getByLabel('Time (hh:mm AM/PM)');
    if ((await box.evaluate((element) => element.tagName)) === 'SELECT') await box.selectOption('11:00 AM');
    else await box.fill('11:00 AM');
    await page.getByRole('button', { name: 'Submit' }).click();
    const removed = page.getByRole('dialog', { name: 'Notifications Removed' });
    await expect(removed).toContainText('2 matching event notifications have been removed.');
    await removed.getByRole('link', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/amc-calendar\/activities\/active/);
    expect(await scheduled('sched-pancake-reminder')).toBeNull();
    expect(await scheduled('pancake-second')).toBeNull();
    expect(await scheduled('kids-craft')).toMatchObject({ title: 'Painted rocks today' });
  },
);
