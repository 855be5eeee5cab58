import { randomUUID } from 'node:crypto';
import type { Page, TestInfo } from '@playwright/test';
import { createEmbeddedIdentity } from '@server/auth/identity/embedded';
import { axeOn } from './axe';
import { submitRandomIconColors } from './community-setup-dialogs';
import { e2ePaths, expect, test, withE2eDb } from './fixtures';

/**
 * axe on every screen the console has, signed in as the role that sees it, with its dialogs
 * open: no violation of impact serious or critical. Each screen is audited once, at desktop
 * width; a sample at 390 × 844 (login, the 404 pages, home, the menu item editor and its picker,
 * the opened drawer) audits the narrow layout, whose rules are the same on every screen.
 * axe runs as a script in the page, which a context without JavaScript cannot run; the markup a
 * browser without JavaScript gets is audited by loading the server's page with its scripts
 * removed (`withoutScripts`).
 */

const MOBILE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };

/** The experimental rule that checks a control's name contains its visible words (WCAG 2.5.3). */
const EXTRA_RULES = { 'label-content-name-mismatch': { enabled: true } };

async function audit(page: Page, label: string, { scripts = true } = {}) {
  // With its scripts, a page is audited once React has taken it over (what the script adds included).
  if (scripts) await page.locator('html[data-page-hydrated]').waitFor({ state: 'attached' });
  // Only the violations are reported in full: axe's node lists of passes cost time and say nothing here.
  const results = await axeOn(page)
    .options({ rules: EXTRA_RULES, resultTypes: ['violations'] })
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
  expect(serious, `${label} at ${page.viewportSize()?.width ?? '?'} px`).toEqual([]);
}

async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(500);
  await audit(page, path);
}

/** Loads `path` as a browser without JavaScript gets it: the server's HTML, its scripts removed. */
async function withoutScripts(page: Page, path: string) {
  await page.route(
    (url) => url.pathname + url.search === path,
    async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '');
      await route.fulfill({ response, body });
    },
  );
  await page.goto(path);
  await audit(page, `${path} without JavaScript`, { scripts: false });
  await page.unrouteAll();
}

/** The open dialog, once the script has made it modal. */
const modal = (page: Page, name: string) =>
  page.locator('dialog[data-modal]').and(page.getByRole('alertdialog', { name }).or(page.getByRole('dialog', { name })));

// axe needs JavaScript in the page.
test.describe('accessibility (axe) @js-only', () => {
  // Each audit takes seconds on a busy machine.
  test.describe.configure({ timeout: 180_000 });

  // The audit itself: what it is for, it finds (axe runs in the page, tests/e2e/axe.ts).
  test('the audit finds an image without text, a button without a name and an input without a label', async ({ page }) => {
    await page.setContent(
      '<html lang="en"><head><title>t</title></head><body><main><img src="data:,"><button></button><input></main></body></html>',
    );
    const results = await axeOn(page)
      .options({ rules: EXTRA_RULES, resultTypes: ['violations'] })
      .analyze();
    const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => violation.id).sort()).toEqual(['button-name', 'image-alt', 'label']);
  });

  test('login, forgot password, the Personal Device step and the Login Error dialog', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await visit(page, '/login');
    await visit(page, '/login?mode=forgot');
    await withoutScripts(page, '/login');

    const email = `e2e-a11y-${randomUUID().slice(0, 8)}@demo.example`;
    await withE2eDb(async (db) => {
      const user = await createEmbeddedIdentity(db.sqlite).createUser({ email, password: 'e2e-password-1', displayName: 'E2E a11y' });
      await db.ref(e2ePaths.userAuthorization(user.uid)).set({ communities: { 'demo-campground': { isEditor: true } } });
    });

    await page.goto('/login');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await audit(page, 'Login Error dialog');

    await page.goto('/login');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('e2e-password-1');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(modal(page, 'Personal Device')).toBeVisible();
    await audit(page, 'Personal Device');
  });

  test('login and the 404 page at 390 px, anonymous', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await visit(page, '/login');
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await audit(page, '404 anonymous');
  });

  test('the list screens: rows, tabs, filters, each editor, delete, sort and the header editor', async ({ page, loginAs }) => {
    await loginAs('system@demo.example');
    await page.setViewportSize(DESKTOP);
    await visit(page, '/list/main-menu/dining');
    await visit(page, '/list/main-menu/regulations?q=pet&all=1');
    await visit(page, '/list/main-menu/faqs/all/add');
    await visit(page, '/list/main-menu/contacts/offices/edit/front-office');
    await visit(page, '/listnm/locations/edit/main-pavilion');
    await visit(page, '/listnm/store/edit/firewood-bundle');
    await visit(page, '/listnm/bookings/add');
    await visit(page, '/listnm/category/add');
    await visit(page, '/listnm/systemwide-user-group');
    await visit(page, '/list/main-menu/faqs/all/sort');
    await visit(page, '/list/main-menu/dining/resort/header-images');
    // The calendar of events: both views, the recurrence filter, an event's delete dialog (two calendars).
    await visit(page, '/amc-calendar/activities/active');
    await visit(page, '/amc-calendar/activities/archive?q=yoga');
    await visit(page, '/amc-calendar/activities/active?recurrence=rec-sunrise-yoga&all=1');
    await visit(page, '/amc-calendar/activities/active/delete/ev-kids-craft');
    await visit(page, '/amc-calendar/activities/active/delete/ev-yoga-6');
    await page.goto('/list/main-menu/faqs/all/delete/wifi');
    await expect(modal(page, 'Delete Item')).toBeVisible();
    await audit(page, 'Delete Item of a list');
    await visit(page, '/manage-list-icons');
    await visit(page, '/manage-list-icons/edit/pet-friendly');
    await page.goto('/manage-list-icons/delete/pet-friendly');
    await expect(modal(page, 'Delete Icon')).toBeVisible();
    await audit(page, 'Delete Icon');
    await withoutScripts(page, '/list/main-menu/faqs');
    await withoutScripts(page, '/listnm/locations/add');
    await withoutScripts(page, '/amc-calendar/activities/active');
    await withoutScripts(page, '/amc-calendar/activities/active/delete/ev-yoga-6');
  });

  test('home and the menu item screens of a campground, with their dialogs', async ({ page, loginAs }) => {
    await loginAs('admin@demo.example');
    await page.setViewportSize(DESKTOP);
    await visit(page, '/');
    await visit(page, '/header-images');
    await visit(page, '/community-setup');

    await page.goto('/add');
    await expect(modal(page, 'Select Menu Type')).toBeVisible();
    await audit(page, 'Select Menu Type');
    await visit(page, '/add?type=form');
    await visit(page, '/add?type=website');
    await visit(page, '/add?type=business');
    await visit(page, '/add?type=amc-events');
    await visit(page, '/home/edit/activities');

    await page.goto('/home/edit/activities?delete');
    await expect(modal(page, 'Delete Item')).toBeVisible();
    await audit(page, 'Delete Item');

    await visit(page, '/sort-button');
    await page.goto('/sort-alpha');
    await expect(modal(page, 'Sort Alphabetically')).toBeVisible();
    await audit(page, 'Sort Alphabetically');

    const response = await page.goto('/listnm/no-such-list');
    expect(response?.status()).toBe(404);
    await audit(page, '404 in the shell');
    await visit(page, '/dev/outbox');
  });

  test('the image uploader’s Incorrect Type dialog', async ({ page, loginAs }) => {
    await loginAs('admin@demo.example');
    await page.goto('/header-images');
    await page.waitForLoadState('networkidle');
    const input = page.locator('input[type="file"]').first();
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await expect(modal(page, 'Incorrect Type')).toBeVisible();
    await audit(page, 'Incorrect Type');
  });

  test('the header editor’s Stock Photos and AI Images dialogs', async ({ page, loginAs }) => {
    await loginAs('admin@demo.example');
    await page.setViewportSize(DESKTOP);
    await page.goto('/header-images?stock=campfire');
    await expect(modal(page, 'Stock Photos')).toBeVisible();
    await expect(page.getByRole('radio', { name: /^Photo 1\b/ })).toBeVisible();
    await audit(page, 'Stock Photos');
    await page.goto('/header-images?ai=1');
    await expect(modal(page, 'AI Images')).toBeVisible();
    await audit(page, 'AI Images');
  });

  test('the screens as a browser without JavaScript gets them', async ({ page, loginAs }) => {
    await loginAs('admin@demo.example');
    await page.setViewportSize(DESKTOP);
    await withoutScripts(page, '/sort-button');
    await withoutScripts(page, '/add');
    await withoutScripts(page, '/home/edit/activities?delete');
    await withoutScripts(page, '/');
  });

  test('home, the editor, the picker and the 404 page at 390 px', async ({ page, loginAs }) => {
    await loginAs('admin@demo.example');
    await page.setViewportSize(MOBILE);
    await visit(page, '/');
    await visit(page, '/home/edit/activities#editor');
    await page.goto('/add');
    await expect(modal(page, 'Select Menu Type')).toBeVisible();
    await audit(page, 'Select Menu Type');
    await page.goto('/?leftColumn=expanded');
    await audit(page, 'the opened drawer');
    await page.goto('/listnm/no-such-list?leftColumn=auto');
    await audit(page, '404 in the shell');
  });

  test("community setup's 'Select Menu Type' colours dialog", async ({ page, loginAs }) => {
    // Nothing is saved: the dialog previews new colours (Cancel keeps everything).
    await loginAs('system@demo.example', { communityKey: 'demo-town' });
    await page.setViewportSize(DESKTOP);
    await submitRandomIconColors(page);
    await expect(modal(page, 'Select Menu Type')).toBeVisible();
    await audit(page, "community setup's colours");
  });

  test('the system admin’s screens: add community, switch community', async ({ page, loginAs }) => {
    await loginAs('system@demo.example');
    await visit(page, '/add-community');
    await visit(page, '/listnm/switch-community');
  });

  test('the super admin’s screens: app setup, integrations', async ({ page, loginAs }) => {
    await loginAs('super@demo.example');
    await visit(page, '/app-setup');
    await visit(page, '/integrations');
  });

  test('the remote manager’s page', async ({ page, loginAs }) => {
    await loginAs('remote@demo.example');
    await page.setViewportSize(DESKTOP);
    await visit(page, '/detail/remote?all=1');
    await withoutScripts(page, '/detail/remote?all=1');
  });

  test('the business detail editor and the remote pages (with the header editor)', async ({ page, context, loginAs }) => {
    await loginAs('admin@demo.example');
    await page.setViewportSize(DESKTOP);
    await visit(page, '/detail/business/dining-resort/lakeside-grill');
    await page.goto('/detail/business/dining-resort');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByTestId('form-error')).toBeVisible();
    await audit(page, 'the editor with a validation error');
    await withoutScripts(page, '/detail/business/dining-resort/lakeside-grill');

    // A URL grant's page (no sign-in) and the e-mail grant's page of the remote manager.
    const uuid = `a11y-link-${randomUUID().slice(0, 8)}`;
    const entry = {
      type: 'business',
      accessType: 'url',
      title: 'Owner',
      editInfo: true,
      addButtons: true,
      sendNotifications: false,
      origContext: 'demo-campground/dining-resort',
      contexts: ['demo-campground/dining-resort'],
      detailTitle: 'Snack Shack',
      uid: uuid,
    };
    await withE2eDb((db) =>
      db.ref().update({
        [e2ePaths.remoteByUid(uuid, 'snack-shack')]: entry,
        [e2ePaths.remoteByDetail('snack-shack', uuid)]: entry,
      }),
    );
    await context.clearCookies();
    await visit(page, `/detail/remote/${uuid}/`);
    await withoutScripts(page, `/detail/remote/${uuid}/`);
    // The e-mail grant's page is the same editor in the same frame.
    await loginAs('remote@demo.example');
    await visit(page, '/detail/remote/id/lakeside-grill');
    await visit(page, '/detail/remote/id/lakeside-grill/header-images');
    await withE2eDb((db) => db.ref().update({ [e2ePaths.remoteByUid(uuid)]: null, [e2ePaths.remoteByDetail('snack-shack', uuid)]: null }));
  });

  test('the remote calendar and the remote event editor (the seeded calendar URL grant)', async ({ page }) => {
    const link = '8d2e4f6a-1c3b-4e5d-9f70-2a4b6c8d0e13';
    await page.setViewportSize(DESKTOP);
    await visit(page, `/amc-calendar/remote/${link}/`);
    await expect(page.getByRole('heading', { name: 'Activities', level: 1 })).toBeVisible();
    await visit(page, `/event/remote/activities/ev-sunset-paddle?uuid=${link}`);
    await expect(page.getByRole('heading', { name: 'Edit Event', level: 1 })).toBeVisible();
  });

  test('Manage Calendars, its dialogs and the calendar config editor', async ({ page, loginAs }) => {
    await loginAs('admin@demo.example');
    await page.setViewportSize(DESKTOP);
    await visit(page, '/amc-calendars');
    await visit(page, '/amc-calendars/add');
    await visit(page, '/amc-calendars/delete/activities');
    await expect(modal(page, 'Delete Calendar')).toBeVisible();
    await audit(page, 'Delete Calendar dialog');
    await visit(page, '/amc-calendars/config/kids-club');
    await page.locator('details[data-section="user-created"] summary').click();
    await page.getByLabel('Staff Email 1').fill('');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('You must include at least one email address to have approval.')).toBeVisible();
    await audit(page, 'the config editor with a validation error');
    await withoutScripts(page, '/amc-calendars/config/kids-club');
  });

  test('the event editor, its Edit Recurrence question and a refused post', async ({ page, loginAs }) => {
    await loginAs('admin@demo.example');
    await page.setViewportSize(DESKTOP);
    await visit(page, '/detail/events/activities/ev-pancake-breakfast');
    await page.goto('/detail/events/activities/ev-yoga-6');
    await expect(modal(page, 'Edit Recurrence')).toBeVisible();
    await audit(page, "the 'Edit Recurrence' question");
    await visit(page, '/detail/eventsArchived/activities/ev-ice-cream-social');
    // The seeded event waiting for approval: the calendar's notice and its review (Existing Events, Create / Deny Event).
    await visit(page, '/amc-calendar/kids-club/active');
    await expect(page.getByTestId('pending-notice')).toBeVisible();
    await visit(page, '/detail/events/google-events-import/pending-stargazing');
    // Deny Event asks first (nothing is written by this post).
    await page.getByRole('button', { name: 'Deny Event' }).click();
    await expect(modal(page, 'Deny Event')).toBeVisible();
    await audit(page, "the 'Deny Event' question");
    // A refused post (nothing is saved): the form-level message and the field errors.
    await page.goto('/detail/events/activities');
    await page.getByLabel('Title *').fill('');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByTestId('form-error')).toBeVisible();
    await audit(page, 'the event editor with a validation error');
    await withoutScripts(page, '/detail/events/activities/ev-pancake-breakfast');
    await withoutScripts(page, '/detail/events/activities/ev-yoga-6');
  });

  test('a municipality editor’s home', async ({ page, loginAs }) => {
    await loginAs('town-editor@demo.example');
    await visit(page, '/');
    await visit(page, '/home/edit/community-events');
  });

  test.describe('a business-only community', () => {
    const keyOf = (info: TestInfo) => `e2e-a11y-business-${info.project.name}`;
    test.beforeEach(async ({}, info) => {
      await withE2eDb((db) =>
        db.ref(e2ePaths.community(keyOf(info))).set({
          title: 'Birch Cove Outfitters',
          name: 'Birch Cove Outfitters',
          active: true,
          listed: true,
          isBusinessOnly: true,
          inProgress: false,
          communityType: 'resort',
          timeZone: 'America/New_York',
          phone: '(518) 555-0142',
          address: '4 Birch Cove Lane',
          city: 'Lake George',
          state: 'NY',
          zip: '12845',
          website: 'https://birch-cove.example.com',
          htmlDescription: '<p>Canoes, paddles and maps.</p>',
          colorBackground: '#F4D35E',
        }),
      );
    });
    test.afterEach(async ({}, info) => {
      await withE2eDb((db) => db.ref(e2ePaths.community(keyOf(info))).remove());
    });

    test('its home', async ({ page, loginAs }, info) => {
      await loginAs('system@demo.example', { communityKey: keyOf(info) });
      await page.setViewportSize(DESKTOP);
      await visit(page, '/');
    });
  });
});
