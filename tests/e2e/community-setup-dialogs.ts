import type { Page } from '@playwright/test';

/**
 * On Community Setup, turns on Random Icon Shape Colors in App Design and submits, which opens
 * the 'Select Menu Type' colours dialog (nothing is saved until it is answered). Returns the form.
 */
export async function submitRandomIconColors(page: Page) {
  await page.goto('/community-setup');
  await page.waitForLoadState('networkidle');
  const form = page.locator('#editor');
  const section = form.locator('details', { has: page.locator('summary', { hasText: 'App Design' }) });
  if (!(await section.evaluate((element) => (element as HTMLDetailsElement).open))) await section.locator('summary').click();
  await form.getByLabel('Random Icon Shape Colors').check();
  await form.getByRole('button', { name: 'Submit' }).click();
  return form;
}
