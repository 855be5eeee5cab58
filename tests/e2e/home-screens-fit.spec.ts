import { expect, test } from './fixtures';

/**
 * The home screen's right-column editors (spec 01 §2.6): each names itself in the page title
 * (spec 01 §2.2 rule: the route's title) and fits the window without sideways scrolling on a
 * desktop (1366 px) and a phone (390 px). Pages are only read.
 */
const SCREENS = [
  { path: '/add?type=website', title: 'Add Menu Item' },
  { path: '/add?type=file', title: 'Add Menu Item' },
  { path: '/home/edit/activities', title: 'Edit Menu Item' },
  { path: '/header-images', title: 'Header Editor' },
] as const;

test.beforeEach(async ({ loginAs }) => {
  await loginAs('editor@demo.example');
});

test('each editor has its own page title', async ({ page }) => {
  for (const screen of SCREENS) {
    await page.goto(screen.path);
    await expect(page).toHaveTitle(screen.title);
    await expect(page.getByRole('complementary', { name: screen.title })).toBeVisible();
  }
  await page.goto('/add');
  await expect(page).toHaveTitle('Add Menu Item');
});

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test(`the editors do not scroll sideways at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await expect(page).toHaveTitle(screen.title);
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(scrollWidth, `${screen.path} at ${viewport.width} px`).toBeLessThanOrEqual(clientWidth);
    }
  });
}
