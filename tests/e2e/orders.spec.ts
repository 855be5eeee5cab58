import type { Page } from '@playwright/test';
import type { DbValue } from '@server/db';
import { expectNoSeriousViolations } from './axe';
import { e2ePaths, expect, readE2e, test, withE2eDb, type TestCommunity } from './fixtures';

/**
 * Store orders (spec 02 "Guest entries": orders list at /listnm/orders; §3 "Order"; §4 "Entry
 * completion"): front-desk staff read the open orders, open one, mark it Completed, and reopen
 * it from the archive, with JavaScript and without, at 1366 and 390 px. Each test copies the
 * campground's orders into a community of its own.
 */

test.use({ communityOptions: { from: 'demo-campground', label: 'orders' } });

async function copyOrders(community: TestCommunity) {
  const orders = await readE2e<Record<string, DbValue>>(e2ePaths.orders('demo-campground'));
  expect(orders).not.toBeNull();
  await withE2eDb((db) => db.ref(e2ePaths.orders(community.key)).set(orders!));
}

/** axe runs in the page: with JavaScript only (the no-JavaScript project serves the same markup). */
async function audit(page: Page, project: string) {
  if (project === 'js') await expectNoSeriousViolations(page);
}

async function shot(page: Page, name: string, project: string) {
  await page.screenshot({ path: `test-results/orders-${name}-${project}.png`, fullPage: true });
}

const completion = async (community: TestCommunity, orderId: string) => {
  const stored = await readE2e<Record<string, unknown>>(e2ePaths.order(community.key, orderId));
  return stored ? [stored.completed ?? null, stored.completedBy ?? null] : 'gone';
};

test('an order is read and marked Completed, then Reopened from the archive @forms', async ({ page, community }, info) => {
  // Two audits, four screens and four posts: longer than one workflow on a busy machine.
  test.slow();
  await copyOrders(community);
  await page.goto('/listnm/orders');
  await expect(page.getByRole('heading', { name: 'Orders' }).first()).toBeVisible();
  // The active view: Jordan Ellis's order is open; Marcus Hill's (completed) is archived.
  const row = page.locator('#row-order-1042');
  await expect(row.getByRole('link', { name: 'Jordan Ellis' })).toBeVisible();
  await expect(row.getByText('Order 1042 · Site 51 · (917) 555-0123 · jordan.ellis@mail.example')).toBeVisible();
  await expect(
    row.getByText(/^2 × Firewood Bundle · Deliver to site, Afternoon \(2–4 PM\) · Delivery .* · Site 51 · Confirmed$/),
  ).toBeVisible();
  await expect(page.locator('#row-order-1043')).toHaveCount(0);
  await audit(page, info.project.name);
  await shot(page, 'list', info.project.name);

  await row.getByRole('link', { name: 'Jordan Ellis' }).click();
  const view = page.locator('#editor');
  await expect(view.getByRole('heading', { name: 'Order 1042' })).toBeVisible();
  await expect(view.getByRole('link', { name: '(917) 555-0123' })).toHaveAttribute('href', 'tel:9175550123');
  await expect(view.getByText('Ice (10 lb bag)', { exact: false })).toBeVisible();
  await expect(view.getByText('pi_3PkLakeside1042QmZt8pRw')).toBeVisible();
  await expect(view.getByRole('button', { name: 'Reopened' })).toHaveCount(0);
  await audit(page, info.project.name);
  await shot(page, 'order', info.project.name);

  await view.getByRole('button', { name: 'Completed' }).click();
  await expect(page).toHaveURL(/\/listnm\/orders$/);
  await expect(page.getByText('The order was marked Completed.')).toBeVisible();
  await expect(page.locator('#row-order-1042')).toHaveCount(0);
  await expect.poll(() => completion(community, 'order-1042')).toEqual([2, community.user.uid]);

  await page.locator('#editor').getByRole('link', { name: 'View Archived' }).click();
  await page.locator('#row-order-1042').getByRole('link', { name: 'Jordan Ellis' }).click();
  await page.locator('#editor').getByRole('button', { name: 'Reopened' }).click();
  await expect(page).toHaveURL(/view=archive/);
  await expect(page.locator('#row-order-1042')).toHaveCount(0);
  await expect.poll(() => completion(community, 'order-1042')).toEqual([null, null]);
});

test('a mark someone else changed meanwhile is refused and the order shows theirs @forms', async ({ page, community }) => {
  await copyOrders(community);
  await page.goto('/listnm/orders/edit/order-1042');
  const view = page.locator('#editor');
  await expect(view.getByRole('heading', { name: 'Order 1042' })).toBeVisible();
  await withE2eDb((db) => db.ref(e2ePaths.order(community.key, 'order-1042')).update({ completed: 1, completedBy: 'colleague' }));
  await view.getByRole('button', { name: 'Completed' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This order was changed by someone else' })).toBeVisible();
  await expect(view.locator('.entry-facts').getByText('Denied')).toBeVisible();
  expect(await completion(community, 'order-1042')).toEqual([1, 'colleague']);
});

test('the archive is filtered by the buyer @forms', async ({ page, community }) => {
  await copyOrders(community);
  await page.goto('/listnm/orders?view=archive');
  await expect(page.locator('#row-order-1043').getByRole('link', { name: 'Marcus Hill' })).toBeVisible();
  await page.getByLabel('Name, e-mail or id').fill('nobody');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/who=nobody/);
  await expect(page).toHaveURL(/view=archive/);
  await expect(page.getByText('Nothing matches the filter.')).toBeVisible();
  await page.getByLabel('Name, e-mail or id').fill('HILL');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.locator('#row-order-1043')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('rows and the order fit the screen, its buttons reachable @forms', async ({ page, community }, info) => {
    test.slow();
    await copyOrders(community);
    await page.goto('/listnm/orders');
    const row = page.locator('#row-order-1042');
    await expect(row.getByRole('link', { name: 'Jordan Ellis' })).toBeVisible();
    const box = await row.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await audit(page, info.project.name);
    await shot(page, 'phone-list', info.project.name);

    await row.getByRole('link', { name: 'Jordan Ellis' }).click();
    const deny = page.locator('#editor').getByRole('button', { name: 'Denied' });
    await deny.scrollIntoViewIfNeeded();
    await expect(deny).toBeInViewport();
    const denyBox = await deny.boundingBox();
    expect(denyBox && denyBox.x + denyBox.width <= 390).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await audit(page, info.project.name);
    await shot(page, 'phone-order', info.project.name);
    await deny.click();
    await expect.poll(() => completion(community, 'order-1042')).toEqual([1, community.user.uid]);
  });
});
