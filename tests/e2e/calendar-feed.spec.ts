import type { Locator, Page } from '@playwright/test';
import { formatDate } from '~/lib/date-time';
import { hrefs } from '~/lib/hrefs';
import { expect, test } from './fixtures';

/**
 * Calendar feeds (issue 24 "iCal feeds"; docs/decisions/026) through the production server and
 * its worker process: the demo calendars' feeds, which the workers' start-up sweep builds, are
 * served to anyone as text/calendar with a five-minute cache and 304 to their ETag; an event
 * saved in the editor reaches its calendar's feed through the calendar-feed job. The rules are
 * proven in server/events/feed/*.test.ts and jobs/processors/calendar-feed.test.ts.
 */
test.use({ communityOptions: { from: 'demo-campground', role: 'admin' } });

const TZ = 'America/New_York';
const DAY = 864e5;

test('a demo calendar’s feed is served to anyone as text/calendar, then 304 to its ETag', async ({ request: anonymous }) => {
  // The request fixture carries no sign-in: a client without the console's cookies, as a calendar app subscribes.
  const href = hrefs.calendarFeed('demo-campground', 'activities');
  let etag = '';
  // The worker process builds the demo feeds moments after the server starts.
  await expect(async () => {
    const response = await anonymous.get(href);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers()['cache-control']).toBe('public, max-age=300');
    const body = await response.text();
    expect(body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(body).toContain('BEGIN:VEVENT');
    etag = response.headers()['etag']!;
  }).toPass({ timeout: 20_000 });
  const again = await anonymous.get(href, { headers: { 'If-None-Match': etag } });
  expect(again.status()).toBe(304);
});

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

test('an event saved in the editor reaches its calendar’s feed', { tag: '@forms' }, async ({ page, community, request }) => {
  const title = `Lantern Walk ${community.key.slice(-6)}`;
  const day = formatDate(Date.now() + 5 * DAY, TZ);
  await page.goto('/detail/events/activities?returnTo=%2F');
  await expect(page.getByRole('heading', { name: 'Add Event', level: 1 })).toBeVisible();
  await page.getByLabel('Title *').fill(title);
  await openSection(page, 'Location');
  await page.getByLabel('Location *').selectOption('main-pavilion');
  await openSection(page, 'Dates');
  await setWhen(page.getByRole('group', { name: 'Start Date *' }), day, '07:00 PM');
  await setWhen(page.getByRole('group', { name: 'End Date *' }), day, '08:00 PM');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/$/);

  // The save queued a build of the calendar; the worker writes the feed a couple of seconds later.
  const href = hrefs.calendarFeed(community.key, 'activities');
  await expect(async () => {
    const response = await request.get(href);
    expect(response.status()).toBe(200);
    expect((await response.text()).replace(/\r\n /g, '')).toContain(`SUMMARY:${title}\r\n`);
  }).toPass({ timeout: 20_000 });
});
