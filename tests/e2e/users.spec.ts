import type { Page } from '@playwright/test';
import { createEmbeddedIdentity } from '@server/auth/identity/embedded';
import { embeddedSqlite } from '@server/db';
import { E2E_BASE_URL } from '../../playwright.config';
import { expectNoSeriousViolations } from './axe';
import { e2ePaths, expect, readE2e, signIn, test, withE2eDb, type TestCommunity } from './fixtures';

/**
 * Users and User Management (spec 02 "Listing routes" contexts users and usermgmt, §6 user lists,
 * §8 'No User ID' / 'Anonymous through Apple'; spec 01 §3.7, §6; spec 03 §6 Administrative tray;
 * decision 040): an admin reads the community's staff and, ticked, its logged-in app users; grants
 * a right, removes a person, invites a new one whose e-mailed link signs them in; with JavaScript
 * and without, at 1366 and 390 px. Each test makes a community of its own, with an editor who has
 * an account, app users of the community, and its admin (who has no account: 'No User ID').
 */

test.use({ communityOptions: { label: 'users' }, viewport: { width: 1366, height: 900 } });

interface People {
  editor: { uid: string; email: string; name: string };
}

async function addPeople(community: TestCommunity): Promise<People> {
  const editor = { uid: `editor-${community.key}`, email: `editor-${community.key}@e2e.example`, name: 'Erin Editor' };
  await withE2eDb(async (db) => {
    await createEmbeddedIdentity(embeddedSqlite(db)).createUser({ ...editor, displayName: editor.name, password: 'e2e-password-1' });
    await db.ref().update({
      [e2ePaths.userAuthorization(editor.uid)]: { editorDefault: community.key, communities: { [community.key]: { isEditor: true } } },
      [e2ePaths.appUser(`guest-${community.key}`)]: { name: 'Gale Guest', email: 'gale@mail.example', communityId: community.key },
      [e2ePaths.appUser(`relay-${community.key}`)]: { email: 'q7x2@privaterelay.appleid.com', communityId: community.key },
      [e2ePaths.appUser(`anon-${community.key}`)]: { isAnonymous: true, communityId: community.key },
    });
  });
  return { editor };
}

/** axe runs in the page: with JavaScript only (the no-JavaScript project serves the same markup). */
async function audit(page: Page, project: string) {
  if (project === 'js') await expectNoSeriousViolations(page);
}

async function shot(page: Page, name: string, project: string, fullPage = true) {
  await page.screenshot({ path: `tests/.tmp/users-${name}-${project}.png`, fullPage });
}

const rows = (page: Page) => page.getByRole('list', { name: /^(Users|User Management)$/ }).locator('.list-row-title');

test('the users list shows the staff, and with the tick the logged-in app users @forms', async ({ page, community }, info) => {
  const { editor } = await addPeople(community);
  await page.goto('/');
  // The Administrative tray's Users button.
  await page.getByRole('link', { name: 'Users', exact: true }).first().click();
  await expect(page).toHaveURL(/\/listnm\/users$/);
  await expect(page.getByRole('heading', { name: 'Users' }).first()).toBeVisible();
  // Admins first; the admin has no account: 'No User ID'.
  await expect(rows(page)).toHaveText(['No User ID', editor.name]);
  await expect(page.locator(`#row-${editor.uid}`)).toContainText(`${editor.email} · ${editor.uid}`);
  await expect(page.locator(`#row-${editor.uid}`)).toContainText('Editor');
  await expect(page.getByRole('button', { name: 'Delete Selected' })).toHaveCount(0);
  await audit(page, info.project.name);
  await shot(page, 'list', info.project.name);

  await page.getByRole('checkbox', { name: 'Show all logged in users' }).check();
  if (info.project.name !== 'js') await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/show=all/);
  await expect(rows(page)).toHaveText(['No User ID', editor.name, 'Anonymous through Apple', 'Gale Guest']);
  await expect(page.locator(`#row-guest-${community.key}`)).toContainText('App user');

  // The person filter keeps the tick.
  await page.getByLabel('Name, e-mail or id').fill('GALE@');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/who=GALE/);
  await expect(page).toHaveURL(/show=all/);
  await expect(rows(page)).toHaveText(['Gale Guest']);
  await rows(page).first().click();
  const panel = page.locator('#editor');
  await expect(panel.getByRole('heading', { name: 'Gale Guest' })).toBeVisible();
  await expect(panel).toContainText('gale@mail.example');
  await audit(page, info.project.name);
  await shot(page, 'user', info.project.name);
});

test('an admin grants a right, sees it in the history, and removes a person after confirming @forms', async ({ page, community }, info) => {
  test.slow();
  const { editor } = await addPeople(community);
  await page.goto('/listnm/usermgmt');
  await expect(page.getByRole('heading', { name: 'User Management' }).first()).toBeVisible();
  await page.locator(`#row-${editor.uid}`).getByRole('link', { name: editor.name }).click();
  const panel = page.locator('#editor');
  await expect(panel.getByRole('heading', { name: editor.name })).toBeVisible();
  await expect(panel.getByRole('checkbox', { name: 'Resort System Admin' })).toHaveCount(0);
  await audit(page, info.project.name);
  await shot(page, 'person', info.project.name);

  await panel.getByRole('checkbox', { name: 'Can Send Notifications' }).check();
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Rights saved: Granted Can Send Notifications.')).toBeVisible();
  await expect
    .poll(() => readE2e(e2ePaths.userCommunityRights(editor.uid, community.key)))
    .toEqual({ isEditor: true, isAdmin: false, canNotify: true, isResortSystem: false });
  await expect(page.getByRole('region', { name: 'Recent changes' })).toContainText(`${editor.email}: Granted Can Send Notifications`);
  await expect(page.getByRole('region', { name: 'Recent changes' })).toContainText(
    `by ${community.user.displayName} (${community.user.email})`,
  );
  await shot(page, 'after-save', info.project.name);

  // The last admin stays: the admin cannot take away their own Admin right.
  await page.goto(`/listnm/usermgmt/edit/${community.user.uid}#editor`);
  await page.locator('#editor').getByRole('checkbox', { name: 'Admin' }).uncheck();
  await page.locator('#editor').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This is the last admin of the community.' })).toBeVisible();

  await page.goto(`/listnm/usermgmt/edit/${editor.uid}#editor`);
  await page.locator('#editor').getByRole('button', { name: 'Remove from Community' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove from Community' });
  await expect(dialog).toBeVisible();
  await audit(page, info.project.name);
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Removed from this community.')).toBeVisible();
  await expect(page.locator(`#row-${editor.uid}`)).toHaveCount(0);
  await expect.poll(() => readE2e(e2ePaths.userCommunityRights(editor.uid, community.key))).toBeNull();
});

test('an invited person follows the e-mailed link and is signed in to the community @forms', async ({
  page,
  community,
  browser,
  javaScriptEnabled,
}, info) => {
  test.slow();
  const email = `invited-${community.key}@e2e.example`;
  await page.goto('/listnm/usermgmt');
  await page.locator('#editor').getByRole('link', { name: 'Invite User' }).click();
  const form = page.locator('#editor');
  await expect(form.getByRole('heading', { name: 'Invite User' })).toBeVisible();
  await form.getByRole('textbox', { name: 'E-mail' }).fill('not an address');
  await form.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(form.getByText('Enter a valid e-mail address.')).toBeVisible();
  await audit(page, info.project.name);
  await shot(page, 'invite-refused', info.project.name);
  await form.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await form.getByRole('textbox', { name: 'Name' }).fill('Ivy Invited');
  await form.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText(new RegExp(`Invitation (sent to|saved for) ${email}`))).toBeVisible();
  await expect(rows(page)).toContainText(['Ivy Invited']);

  // The e-mail, through the queue to the outbox, with the sign-in link.
  const subject = `You have been invited to manage ${community.title}`;
  await expect(async () => {
    await page.goto('/dev/outbox');
    await expect(page.getByRole('row').filter({ hasText: email }).filter({ hasText: subject })).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 20_000 });
  const message = page
    .getByRole('article')
    .filter({ has: page.getByText(`To ${email}`) })
    .first();
  const text = (await message.locator('pre').first().textContent()) ?? '';
  const link = /https?:\/\/\S+\/login\?mode=email-link[^\s)]+/.exec(text)?.[0];
  expect(link).toBeTruthy();

  const other = await browser.newContext({ javaScriptEnabled });
  try {
    const invited = await other.newPage();
    await invited.goto(link!);
    await expect(invited.getByRole('heading', { name: 'Confirm Your E-mail' })).toBeVisible();
    await invited.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await invited.getByRole('button', { name: 'Continue' }).click();
    const device = invited.getByRole('alertdialog', { name: 'Personal Device' });
    await expect(device).toBeVisible();
    await device.getByRole('radio', { name: /Shared device/ }).check();
    await device.getByRole('button', { name: 'Login' }).click();
    await invited.waitForURL((url) => url.pathname === '/');
    await expect(invited.getByRole('banner')).toContainText(community.displayName);
    // An editor: no Administrative tray, and the users list refuses them.
    const refused = await invited.goto('/listnm/users');
    expect(refused?.status()).toBe(403);
  } finally {
    await other.close();
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the lists and the rights form fit the screen', async ({ page, community }, info) => {
    const { editor } = await addPeople(community);
    for (const address of [
      '/listnm/users?show=all',
      '/listnm/usermgmt',
      `/listnm/usermgmt/edit/${editor.uid}#editor`,
      '/listnm/usermgmt/add#editor',
    ]) {
      await page.goto(address);
      await expect(page.getByRole('heading', { name: /Users|User Management|Erin Editor|Invite User/ }).first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), address).toBeLessThanOrEqual(390);
    }
    await page.goto(`/listnm/usermgmt/edit/${editor.uid}#editor`);
    const save = page.locator('#editor').getByRole('button', { name: 'Save' });
    await save.scrollIntoViewIfNeeded();
    await expect(save).toBeInViewport();
    await audit(page, info.project.name);
    await shot(page, 'phone-person', info.project.name);
    await page.goto('/listnm/users?show=all');
    await audit(page, info.project.name);
    await shot(page, 'phone-list', info.project.name);
  });
});

test.describe('the studio project', () => {
  const STUDIO_URL = E2E_BASE_URL.replace('127.0.0.1', 'studio.localhost');
  test.use({ baseURL: STUDIO_URL });

  test("User Management opens 'Feature Unavailable' with the link to schedule a demo; so do the other studio-disabled buttons", async ({
    page,
    context,
  }, info) => {
    await signIn(context, 'admin@demo.example');
    const session = (await context.cookies(E2E_BASE_URL)).find((cookie) => cookie.name === '__session');
    if (!session) throw new Error('signing in gave no session cookie');
    await context.addCookies([{ name: '__session', value: session.value, url: STUDIO_URL, httpOnly: true, sameSite: 'Lax' }]);

    await page.goto('/');
    for (const [label, id] of [
      ['User Management', 'user-management'],
      ['Bookings', 'bookings'],
      ['Splash Screens', 'splashscreens'],
      ['Banner Ads', 'banner-ads'],
      ['Analytics', 'analytics'],
      ['Marketing', 'marketing'],
    ] as const) {
      await expect(page.getByRole('link', { name: label, exact: true }).first(), label).toHaveAttribute('href', `/?unavailable=${id}`);
    }
    await page.getByRole('link', { name: 'User Management', exact: true }).first().click();
    const dialog = page.getByRole('alertdialog', { name: 'Feature Unavailable' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Schedule a demo' })).toHaveAttribute('href', 'https://calendly.com/community-apps/demo');
    await audit(page, info.project.name);
    await shot(page, 'studio-unavailable', info.project.name, false);
    await dialog.getByRole('link', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();

    // The address itself is not served there: it opens the dialog on the home screen.
    await page.goto('/listnm/usermgmt');
    await expect(page).toHaveURL(`${STUDIO_URL}/?unavailable=user-management`);
    await expect(dialog).toBeVisible();
  });
});
