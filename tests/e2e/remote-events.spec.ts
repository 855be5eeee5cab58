import type { TestInfo } from '@playwright/test';
import type { DbValue } from '@server/db';
import { e2ePaths, expect, readE2e, test, uniqueKey, withE2eDb } from './fixtures';

/**
 * Remote calendars and events (spec 01 route table `/amc-calendar/remote/:uuid/` and
 * `/event/remote/:dbContext/:itemId`; spec 02 §4, §6): the holder of a calendar's URL grant
 * opens the calendar without signing in, edits one of its events in the remote event editor and
 * is back on the calendar with 'Save Complete'; the save is in the calendar's remote audit.
 */

test.use({ communityOptions: { from: 'demo-campground', role: 'admin' } });

const withJs = (info: TestInfo) => info.project.name !== 'no-js';

test('a calendar URL grant holder edits an event of the calendar', { tag: '@forms' }, async ({ page, context, community }, info) => {
  const uuid = uniqueKey('cal-link');
  const remoteKey = uniqueKey('cal-key');
  const entry: Record<string, DbValue> = {
    type: 'calendar',
    accessType: 'url',
    title: 'Organizer',
    editInfo: true,
    addButtons: false,
    sendNotifications: false,
    origContext: `${community.key}/amc-events`,
    contexts: [`${community.key}/amc-events/calendars/activities`],
    detailTitle: 'Activities',
    uid: uuid,
  };
  await withE2eDb((db) =>
    db.ref().update({
      [`${e2ePaths.calendarConfig(community.key, 'activities')}/remoteKey`]: remoteKey,
      [e2ePaths.remoteByUid(uuid, remoteKey)]: entry,
      [e2ePaths.remoteByDetail(remoteKey, uuid)]: entry,
    }),
  );
  await context.clearCookies();

  await page.goto(`/amc-calendar/remote/${uuid}/`);
  await expect(page.getByRole('heading', { name: 'Activities', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log Out' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Leave this page' })).toBeVisible();
  await page.getByRole('link', { name: 'Edit Guided Sunset Kayak Paddle' }).click();

  await expect(page.getByRole('heading', { name: 'Edit Event', level: 1 })).toBeVisible();
  if (withJs(info)) await expect(page.locator('[data-hydrated]')).toHaveCount(1);
  // Remote mode: no Associated Calendars, no recurrence, no header editor.
  await expect(page.locator('input[name="calendars"]')).toHaveCount(0);
  await expect(page.locator('select[name="recurrence"]')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Edit Header Image(s)/Video' })).toHaveCount(0);
  await page.locator('input[name="title"]').fill('Guided Sunset Kayak Paddle (new route)');
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page.getByTestId('saved')).toHaveText(
    'Save Complete: Your updates have been saved. You can continue to update or leave this page.',
  );
  await expect(page.getByRole('link', { name: 'Edit Guided Sunset Kayak Paddle (new route)' })).toBeVisible();
  const stored = await readE2e<Record<string, unknown>>(e2ePaths.calendarEvent(community.key, 'activities', 'ev-sunset-paddle'));
  expect(stored).toMatchObject({ title: 'Guided Sunset Kayak Paddle (new route)', updatedBy: uuid });
  const audit = await readE2e<Record<string, { fields: string[] }>>(e2ePaths.remoteAudit(community.key, remoteKey));
  expect(Object.values(audit ?? {})[0]?.fields).toContain('title');
});
