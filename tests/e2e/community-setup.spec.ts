import { randomUUID } from 'node:crypto';
import type { Page, TestInfo } from '@playwright/test';
import { e2ePaths, expect, readE2e, test } from './fixtures';

/**
 * Community setup and Add Community (spec 01 §2.7, §3.1, §4.4, §5; spec 02 §5 social links and
 * detail buttons) with and without JavaScript: the rich-text description (an editor with a
 * toolbar, or HTML in a textarea), Social Media and Additional Buttons rows added and removed
 * without losing anything typed, the spec's validation messages, the time zone from the
 * coordinates, and adding a community as resort system admin.
 *
 * Every test works on a community of its own and a staff member of it (the community fixture),
 * so tests running side by side never edit the same record. Who may open the screen, the saved
 * fields and every message are proven in community-setup.server.test.ts and
 * server/community/setup.test.ts; here each workflow runs once in a browser, form posts also
 * without JavaScript (@forms).
 */

const panel = (page: Page) => page.getByRole('complementary', { name: /^(Community Setup|Add Community)$/ });
const js = (info: TestInfo) => info.project.name === 'js';

const BASE_RECORD = {
  active: true,
  title: 'Willow Creek Campground',
  name: 'Willow Creek Campground',
  communityType: 'resort',
  timeZone: 'America/New_York',
  latitude: 43.3123,
  longitude: -73.8351,
  website: 'https://www.willowcreek.example',
  htmlDescription: '<p>Shady sites by the creek.</p>',
  description: 'Shady sites by the creek.',
  colorBackground: '#1F4D3A',
  colorPrimary: '#183449',
  iconSet: 'svg_round',
  socialMedia: [
    { site: 'facebook', url: 'https://www.facebook.com/willowcreek' },
    { site: 'instagram', url: 'https://www.instagram.com/willowcreek' },
  ],
};

// A location admin (not a resort admin) of a community of the test's own.
test.use({ communityOptions: { record: BASE_RECORD, role: 'admin' } });

/** Opens an accordion section (<details>) unless it is open already. */
async function openSection(page: Page, title: string) {
  const section = panel(page).locator('details', { has: page.locator('summary', { hasText: title }) });
  if (!(await section.evaluate((element) => (element as HTMLDetailsElement).open))) await section.locator('summary').click();
}

test(
  'an admin edits the community and saves; the description is rich text with JavaScript and HTML without',
  { tag: '@forms' },
  async ({ page, community }, info) => {
    await page.goto('/community-setup');
    const form = panel(page);
    await expect(form.getByRole('heading', { name: 'Community Setup' })).toBeVisible();
    for (const section of ['Community Information', 'App Design', 'Social Media', 'QR Code']) {
      await expect(form.locator('summary', { hasText: section })).toBeVisible();
    }
    await expect(form.locator('summary', { hasText: 'Additional Buttons' })).toHaveCount(0);
    // Only resort admins see the listing checkboxes.
    await expect(form.getByLabel('Listed')).toHaveCount(0);
    await expect(form.getByLabel('Title')).toHaveValue('Willow Creek Campground');
    await expect(form.getByLabel('Time Zone')).toHaveValue('America/New_York');

    if (js(info)) {
      // The editor replaces the textarea once loaded: type, then bold with the toolbar.
      const toolbar = form.getByRole('toolbar', { name: 'Formatting' });
      await expect(toolbar).toBeVisible();
      const editor = form.getByRole('textbox', { name: 'Description' });
      await expect(editor).toContainText('Shady sites by the creek.');
      await editor.click();
      await page.keyboard.press('End');
      await page.keyboard.type(' Now with ');
      await toolbar.getByRole('button', { name: 'Bold' }).click();
      await expect(toolbar.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
      await page.keyboard.type('canoe rentals');
      await toolbar.getByRole('button', { name: 'Bold' }).click();
      await page.keyboard.press('Enter');
      await toolbar.getByRole('button', { name: 'Bulleted list' }).click();
      await page.keyboard.type('Kayaks');
      await expect(editor.locator('strong')).toHaveText('canoe rentals');
      await expect(editor.locator('ul li')).toHaveText('Kayaks');
      // Out of the list: a centred, coloured heading 2 (spec 03 §9 toolbar).
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await toolbar.getByRole('combobox', { name: 'Text style' }).selectOption({ label: 'Heading 2' });
      await page.keyboard.type('Getting here');
      await toolbar.getByRole('button', { name: 'Align centre' }).click();
      await expect(toolbar.getByRole('button', { name: 'Align centre' })).toHaveAttribute('aria-pressed', 'true');
      // Select the heading's text (a triple click selects its block), then colour it.
      await editor.locator('h2').click({ clickCount: 3 });
      await expect.poll(() => page.evaluate(() => window.getSelection()?.toString() ?? '')).toBe('Getting here');
      await toolbar.getByLabel('Text colour').fill('#cc0000');
      await expect(editor.locator('h2 span')).toHaveCSS('color', 'rgb(204, 0, 0)');
    } else {
      const textarea = form.getByRole('textbox', { name: 'Description' });
      await expect(textarea).toHaveValue('<p>Shady sites by the creek.</p>');
      await textarea.fill(
        '<p>Shady sites by the creek. Now with <strong>canoe rentals</strong></p><ul><li><p>Kayaks</p></li></ul><script>alert(1)</script>' +
          '<h2 style="text-align: center" onclick="x()"><span style="color: #cc0000">Getting here</span></h2>',
      );
    }
    await form.getByLabel('City').fill('Lake Luzerne');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Community information saved.')).toBeVisible();

    // Stored sanitized, with the plain text beside it.
    const saved = await community.record();
    expect(saved?.htmlDescription).toMatch(
      /^<p>Shady sites by the creek\. Now with <strong>canoe rentals<\/strong><\/p><ul><li><p>Kayaks<\/p><\/li><\/ul><h2 style="text-align:center"><span style="color:(#cc0000|rgb\(204, 0, 0\))">Getting here<\/span><\/h2>$/,
    );
    expect(saved?.description).toBe('Shady sites by the creek. Now with canoe rentals\n• Kayaks\n\nGetting here');
    expect(saved?.city).toBe('Lake Luzerne');

    await page.goto('/community-setup');
    if (js(info)) {
      await expect(panel(page).getByRole('textbox', { name: 'Description' }).locator('strong')).toHaveText('canoe rentals');
    } else {
      await expect(panel(page).getByRole('textbox', { name: 'Description' })).toHaveValue(/<strong>canoe rentals<\/strong>/);
    }

    // The other sections: colours, social links and the downloadable QR code.
    for (const section of ['App Design', 'Social Media', 'QR Code']) await openSection(page, section);
    await expect(panel(page).getByLabel('Background Color', { exact: true })).toBeVisible();
    await expect(panel(page).getByRole('img', { name: /QR code for https:\/\/www\.willowcreek\.example/ })).toBeVisible();
    await expect(panel(page).getByRole('link', { name: 'Download QR Code' })).toHaveAttribute('download', `${community.key}-qr-code.png`);
  },
);

test.describe('the description', () => {
  test.use({ communityOptions: { record: { ...BASE_RECORD, htmlDescription: '<p>See the map</p>' } } });

  test('a link in the description with the toolbar', async ({ page, community }) => {
    await page.goto('/community-setup');
    await expect(panel(page).getByRole('toolbar', { name: 'Formatting' })).toBeVisible();
    const editor = panel(page).getByRole('textbox', { name: 'Description' });
    await expect(editor).toContainText('See the map');
    await editor.click();
    await page.keyboard.press('End');
    for (let i = 0; i < 'map'.length; i += 1) await page.keyboard.press('Shift+ArrowLeft');
    await panel(page).getByRole('button', { name: 'Link', exact: true }).click();
    await panel(page).getByRole('textbox', { name: 'Link address' }).fill('maps.willowcreek.example');
    // Enter applies the link; it does not submit the form.
    await panel(page).getByRole('textbox', { name: 'Link address' }).press('Enter');
    await expect(editor.locator('a')).toHaveText('map');
    await expect(editor.locator('a')).toHaveAttribute('href', 'https://maps.willowcreek.example');
    await expect(page).toHaveURL(/\/community-setup$/);
    await panel(page).getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Community information saved.')).toBeVisible();
    const html = String((await community.record())?.htmlDescription);
    expect(html).toMatch(/^<p>See the <a [^>]*>map<\/a><\/p>$/);
    expect(html).toContain('href="https://maps.willowcreek.example"');
    expect(html).toContain('rel="noopener noreferrer"');
  });
});

// Without JavaScript the answer is the server's: app/features/community-setup/community-setup.server.test.ts ('answers 400 with
// the schema messages and the typed values') and the malformed-bodies walk (the page's own form, every typed value kept).
test('a validation error keeps what was typed', async ({ page, community }) => {
  await page.goto('/community-setup');
  const form = panel(page);
  await form.getByLabel('Phone').fill('555-12');
  await form.getByLabel('Website', { exact: true }).fill('not a url');
  await form.getByLabel('City').fill('Kept after the error');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Phone Number needs to have at least seven digits.')).toBeVisible();
  await expect(form.getByText('Please enter a valid URL (https://…).').first()).toBeVisible();
  await expect(form.getByLabel('Website', { exact: true })).toHaveValue('not a url');
  await expect(form.getByLabel('Phone')).toHaveValue('555-12');
  await expect(form.getByLabel('City')).toHaveValue('Kept after the error');
  await expect(form.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');
  expect((await community.record())?.phone).toBeUndefined();
});

test('the time zone follows the coordinates', { tag: '@forms' }, async ({ page, community: _community }, info) => {
  await page.goto('/community-setup');
  const form = panel(page);
  // With JavaScript the look-up listens to typing only once React has hydrated the form.
  if (js(info)) await expect(form.locator('form[data-hydrated]')).toHaveCount(1);
  await form.getByLabel('Latitude').fill('43.9853');
  await form.getByLabel('Longitude').fill('-90.5021');
  if (!js(info)) await form.getByRole('button', { name: 'Look up time zone' }).click();
  await expect(panel(page).getByLabel('Time Zone')).toHaveValue('America/Chicago');
  await expect(panel(page).getByLabel('Latitude')).toHaveValue('43.9853');
});

test(
  'social links: rows are added and removed without losing anything typed, and checked on submit',
  { tag: '@forms' },
  async ({ page, community }) => {
    await page.goto('/community-setup');
    const form = panel(page);
    // Typed, not saved: it must survive every row change (a round trip without JavaScript).
    await form.getByLabel('City').fill('Typed City');
    await openSection(page, 'Social Media');
    const link = (n: number) => form.getByRole('group', { name: `Link ${n}`, exact: true });
    await expect(link(1).getByLabel('Site')).toHaveValue('facebook');
    await expect(link(2).getByLabel('URL')).toHaveValue('https://www.instagram.com/willowcreek');
    await link(1).getByLabel('URL').fill('https://www.facebook.com/willowcreek.camping');

    await form.getByRole('button', { name: 'Add link' }).click();
    await expect(link(3)).toBeVisible();
    await expect(link(3).getByLabel('Site')).toHaveValue('');
    // A new row is not an error until Submit.
    await expect(form.getByText('Site is required.')).toHaveCount(0);
    await expect(form.getByLabel('City')).toHaveValue('Typed City');
    await expect(link(1).getByLabel('URL')).toHaveValue('https://www.facebook.com/willowcreek.camping');
    await link(3).getByLabel('URL').fill('youtube');

    await form.getByRole('button', { name: 'Remove link 2' }).click();
    await expect(form.getByRole('group', { name: /^Link \d$/ })).toHaveCount(2);
    await expect(link(2).getByLabel('URL')).toHaveValue('youtube');
    await expect(link(1).getByLabel('URL')).toHaveValue('https://www.facebook.com/willowcreek.camping');
    await expect(form.getByLabel('City')).toHaveValue('Typed City');

    // Spec 02 §5: site required, URL required and valid.
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(link(2).getByText('Site is required.')).toBeVisible();
    await expect(link(2).getByText('Please enter a valid URL (https://…).')).toBeVisible();
    await expect(link(2).getByLabel('Site')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('City')).toHaveValue('Typed City');
    expect((await community.record())?.city).toBeUndefined();

    await link(2).getByLabel('Site').selectOption('youtube');
    await link(2).getByLabel('URL').fill('https://www.youtube.com/@willowcreek');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Community information saved.')).toBeVisible();
    const saved = await community.record();
    expect(saved?.city).toBe('Typed City');
    expect(saved?.socialMedia).toEqual([
      { site: 'facebook', url: 'https://www.facebook.com/willowcreek.camping' },
      { site: 'youtube', url: 'https://www.youtube.com/@willowcreek' },
    ]);

    // Removing every row clears the list.
    await page.goto('/community-setup');
    await openSection(page, 'Social Media');
    await panel(page).getByRole('button', { name: 'Remove link 2' }).click();
    await expect(panel(page).getByRole('group', { name: /^Link \d$/ })).toHaveCount(1);
    await panel(page).getByRole('button', { name: 'Remove link 1' }).click();
    await expect(panel(page).getByText('No social media links yet.')).toBeVisible();
    await panel(page).getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Community information saved.')).toBeVisible();
    expect((await community.record())?.socialMedia).toBeUndefined();
  },
);

test.describe('a business-only community', () => {
  test.use({
    communityOptions: {
      record: {
        ...BASE_RECORD,
        listed: true,
        isBusinessOnly: true,
        socialMedia: null,
        detailButtons: [{ title: 'Menu', icon: 'dining', action: 'website', actionKey: 'https://www.willowcreek.example/menu' }],
      },
    },
  });

  test('edits its Additional Buttons', { tag: '@forms' }, async ({ page, community }) => {
    await page.goto('/community-setup');
    const form = panel(page);
    await expect(form.locator('summary', { hasText: 'Social Media' })).toHaveCount(0);
    await expect(form.locator('summary', { hasText: 'QR Code' })).toHaveCount(0);
    await form.getByLabel('City').fill('Typed City');
    await openSection(page, 'Additional Buttons');
    const button = (n: number) => form.getByRole('group', { name: `Button ${n}`, exact: true });
    await expect(button(1).getByLabel('Title')).toHaveValue('Menu');
    await expect(button(1).getByLabel('Action')).toHaveValue('website');

    await form.getByRole('button', { name: 'Add button' }).click();
    await expect(button(2)).toBeVisible();
    await expect(form.getByLabel('City')).toHaveValue('Typed City');
    await form.getByRole('button', { name: 'Submit' }).click();
    // Spec 02 §5's messages.
    await expect(button(2).getByText('Title is required.')).toBeVisible();
    await expect(button(2).getByText('Action is required.')).toBeVisible();
    await expect(button(2).getByText('Icon is required.')).toBeVisible();

    await button(2).getByLabel('Title').fill('Write to us');
    await button(2).getByLabel('Icon').selectOption('mail');
    await button(2).getByLabel('Action').selectOption('mailto');
    await button(2).getByLabel('Link, key, phone or e-mail').fill('not an address');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(button(2).getByText('You must provide a valid email address.')).toBeVisible();
    await button(2).getByLabel('Link, key, phone or e-mail').fill('hello@willowcreek.example');
    await button(1).getByLabel("Open in the app's web view").check();
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Community information saved.')).toBeVisible();

    const saved = await community.record();
    expect(saved?.city).toBe('Typed City');
    // Spec 02 §5 / spec 03 §3: mailto is stored as website with 'mailto:'; web view as '-webview'.
    expect(saved?.detailButtons).toEqual([
      expect.objectContaining({
        title: 'Menu',
        icon: 'dining',
        action: 'website-webview',
        actionKey: 'https://www.willowcreek.example/menu',
      }),
      expect.objectContaining({ title: 'Write to us', icon: 'mail', action: 'website', actionKey: 'mailto:hello@willowcreek.example' }),
    ]);
    await page.goto('/community-setup');
    await openSection(page, 'Additional Buttons');
    await expect(button(2).getByLabel('Action')).toHaveValue('mailto');
    await expect(button(2).getByLabel('Link, key, phone or e-mail')).toHaveValue('hello@willowcreek.example');
    await expect(button(1).getByLabel("Open in the app's web view")).toBeChecked();
    await button(1).getByRole('button', { name: 'Remove button 1' }).click();
    await expect(form.getByRole('group', { name: /^Button \d$/ })).toHaveCount(1);
    await expect(button(1).getByLabel('Title')).toHaveValue('Write to us');
  });
});

test.describe('as a resort system admin', () => {
  test.use({ communityOptions: { record: BASE_RECORD, role: 'system' } });

  test('adds a community', { tag: '@forms' }, async ({ page, community: _community }) => {
    await page.goto('/add-community');
    const form = panel(page);
    await expect(form.getByRole('heading', { name: 'Add Community' })).toBeVisible();
    await expect(form.locator('summary', { hasText: 'QR Code' })).toHaveCount(0);
    const title = `Cedar Bend ${randomUUID().slice(0, 8)}`;
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Time Zone').selectOption('America/Denver');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(`${title} was added.`)).toBeVisible();
    // The session now manages the new community.
    await expect(page.getByRole('banner')).toContainText(title);

    // The same title again is refused, with everything typed kept.
    await page.goto('/add-community');
    await panel(page).getByLabel('Title').fill(title);
    await panel(page).getByLabel('City').fill('Cedar Bend');
    await panel(page).getByLabel('Time Zone').selectOption('America/Denver');
    await panel(page).getByRole('button', { name: 'Submit' }).click();
    await expect(panel(page).getByText(/already exists/)).toBeVisible();
    await expect(panel(page).getByLabel('City')).toHaveValue('Cedar Bend');
  });
});

test.describe('a copy of the town', () => {
  test.use({ communityOptions: { from: 'demo-town', role: 'system' } });

  test(
    "changing a random colour mode asks 'Select Menu Type'; Cancel keeps everything",
    { tag: '@forms' },
    async ({ page, community: _community }) => {
      await page.goto('/community-setup');
      const form = panel(page);
      await openSection(page, 'App Design');
      await form.getByLabel('Random Icon Shape Colors').check();
      await form.getByRole('button', { name: 'Submit' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Select Menu Type' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Generate New Color(s) for Activities' })).toBeVisible();
      await dialog.getByRole('button', { name: 'Generate New Color(s) for Activities' }).click();
      await expect(page.getByRole('alertdialog', { name: 'Select Menu Type' })).toBeVisible();
      await page.getByRole('alertdialog', { name: 'Select Menu Type' }).getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      await expect(panel(page).getByLabel('Random Icon Shape Colors')).toBeChecked();
    },
  );
});

test.describe('a legacy icon set', () => {
  test.use({ communityOptions: { from: 'demo-town', role: 'system', record: { iconSet: 'round' } } });

  test("leaving it asks 'Convert Icons', then converts", { tag: '@forms' }, async ({ page, community }) => {
    await page.goto('/community-setup');
    await openSection(page, 'App Design');
    await panel(page).getByLabel('Icon Set').selectOption('svg_round');
    await panel(page).getByRole('button', { name: 'Submit' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Convert Icons' });
    await expect(dialog).toContainText(
      'We will convert your current icons to their closest match. Switching to new icons is irreversible. Do you want to continue?',
    );
    await dialog.getByRole('button', { name: 'Continue' }).click();
    // The conversion is what this test is about (the save's toast is the other tests'): the stored set, then the form.
    await expect.poll(() => readE2e(`${e2ePaths.community(community.key)}/iconSet`)).toBe('svg_round');
    await page.goto('/community-setup');
    await openSection(page, 'App Design');
    await expect(panel(page).getByLabel('Icon Set')).toHaveValue('svg_round');
  });
});
