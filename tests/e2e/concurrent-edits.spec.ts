import type { DbValue } from '@server/db';
import { e2ePaths, expect, signInUser, test, withE2eDb, type SessionUser } from './fixtures';

/**
 * Two admins edit the same menu item (issue: concurrent edits lost data silently). A saves
 * first; B's save of the form opened before is refused with the conflict message and A's
 * values beside the form, B's typing kept; B's second Save then replaces A's on purpose. With
 * JavaScript and without (@forms). The same rule for every form that edits a record is proven
 * server-side in each form's *.server.test.ts.
 */
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" stroke-width="2"/></svg>';
const MENU: Array<Record<string, DbValue>> = [
  {
    uniqueId: 'pool-rules',
    id: 'pool-rules',
    name: 'Pool Rules',
    type: 'website',
    url: 'https://pool.example',
    icon: 'globe',
    iconData: { iconSet: 'svg_round', title: 'globe', svg: SVG, colorIconShape: '#FFFFFF', colorIconBackground: '#2E6B4F' },
  },
];

test.use({ communityOptions: { role: 'admin', menu: MENU } });

test(
  'a stale save of a menu item shows the conflict and keeps the other admin’s change',
  { tag: '@forms' },
  async ({ page, browser, javaScriptEnabled, community }) => {
    // Admin B: a second admin of the same community, in a browser of their own.
    const adminB: SessionUser = { uid: `${community.user.uid}-b`, email: `b-${community.user.email}`, displayName: 'Admin B' };
    await withE2eDb((db) =>
      db.ref(e2ePaths.userAuthorization(adminB.uid)).set({
        editorDefault: community.key,
        communities: { [community.key]: { isEditor: true, isAdmin: true, canNotify: true, isResortSystem: false } },
      }),
    );
    const contextB = await browser.newContext({ javaScriptEnabled });
    try {
      await signInUser(contextB, adminB, { communityKey: community.key });
      const pageB = await contextB.newPage();

      // Both open the same item.
      await page.goto('/home/edit/pool-rules');
      await pageB.goto('/home/edit/pool-rules');
      await expect(page.getByLabel('Title')).toHaveValue('Pool Rules');
      await expect(pageB.getByLabel('Title')).toHaveValue('Pool Rules');

      // A changes the description and saves.
      await page.getByLabel('Description').fill('Open 9 to 5, from A');
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByText('The menu item has been saved.')).toBeVisible();
      expect((await community.menu())[0]).toMatchObject({ name: 'Pool Rules', description: 'Open 9 to 5, from A' });

      // B saves the form opened before A's save: refused, with A's values shown and B's kept.
      await pageB.getByLabel('Title').fill('Pool Hours, from B');
      await pageB.getByRole('button', { name: 'Submit' }).click();
      const conflict = pageB.getByTestId('conflict');
      await expect(conflict).toContainText('This menu item was changed by someone else while you were editing.');
      await expect(conflict).toContainText('Save again to replace theirs.');
      const theirs = conflict.getByRole('region', { name: 'Their version' });
      await expect(theirs).toContainText('Description');
      await expect(theirs).toContainText('Open 9 to 5, from A');
      await expect(pageB.getByLabel('Title')).toHaveValue('Pool Hours, from B');
      await expect(pageB.getByLabel('Description')).toHaveValue('');
      // A's change is still stored.
      expect((await community.menu())[0]).toMatchObject({ name: 'Pool Rules', description: 'Open 9 to 5, from A' });

      // B takes A's description into the form and saves again: now deliberately over A's version.
      await pageB.getByLabel('Description').fill('Open 9 to 5, from A');
      await pageB.getByRole('button', { name: 'Submit' }).click();
      await expect(pageB.getByText('The menu item has been saved.')).toBeVisible();
      expect((await community.menu())[0]).toMatchObject({ name: 'Pool Hours, from B', description: 'Open 9 to 5, from A' });
    } finally {
      await contextB.close();
    }
  },
);
