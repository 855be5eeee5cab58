import type { Locator, Page } from '@playwright/test';
import type { DbValue } from '@server/db';
import { expectNoSeriousViolations } from './axe';
import { e2ePaths, expect, readE2e, test } from './fixtures';

/**
 * The lists on a phone (390 × 844), with JavaScript and without: the right column (the list's
 * actions, an item's form, Send Notification, a delete confirmation) comes before the list, a
 * tapped row's form is in view with its heading focused (with JavaScript), and closing the form
 * (Cancel or Submit) returns to the row it was opened from.
 */

test.use({ viewport: { width: 390, height: 844 } });

const pad = (index: number) => String(index).padStart(3, '0');

/** `count` regulations in order: "Rule 000" first. */
function regulations(count: number): Record<string, DbValue> {
  return Object.fromEntries(
    Array.from({ length: count }, (_, index) => [
      `reg-${pad(index)}`,
      { title: `Rule ${pad(index)}`, htmlDescription: `<p>Text ${index}</p>`, description: `Text ${index}`, ordinal: index },
    ]),
  );
}

/** On screen, below the sticky header bar. */
async function expectInViewUnderHeader(page: Page, target: Locator) {
  await expect(target).toBeInViewport({ ratio: 1 });
  const box = await target.boundingBox();
  const bar = await page.getByRole('banner').boundingBox();
  expect(box && bar && box.y >= bar.y + bar.height - 1).toBe(true);
}

const editor = (page: Page) => page.locator('#editor');

test.describe('a long list on a phone', () => {
  test.use({ communityOptions: { from: 'demo-campground', label: 'phone-regulations', locationData: { regulations: regulations(62) } } });

  test('a tapped row’s form comes first, and Cancel or Submit returns to the row @forms', async ({ page, community }, info) => {
    const js = info.project.name === 'js';
    await page.goto('/list/main-menu/regulations');
    // The list's actions come before its 62 rows.
    const add = editor(page).getByRole('link', { name: 'Add Regulation' });
    await expectInViewUnderHeader(page, add);
    // Rows look like the design system's links and buttons, not the browser's.
    const first = page.locator('#row-reg-000');
    await expect(first.getByRole('link', { name: 'Rule 000', exact: true })).toHaveClass(/rt-Link/);
    await expect(first.getByRole('link', { name: 'Delete Rule 000' })).toHaveClass(/rt-Button/);
    await page.screenshot({ path: `test-results/lists-phone-regulations-${info.project.name}.png` });

    // A row after the first chunk of 50: loaded by scrolling, or by "More" without JavaScript.
    if (js) {
      await expect(page.locator('html[data-page-hydrated]')).toBeAttached();
      await page.mouse.wheel(0, 100_000);
    } else {
      await page.getByRole('link', { name: 'More' }).click();
    }
    const row = page.locator('#row-reg-055');
    await row.getByRole('link', { name: 'Rule 055', exact: true }).click();
    const heading = editor(page).getByRole('heading', { name: 'Edit Regulation' });
    await expectInViewUnderHeader(page, heading);
    if (js) await expect(heading).toBeFocused();
    await page.screenshot({ path: `test-results/lists-phone-edit-${info.project.name}.png` });
    // axe runs in the page: with JavaScript only (the markup is the same).
    if (js) await expectNoSeriousViolations(page);

    await editor(page).getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/list\/main-menu\/regulations(\?more=1)?#row-reg-055$/);
    const title = page.locator('#row-reg-055').getByRole('link', { name: 'Rule 055', exact: true });
    await expectInViewUnderHeader(page, title);
    if (js) await expect(title).toBeFocused();

    // Submit reloads the list's first chunk: the row is found again.
    await title.click();
    await expect(heading).toBeVisible();
    await editor(page).getByLabel('Title').fill('Rule fifty-five');
    await editor(page).getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Saved.')).toBeVisible();
    const saved = page.locator('#row-reg-055').getByRole('link', { name: 'Rule fifty-five', exact: true });
    await expectInViewUnderHeader(page, saved);
    if (js) await expect(saved).toBeFocused();
    await expect
      .poll(async () => (await readE2e<Record<string, unknown>>(`${e2ePaths.section(community.key, 'regulations')}/reg-055`))?.title)
      .toBe('Rule fifty-five');
    await page.screenshot({ path: `test-results/lists-phone-returned-${info.project.name}.png` });

    // Add opens its form at the top, whatever was scrolled.
    await add.click();
    const adding = editor(page).getByRole('heading', { name: 'Add Regulation' });
    await expectInViewUnderHeader(page, adding);
    if (js) await expect(adding).toBeFocused();
  });
});

test('Send Notification from the drawer, a message’s form and the calendar’s Add Event come before their lists @no-js', async ({
  page,
  loginAs,
}, info) => {
  const js = info.project.name === 'js';
  await loginAs('admin@demo.example');
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const remembered = page.waitForResponse((response) => response.url().includes('leftColumn=expanded'));
  await page.getByRole('complementary', { name: 'Admin menu' }).getByRole('link', { name: 'Expand menu' }).click();
  await remembered;
  const adminNav = page.getByRole('navigation', { name: 'Admin buttons' });
  await adminNav.getByRole('link', { name: 'Send Notification', exact: true }).click();
  await expect(page).toHaveURL(/\/amc-messages\/messages\/add/);
  const heading = editor(page).getByRole('heading', { name: 'Send Notification' });
  await expectInViewUnderHeader(page, heading);
  if (js) await expect(heading).toBeFocused();
  await page.screenshot({ path: `test-results/lists-phone-message-form-${info.project.name}.png`, fullPage: true });
  // axe runs in the page: with JavaScript only (the markup is the same).
  if (js) await expectNoSeriousViolations(page);

  await page.goto('/amc-messages/messages');
  await expectInViewUnderHeader(page, editor(page).getByRole('link', { name: 'Send Notification' }));
  await page.screenshot({ path: `test-results/lists-phone-messages-${info.project.name}.png` });

  // A message's form comes first too, and Cancel returns to its row.
  const pool = 'Pool open late this weekend';
  await page.getByRole('link', { name: pool, exact: true }).click();
  const editing = editor(page).getByRole('heading', { name: 'Edit Notification' });
  await expectInViewUnderHeader(page, editing);
  if (js) await expect(editing).toBeFocused();
  await editor(page).getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/amc-messages\/messages#row-msg-pool-late$/);
  const poolTitle = page.locator('#row-msg-pool-late').getByRole('link', { name: pool, exact: true });
  await expectInViewUnderHeader(page, poolTitle);
  if (js) await expect(poolTitle).toBeFocused();

  await page.goto('/amc-calendar/activities/active');
  await expectInViewUnderHeader(page, editor(page).getByRole('link', { name: 'Add Event' }));
  await page.screenshot({ path: `test-results/lists-phone-calendar-${info.project.name}.png` });
  // axe runs in the page: with JavaScript only (the markup is the same).
  if (js) await expectNoSeriousViolations(page);
});
