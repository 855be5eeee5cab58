import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { e2ePaths, expect, readE2e, signIn, submit, test } from './fixtures';

/**
 * Email Templates (spec 03 §6 Email Templates tray, super admin; §9; decision 046): a super admin
 * opens the list from the tray button, previews a template with sample values (sanitized, escaped),
 * and, with JavaScript, adds the approval template and deletes it (the send goes back to its
 * built-in text). Templates are the product's, not a community's: only the js project writes one
 * (the approval template, its subject kept as the built-in text's, for the moment of the test);
 * the no-js project posts a refused Save and Preview, which write nothing.
 */

test.use({ viewport: { width: 1366, height: 900 } });

async function shot(page: Page, name: string, project: string) {
  await page.screenshot({ path: `tests/.tmp/email-templates-${name}-${project}.png`, fullPage: true });
}

test('a super admin previews, saves and deletes an e-mail template @forms', async ({ page, context }, info) => {
  const js = info.project.name === 'js';
  await signIn(context, 'super@demo.example');
  await page.goto('/');
  await page.getByRole('region', { name: 'Button tray' }).getByRole('link', { name: 'Email Templates', exact: true }).click();
  await expect(page).toHaveURL(/\/listnm\/email$/);
  await expect(page.getByRole('heading', { name: 'Email Templates' }).first()).toBeVisible();
  await expect(page.locator('.list-row-title', { hasText: 'Sign-in link' })).toBeVisible();
  await expect(page.locator('.list-row-title', { hasText: 'User Management invitation' })).toBeVisible();
  if (js) await expectNoSeriousViolations(page);
  await shot(page, 'list', info.project.name);

  await page.goto('/listnm/email/edit/approval#editor');
  const editor = page.locator('#editor');
  await expect(editor.getByRole('heading', { name: 'Email Template: Event waiting for approval' })).toBeVisible();
  await expect(editor.getByText('This e-mail is sent with its built-in text until a template is saved.')).toBeVisible();
  await expect(editor.getByText('{{calendar}}', { exact: true })).toBeVisible();

  // Nothing typed: the messages, and what was typed kept.
  await editor.getByLabel('Subject', { exact: true }).fill('');
  await editor.getByLabel('Message', { exact: true }).fill('');
  await submit(page, editor.getByRole('button', { name: 'Save', exact: true }));
  await expect(editor.getByText('Subject is required.')).toBeVisible();
  await expect(editor.getByText('Message is required.')).toBeVisible();

  // Preview: the sample values filled in, a script and a handler gone.
  await editor.getByLabel('Subject', { exact: true }).fill('Event waiting for approval: {{event}}');
  await editor
    .getByLabel('Message', { exact: true })
    .fill(
      '<p onclick="alert(1)">New: <strong>{{event}}</strong> on {{calendar}} by {{name}}.</p><script>alert(2)</script><p><a href="{{link}}">Review</a></p>',
    );
  await submit(page, editor.getByRole('button', { name: 'Preview', exact: true }));
  const preview = page.getByTestId('email-template-preview');
  await expect(preview).toContainText('Subject: Event waiting for approval: Pancake Breakfast');
  await expect(preview).toContainText('New: Pancake Breakfast on Activities by Pat Example.');
  await expect(preview.getByRole('link', { name: 'Review' })).toHaveAttribute('href', 'https://console.example.com/events/pending');
  expect(await preview.locator('script, [onclick]').count()).toBe(0);
  await expect(editor.getByLabel('Message', { exact: true })).toHaveValue(/<script>alert\(2\)<\/script>/);
  if (js) await expectNoSeriousViolations(page);
  await shot(page, 'preview', info.project.name);

  if (!js) return;

  await submit(page, editor.getByRole('button', { name: 'Save', exact: true }));
  await expect(page.getByText('The e-mail template has been saved.')).toBeVisible();
  const stored = await readE2e<{ title: string; body: string }>(e2ePaths.emailTemplates('approval'));
  expect(stored?.title).toBe('Event waiting for approval: {{event}}');
  expect(stored?.body).toBe('<p>New: <strong>{{event}}</strong> on {{calendar}} by {{name}}.</p><p><a href="{{link}}">Review</a></p>');

  await page.goto('/listnm/email/edit/approval#editor');
  await submit(page, page.getByRole('button', { name: 'Delete', exact: true }));
  const dialog = page.getByRole('alertdialog', { name: 'Delete Email Template' });
  await expect(dialog).toContainText('built-in text again');
  await expectNoSeriousViolations(page);
  await shot(page, 'delete', info.project.name);
  await submit(page, dialog.getByRole('button', { name: 'Delete', exact: true }));
  await expect(page.getByText('The e-mail template has been deleted.')).toBeVisible();
  expect(await readE2e(e2ePaths.emailTemplates('approval'))).toBeNull();
});

test('the editor fits a phone @forms', async ({ page, context }, info) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(context, 'super@demo.example');
  await page.goto('/listnm/email/edit/invitation#editor');
  const editor = page.locator('#editor');
  await expect(editor.getByText('This e-mail is sent with its built-in text until a template is saved.')).toBeVisible();
  await editor.getByLabel('Subject', { exact: true }).fill('Welcome to {{community}}');
  await editor.getByLabel('Message', { exact: true }).fill('<p>Hello {{name}}, <a href="{{link}}">sign in</a>.</p>');
  await submit(page, editor.getByRole('button', { name: 'Preview', exact: true }));
  await expect(page.getByTestId('email-template-preview')).toContainText('Hello Pat Example, sign in.');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  if (info.project.name === 'js') await expectNoSeriousViolations(page);
  await shot(page, 'phone', info.project.name);
});
