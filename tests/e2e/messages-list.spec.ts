import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { e2ePaths, expect, readE2e, test } from './fixtures';

/**
 * The messages list (spec 02 "Messages", §4 views and deleting messages) as staff use it:
 * Delete Selected with and without JavaScript (the message ends now and moves to the archive),
 * and the view switch (Active, Archive, Scheduled) with the scheduled rows' recurrence and
 * delivery status. The rules are proven in app/features/messages/list.server.test.ts.
 */

test.use({
  communityOptions: {
    from: 'demo-campground',
    label: 'messages-list',
    locationData: {
      'messages-scheduled/sched-checkout/delivery': { lastError: 'The push service refused the topic.', lastErrorAt: Date.now() - 60_000 },
    },
  },
});

const rows = (page: Page) => page.getByRole('list', { name: 'Messages' }).getByRole('listitem');
const row = (page: Page, title: string) => rows(page).filter({ has: page.getByRole('link', { name: title, exact: true }) });

const POOL = 'Pool open late this weekend';
const SHOTS = process.env.SHOTS_DIR;

test('Delete Selected in the active view moves a message to the archive @forms', async ({ page, community }, testInfo) => {
  await page.goto('/amc-messages/messages');
  await expect(row(page, POOL)).toBeVisible();
  await expect(row(page, 'Water shut-off on Loop B')).toHaveCount(0);
  await expect(
    page.getByRole('complementary', { name: 'Messages: Actions' }).getByRole('link', { name: 'Send Notification' }),
  ).toHaveAttribute('href', '/amc-messages/messages/add#editor');
  if (testInfo.project.name === 'js') await expectNoSeriousViolations(page);

  await page.getByRole('checkbox', { name: `Select ${POOL}` }).check();
  await page.getByRole('button', { name: 'Delete Selected' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete Selected' });
  await expect(dialog).toContainText('Are you certain you want to delete all selected items?');
  await dialog.getByRole('button', { name: 'Delete 1 item' }).click();
  await expect(page.getByText('1 item was moved to the archive.')).toBeVisible();
  await expect(row(page, POOL)).toHaveCount(0);
  await expect
    .poll(async () => Number((await readE2e<Record<string, unknown>>(e2ePaths.message(community.key, 'msg-pool-late')))?.endTime))
    .toBeLessThanOrEqual(Date.now());

  await page.getByRole('link', { name: 'Archive', exact: true }).click();
  await expect(page).toHaveURL(/view=archive/);
  await expect(row(page, POOL)).toBeVisible();
});

test('switches views; the scheduled view shows runs, recurrence and a failed delivery', async ({ page, community }) => {
  await page.goto('/amc-messages/messages');
  await expect(row(page, POOL)).toBeVisible();
  const shots: Array<[string, string]> = [
    ['Active', 'active'],
    ['Archive', 'archive'],
    ['Scheduled', 'scheduled'],
  ];
  for (const [tab, name] of shots) {
    await page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: tab, exact: true }).click();
    await expect(page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: tab, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(rows(page).first()).toBeVisible();
    if (name === 'scheduled') {
      await expect(page).toHaveURL(/view=scheduled/);
      await expect(row(page, 'Happy hour at the Lakeside Grill')).toContainText('Repeats Fri');
      await expect(row(page, 'Reminder: Pancake Breakfast at the Pavilion @Main Pavilion')).toContainText('From an event');
      // The failure the delivery part stored on the record.
      const stored = await readE2e<{ delivery: { lastError: string } }>(e2ePaths.scheduledMessage(community.key, 'sched-checkout'));
      await expect(row(page, 'Check-out is at 11:00 AM')).toContainText(`Delivery failed`);
      await expect(row(page, 'Check-out is at 11:00 AM')).toContainText(stored?.delivery.lastError ?? 'no stored error');
      await expect(page.getByText('1 notification failed to deliver.')).toBeVisible();
      await expectNoSeriousViolations(page);
    }
    if (SHOTS) {
      // Screenshots to look at (SHOTS_DIR=…): desktop and phone width.
      for (const [width, height, size] of [
        [1366, 900, 'desktop'],
        [390, 844, 'mobile'],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.screenshot({ path: `${SHOTS}/messages-${name}-${size}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1366, height: 900 });
    }
  }
});

test.describe('a long list', () => {
  const now = Date.now();
  test.use({
    communityOptions: {
      label: 'messages-long',
      locationData: {
        messages: Object.fromEntries(
          Array.from({ length: 90 }, (_, index) => [
            `m${String(index).padStart(3, '0')}`,
            { title: `Notice ${index}`, description: 'Plain words.', deliveryTime: now - index * 60_000, endTime: 0 },
          ]),
        ),
      },
    },
  });

  test('loads the next 25 messages as the list scrolls, newest first', async ({ page, community }) => {
    await page.goto('/amc-messages/messages');
    await expect(rows(page)).toHaveCount(75);
    await expect(rows(page).first()).toContainText('Notice 0');
    await page.mouse.wheel(0, 20_000);
    await expect(rows(page)).toHaveCount(90);
    await expect(rows(page).last()).toContainText('Notice 89');
    expect(Object.keys((await readE2e<Record<string, unknown>>(e2ePaths.messages(community.key))) ?? {})).toHaveLength(90);
  });
});
