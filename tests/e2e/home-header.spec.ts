import { expect, test } from './fixtures';

/** The home header (spec 01 §2.6): image carousel with captions, previous/next, 261 px tall. */
test.describe('home header carousel', () => {
  test('shows the first slide with its caption and steps through the images', async ({ page, loginAs }) => {
    await loginAs('admin@demo.example');
    await page.goto('/');
    const header = page.locator('header[aria-roledescription="carousel"]');
    await expect(header).toBeVisible();
    expect((await header.boundingBox())?.height).toBe(261);
    await expect(header.getByRole('heading', { level: 1 })).toHaveText('Pine Hollow RV Resort');
    await expect(header.locator('figcaption')).toHaveText('Sunrise over Pine Hollow Lake');

    await header.getByRole('link', { name: 'Next image' }).click();
    await expect(header.locator('figcaption')).toHaveText('The Hollow Creek nature trail');
    await header.getByRole('link', { name: 'Previous image' }).click();
    await header.getByRole('link', { name: 'Previous image' }).click();
    await expect(header.locator('figcaption')).toHaveText('Campfire night at the pavilion');
  });

  test('opens on the slide named in the address (the no-JavaScript controls)', { tag: '@no-js' }, async ({ page, loginAs }) => {
    await loginAs('admin@demo.example');
    await page.goto('/?slide=1');
    await expect(page.locator('header[aria-roledescription="carousel"] figcaption')).toHaveText('The Hollow Creek nature trail');
    await expect(page.getByRole('link', { name: 'Next image' })).toHaveAttribute('href', '/?slide=2');
  });
});
