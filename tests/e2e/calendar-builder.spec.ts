import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { storagePaths } from '@server/paths';
import { createStorage } from '@server/storage';
import { E2E_BASE_URL, E2E_DATA_DIR } from '../../playwright.config';
import { axeOn, expectNoSeriousViolations } from './axe';
import { expect, test, type TestCommunity } from './fixtures';

/**
 * The calendar builder (spec 03 "Calendar builder") on a community of its own, with JavaScript
 * (every change follows at once, Copy, Print Calendar prints the preview) and without (Update
 * Preview, the codes to select, Print Calendar opens the calendar in a new tab), at 1366 and
 * 390 px. The public calendar itself is another screen: its address is answered here by a
 * small page of the test's, so the preview's frame, its title and address and the codes are
 * what is checked. The loader's fallbacks are proven in calendar-builder.server.test.ts.
 */
test.use({
  communityOptions: {
    role: 'editor',
    record: { title: 'Builder Pines', name: 'Builder Pines', colorBackground: '#1F4D3A', colorAccent: '#E39B2D', colorPrimary: '#183449' },
    locationData: {
      'amc-events/config/activities': { title: 'Activities' },
      'amc-events/config/kids-club': { title: 'Kids Club' },
      'events-local/1767261600000': { title: 'Pancake Breakfast', startDate: 1767261600000 },
    },
  },
});

async function writeFeed(community: string, calendarId: string) {
  const storage = createStorage({ kind: 'local', root: resolve(E2E_DATA_DIR, 'storage'), baseUrl: E2E_BASE_URL });
  await storage.put(storagePaths.calendarIcs(community, calendarId), new TextEncoder().encode('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n'), {
    contentType: 'text/calendar',
  });
}

async function open(page: Page, javaScriptEnabled: boolean, path = '/calendarBuilder') {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Calendar Builder', level: 1 })).toBeVisible();
  if (javaScriptEnabled) await page.locator('html[data-page-hydrated]').waitFor({ state: 'attached' });
}

const preview = (page: Page) => page.locator('iframe#calendar-preview');
const calendarQuery = (community: TestCommunity, more = '') => `/calendar?clocation=${community.key}${more}`;

test(
  'builds a calendar: the form drives the preview and the codes, the iCal tab shows for a calendar with a feed',
  { tag: '@forms' },
  async ({ page, context, community, javaScriptEnabled }, info) => {
    await writeFeed(community.key, 'kids-club');
    if (javaScriptEnabled) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E_BASE_URL });
    await page.setViewportSize({ width: 1366, height: 900 });
    await open(page, javaScriptEnabled);

    // No left column; the logo and the home icon go home.
    await expect(page.getByRole('complementary', { name: 'Admin menu' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Builder Pines home' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('href', '/');

    // The selector: the calendars by title under Activities, then the legacy list that has events.
    const calendar = page.getByLabel('Calendar', { exact: true });
    await expect(calendar.locator('optgroup[label="Activities"] option')).toHaveText(['Activities', 'Kids Club']);
    await expect(calendar.locator('optgroup[label="Legacy Events"] option')).toHaveText(['Legacy Events Tab 2']);
    await expect(calendar).toHaveValue('activities');
    await expect(page.getByLabel('Agenda')).toBeChecked();
    await expect(page.getByLabel('Background Color')).toHaveValue('#1f4d3a');
    await expect(page.getByLabel('Text Color')).toHaveValue('#ffffff');
    await expect(page.getByLabel('Date Color')).toHaveValue('#0d6efd');

    // The preview and the embed code at their defaults: 898 px here, 800 px on a site; no iCal tab (no feed).
    await expect(preview(page)).toHaveAttribute('src', calendarQuery(community, '&selectedTab=activities'));
    await expect(preview(page)).toHaveAttribute('title', 'Preview: Builder Pines calendar: Activities');
    await expect(preview(page)).toHaveAttribute('height', '898');
    const codes = page.getByRole('navigation', { name: 'Calendar codes' });
    await expect(codes.getByRole('link')).toHaveText(['Embed Code', 'Screen URL']);
    const embed = page.getByRole('textbox', { name: 'Embed Code' });
    await expect(embed).toHaveValue(
      `<iframe src="${E2E_BASE_URL}/calendar?clocation=${community.key}&amp;selectedTab=activities" title="Builder Pines calendar: Activities" ` +
        `width="100%" height="800" style="border:0" loading="lazy" data-community-calendar></iframe>\n` +
        `<script src="${E2E_BASE_URL}/calendar-embed.js" async></script>`,
    );
    await expect(embed).toHaveAttribute('readonly', '');
    await expectNoSeriousViolations(page);

    // Choose: Kids Club, Monthly, a background, a height, the three checkboxes.
    await calendar.selectOption('kids-club');
    await page.getByLabel('Monthly').check();
    await page.getByLabel('Background Color').fill('#aa0000');
    await page.getByLabel('Calendar Height (px)').fill('640');
    await page.getByLabel('Hide Navigation Arrows').check();
    await page.getByLabel('Expand All Events').check();
    await page.getByLabel('Condense Descriptions').check();
    if (javaScriptEnabled) await expect(page.getByRole('button', { name: 'Update Preview' })).toHaveCount(0);
    else await page.getByRole('button', { name: 'Update Preview' }).click();

    const chosen = '&selectedTab=kids-club&defaultView=dayGridMonth&isCondensed=true&colorBackground=%23aa0000&hideArrows=true&expand=true';
    await expect(preview(page)).toHaveAttribute('src', calendarQuery(community, chosen));
    await expect(preview(page)).toHaveAttribute('height', '640');
    // The preview is the public calendar itself: the chosen calendar, in its month view.
    await expect(page.frameLocator('iframe#calendar-preview').getByRole('heading', { level: 1 })).toContainText('Kids Club');
    await expect(preview(page)).toHaveAttribute('title', 'Preview: Builder Pines calendar: Kids Club');
    await expect(embed).toHaveValue(/ height="640" /);
    await expect(embed).toHaveValue(/title="Builder Pines calendar: Kids Club"/);
    await expect(page).toHaveURL(/\/calendarBuilder\?.*selectedTab=kids-club/);
    // The choices survive the reload of the page's address.
    await page.reload();
    await expect(page.getByLabel('Calendar', { exact: true })).toHaveValue('kids-club');
    await expect(page.getByLabel('Monthly')).toBeChecked();
    await expect(page.getByLabel('Calendar Height (px)')).toHaveValue('640');
    await expect(page.getByLabel('Condense Descriptions')).toBeChecked();
    if (javaScriptEnabled) await page.locator('html[data-page-hydrated]').waitFor({ state: 'attached' });

    // Copy the embed code: with JavaScript onto the clipboard, with 'Copied'; without, no button, the text to select.
    if (javaScriptEnabled) {
      await page.getByRole('button', { name: 'Copy Embed Code' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await embed.inputValue());
    } else {
      await expect(page.getByRole('button', { name: /Copy/ })).toHaveCount(0);
    }

    // Screen URL, then the iCal tab (Kids Club has a feed).
    const screenUrl = `${E2E_BASE_URL}${calendarQuery(community, chosen)}`;
    await codes.getByRole('link', { name: 'Screen URL' }).click();
    await expect(codes.getByRole('link', { name: 'Screen URL' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('textbox', { name: 'Screen URL' })).toHaveValue(screenUrl);
    await expect(codes.getByRole('link')).toHaveText(['Embed Code', 'Screen URL', 'iCal URL']);
    await codes.getByRole('link', { name: 'iCal URL' }).click();
    const feed = `${E2E_BASE_URL}/files/${community.key}/amc-events/kids-club-calendar.ics`;
    await expect(page.getByRole('textbox', { name: 'iCal URL' })).toHaveValue(feed);
    await expect(page.getByRole('textbox', { name: 'Subscribe Link' })).toHaveValue(feed.replace(/^https?:/, 'webcal:'));
    await expect(page.getByRole('link', { name: 'Subscribe to this calendar' })).toHaveAttribute(
      'href',
      feed.replace(/^https?:/, 'webcal:'),
    );
    const served = await page.request.get(feed);
    expect(served.status()).toBe(200);
    expect(await served.text()).toContain('BEGIN:VCALENDAR');
    // The preview kept the choice while the tabs changed.
    await expect(preview(page)).toHaveAttribute('src', calendarQuery(community, chosen));
    await expectNoSeriousViolations(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `tests/.tmp/calendar-builder-1366-${info.project.name}.png`, fullPage: true });

    // Back on Activities (no feed) the iCal tab is gone.
    await page.getByLabel('Calendar', { exact: true }).selectOption('activities');
    if (!javaScriptEnabled) await page.getByRole('button', { name: 'Update Preview' }).click();
    await expect(preview(page)).toHaveAttribute('src', /selectedTab=activities/);
    await expect(codes.getByRole('link')).toHaveText(['Embed Code', 'Screen URL']);
    await expect(page.getByRole('textbox', { name: 'Embed Code' })).toBeVisible();

    // Print Calendar: with JavaScript the preview's window prints; without, the calendar opens in a new tab.
    const print = javaScriptEnabled
      ? page.getByRole('button', { name: 'Print Calendar' })
      : page.getByRole('link', { name: /Print Calendar/ });
    if (javaScriptEnabled) {
      const frame = page.frameLocator('iframe#calendar-preview');
      await expect(frame.getByRole('heading', { level: 1 })).toBeVisible();
      const handle = await preview(page).elementHandle();
      const framed = await handle!.contentFrame();
      await framed!.evaluate(() => {
        (window as unknown as { printed: number }).printed = 0;
        window.print = () => {
          (window as unknown as { printed: number }).printed += 1;
        };
      });
      await print.click();
      await expect.poll(() => framed!.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    } else {
      await expect(print).toHaveAttribute(
        'href',
        new RegExp(`^${E2E_BASE_URL}/calendar\\?clocation=${community.key}&selectedTab=activities`),
      );
      await expect(print).toHaveAttribute('target', '_blank');
    }
  },
);

test(
  'fits a phone: the form, the codes, then the preview, nothing wider than the screen',
  { tag: '@forms' },
  async ({ page, community, javaScriptEnabled }, info) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, javaScriptEnabled, '/calendarBuilder?selectedTab=kids-club&code=screen');
    await expect(page.getByRole('textbox', { name: 'Screen URL' })).toHaveValue(
      `${E2E_BASE_URL}${calendarQuery(community, '&selectedTab=kids-club')}`,
    );
    const form = await page.getByLabel('Calendar', { exact: true }).boundingBox();
    const code = await page.getByRole('textbox', { name: 'Screen URL' }).boundingBox();
    const frame = await preview(page).boundingBox();
    expect(form!.y).toBeLessThan(code!.y);
    expect(code!.y).toBeLessThan(frame!.y);
    expect(frame!.x + frame!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: `tests/.tmp/calendar-builder-390-${info.project.name}.png`, fullPage: true });

    // At 1366 px the form is on the left and the preview on the right, side by side.
    await page.setViewportSize({ width: 1366, height: 900 });
    const wideForm = await page.getByLabel('Calendar', { exact: true }).boundingBox();
    const wideFrame = await preview(page).boundingBox();
    expect(wideForm!.x + wideForm!.width).toBeLessThan(wideFrame!.x);
    expect(Math.abs(wideFrame!.y - wideForm!.y)).toBeLessThan(120);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
  },
);

test('without JavaScript the page passes axe at 1366 and 390 px', async ({ page, community }) => {
  // axe is a script: the markup a browser without JavaScript gets is the server's page with its scripts removed.
  await writeFeed(community.key, 'kids-club');
  const path = '/calendarBuilder?selectedTab=kids-club&code=ical';
  await page.route(
    (url) => url.pathname + url.search === path,
    async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '');
      await route.fulfill({ response, body });
    },
  );
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'Update Preview' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Print Calendar/ })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'iCal URL' })).toBeVisible();
    const results = await axeOn(page).analyze();
    expect(
      results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical'),
      `${width} px`,
    ).toEqual([]);
  }
});
