import type { Page, TestInfo } from '@playwright/test';
import type { DbValue } from '@server/db';
import { remoteGrantKey } from '@server/paths';
import { expectNoSeriousViolations } from './axe';
import { e2ePaths, expect, readE2e, signInUser, test, uniqueKey, withE2eDb, type TestCommunity } from './fixtures';
import { staysThenLeaves, unsavedChangesDialog } from './unsaved-changes';

/**
 * The business detail editor (spec 03 §2, §4, §5, §8) on a community of its own (a copy of the
 * demo campground, with its Lakeside Grill), with JavaScript and without: a location admin edits
 * every section, a validation error keeps the input and opens its section, and remote managers
 * (a URL link without signing in, an e-mail grant signed in) change only what their grant
 * allows. The admin's run also finds a place near the community and sorts, removes and adds
 * remote access entries. The server-side rules behind it are proven in app/features/business/*.test.ts.
 */
test.use({ communityOptions: { from: 'demo-campground', role: 'admin' } });

const ITEM = (community: TestCommunity, section = 'dining-resort', key = 'lakeside-grill') =>
  e2ePaths.listItem(community.key, section, key);
const withJs = (info: TestInfo) => info.project.name !== 'no-js';
const section = (page: Page, title: string) => page.locator('details.editor-section', { has: page.locator('summary', { hasText: title }) });

async function openSection(page: Page, title: string) {
  const details = section(page, title);
  if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
  await expect(details).toHaveAttribute('open', '');
}

/** Fills a rich-text field: the editor with JavaScript, the HTML textarea without. */
async function fillRichText(page: Page, info: TestInfo, scope: Page | ReturnType<Page['locator']>, label: string, text: string) {
  if (withJs(info)) {
    const editor = scope.getByRole('textbox', { name: label });
    await editor.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(text);
  } else {
    await scope.getByRole('textbox', { name: label }).fill(`<p>${text}</p>`);
  }
}

/**
 * A listing of the test's own, copied from the community's Lakeside Grill under a key and id of
 * its own, so that its remote-management entries (keyed by the item's id) are the test's alone.
 */
async function ownListing(community: TestCommunity): Promise<string> {
  const key = uniqueKey('grill');
  const original = await readE2e<Record<string, DbValue>>(ITEM(community));
  await withE2eDb((db) =>
    db
      .ref(ITEM(community, 'dining-resort', key))
      .set({ ...original, id: key, contexts: [`${community.key}/dining-resort`], remotelyManaged: false }),
  );
  return key;
}

/** URL access entries of a listing, in this order (remote management on); their uids. */
async function accessEntries(community: TestCommunity, key: string, titles: string[]): Promise<string[]> {
  const uids = titles.map((title) => uniqueKey(`link-${title.toLowerCase()}`));
  const update: Record<string, DbValue> = { [`${ITEM(community, 'dining-resort', key)}/remotelyManaged`]: true };
  titles.forEach((title, order) => {
    const uid = uids[order]!;
    const entry: Record<string, DbValue> = {
      type: 'business',
      accessType: 'url',
      title,
      editInfo: true,
      addButtons: false,
      sendNotifications: false,
      origContext: `${community.key}/dining-resort`,
      contexts: [`${community.key}/dining-resort`],
      detailTitle: 'Lakeside Grill',
      uid,
      order,
    };
    update[e2ePaths.remoteByUid(uid, key)] = entry;
    update[e2ePaths.remoteByDetail(key, uid)] = entry;
  });
  await withE2eDb((db) => db.ref().update(update));
  return uids;
}

/** dnd-kit's live regions (one per sortable list on the page) holding `text`: what a screen reader hears. */
const announced = (page: Page, text: string) => page.locator('[id^="DndLiveRegion"]').filter({ hasText: text });

test('a location admin edits every section and goes back to the list', { tag: '@forms' }, async ({ page, context, community }, info) => {
  // Every section in one walk (eight sections, a place search and three posts without JavaScript):
  // 10–16 s alone, and more than the default 30 s on a loaded two-core machine.
  test.slow();
  const key = await ownListing(community);
  const [owner, manager] = await accessEntries(community, key, ['Owner', 'Manager']);
  if (withJs(info)) await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/detail/business/dining-resort/${key}?returnTo=${encodeURIComponent('/listnm/dining')}`);
  await expect(page.getByRole('heading', { name: 'Edit Listing', level: 1 })).toBeVisible();
  if (withJs(info)) await expect(page.locator('[data-hydrated]')).toHaveCount(1);
  const preview = page.getByTestId('business-preview');
  await expect(preview.getByRole('heading', { name: 'Lakeside Grill' })).toBeVisible();

  // Title/Location is open by default: a place found near the community fills the address and
  // position (the combobox with JavaScript, a search post and a choice post without), then the
  // title and a listing icon.
  const titleLocation = section(page, 'Title/Location');
  await expect(titleLocation).toHaveAttribute('open', '');
  if (withJs(info)) {
    await titleLocation.getByRole('combobox', { name: 'Search for a place' }).fill('lakeshore diner');
    await titleLocation.getByRole('option', { name: /Lakeshore Diner/ }).click();
  } else {
    await titleLocation.getByLabel('Search for a place').fill('lakeshore diner');
    await titleLocation.getByRole('button', { name: 'Search', exact: true }).click();
    await titleLocation.getByRole('button', { name: /Lakeshore Diner/ }).click();
  }
  await expect(page.locator('input[name="location.address"]')).toHaveValue('212 Lakeshore Road');
  await expect(page.locator('input[name="location.latitude"]')).toHaveValue('43.3188');
  await page.locator('input[name="title"]').fill('Lakeside Grill & Deck');
  await page.getByRole('checkbox', { name: 'Pet Friendly' }).uncheck();
  if (withJs(info)) await expect(preview.getByRole('heading', { name: 'Lakeside Grill & Deck' })).toBeVisible();

  await openSection(page, 'Description');
  await fillRichText(page, info, section(page, 'Description'), 'Description', 'Burgers on the deck.');

  await openSection(page, 'Dollars');
  await expect(section(page, 'Dollars')).toContainText('There is no history for this user/business.');

  await openSection(page, 'Header Image(s)/Video');
  await expect(section(page, 'Header Image(s)/Video').getByRole('link', { name: 'Edit Header Image(s)/Video' })).toBeVisible();

  await openSection(page, 'Hours');
  await section(page, 'Hours').getByLabel('Open Monday 1').fill('09:00');

  await openSection(page, 'Buttons');
  const buttons = section(page, 'Buttons');
  await page.locator('input[name="phone"]').fill('(518) 555-0199');
  await page.locator('input[name="menu"]').fill('https://grill.example/menu');
  await buttons.getByLabel('Popup Behavior').selectOption('2');
  if (withJs(info)) await expect(preview.getByText('Menu', { exact: true })).toBeVisible();

  // Remote Administration: the Manager goes first, the Owner's access is removed, a Staff link is added.
  await openSection(page, 'Remote Administration');
  const remote = section(page, 'Remote Administration');
  await expect(remote.getByLabel('Allow Remote Management')).toBeChecked();
  if (withJs(info)) {
    const handle = remote.getByRole('button', { name: 'Drag Access 2: Manager' });
    await handle.focus();
    await page.keyboard.press('Space');
    await expect(handle).toHaveAttribute('aria-pressed', 'true');
    // Picked up and announced at its place: the sensor now listens for the arrow keys.
    await expect(announced(page, 'Access 2: Manager')).toHaveText(
      /^(Picked up Access 2: Manager,|Access 2: Manager moved to) position 2 of 2\.$/,
    );
    await page.keyboard.press('ArrowUp');
    await expect(announced(page, 'Access 2: Manager moved to position 1 of 2.')).toHaveCount(1);
    await page.keyboard.press('Space');
    await expect(announced(page, 'Access 2: Manager dropped at position 1 of 2.')).toHaveCount(1);
    const managerEntry = remote.locator('li').filter({ hasText: 'Access 1: Manager' });
    await managerEntry.getByRole('button', { name: 'Copy Link for Remote Management' }).click();
    await expect(managerEntry.getByRole('status')).toHaveText('Link copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/detail/remote/${manager}$`));
    await remote.getByRole('button', { name: 'Remove Access 2: Owner' }).click();
    await remote.getByRole('button', { name: 'Add Additional Access' }).click();
  } else {
    await expect(remote.getByText(`/detail/remote/${manager}`)).toBeVisible();
    await remote.locator('input[name="remote.entries[0].order"]').fill('2');
    await remote.locator('input[name="remote.entries[1].order"]').fill('1');
    await remote.locator('input[name="remote.entries[0].remove"]').check();
  }
  // The added entry (with JavaScript) or the blank one (without) is the second row left to fill.
  const added = withJs(info) ? 1 : 2;
  await remote.locator(`select[name="remote.entries[${added}].accessType"]`).selectOption('url');
  await remote.locator(`input[name="remote.entries[${added}].title"]`).fill('Staff');

  await openSection(page, 'Associated Listing Sections');
  await section(page, 'Associated Listing Sections').getByRole('checkbox', { name: 'Dining: Delivery' }).check();

  await openSection(page, 'QR Code(s)');

  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL((url) => url.pathname === '/listnm/dining');
  await expect(page.getByText('Listing saved.')).toBeVisible();

  const stored = await readE2e<Record<string, unknown>>(ITEM(community, 'dining-resort', key));
  expect(stored).toMatchObject({
    title: 'Lakeside Grill & Deck',
    address: '212 Lakeshore Road',
    latitude: '43.3188',
    longitude: '-73.8302',
    placeId: 'offline-lakeshore-diner',
    phone: '(518) 555-0199',
    menu: 'https://grill.example/menu',
    specialPopupBehavior: 2,
    listIcons: ['outdoor-seating'],
  });
  // Its own section and the one chosen.
  expect(stored?.contexts).toEqual([`${community.key}/dining-resort`, `${community.key}/dining-delivery`]);
  expect(String(stored?.description)).toContain('Burgers on the deck.');
  expect((stored?.hours as Record<string, Array<{ open: string }>>).Mon?.[0]?.open).toBe('9:00 AM');
  expect(typeof stored?.distance).toBe('number');
  expect(await readE2e(ITEM(community, 'dining-delivery', key))).toMatchObject({ id: key, title: 'Lakeside Grill & Deck' });
  const access = await readE2e<Record<string, { title: string; order: number }>>(
    e2ePaths.remoteByDetail(remoteGrantKey(community.key, key)),
  );
  const entries = Object.entries(access ?? {}).sort(([, a], [, b]) => a.order - b.order);
  expect(entries.map(([, entry]) => entry.title)).toEqual(['Manager', 'Staff']);
  expect(entries[0]?.[0]).toBe(manager);
  expect(Object.keys(access ?? {})).not.toContain(owner);
});

/** Whether the element is inside the window, below the console's sticky header bar. */
async function inView(page: Page, locator: ReturnType<Page['locator']>) {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const header = document.querySelector('.shell-header')?.getBoundingClientRect().bottom ?? 0;
    return box.top >= header && box.bottom <= window.innerHeight;
  });
}

// The messages and sections of the server's answer: app/features/business/editor.server.test.ts ('answers a form with errors 400
// with the spec messages, the input kept and the section with the first error open'); app/lib/editor-sections.test.ts.
test(
  'a refused save shows its message, opens every section with an error and, with JavaScript, brings them into view',
  { tag: '@forms' },
  async ({ page, community }, info) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/detail/business/dining-resort/lakeside-grill');
    if (withJs(info)) await expect(page.locator('[data-hydrated]')).toHaveCount(1);
    await openSection(page, 'Buttons');
    await page.locator('input[name="phone"]').fill('555-12');
    // Close it again: the error must open it.
    await section(page, 'Buttons').locator('summary').click();
    await expect(section(page, 'Buttons')).not.toHaveAttribute('open', '');
    await page.locator('input[name="title"]').fill('');
    const submit = page.getByRole('button', { name: 'Submit' });
    // The keyboard's way: an error drawn on leaving a field moves the button under a pointer.
    await submit.focus();
    await page.keyboard.press('Enter');

    const message = page.getByTestId('form-error');
    await expect(message).toHaveText('One or more required fields have not been completed. Please check all tabs for your missing field.');
    await expect(section(page, 'Title/Location')).toHaveAttribute('open', '');
    await expect(section(page, 'Buttons')).toHaveAttribute('open', '');
    await expect(page.getByText('Phone Number needs to have more than seven digits.')).toBeVisible();
    await expect(page.locator('input[name="phone"]')).toHaveValue('555-12');
    if (withJs(info)) {
      // Where the person is: the message in view and the focus on the first field with an error.
      await expect(page.locator('input[name="title"]')).toBeFocused();
      expect(await inView(page, message)).toBe(true);
      await expectNoSeriousViolations(page);
    } else {
      // Without JavaScript the server's page starts at its top, where the message is.
      expect(await inView(page, message)).toBe(true);
    }
    expect(await readE2e(`${ITEM(community)}/phone`)).toBe('(518) 555-0163');

    // Someone else saves meanwhile: the 409 notice is where the person is, too.
    await page.locator('input[name="title"]').fill('Lakeside Grill & Bar');
    await page.locator('input[name="phone"]').fill('518-555-0199');
    await withE2eDb((db) => db.ref(`${ITEM(community)}/title`).set('Lakeside Grill, renamed'));
    await submit.focus();
    await page.keyboard.press('Enter');
    const conflict = page.getByTestId('conflict');
    await expect(conflict).toContainText('changed by someone else while you were editing');
    expect(await inView(page, conflict)).toBe(true);
    if (withJs(info)) await expect(conflict).toBeFocused();
    expect(await readE2e(`${ITEM(community)}/title`)).toBe('Lakeside Grill, renamed');
  },
);

// The messages are the server's: app/features/business/editor.server.test.ts ('answers a form with errors 400 with the spec
// messages, the input kept and the section with the first error open').
test(
  'after a refused save, the save that follows goes back to the list the editor was opened from',
  { tag: '@forms' },
  async ({ page, community, baseURL }, info) => {
    // Opened from the menu's list (the referring page decides where Save goes back to).
    await page.goto('/detail/business/dining-resort/lakeside-grill', { referer: `${baseURL}/list/main-menu/dining` });
    if (withJs(info)) await expect(page.locator('[data-hydrated]')).toHaveCount(1);
    await openSection(page, 'Buttons');
    await page.locator('input[name="phone"]').fill('555-12');
    // Close it again: the error must open it.
    await section(page, 'Buttons').locator('summary').click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByTestId('form-error')).toHaveText(
      'One or more required fields have not been completed. Please check all tabs for your missing field.',
    );
    await expect(section(page, 'Buttons')).toHaveAttribute('open', '');
    await expect(page.getByText('Phone Number needs to have more than seven digits.')).toBeVisible();
    await expect(page.locator('input[name="phone"]')).toHaveValue('555-12');
    expect(await readE2e(`${ITEM(community)}/phone`)).toBe('(518) 555-0163');

    // Fixed, it saves and goes back to that list, not to the section's own list.
    await page.locator('input[name="phone"]').fill('518-555-0199');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/list/main-menu/dining');
    expect(await readE2e(`${ITEM(community)}/phone`)).toBe('518-555-0199');
  },
);

test('after Title is cleared, the first click on another section heading opens it; then Title says it is required', async ({
  page,
  community,
}) => {
  expect(community.key).toBeTruthy();
  await page.goto('/detail/business/dining-resort/lakeside-grill');
  await expect(page.locator('[data-hydrated]')).toHaveCount(1);
  const title = page.locator('input[name="title"]');
  await title.fill('');
  await expect(title).toBeFocused();
  // One click: Title's error and the form's message appear after it, not under the pointer while it is pressed.
  await section(page, 'Hours').locator('summary').click();
  await expect(section(page, 'Hours')).toHaveAttribute('open', '');
  await expect(page.getByText('Title is required.')).toBeVisible();
});

/** A URL access entry (no sign-in) for a listing of the test's own (a copy of the Lakeside Grill). */
async function urlGrant(
  community: TestCommunity,
  permissions: { editInfo: boolean; addButtons: boolean },
): Promise<{ uuid: string; key: string }> {
  const uuid = uniqueKey('link');
  const key = await ownListing(community);
  const entry: Record<string, DbValue> = {
    type: 'business',
    accessType: 'url',
    title: 'Owner',
    ...permissions,
    sendNotifications: false,
    origContext: `${community.key}/dining-resort`,
    contexts: [`${community.key}/dining-resort`],
    detailTitle: 'Lakeside Grill',
    uid: uuid,
  };
  await withE2eDb((db) =>
    db.ref().update({
      [e2ePaths.remoteByUid(uuid, key)]: entry,
      [e2ePaths.remoteByDetail(key, uuid)]: entry,
    }),
  );
  return { uuid, key };
}

test(
  'a remote manager with a link edits only what the grant allows, and asks for more',
  { tag: '@forms' },
  async ({ page, context, community }, info) => {
    const { uuid, key } = await urlGrant(community, { editInfo: true, addButtons: false });
    await context.clearCookies();
    await page.goto(`/detail/remote/${uuid}/`);
    await expect(page.getByRole('heading', { name: 'Update Listing', level: 1 })).toBeVisible();
    if (withJs(info)) await expect(page.locator('[data-hydrated]')).toHaveCount(1);
    // Remote mode: no Cancel, no Log Out, no listing icons, Remote Administration, sections or custom buttons.
    await expect(page.getByRole('link', { name: 'Cancel' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Log Out' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Leave this page' })).toBeVisible();
    await expect(page.getByText('Listing Icons')).toHaveCount(0);
    await expect(page.locator('summary', { hasText: 'Remote Administration' })).toHaveCount(0);
    await expect(page.locator('summary', { hasText: 'Associated Listing Sections' })).toHaveCount(0);
    await openSection(page, 'Buttons');
    await expect(page.getByText('Additional Buttons')).toHaveCount(0);

    await page.locator('input[name="title"]').fill('Lakeside Grill by the Lake');
    await page.locator('input[name="phone"]').fill('518-555-0123');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByTestId('save-complete')).toHaveText(
      'Save Complete: Your updates have been saved. You can continue to update or leave this page.',
    );
    const stored = await readE2e<Record<string, unknown>>(ITEM(community, 'dining-resort', key));
    expect(stored).toMatchObject({
      title: 'Lakeside Grill by the Lake',
      phone: '518-555-0123',
      listIcons: ['outdoor-seating', 'pet-friendly'],
    });
    const audit = await readE2e<Record<string, { who: string; fields: string[] }>>(e2ePaths.remoteAudit(community.key, key));
    // The log names only what was changed.
    expect(Object.values(audit ?? {})[0]).toMatchObject({ who: 'Link: Owner', fields: ['title', 'phone'] });

    const request = page.getByRole('region', { name: 'Update Permissions' });
    await request.getByLabel('Request').selectOption('modify');
    await request.getByRole('checkbox', { name: 'Add Buttons' }).check();
    await request.getByLabel('Message to the administrators').fill('We would like to add a menu button.');
    await request.getByRole('button', { name: 'Send Request' }).click();
    await expect(page.getByTestId('request-sent')).toHaveText('Save Complete: Your request has been sent to the administrators.');

    // The header media: the shared header editor under the link, without AI images, back to the listing.
    await openSection(page, 'Header Image(s)/Video');
    await page.getByRole('link', { name: 'Edit Header Image(s)/Video' }).click();
    await expect(page.getByRole('heading', { name: 'Header Images', level: 2 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Stock Photos' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'AI Image' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Log Out' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(new RegExp(`/detail/remote/${uuid}/$`));

    // Leaving: no account, so not the staff sign-in but a page saying what became of the work.
    await page.getByRole('link', { name: 'Leave this page' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/remote/left');
    await expect(page.getByRole('heading', { name: 'You have left the page', level: 1 })).toBeVisible();
    await expect(page.getByText('The changes you saved are kept.', { exact: false })).toBeVisible();
    await expectNoSeriousViolations(page);
  },
);

test('a remote manager with e-mail access signs in and may add buttons', { tag: '@forms' }, async ({ page, context, community }, info) => {
  const uid = uniqueKey('remote-manager');
  const key = await ownListing(community);
  const entry: Record<string, DbValue> = {
    type: 'business',
    accessType: 'email',
    title: 'Manager',
    editInfo: true,
    addButtons: true,
    sendNotifications: false,
    origContext: `${community.key}/dining-resort`,
    contexts: [`${community.key}/dining-resort`],
    detailTitle: 'Lakeside Grill',
    uid,
    email: `${uid}@e2e.example`,
  };
  await withE2eDb((db) =>
    db.ref().update({
      [e2ePaths.remoteByUid(uid, key)]: entry,
      [e2ePaths.remoteByDetail(key, uid)]: entry,
    }),
  );
  await context.clearCookies();
  await signInUser(context, { uid, email: `${uid}@e2e.example`, displayName: 'Remote Manager' });
  await page.goto(`/detail/remote/id/${key}`);
  await expect(page.getByRole('heading', { name: 'Update Listing', level: 1 })).toBeVisible();
  if (withJs(info)) await expect(page.locator('[data-hydrated]')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Your remote access' })).toBeVisible();
  await openSection(page, 'Buttons');
  // The grant allows custom buttons: the blank row takes a new one (website, call or e-mail only).
  await expect(page.locator('select[name="detailButtons[2].action.action"] option')).toHaveText(['No action', 'Website', 'Call', 'Email']);
  await page.locator('input[name="detailButtons[2].title"]').fill('Order Online');
  await page.locator('select[name="detailButtons[2].icon"]').selectOption({ index: 1 });
  await page.locator('select[name="detailButtons[2].action.action"]').selectOption('website');
  await page.locator('input[name="detailButtons[2].action.key"]').fill('https://grill.example/order');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('save-complete')).toBeVisible();
  const stored = await readE2e<Record<string, unknown>>(ITEM(community, 'dining-resort', key));
  expect((stored?.detailButtons as Array<Record<string, unknown>>).map((button) => button.title)).toEqual([
    'View Menu',
    'Call to Order',
    'Order Online',
  ]);
});

test('leaving the editor with unsaved changes asks first; Cancel drops them without asking', async ({ page, community }) => {
  await page.goto(`/detail/business/dining-resort/lakeside-grill`);
  await expect(page.locator('[data-hydrated]')).toHaveCount(1);
  const title = page.locator('input[name="title"]');
  await title.fill('Lakeside Grill (new hours)');
  await staysThenLeaves(page, {
    field: title,
    typed: 'Lakeside Grill (new hours)',
    leave: () => page.getByRole('link', { name: 'Home', exact: true }).click(),
  });
  await expect(page).toHaveURL(/\/$/);
  expect(await readE2e(`${ITEM(community)}/title`)).toBe('Lakeside Grill');

  await page.goto(`/detail/business/dining-resort/lakeside-grill`);
  await expect(page.locator('[data-hydrated]')).toHaveCount(1);
  await title.fill('Not kept');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/listnm\/dining$/);
  await expect(unsavedChangesDialog(page)).toHaveCount(0);
});
