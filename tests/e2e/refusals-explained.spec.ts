import type { DbValue } from '@server/db';
import { expectNoSeriousViolations } from './axe';
import { createCommunity, e2ePaths, expect, test, uniqueKey, withE2eDb } from './fixtures';

/**
 * Refusals that say what is going on (issue: a bare '403 No access' and '404 Page not found'):
 * an editor who taps Messages hears who may send notifications and whom to ask; a link to a
 * listing of another of the person's communities says whose it is and switches there, back to
 * the listing. The texts and rules are proven in server/authz/require.test.ts,
 * app/features/business/editor.server.test.ts and app/features/shell/shell.server.test.ts.
 */

test('an editor who taps Messages hears who may send notifications and whom to ask', async ({ page, loginAs }) => {
  await loginAs('editor@demo.example');
  await page.goto('/');
  await page.getByRole('link', { name: 'Messages', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Sending notifications is not open to you', level: 1 })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(
    'Messages and notifications of Pine Hollow are for its location admins and staff who may send notifications. Ask a location admin of Pine Hollow to give you Can Send Notifications.',
  );
  await expect(page.getByText('No access', { exact: true })).toHaveCount(0);
  await expectNoSeriousViolations(page);
});

test.describe('a listing of another community', () => {
  test.use({ communityOptions: { from: 'demo-campground', role: 'admin' } });

  test('says whose it is, and switches there back to the listing', { tag: '@forms' }, async ({ page, community }) => {
    // A second community of the same staff member, holding a listing the first one does not.
    const other = await createCommunity({
      from: 'demo-campground',
      label: 'maple',
      record: { title: 'Maple Shores', name: 'Maple Shores', displayName: 'Maple Shores' },
    });
    const key = uniqueKey('dockside');
    const listing: Record<string, DbValue> = { id: key, title: 'Dockside Cafe', contexts: [`${other.key}/dining-resort`] };
    await withE2eDb((db) =>
      db.ref().update({
        [e2ePaths.listItem(other.key, 'dining-resort', key)]: listing,
        [`${e2ePaths.userAuthorization(community.user.uid)}/communities/${other.key}`]: { isEditor: true, isAdmin: true },
      }),
    );

    const response = await page.goto(`/detail/business/dining-resort/${key}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'This listing belongs to Maple Shores', level: 1 })).toBeVisible();
    await expect(page.getByTestId('other-community')).toContainText(
      `It is not in ${community.displayName}, the community selected now. Switch community to Maple Shores to open it.`,
    );
    await page.getByRole('button', { name: 'Switch to Maple Shores' }).click();
    await expect(page).toHaveURL(new RegExp(`/detail/business/dining-resort/${key}$`));
    await expect(page.locator('input[name="title"]')).toHaveValue('Dockside Cafe');
    await expect(page.getByRole('banner')).toContainText('Maple Shores');
  });
});
