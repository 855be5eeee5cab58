import type { DbValue } from '@server/db';
import { expect, test } from './fixtures';

/**
 * Home tiles open their content (spec 01 §2.1, §2.6; app/lib/menu-targets.ts): a list item's
 * list, a Submenu as the home grid's section, a Website in a new tab, and the editor for an item
 * the console shows no content of; each tile's edit control opens Edit Menu Item. Each test
 * reads a community of its own (the community fixture). The routing rules themselves are proven
 * in app/lib/menu-targets.test.ts, the section address in section.server.test.ts.
 */

const icon = (name: string): Record<string, DbValue> => ({ icon: name, iconData: { iconSet: 'svg_round', title: name } });

test.describe('tiles and their edit controls', () => {
  test.use({
    communityOptions: {
      menu: [
        { uniqueId: 'pool-rules', id: 'pool-rules', name: 'Pool Rules', type: 'regulations', ...icon('book') },
        { uniqueId: 'marina', id: 'marina', name: 'Marina', type: 'website', url: 'https://marina.example/slips', ...icon('globe') },
        { uniqueId: 'guest-login', id: 'guest-login', name: 'Guest Login', type: 'login', ...icon('login') },
      ],
    },
  });

  test('a list tile opens its list, its edit control Edit Menu Item', async ({ page, community: _community }) => {
    await page.goto('/');
    const grid = page.getByRole('region', { name: 'Main Menu' });
    const rules = grid.getByRole('link', { name: 'Pool Rules', exact: true });
    await expect(rules).toHaveAttribute('href', '/list/main-menu/pool-rules');
    const marina = grid.getByRole('link', { name: 'Marina (opens in a new tab)', exact: true });
    await expect(marina).toHaveAttribute('href', 'https://marina.example/slips');
    await expect(marina).toHaveAttribute('target', '_blank');
    await expect(marina).toHaveAttribute('rel', /noopener/);
    // The console shows no content of a Login item: its tile opens the editor, as its edit control does.
    await expect(grid.getByRole('link', { name: 'Guest Login', exact: true })).toHaveAttribute('href', '/home/edit/guest-login#editor');

    // Keyboard: the edit control follows its tile.
    await rules.focus();
    await page.keyboard.press('Tab');
    const edit = grid.getByRole('link', { name: 'Edit Pool Rules', exact: true });
    await expect(edit).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/home\/edit\/pool-rules(#editor)?$/);
    await expect(page.getByRole('heading', { name: 'Edit Menu Item' })).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue('Pool Rules');
    await expect(edit).toHaveAttribute('aria-current', 'page');
    await expect(grid.getByRole('link', { name: 'Edit Marina', exact: true })).not.toHaveAttribute('aria-current', /.*/);
    // The tile still opens the list while its item is being edited.
    await expect(rules).toHaveAttribute('href', '/list/main-menu/pool-rules');
  });
});

test.describe('a Submenu tile', () => {
  test.use({
    communityOptions: {
      menu: [
        { uniqueId: 'pool-rules', id: 'pool-rules', name: 'Pool Rules', type: 'regulations', ...icon('book') },
        { uniqueId: 'things-nearby', id: 'things-nearby', name: 'Things Nearby', type: 'categorygrid', ...icon('grid') },
      ],
      locationData: {
        'things-nearby': [{ uniqueId: 'trail-faqs', id: 'trail-faqs', name: 'Trail FAQs', type: 'faqs', ...icon('question') }],
      },
    },
  });

  test('shows its submenu in the home grid, and home remembers it', { tag: '@no-js' }, async ({ page, community: _community }, info) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Main Menu' })).toBeVisible();
    // With JavaScript, once hydrated (the section picker then needs no Show button), the tile navigates in the page.
    if (info.project.name === 'js') await expect(page.getByRole('button', { name: 'Show' })).toHaveCount(0);
    const tile = page.getByRole('link', { name: 'Things Nearby', exact: true });
    await expect(tile).toHaveAttribute('href', '/?section=things-nearby');
    await tile.click();

    await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
    const grid = page.getByRole('region', { name: 'Things Nearby' });
    await expect(grid.getByRole('heading', { name: 'Things Nearby' })).toBeVisible();
    await expect(grid.getByRole('link', { name: 'Trail FAQs', exact: true })).toHaveAttribute('href', '/list/things-nearby/trail-faqs');
    await expect(page.getByRole('link', { name: 'Pool Rules', exact: true })).toHaveCount(0);
    await expect(page.getByLabel('Menu section')).toHaveValue('things-nearby');

    await page.reload();
    await expect(page.getByRole('region', { name: 'Things Nearby' }).getByRole('link', { name: 'Edit Trail FAQs' })).toBeVisible();
  });
});
