import type { Page } from '@playwright/test';
import type { DbValue } from '@server/db';
import { expectNoSeriousViolations } from './axe';
import { e2ePaths, expect, readE2e, test } from './fixtures';

/**
 * The legacy events list (spec 02 "Legacy events list", §4 config.events), as staff use it,
 * with and without JavaScript: rows under a heading per start day, Delete Selected of one event
 * (it ends now), and the list's config.events form saved. Grouping across pages and time zones,
 * conflicts and refusals are proven in app/features/listing/legacy-events.server.test.ts.
 */

const HOUR = 3_600_000;
const ZONE = 'America/New_York';
/** 10:00, 14:00 and 19:00 New York time, `days` days from today. */
const at = (days: number, hour: number) => {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    Date.now() + days * 24 * HOUR,
  );
  // Noon UTC of that day, moved to the hour in New York (UTC−4 or −5: either stays on that day).
  const noon = new Date(`${day}T12:00:00Z`).getTime();
  const offset = Number(new Intl.DateTimeFormat('en-US', { timeZone: ZONE, hour: 'numeric', hourCycle: 'h23' }).format(noon)) - 12;
  return noon + (hour - 12 - offset) * HOUR;
};
const heading = (ms: number) =>
  new Intl.DateTimeFormat('en-US', { timeZone: ZONE, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(ms);
const event = (title: string, start: number): [string, DbValue] => [
  String(start),
  { title, startDate: start, endDate: start + HOUR, endDateDuration: HOUR, allDay: false },
];

const first = at(2, 10);
const second = at(2, 19);
const third = at(3, 14);

test.use({
  communityOptions: {
    label: 'legacy-events',
    menu: [
      { id: 'legacy', uniqueId: 'legacy-events', name: 'Happenings', type: 'events', tabs: [{ id: 'resort', title: 'At the Resort' }] },
    ],
    locationData: {
      'events-resort': Object.fromEntries([event('Bingo Night', first), event('Campfire Songs', second), event('Kayak Tour', third)]),
    },
  },
});

const day = (page: Page, ms: number) => page.getByRole('list', { name: heading(ms) });

test('groups events by day, deletes a selected one and saves the list’s events config @forms', async ({ page, community }, testInfo) => {
  await page.goto('/list/main-menu/legacy-events/resort');
  await expect(page.getByRole('heading', { level: 2, name: heading(first) })).toBeVisible();
  await expect(day(page, first).getByRole('link', { name: /^(Bingo Night|Campfire Songs)$/ })).toHaveCount(2);
  await expect(day(page, third).getByRole('link', { name: 'Kayak Tour', exact: true })).toBeVisible();
  if (testInfo.project.name === 'js') await expectNoSeriousViolations(page);

  // Delete Selected in the active view: the event ends now.
  await page.getByRole('checkbox', { name: 'Select Campfire Songs' }).check();
  await page.getByRole('button', { name: 'Delete Selected' }).click();
  await page.getByRole('alertdialog', { name: 'Delete Selected' }).getByRole('button', { name: 'Delete 1 item' }).click();
  await expect(page.getByText('1 item was moved to the archive.')).toBeVisible();
  await expect
    .poll(async () =>
      Number((await readE2e<Record<string, unknown>>(e2ePaths.legacyEvent(community.key, 'events-resort', String(second))))?.endDate),
    )
    .toBeLessThanOrEqual(Date.now());

  // config.events: the form's Audiences, saved for the list's own events config.
  await page.getByRole('link', { name: 'Config', exact: true }).click();
  const form = page.getByRole('form', { name: 'Events Config' });
  await expect(form).toBeVisible();
  if (testInfo.project.name === 'js') await expectNoSeriousViolations(page);
  await form.getByLabel('New Audience').fill('Teens');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Events config saved.')).toBeVisible();
  await expect
    .poll(async () => (await readE2e<Record<string, unknown>>(e2ePaths.calendarConfig(community.key, 'events-resort')))?.audiences)
    .toEqual(['Family', 'Teens']);
});
