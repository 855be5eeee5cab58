import { mkdirSync } from 'node:fs';
import type { Locator, Page, TestInfo } from '@playwright/test';
import type { DbValue } from '@server/db';
import { formatDate } from '~/lib/date-time';
import { expectNoSeriousViolations } from './axe';
import { e2ePaths, expect, readE2e, test, uniqueKey, withE2eDb } from './fixtures';

/**
 * A remote manager's Messaging (spec 03 §6 "'Messaging' only if remote info allows
 * notifications"; spec 02 §2 remote detail-page context): the holder of a listing's URL grant
 * with Send Notifications opens the listing without signing in, follows Messaging, sends a
 * notification (no Type nor User Group: it goes to the listing's favorites) and is back on the
 * listing's notifications, where Delete asks first. The rules are proven in app/features/messages/remote-messages.server.test.ts.
 * Screenshots go to SHOTS_DIR (default: the test's output folder).
 */
test.use({ communityOptions: { from: 'demo-campground', role: 'admin' } });

const TZ = 'America/New_York';
const DAY = 864e5;

async function setWhen(picker: Locator, day: string, time: string) {
  await picker.getByLabel('Date (MM/dd/yyyy)').fill(day);
  const box = picker.getByLabel('Time (hh:mm AM/PM)');
  if ((await box.evaluate((element) => element.tagName)) === 'SELECT') await box.selectOption(time);
  else await box.fill(time);
}

async function openSection(page: Page, title: string) {
  const details = page.locator('details.editor-section', { has: page.locator('summary', { hasText: title }) });
  if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
  await expect(details).toHaveAttribute('open', '');
}

const shotsDir = (info: TestInfo) => {
  const dir = process.env.SHOTS_DIR ?? info.outputPath('shots');
  mkdirSync(dir, { recursive: true });
  return dir;
};

test('a listing URL grant holder sends a notification from Messaging', { tag: '@forms' }, async ({ page, context, community }, info) => {
  const uuid = uniqueKey('grill-link');
  const entry: Record<string, DbValue> = {
    type: 'business',
    accessType: 'url',
    title: 'Manager',
    editInfo: true,
    addButtons: false,
    sendNotifications: true,
    origContext: `${community.key}/dining-resort`,
    contexts: [`${community.key}/dining-resort`],
    detailTitle: 'Lakeside Grill',
    uid: uuid,
  };
  await withE2eDb((db) =>
    db.ref().update({
      [e2ePaths.remoteByUid(uuid, 'lakeside-grill')]: entry,
      [e2ePaths.remoteByDetail('lakeside-grill', uuid)]: entry,
    }),
  );
  await context.clearCookies();
  const withJs = info.project.name !== 'no-js';

  await page.goto(`/detail/remote/${uuid}/`);
  await page.getByRole('link', { name: 'Messaging' }).click();
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await expect(page.getByText('This listing has no scheduled or active notifications.')).toBeVisible();
  await page.getByRole('link', { name: 'Send Notification' }).click();

  await expect(page.getByRole('heading', { name: 'Send Notification' })).toBeVisible();
  if (withJs) await expect(page.locator('.message-form[data-hydrated]')).toBeVisible();
  await expect(page.getByLabel('Type *')).toHaveCount(0);
  await expect(page.getByLabel('User Group *')).toHaveCount(0);
  await page.getByLabel('Title *').fill('Half-price appetizers tonight');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Description is required.')).toBeVisible();
  await expect(page.getByLabel('Title *')).toHaveValue('Half-price appetizers tonight');

  await page.getByLabel('Description *').fill('Come by the grill from 5 PM.');
  await openSection(page, 'Dates and Scheduling');
  await setWhen(page.getByRole('group', { name: /^End Date/ }), formatDate(Date.now() + 2 * DAY, TZ), '06:00 PM');
  if (!withJs) await page.screenshot({ path: `${shotsDir(info)}/remote-messaging-form.png`, fullPage: true });
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page.getByTestId('remote-message-saved')).toHaveText('Notification sent.');
  await expect(page.getByTestId('remote-message-row')).toContainText('Half-price appetizers tonight');
  if (!withJs) await page.screenshot({ path: `${shotsDir(info)}/remote-messaging-list.png`, fullPage: true });
  const messages = await readE2e<Record<string, Record<string, unknown>>>(e2ePaths.messages(community.key));
  expect(Object.values(messages ?? {}).find((message) => message.title === 'Half-price appetizers tonight')).toMatchObject({
    action: 'business-detail',
    actionKey: 'lakeside-grill',
    actionCommunityKey: community.key,
    creator: uuid,
    userGroup: '',
  });
  const sent = Object.entries(messages ?? {}).find(([, message]) => message.title === 'Half-price appetizers tonight')![0];

  // Delete asks first, as everywhere in the console: Cancel keeps it, Delete ends it (to the archive).
  const row = page.getByTestId('remote-message-row').filter({ hasText: 'Half-price appetizers tonight' });
  await row.getByRole('link', { name: 'Delete: Half-price appetizers tonight' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Item' });
  await expect(confirm).toContainText(
    'Are you certain you want to delete? “Half-price appetizers tonight” ends now and moves to the archive.',
  );
  await expectNoSeriousViolations(page);
  await confirm.getByRole('link', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(row).toBeVisible();
  expect(await readE2e(`${e2ePaths.message(community.key, sent)}/endTime`)).toBeGreaterThan(Date.now());
  await row.getByRole('link', { name: 'Delete: Half-price appetizers tonight' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('remote-message-saved')).toHaveText('Notification deleted.');
  await expect(row).toHaveCount(0);
  expect(await readE2e(`${e2ePaths.message(community.key, sent)}/endTime`)).toBeLessThanOrEqual(Date.now());
});
