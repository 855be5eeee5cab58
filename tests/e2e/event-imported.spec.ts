import type { Page } from '@playwright/test';
import { e2ePaths, expect, readE2e, test, withE2eDb } from './fixtures';

/**
 * An imported event in the event editor (spec 02 §4 imported events), with JavaScript and
 * without: the fields its calendar feed sets are shown read-only with the feed's name, the
 * others are edited and saved — though the feed gave the event no location — and the toast says
 * it is saved. The rules behind it (posted values of locked fields ignored, the honest toast) are
 * proven in app/features/events/editor.server.test.ts.
 */
test.use({ communityOptions: { from: 'demo-campground', role: 'admin' } });

const DAY = 864e5;
const FEED = 'https://feed.example/town.ics';

const section = (page: Page, title: string) => page.locator('details.editor-section', { has: page.locator('summary', { hasText: title }) });

async function openSection(page: Page, title: string) {
  const details = section(page, title);
  if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
  await expect(details).toHaveAttribute('open', '');
}

test(
  'an imported event shows the feed’s fields read-only and saves the others without a location',
  { tag: '@forms' },
  async ({ page, community }) => {
    const eventPath = e2ePaths.calendarEvent(community.key, 'activities', 'ev-town-market');
    const start = Math.ceil((Date.now() + 5 * DAY) / 36e5) * 36e5;
    await withE2eDb((db) =>
      db.ref().update({
        [e2ePaths.calendarImports(community.key, 'activities')]: [{ title: 'Town Events', type: 'iCal', calendarId: FEED }],
        [eventPath]: {
          title: 'Farmers Market',
          description: '<p>Local produce.</p>',
          htmlDescription: '<p>Local produce.</p>',
          audience: 'family',
          type: 'local',
          startDate: start,
          endDate: start + 3 * 36e5,
          endDateDuration: 3 * 36e5,
          allDay: false,
          resortLocationId: '',
          id: 'market-1@town.example',
          calendarId: FEED,
          contexts: [`${community.key}/amc-events/calendars/activities`],
        },
      }),
    );

    await page.goto('/detail/events/activities/ev-town-market');
    await expect(page.getByRole('heading', { name: 'Edit Event', level: 1 })).toBeVisible();
    await expect(page.getByTestId('imported-note')).toBeVisible();
    const reason = 'Set by the calendar feed Town Events; change it there.';
    await expect(page.getByTestId('locked-title')).toContainText('Farmers Market');
    await expect(page.getByTestId('locked-title')).toContainText(reason);
    await expect(page.getByRole('textbox', { name: /^Title/ })).toHaveCount(0);
    await openSection(page, 'Dates');
    await expect(page.getByTestId('locked-startDate')).toContainText(reason);
    await expect(page.getByRole('group', { name: 'Start Date *' })).toHaveCount(0);
    await openSection(page, 'Location');
    await expect(page.getByTestId('locked-location')).toContainText(reason);
    await expect(page.getByRole('textbox', { name: 'Title for location' })).toHaveCount(0);

    await openSection(page, 'Additional Features');
    await page.getByLabel('Website').fill('https://market.example');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/amc-calendar\/activities\/active/);
    await expect(page.getByText('Event saved.')).toBeVisible();
    const saved = await readE2e<Record<string, unknown>>(eventPath);
    expect(saved).toMatchObject({
      title: 'Farmers Market',
      website: 'https://market.example',
      id: 'market-1@town.example',
      startDate: start,
    });
    expect(saved?.location).toBeUndefined();
  },
);
