import { expect, type Locator, type Page } from '@playwright/test';

/** The console's 'Unsaved Changes' question (app/components/forms/unsaved-changes). */
export const unsavedChangesDialog = (page: Page) => page.getByRole('alertdialog', { name: 'Unsaved Changes' });

/**
 * Leaving a form with unsaved changes asks first: 'Stay on this page' keeps what was typed in
 * `field`, and asked again, 'Leave without saving' leaves. `leave` is the way out being tried
 * (a link of the shell, another row of the list …).
 */
export async function staysThenLeaves(page: Page, { field, typed, leave }: { field: Locator; typed: string; leave: () => Promise<void> }) {
  const dialog = unsavedChangesDialog(page);
  await leave();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(field).toHaveValue(typed);
  await leave();
  await dialog.getByRole('button', { name: 'Leave without saving' }).click();
}
