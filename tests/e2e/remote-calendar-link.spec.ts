import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The calendar config editor's Remote Management (spec 02 §4): a location admin allows remote
 * management of a calendar, and the link 'Copy Link for Remote Management' gives opens the
 * remote calendar without signing in, and keeps opening it after the calendar's settings are
 * saved again.
 */

test.use({ communityOptions: { from: 'demo-campground', role: 'admin' } });

const withJs = (info: TestInfo) => info.project.name !== 'no-js';

/** The link the first remote access entry offers to copy (a hidden field with JavaScript, shown text without). */
async function copiedLink(page: Page, info: TestInfo): Promise<string> {
  if (withJs(info)) {
    await expect(page.locator('[data-hydrated]')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Copy Link for Remote Management' })).toBeVisible();
    return page.locator('.remote-access-controls input[readonly]').first().inputValue();
  }
  return (await page.locator('.remote-access-link code').first().textContent()) ?? '';
}

test(
  "a calendar's 'Copy Link for Remote Management' opens the remote calendar, also after another save",
  { tag: '@forms' },
  async ({ page, browser, community }, info) => {
    expect(community.key).toBeTruthy();
    await page.goto('/amc-calendars/config/activities');
    await expect(page.getByRole('heading', { name: 'Calendar Config', level: 1 })).toBeVisible();
    if (withJs(info)) await expect(page.locator('[data-hydrated]')).toHaveCount(1);
    await page.locator('details[data-section="remote"] summary').click();
    await page.getByLabel('Allow Remote Management').check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Calendar config saved.')).toBeVisible();

    await page.goto('/amc-calendars/config/activities');
    await page.locator('details[data-section="remote"] summary').click();
    const link = await copiedLink(page, info);
    expect(link).toMatch(/\/amc-calendar\/remote\/[^/]+\/$/);

    const anonymous = await browser.newContext({ baseURL: info.project.use.baseURL });
    try {
      const remote = await anonymous.newPage();
      await remote.goto(link);
      await expect(remote.getByRole('heading', { name: 'Activities', level: 1 })).toBeVisible();

      // The calendar's settings saved again: the same link still opens it.
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByText('Calendar config saved.')).toBeVisible();
      await remote.goto(link);
      await expect(remote.getByRole('heading', { name: 'Activities', level: 1 })).toBeVisible();
    } finally {
      await anonymous.close();
    }
  },
);
