import { expect, test } from './fixtures';

/** A business-only community's home (spec 01 §2.6): action buttons instead of the menu grid. */
test.use({
  communityOptions: {
    record: {
      title: 'Harbor Point Marina',
      name: 'Harbor Point Marina',
      displayName: 'Harbor Point',
      isBusinessOnly: true,
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
    },
  },
});

test('shows Call, Map, Reservations, Website and Special with the address and description', async ({ page, community }) => {
  await page.goto('/');
  await expect(page.getByRole('banner')).toContainText(community.displayName);
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
});
