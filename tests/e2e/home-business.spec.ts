import { e2ePaths, expect, test, withE2eDb } from './fixtures';

/** A business-only community's home (spec 01 §2.6): action buttons instead of the menu grid. */
const KEY = 'e2e-harbor-point-marina';
const paths = e2ePaths;

test.beforeEach(async ({}, info) => {
  await withE2eDb((db) =>
    db.ref(paths.community(`${KEY}-${info.project.name}`)).set({
      title: 'Harbor Point Marina',
      name: 'Harbor Point Marina',
      displayName: 'Harbor Point',
      active: true,
      listed: true,
      isBusinessOnly: true,
      inProgress: false,
      communityType: 'resort',
      timeZone: 'America/New_York',
      phone: '(518) 555-0199',
      address: '12 Harbor Road',
      city: 'Lake George',
      state: 'NY',
      zip: '12845',
      website: 'https://marina.example.com',
      reservationURL: 'https://book.example.com/marina',
      hasSpecial: true,
      menu: 'https://marina.example.com/specials',
      htmlDescription: '<p>Boat slips, <strong>kayak rentals</strong> and a bait shop.</p><script>alert(1)</script>',
      colorBackground: '#0B4F6C',
    }),
  );
});

test.afterEach(async ({}, info) => {
  await withE2eDb((db) => db.ref(paths.community(`${KEY}-${info.project.name}`)).remove());
});

test('shows Call, Map, Reservations, Website and Special with the address and description', async ({ page, loginAs }, info) => {
  await loginAs('system@demo.example', { communityKey: `${KEY}-${info.project.name}` });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Harbor Point Marina');
  const business = page.getByRole('region', { name: 'Business' });
  for (const name of ['Call', 'Map', 'Reservations', 'Website', 'Special']) {
    await expect(business.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(business.getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:5185550199');
  await expect(business).toContainText('12 Harbor Road');
  await expect(business).toContainText('Lake George, NY 12845');
  await expect(business.locator('strong')).toHaveText('kayak rentals');
  await expect(business.locator('script')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Main Menu' })).toHaveCount(0);
  await page.screenshot({ path: `test-results/home-business-${info.project.name}.png`, fullPage: true });
});
