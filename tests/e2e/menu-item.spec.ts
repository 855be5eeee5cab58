import type { Page } from '@playwright/test';
import type { DbValue } from '@server/db';
import { e2ePaths, expect, test, withE2eDb } from './fixtures';

/**
 * The menu item editor (spec 02 "Menu item editor", §4 "Menu item", §5, §8): Add Menu Item
 * through the Select Menu Type picker, the rules' messages, editing from a home tile's edit
 * control, changing the type, restricting to user groups, the QR Code section, deleting after
 * 'Delete Item', and the menu section picker. Each test edits a community of its own
 * (the community fixture). Form posts run with JavaScript and without (@forms); the editor's
 * rules and their messages are proven in menu-item.server.test.ts.
 */
const paths = e2ePaths;
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" stroke-width="2"/></svg>';
const MENU: Array<Record<string, DbValue>> = [
  {
    uniqueId: 'activities',
    id: 'activities',
    name: 'Activities',
    type: 'amc-events',
    icon: 'calendar',
    iconData: { iconSet: 'svg_round', title: 'calendar', svg: SVG, colorIconShape: '#FFFFFF', colorIconBackground: '#2E6B4F' },
  },
  {
    uniqueId: 'pool-rules',
    id: 'pool-rules',
    name: 'Pool Rules',
    type: 'website',
    url: 'https://pool.example',
    icon: 'globe',
    iconData: { iconSet: 'svg_round', title: 'globe', svg: SVG, colorIconShape: '#FFFFFF', colorIconBackground: '#2E6B4F' },
  },
];

test.use({
  communityOptions: {
    role: 'system',
    menu: MENU,
    record: { title: 'Cedar Ridge Campground', name: 'Cedar Ridge Campground' },
    locationData: {
      'amc-events/config/activities': { title: 'Activities', allowUserCreated: false, priorNotificationTime: 15 },
      'custom-forms/guest-survey': { title: 'Guest Survey', type: 'form' },
    },
  },
});

const js = () => test.info().project.name !== 'no-js';

/** Filters the Select Menu Type picker: live with JavaScript, with the Filter button without. */
async function filterTypes(page: Page, text: string) {
  const picker = page.getByRole('dialog', { name: 'Select Menu Type' });
  await picker.getByLabel('Filter menu types').fill(text);
  if (!js()) await picker.getByRole('button', { name: 'Filter' }).click();
  return picker;
}

test('adds a website through the type picker, with the rules’ messages first', { tag: '@forms' }, async ({ page, community }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Add Menu Item' }).click();
  await expect(page).toHaveURL(/\/add(#editor)?$/);
  const picker = page.getByRole('dialog', { name: 'Select Menu Type' });
  await expect(picker.getByRole('heading', { name: 'Frequently Used' })).toBeVisible();
  await expect(picker.getByRole('heading', { name: 'Administrative' })).toBeVisible();

  await filterTypes(page, 'web page');
  await expect(picker.getByRole('heading', { name: 'Administrative' })).toHaveCount(0);
  await picker.getByRole('link', { name: /^Website/ }).click();

  await expect(page.getByRole('heading', { name: 'Add Menu Item' })).toBeVisible();
  await expect(page.getByLabel('Menu Type', { exact: true })).toHaveValue('website');
  await page.getByLabel('URL', { exact: true }).fill('pine hollow');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Title is required.')).toBeVisible();
  await expect(page.getByText('Please enter a valid URL (https://…).')).toBeVisible();
  await expect(page.getByLabel('URL', { exact: true })).toHaveValue('pine hollow');

  await page.getByLabel('Title').fill('Camp Store Online');
  await page.getByLabel('URL', { exact: true }).fill('https://store.example/shop');
  await page.locator('.icon-choice', { hasText: /^shopping cart$/ }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('The menu item has been added.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit Camp Store Online' })).toBeVisible();
  const added = (await community.menu()).at(-1)!;
  expect(added).toMatchObject({
    name: 'Camp Store Online',
    type: 'website',
    url: 'https://store.example/shop',
    uniqueId: 'camp-store-online',
    icon: 'shopping-cart',
  });
});

test('edits an item via its tile’s edit control; the title changes, the uniqueId stays', { tag: '@forms' }, async ({ page, community }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Edit Pool Rules' }).click();
  await expect(page).toHaveURL(/\/home\/edit\/pool-rules(#editor)?$/);
  await expect(page.getByRole('heading', { name: 'Edit Menu Item' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('Pool Rules');
  await expect(page.getByLabel('URL', { exact: true })).toHaveValue('https://pool.example');
  await page.getByLabel('Title').fill('Pool Hours & Rules');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('The menu item has been saved.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit Pool Hours & Rules' })).toBeVisible();
  expect((await community.menu())[1]).toMatchObject({ name: 'Pool Hours & Rules', uniqueId: 'pool-rules' });
});

test('changing the type applies its fields and defaults', { tag: '@forms' }, async ({ page, community }) => {
  await page.goto('/home/edit/pool-rules');
  await page.getByLabel('Menu Type', { exact: true }).selectOption('form');
  if (!js()) await page.getByRole('button', { name: 'Apply type' }).click();
  await expect(page.getByLabel('Form', { exact: true })).toBeVisible();
  await expect(page.getByLabel('URL', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Form is required.')).toBeVisible();
  await page.getByLabel('Form', { exact: true }).selectOption({ label: 'Guest Survey' });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('The menu item has been saved.')).toBeVisible();
  expect((await community.menu())[1]).toMatchObject({ type: 'form', uniqueId: 'guest-survey', name: 'Pool Rules', url: '' });
});

test('a restricted item needs a user group', async ({ page, community }) => {
  await page.goto('/home/edit/pool-rules');
  // A tick made while the page's script starts can be undone by it: tick until it holds.
  const restrict = page.getByLabel('Restrict to user groups');
  await expect(async () => {
    await restrict.check();
    await expect(restrict).toBeChecked({ timeout: 500 });
  }).toPass();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('User group is required when item is restricted.')).toBeVisible();
  await page.getByRole('checkbox', { name: 'App Admin' }).check();
  await page.getByRole('checkbox', { name: 'User is logged in' }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('The menu item has been saved.')).toBeVisible();
  expect((await community.menu())[1]).toMatchObject({ isRestricted: true, auth: ['isAdmin', 'isLoggedIn'] });
});

test("deletes an item after the 'Delete Item' confirmation", { tag: '@forms' }, async ({ page, community }) => {
  await page.goto('/home/edit/pool-rules');
  await page.getByRole('link', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete Item' });
  await expect(dialog).toContainText('Are you certain you want to delete?');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The menu item has been deleted.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit Pool Rules' })).toHaveCount(0);
  expect((await community.menu()).map((item) => item.uniqueId)).toEqual(['activities']);
});

test('the QR Code section shows a tracked link for an Activities item', async ({ page, community }) => {
  await withE2eDb((db) =>
    db
      .ref(paths.appData(`${community.key}-app`))
      .set({ appName: 'Cedar Ridge', cLocationId: community.key, adjustToken: 'tok123', adjustLinkPrefix: 'https://cedar.go.link/' }),
  );
  await page.goto('/home/edit/activities');
  await expect(page.locator('summary', { hasText: 'QR Code' })).toBeVisible();
  const image = page.getByRole('img', { name: /^QR code for https:\/\/cedar\.go\.link\// });
  await expect(image).toBeVisible();
  await expect(
    page.getByText(
      `https://cedar.go.link/?adj_t=tok123&communityKey=${community.key}&action=amc-events&actionKey=activities&skipSplashScreen=true`,
    ),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download QR Code' })).toHaveAttribute('href', /^data:image\/png;base64,/);
  await page.goto('/home/edit/pool-rules');
  await expect(page.locator('summary', { hasText: 'QR Code' })).toHaveCount(0);
});

test('a submenu becomes a menu section the home grid can show', { tag: '@forms' }, async ({ page, community }) => {
  await page.goto('/add?type=categorygrid');
  await page.getByLabel('Title').fill('Things Nearby');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('The menu item has been added.')).toBeVisible();
  await page.getByLabel('Menu section').selectOption({ label: '— Things Nearby' });
  if (!js()) await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('heading', { name: 'Things Nearby' })).toBeVisible();
  await expect(page.getByText('Things Nearby has no items yet.')).toBeVisible();

  await page.getByRole('link', { name: 'Add Menu Item' }).click();
  await filterTypes(page, 'website');
  await page
    .getByRole('dialog', { name: 'Select Menu Type' })
    .getByRole('link', { name: /^Website/ })
    .click();
  await page.getByLabel('Title').fill('Lake Marina');
  await page.getByLabel('URL', { exact: true }).fill('https://marina.example');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('link', { name: 'Edit Lake Marina' })).toBeVisible();
  expect(await community.menu('things-nearby')).toEqual([expect.objectContaining({ name: 'Lake Marina', type: 'website' })]);
  expect((await community.menu()).map((item) => item.name)).toEqual(['Activities', 'Pool Rules', 'Things Nearby']);
});

test('icons filter as you type', async ({ page, community: _community }) => {
  await page.goto('/add?type=website');
  await page.getByLabel('Search icons').fill('pool');
  await expect(page.locator('.icon-choice')).not.toHaveCount(0);
  const names = await page.locator('.icon-choice').allTextContents();
  expect(names.length).toBeLessThan(20);
  await page.getByLabel('Search icons').fill('zzzz-nothing');
  await expect(page.getByText('No icons match “zzzz-nothing”.')).toBeVisible();
});

test('an uploaded svg icon replaces the library icon, before anything else is typed', { tag: '@forms' }, async ({ page, community }) => {
  await page.goto('/add?type=website');
  const leaf =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M4 20C4 10 10 4 20 4c0 10-6 16-16 16z" fill="currentColor"/></svg>';
  await page.getByLabel('Upload an svg icon').setInputFiles({ name: 'leaf.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(leaf) });
  await page.getByRole('button', { name: 'Upload', exact: true }).first().click();
  await expect(page.getByText('Custom svg icon.')).toBeVisible();
  await expect(page.getByText('Title is required.')).toHaveCount(0);

  await page.getByLabel('Upload an svg icon').setInputFiles({
    name: 'photo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><image href="a.png"/></svg>'),
  });
  await page.getByRole('button', { name: 'Upload', exact: true }).first().click();
  await expect(page.getByText('This svg is incompatible. Only upload svgs without <image> tags.')).toBeVisible();
  await expect(page.getByText('Custom svg icon.')).toBeVisible();

  await page.getByLabel('Title').fill('Nature Guide');
  await page.getByLabel('URL', { exact: true }).fill('https://nature.example');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('The menu item has been added.')).toBeVisible();
  const added = (await community.menu()).at(-1)!;
  expect(added).toMatchObject({
    name: 'Nature Guide',
    icon: 'custom',
    iconData: expect.objectContaining({ isCustom: true, svg: expect.stringContaining('M4 20C4 10') }),
  });
});

test("an item without any identifier shows the 'Missing Unique ID' Error, and Submit gives it one", async ({ page, community }) => {
  await withE2eDb((db) => db.ref(paths.menuItem(community.key, 'main-menu', 2)).set({ name: 'Old Rules', type: 'simple', icon: 'list' }));
  await page.goto('/');
  await page.getByRole('link', { name: 'Edit Old Rules' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Error' });
  await expect(dialog).toContainText('Missing Unique ID, please contact support.');
  await dialog.getByRole('link', { name: 'OK' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Error' })).toHaveCount(0);
  await expect(page.getByLabel('Title')).toHaveValue('Old Rules');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('The menu item has been saved.')).toBeVisible();
  expect((await community.menu())[2]).toMatchObject({ name: 'Old Rules', type: 'simple', uniqueId: 'old-rules', id: 'old-rules' });
});
