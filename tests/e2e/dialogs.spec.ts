import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { createEmbeddedIdentity } from '@server/auth/identity/embedded';
import { submitRandomIconColors } from './community-setup-dialogs';
import { e2ePaths, expect, test, withE2eDb } from './fixtures';

/**
 * The page dialog (app/components/ui/dialog.tsx) wherever the console opens one: the Select
 * Menu Type picker, Delete Item, the Personal Device step, community setup's colours. With
 * JavaScript the focus moves in, Tab and Shift+Tab stay inside, Escape leaves by the dialog's
 * cancel and the focus returns to the opener; with and without it the dialog lies above the
 * sticky header bar, whose Log Out cannot be reached through it.
 */

const DESKTOP = { width: 1366, height: 768 };
const MOBILE = { width: 390, height: 844 };

/** The dialog once the script has made it modal. */
const modal = (page: Page, name: string) =>
  page.locator('dialog[data-modal]').and(page.getByRole('alertdialog', { name }).or(page.getByRole('dialog', { name })));

/** An open dialog, made modal or not (without JavaScript). */
const anyDialog = (page: Page, name: string) => page.getByRole('alertdialog', { name }).or(page.getByRole('dialog', { name }));

const focusIsInside = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')));

/** What the page shows at the centre of `target`: the text of the heading there, or 'dialog'/'header'. */
async function whatIsAt(page: Page, target: Locator): Promise<{ heading: string | null; inDialog: boolean; inHeader: boolean }> {
  const box = await target.boundingBox();
  if (!box) throw new Error('not laid out');
  return page.evaluate(
    ([x, y]) => {
      const element = document.elementFromPoint(x!, y!);
      return {
        heading: element?.closest('h1, h2')?.textContent ?? null,
        inDialog: Boolean(element?.closest('dialog')),
        inHeader: Boolean(element?.closest('.shell-header')),
      };
    },
    [box.x + Math.min(20, box.width / 2), box.y + box.height / 2],
  );
}

/** The dialog's title is on screen, nothing covers it, and the header's Log Out lies under the dialog's layer. */
async function expectAboveHeader(page: Page, dialog: Locator, title: string) {
  const heading = dialog.getByRole('heading', { name: title, exact: true });
  await expect(heading).toBeInViewport({ ratio: 1 });
  expect(await whatIsAt(page, heading)).toEqual({ heading: title, inDialog: true, inHeader: false });
  const logOut = page.locator('.shell-header').getByRole('button', { name: 'Log Out' });
  if ((await logOut.count()) > 0) expect((await whatIsAt(page, logOut)).inHeader).toBe(false);
}

test.describe('page dialogs @js-only', () => {
  test('Select Menu Type: focus in, Tab stays inside, Escape cancels, focus back on Add Menu Item', async ({ page, loginAs }) => {
    await loginAs('admin@demo.example');
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const opener = page.getByRole('link', { name: 'Add Menu Item' });
    await opener.click();
    const dialog = modal(page, 'Select Menu Type');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Filter menu types')).toBeFocused();
    await expectAboveHeader(page, dialog, 'Select Menu Type');

    // Shift+Tab from the first control goes round to the last (Cancel), Tab from there to the first.
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('link', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Filter menu types')).toBeFocused();
    for (let step = 0; step < 5; step += 1) {
      await page.keyboard.press('Tab');
      expect(await focusIsInside(page)).toBe(true);
    }

    await page.keyboard.press('Escape');
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test('Select Menu Type at 390 px: the title is not under the header', async ({ page, loginAs }) => {
    await loginAs('admin@demo.example');
    await page.setViewportSize(MOBILE);
    await page.goto('/add');
    const dialog = modal(page, 'Select Menu Type');
    await expect(dialog).toBeVisible();
    await expectAboveHeader(page, dialog, 'Select Menu Type');
    // The page behind does not scroll.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
  });

  test('Delete Item: the focus on Cancel, the safe choice; Escape goes back to the editor, to its Delete link', async ({
    page,
    loginAs,
  }) => {
    await loginAs('admin@demo.example');
    for (const size of [DESKTOP, MOBILE]) {
      await page.setViewportSize(size);
      await page.goto('/home/edit/activities');
      await page.waitForLoadState('networkidle');
      const opener = page.locator('#editor').getByRole('link', { name: 'Delete', exact: true });
      await opener.click();
      const dialog = modal(page, 'Delete Item');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('link', { name: 'Cancel' })).toBeFocused();
      await expectAboveHeader(page, dialog, 'Delete Item');

      await page.keyboard.press('Tab');
      await expect(dialog.getByRole('button', { name: 'Delete' })).toBeFocused();
      await page.keyboard.press('Shift+Tab');
      await expect(dialog.getByRole('link', { name: 'Cancel' })).toBeFocused();

      await page.keyboard.press('Escape');
      await expect(page).toHaveURL((url) => url.pathname === '/home/edit/activities' && url.search === '');
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      await expect(opener).toBeFocused();
    }
  });

  test('Personal Device: focus in, Tab stays inside, Escape cancels the sign-in', async ({ page }) => {
    const email = `e2e-dialog-${randomUUID().slice(0, 8)}@demo.example`;
    await withE2eDb(async (db) => {
      const user = await createEmbeddedIdentity(db.sqlite).createUser({ email, password: 'e2e-password-1', displayName: 'E2E dialog' });
      await db.ref(e2ePaths.userAuthorization(user.uid)).set({ communities: { 'demo-campground': { isEditor: true } } });
    });
    await page.setViewportSize(MOBILE);
    await page.goto('/login');
    await page.waitForLoadState('networkidle');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('e2e-password-1');
    await page.getByRole('button', { name: 'Login', exact: true }).click();

    const dialog = modal(page, 'Personal Device');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('radio', { name: /Personal device/ })).toBeFocused();
    await expect(dialog.getByRole('heading', { name: 'Personal Device' })).toBeInViewport({ ratio: 1 });
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Login' })).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await focusIsInside(page)).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focusIsInside(page)).toBe(true);

    await page.keyboard.press('Escape');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toBeVisible();
    // The sign-in was dropped: home still asks to sign in.
    await page.goto('/');
    await expect(page).toHaveURL(/\/login/);
  });

  test("community setup's colours dialog lies above the header at 1366 px; Escape cancels it", async ({ page, loginAs }) => {
    // Nothing is saved: the dialog previews new colours and Cancel keeps everything.
    await loginAs('system@demo.example', { communityKey: 'demo-town' });
    await page.setViewportSize(DESKTOP);
    const form = await submitRandomIconColors(page);

    const dialog = modal(page, 'Select Menu Type');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'OK' })).toBeFocused();
    await expectAboveHeader(page, dialog, 'Select Menu Type');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(form.getByLabel('Random Icon Shape Colors')).toBeChecked();
  });
});

test.describe('page dialogs without the script', () => {
  test('the picker lies above the header and Cancel is a link back', async ({ page, loginAs }) => {
    await loginAs('admin@demo.example');
    for (const size of [DESKTOP, MOBILE]) {
      await page.setViewportSize(size);
      await page.goto('/add');
      const dialog = anyDialog(page, 'Select Menu Type');
      await expect(dialog).toBeVisible();
      await expectAboveHeader(page, dialog, 'Select Menu Type');
    }
    await anyDialog(page, 'Select Menu Type').getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('Delete Item lies above the header; Cancel returns to the editor', async ({ page, loginAs }) => {
    await loginAs('admin@demo.example');
    await page.setViewportSize(DESKTOP);
    await page.goto('/home/edit/activities?delete');
    const dialog = anyDialog(page, 'Delete Item');
    await expect(dialog).toBeVisible();
    await expectAboveHeader(page, dialog, 'Delete Item');
    await dialog.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/home/edit/activities' && url.search === '');
    await expect(page.getByRole('heading', { name: 'Edit Menu Item' })).toBeVisible();
  });
});
