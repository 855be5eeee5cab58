import type { Page, TestInfo } from '@playwright/test';
import { fromZonedTime } from 'date-fns-tz';
import type { DbValue } from '@server/db';
import { expectNoSeriousViolations } from './axe';
import { createCommunity, e2ePaths, expect, readE2e, test, withE2eDb, type TestCommunity } from './fixtures';

/**
 * The public calendar (spec 03 "Public calendar page (/calendar)"): anyone, with or without
 * JavaScript, at desktop and phone widths, reads a community's calendar as a list and as a month,
 * moves between months and opens an event's own page (with its schema.org Event); it may be
 * framed by other sites (and only it), sizes its iframe, updates itself when an event changes,
 * and staff of the community delete events from it.
 */

const TZ = 'America/New_York';
const HOUR = 36e5;
const withJs = (info: TestInfo) => info.project.name !== 'no-js';

function nextMonth(): { first: string; at: (day: number, time: string) => number; name: string } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit' }).formatToParts(Date.now());
  let year = Number(parts.find((part) => part.type === 'year')!.value);
  let month = Number(parts.find((part) => part.type === 'month')!.value) + 1;
  if (month === 13) {
    month = 1;
    year += 1;
  }
  const prefix = `${year}-${String(month).padStart(2, '0')}`;
  return {
    first: `${prefix}-01`,
    at: (day, time) => fromZonedTime(`${prefix}-${String(day).padStart(2, '0')} ${time}`, TZ).getTime(),
    name: new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, 15)),
  };
}

/** A community of the test's own with an Activities calendar: three events next month and a deleted one. */
async function calendarCommunity(label: string): Promise<TestCommunity> {
  const community = await createCommunity({ label, record: { title: 'Public Pines', name: 'Public Pines', timeZone: TZ } });
  const month = nextMonth();
  const context = `${community.key}/amc-events/calendars/activities`;
  const event = (title: string, start: number, hours: number, extra: Record<string, DbValue> = {}): Record<string, DbValue> => ({
    title,
    description: `<p>${title}: everyone is welcome.</p>`,
    startDate: start,
    endDate: start + hours * HOUR,
    endDateDuration: hours * HOUR,
    allDay: false,
    resortLocationId: 'hall',
    contexts: [context],
    ...extra,
  });
  await withE2eDb(async (db) => {
    const now = Date.now();
    await db.ref().update({
      [e2ePaths.calendarConfig(community.key, 'activities')]: { title: 'Activities', audiences: ['Family'] },
      [e2ePaths.calendarConfig(community.key, 'kids-club')]: { title: 'Kids Club', audiences: ['Kids'] },
      [`${e2ePaths.locations(community.key)}/hall`]: { title: 'Community Hall', address: '2 Hall Road', city: 'Lake Luzerne', state: 'NY' },
      [e2ePaths.calendarEvent(community.key, 'activities', 'ev-bingo')]: event('Bingo Night', month.at(3, '19:00'), 2),
      [e2ePaths.calendarEvent(community.key, 'activities', 'ev-dance')]: event('Late Dance', month.at(4, '21:00'), 4),
      [e2ePaths.calendarEvent(community.key, 'activities', 'ev-market')]: event('Farmers Market', month.at(12, '09:00'), 4),
      [e2ePaths.calendarEvent(community.key, 'activities', 'ev-deleted')]: event('Cancelled Concert', now - HOUR, 0, {
        deleted: { time: now - HOUR, startDate: month.at(6, '19:00'), endDate: month.at(6, '21:00') },
      }),
    });
  });
  return community;
}

const calendarPath = (community: TestCommunity, extra = '') => `/calendar?clocation=${community.key}&selectedTab=activities${extra}`;

async function ready(page: Page, info: TestInfo) {
  if (withJs(info)) await expect(page.locator('html[data-page-hydrated]')).toHaveCount(1);
}

/** axe with JavaScript only: these pages are the same markup without it (no need to audit it twice). */
async function audit(page: Page, info: TestInfo) {
  if (withJs(info)) await expectNoSeriousViolations(page);
}

for (const width of [1366, 390]) {
  test(`reads the calendar as a list and a month, by links, and opens an event (${width} px) @no-js`, async ({ page }, info) => {
    await page.setViewportSize({ width, height: 900 });
    const community = await calendarCommunity(`public-calendar-${width}`);
    const month = nextMonth();

    await page.goto(calendarPath(community));
    await ready(page, info);
    await expect(page.getByRole('heading', { level: 1, name: /Activities/ })).toBeVisible();
    await page.getByRole('link', { name: 'Next month' }).click();
    await expect(page.getByRole('heading', { level: 2, name: month.name })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`date=${month.first}`));
    const bingo = page.getByRole('link', { name: 'Bingo Night' });
    await expect(bingo).toBeVisible();
    await expect(page.getByText('Cancelled Concert')).toHaveCount(0);
    // The dance ends at 01:00: it shows on its own day only.
    await expect(page.getByRole('link', { name: 'Late Dance' })).toHaveCount(1);
    await ready(page, info);
    await audit(page, info);
    await page.screenshot({ path: info.outputPath(`list-${width}.png`), fullPage: true });

    // The list's JSON-LD: valid JSON, one Event per shown event, with the fields search engines need.
    const listLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '') as Array<
      Record<string, unknown>
    >;
    expect(listLd.map((entry) => entry.name)).toEqual(['Bingo Night', 'Late Dance', 'Farmers Market']);

    await page.getByRole('link', { name: 'Month', exact: true }).click();
    await expect(page.getByRole('table', { name: month.name })).toBeAttached();
    await expect(page.getByRole('link', { name: /Farmers Market/ })).toBeVisible();
    await ready(page, info);
    await audit(page, info);
    await page.screenshot({ path: info.outputPath(`month-${width}.png`), fullPage: true });

    await page.getByRole('link', { name: /Bingo Night/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bingo Night' })).toBeVisible();
    await expect(page.getByText(/ 3rd \d{4} @ 7:00 pm - 9:00 pm/)).toBeVisible();
    await ready(page, info);
    await audit(page, info);
    await page.screenshot({ path: info.outputPath(`event-${width}.png`), fullPage: true });
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '') as Record<string, unknown>;
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Bingo Night',
      eventStatus: 'https://schema.org/EventScheduled',
      location: { '@type': 'Place', name: 'Community Hall' },
      organizer: { '@type': 'Organization', name: 'Public Pines' },
      description: 'Bingo Night: everyone is welcome.',
    });
    expect(ld.startDate).toMatch(/^\d{4}-\d{2}-03T19:00:00-0[45]:00$/);
    expect(ld.endDate).toMatch(/^\d{4}-\d{2}-03T21:00:00-0[45]:00$/);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical).toMatch(new RegExp(`/calendar/event/${community.key}/activities/ev-bingo$`));
    await expect(page).toHaveTitle(/^Bingo Night, .* - Public Pines$/);

    await page.getByRole('link', { name: 'Back to the calendar' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Activities/ })).toBeVisible();
  });
}

test('an unknown community or calendar is a page that says so (404) @no-js', async ({ page }, info) => {
  const missing = await page.goto('/calendar?clocation=no-such-community-anywhere');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar not found' })).toBeVisible();
  await expect(page.getByText('There is no community "no-such-community-anywhere"')).toBeVisible();
  await audit(page, info);
  const calendar = await page.goto('/calendar?clocation=demo-campground&selectedTab=no-such-calendar');
  expect(calendar?.status()).toBe(404);
  await expect(page.getByText('has no calendar "no-such-calendar"')).toBeVisible();
});

test('only the public calendar may be framed by other sites', async ({ request }) => {
  const calendar = await request.get('/calendar?clocation=demo-campground&selectedTab=activities');
  const event = await request.get('/calendar/event/demo-campground/activities/ev-pancake-breakfast');
  const login = await request.get('/login');
  for (const answer of [calendar, event]) {
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-security-policy']).not.toContain('frame-ancestors');
    expect(answer.headers()['x-frame-options']).toBeUndefined();
  }
  expect(login.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
});

test('an anonymous page is sent again from memory with a fresh nonce, and 304 for the copy the browser holds', async ({ request }) => {
  const community = await calendarCommunity('public-calendar-cache');
  const path = calendarPath(community, `&date=${nextMonth().first}`);
  const first = await request.get(path);
  const second = await request.get(path);
  const nonce = (answer: typeof first) => /'nonce-([^']+)'/.exec(answer.headers()['content-security-policy'] ?? '')?.[1];
  expect(nonce(first)).toBeTruthy();
  expect(nonce(second)).not.toBe(nonce(first));
  const body = await second.text();
  expect(body).toContain(`nonce="${nonce(second)}"`);
  expect(body).not.toContain(nonce(first)!);
  expect(body).toContain('Bingo Night');
  expect(second.headers()['vary']).toContain('Cookie');
  const etag = second.headers()['etag']!;
  expect(etag).toBeTruthy();
  const again = await request.get(path, { headers: { 'If-None-Match': etag } });
  expect(again.status()).toBe(304);
});

test('embedded in another page, the iframe takes the height of the calendar', async ({ page, baseURL }, info) => {
  const community = await calendarCommunity('public-calendar-embed');
  const src = `${baseURL}${calendarPath(community, `&date=${nextMonth().first}&hideArrows=true`)}`;
  await page.goto('/healthcheck');
  await page.setContent(
    `<!DOCTYPE html><html lang="en"><head><title>Our site</title></head><body><main><h1>Events</h1>` +
      `<iframe data-community-calendar title="Activities calendar" src="${src}" style="width:100%;height:300px;border:0"></iframe>` +
      `<script src="${baseURL}/calendar-embed.js"></script></main></body></html>`,
  );
  const frame = page.frameLocator('iframe[data-community-calendar]');
  await expect(frame.getByRole('link', { name: 'Bingo Night' })).toBeVisible();
  await expect(frame.getByRole('link', { name: 'Next month' })).toHaveCount(0);
  await expect
    .poll(async () =>
      page.locator('iframe[data-community-calendar]').evaluate((element) => (element as HTMLIFrameElement).getBoundingClientRect().height),
    )
    .toBeGreaterThan(300);
  await page.screenshot({ path: info.outputPath('embedded.png'), fullPage: true });
});

test('the open page shows a changed event without a reload', async ({ page }, info) => {
  const community = await calendarCommunity('public-calendar-live');
  await page.goto(calendarPath(community, `&date=${nextMonth().first}`));
  await ready(page, info);
  await expect(page.getByRole('link', { name: 'Bingo Night' })).toBeVisible();
  // The stream is open (a change made before then is caught by its first message's version).
  await expect(page.locator('html[data-live-calendar="open"]')).toHaveCount(1);
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  await withE2eDb((db) => db.ref(`${e2ePaths.calendarEvent(community.key, 'activities', 'ev-bingo')}/title`).set('Bingo Night (new time)'));
  await expect(page.getByRole('link', { name: 'Bingo Night (new time)' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
});

test.describe('staff of the community', () => {
  test('delete an event from the public calendar after the confirmation @forms', async ({ page, community }, info) => {
    await withE2eDb(async (db) => {
      const start = nextMonth().at(3, '19:00');
      await db.ref().update({
        [e2ePaths.calendarConfig(community.key, 'activities')]: { title: 'Activities', audiences: ['Family'] },
        [e2ePaths.calendarEvent(community.key, 'activities', 'ev-bingo')]: {
          title: 'Bingo Night',
          startDate: start,
          endDate: start + 2 * HOUR,
          contexts: [`${community.key}/amc-events/calendars/activities`],
        },
      });
    });
    await page.goto(calendarPath(community, `&date=${nextMonth().first}`));
    await ready(page, info);
    await expect(page.getByRole('link', { name: 'Send a notification about Bingo Night' })).toHaveAttribute(
      'href',
      '/amc-messages/messages/add?calendar=activities&event=ev-bingo',
    );
    await page.screenshot({ path: info.outputPath('staff-list.png'), fullPage: true });
    await page.getByRole('link', { name: 'Delete Bingo Night' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Delete Event' })).toBeVisible();
    await expect(page.getByText('Are you sure you want to delete this event?')).toBeVisible();
    await audit(page, info);
    await page.screenshot({ path: info.outputPath('staff-delete.png'), fullPage: true });
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Event deleted.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Bingo Night' })).toHaveCount(0);
    expect(await readE2e(e2ePaths.calendarEvent(community.key, 'activities', 'ev-bingo'))).toBeNull();
  });
});
