import type { BrowserContext, Page, TestInfo } from '@playwright/test';
import { createStaffSessionStorage, newStaffSession } from '@server/auth/session';
import type { DbValue } from '@server/db/types';
import { E2E_SESSION_SECRET } from '../../playwright.config';
import { addSessionCookie, e2ePaths, expect, test, withE2eDb } from './fixtures';

/**
 * Community Setup as a new user meets it, with and without JavaScript: Pull Colors fills the
 * App Design colours and keeps every unsaved edit (Submit then saves the pulled colours),
 * colour fields show and take their hex, a cleared time zone is refused with the spec's
 * message, icon sets are named, the page has the screen's title, and a staff editor (not an
 * admin) edits the setup without the listing flags.
 *
 * Every test works on communities of its own (created before it and removed after it), signed
 * in as a person of its own, so tests running side by side never edit the same record.
 */

const paths = e2ePaths;
const panel = (page: Page) => page.getByRole('complementary', { name: /^(Community Setup|Add Community)$/ });

const keyOf = (info: TestInfo, suffix = '') =>
  `e2e-design-${info.project.name}-${info.testId
    .replace(/[^a-z0-9]/gi, '')
    .slice(-8)
    .toLowerCase()}${suffix}`;
const personOf = (key: string) => ({ uid: `staff-${key}`, email: `staff-${key}@demo.example`, displayName: 'Design Staff' });

const RECORD = {
  active: true,
  title: 'Aspen Hollow Campground',
  name: 'Aspen Hollow Campground',
  communityType: 'resort',
  timeZone: 'America/Denver',
  latitude: 39.7392,
  longitude: -104.9903,
  city: 'Denver',
  colorBackground: '#1F4D3A',
  colorPrimary: '#183449',
  colorAccent: '#2A9D8F',
  iconSet: 'svg_round',
};

const SOURCE = {
  ...RECORD,
  title: 'Birch Bay Resort',
  name: 'Birch Bay Resort',
  colorBackground: '#7A2E1D',
  colorPrimary: '#0B3C5D',
  colorAccent: '#F4A261',
  colorHighlightedText: '#264653',
  colorIconShape: '#FFFFFF',
  colorIconBackground: '#B5472A',
};

/**
 * The test's community (and, with `source`, a second one to pull colours from), and a person
 * who edits them: an admin, or a plain editor.
 */
async function ownCommunities(info: TestInfo, options: { role: 'admin' | 'editor'; source?: boolean; record?: Record<string, DbValue> }) {
  const key = keyOf(info);
  const source = keyOf(info, '-src');
  const rights = { isEditor: true, isAdmin: options.role === 'admin', canNotify: false, isResortSystem: false };
  await withE2eDb(async (db) => {
    await db.ref(paths.community(key)).set({ ...RECORD, communityKey: key, ...options.record });
    if (options.source) await db.ref(paths.community(source)).set({ ...SOURCE, communityKey: source });
    await db.ref(paths.userAuthorization(personOf(key).uid)).set({
      editorDefault: key,
      communities: { [key]: rights, ...(options.source ? { [source]: rights } : {}) },
    });
  });
  return { key, source };
}

async function signInAs(context: BrowserContext, key: string) {
  await withE2eDb(async (db) => {
    const sessions = createStaffSessionStorage({ db, paths, secrets: [E2E_SESSION_SECRET], secure: false });
    const session = await newStaffSession(sessions, { ...personOf(key), method: 'password', persistent: true, communityKey: key });
    await addSessionCookie(context, await sessions.commitSession(session));
  });
}

const readCommunity = (key: string) =>
  withE2eDb(async (db) => (await db.ref(paths.community(key)).get()).val() as Record<string, unknown> | null);

/** Goes to the page and, with JavaScript, waits until React runs (the colour pickers appear then). */
async function open(page: Page, path: string) {
  await page.goto(path);
  if (test.info().project.name === 'js') await expect(panel(page).getByLabel('Background Color picker', { exact: true })).toBeAttached();
}

async function openSection(page: Page, title: string) {
  const section = panel(page).locator('details', { has: page.locator('summary', { hasText: title }) });
  if (!(await section.evaluate((element) => (element as HTMLDetailsElement).open))) await section.locator('summary').click();
}

test.afterEach(async ({}, info) => {
  await withE2eDb(async (db) => {
    const key = keyOf(info);
    for (const community of [key, keyOf(info, '-src')]) {
      await db.ref(paths.community(community)).remove();
      await db.ref(paths.locationData(community)).remove();
    }
    await db.ref(paths.userAuthorization(personOf(key).uid)).remove();
  });
});

test(
  'Pull Colors fills the colour fields and keeps unsaved edits; Submit saves the pulled colours',
  { tag: '@forms' },
  async ({ page, context }, info) => {
    const { key } = await ownCommunities(info, { role: 'admin', source: true });
    await signInAs(context, key);
    await open(page, '/community-setup');
    const form = panel(page);
    await form.getByLabel('City').fill('Typed, not saved');
    await openSection(page, 'App Design');
    await form.getByLabel('Pull colors from').selectOption({ label: 'Birch Bay Resort' });
    await form.getByRole('button', { name: 'Pull Colors' }).click();

    await expect(form.getByText('Colors pulled from Birch Bay Resort')).toBeVisible();
    await expect(form.getByLabel('Background Color', { exact: true })).toHaveValue('#7A2E1D');
    await expect(form.getByLabel('Icon Background Color', { exact: true })).toHaveValue('#B5472A');
    await expect(form.getByLabel('City')).toHaveValue('Typed, not saved');
    // Nothing is written until Submit.
    expect(await readCommunity(key)).toMatchObject({ colorBackground: '#1F4D3A', city: 'Denver' });
    await page.screenshot({ path: `tests/.tmp/community-setup-pulled-${info.project.name}.png`, fullPage: true });

    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Community information saved.')).toBeVisible();
    expect(await readCommunity(key)).toMatchObject({
      colorBackground: '#7A2E1D',
      colorPrimary: '#0B3C5D',
      colorIconBackground: '#B5472A',
      city: 'Typed, not saved',
    });
  },
);

test('colour fields show their hex, which can be typed', { tag: '@forms' }, async ({ page, context }, info) => {
  const { key } = await ownCommunities(info, { role: 'admin' });
  await signInAs(context, key);
  await open(page, '/community-setup');
  const form = panel(page);
  await openSection(page, 'App Design');
  const accent = form.getByLabel('Accent Color', { exact: true });
  await expect(accent).toHaveValue('#2A9D8F');
  await expect(accent).toHaveAttribute('type', 'text');
  if (info.project.name === 'js') {
    // The picker writes its colour into the hex text.
    await form.getByLabel('Primary Color picker', { exact: true }).fill('#aa3300');
    await expect(form.getByLabel('Primary Color', { exact: true })).toHaveValue('#AA3300');
  }
  await accent.fill('#123ABC');
  await page.screenshot({ path: `tests/.tmp/community-setup-hex-${info.project.name}.png`, fullPage: true });
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Community information saved.')).toBeVisible();
  expect(await readCommunity(key)).toMatchObject({ colorAccent: '#123ABC' });
});

test("a cleared time zone is refused with 'Timezone is required.', not refilled", { tag: '@no-js' }, async ({ page, context }, info) => {
  const { key } = await ownCommunities(info, { role: 'admin' });
  await signInAs(context, key);
  await open(page, '/community-setup');
  const form = panel(page);
  await form.getByLabel('Time Zone').selectOption('');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Timezone is required.')).toBeVisible();
  await expect(form.getByLabel('Time Zone')).toHaveValue('');
  expect((await readCommunity(key))?.timeZone).toBe('America/Denver');
});

test('icon sets are shown by name; the page has the screen title', async ({ page, context }, info) => {
  const { key } = await ownCommunities(info, { role: 'admin', record: { iconSet: 'parks_color' } });
  await signInAs(context, key);
  await open(page, '/community-setup');
  await expect(page).toHaveTitle('Community Setup');
  await openSection(page, 'App Design');
  const iconSet = panel(page).getByLabel('Icon Set');
  await expect(iconSet.locator('option:checked')).toHaveText('Parks in colour (old style)');
  await expect(iconSet.locator('option', { hasText: /^Round$/ })).toHaveAttribute('value', 'svg_round');
  await expect(iconSet.locator('option', { hasText: /_/ })).toHaveCount(0);
});

test(
  'a staff editor finds Community Setup in Quick Access and saves it, without the listing flags',
  { tag: '@forms' },
  async ({ page, context }, info) => {
    const { key } = await ownCommunities(info, { role: 'editor' });
    await signInAs(context, key);
    await page.goto('/');
    await page.getByRole('link', { name: 'Community Setup' }).first().click();
    await expect(page).toHaveURL(/\/community-setup(#editor)?$/);
    const form = panel(page);
    await expect(form.getByLabel('Listed')).toHaveCount(0);
    await form.getByLabel('City').fill('Edited by the editor');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Community information saved.')).toBeVisible();
    expect(await readCommunity(key)).toMatchObject({ city: 'Edited by the editor' });
    expect((await readCommunity(key))?.listed).toBeUndefined();
  },
);
