import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '@server/services';
import { loadHome } from '~/features/home/home.server';
import { loader as homeLoader } from '~/routes/_app._home._index';
import { outcome } from '../../../../tests/setup/outcome';
import { COMMUNITY_A, COMMUNITY_B, demoPerson, installTestServices, sessionCookie } from '../../../../tests/setup/services';

/**
 * Home's address with a section (`/?section={uniqueId}`, a Submenu tile's link): the home
 * page's loader called with real Requests and cookies minted by the real session storage,
 * against a fresh embedded database holding the demo data.
 */

const ORIGIN = 'http://console.test';
let services: Services;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ services, close } = await installTestServices('home-section'));
});

afterAll(async () => {
  await close?.();
});

/** A Submenu of the test's own at the end of the community's main menu, holding one FAQ list. */
async function addSubmenu(community: string, name: string): Promise<string> {
  const id = `submenu-${randomUUID().slice(0, 8)}`;
  const menu = services.db.ref(services.paths.menu(community, 'main-menu'));
  const items = (await menu.get()).val() as unknown[];
  await menu.child(String(items.length)).set({ uniqueId: id, id, name, type: 'categorygrid', icon: 'grid' });
  await services.db
    .ref(services.paths.menu(community, id))
    .set([{ uniqueId: `${id}-faqs`, name: 'Trail FAQs', type: 'faqs', icon: 'list' }]);
  return id;
}

const editorA = () => sessionCookie(services.sessions, demoPerson('editorA'));
const get = (path: string, cookie: string) => new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } });
const show = (path: string, cookie: string) => outcome<null>(homeLoader({ request: get(path, cookie), params: {}, context: {} }));

describe('home: /?section=', () => {
  it('remembers one of the community’s sections and shows home, the grid then holding that section’s items', async () => {
    const cookie = await editorA();
    const id = await addSubmenu(COMMUNITY_A, 'Trails');
    const shown = await show(`/?section=${id}`, cookie);
    expect(shown.status).toBe(302);
    expect(shown.response?.headers.get('Location')).toBe('/');
    expect(shown.response?.headers.get('Set-Cookie')).toMatch(/^__session=/);

    const home = await loadHome(get('/', cookie));
    expect(home.section).toMatchObject({ id, title: 'Trails' });
    expect(home.menu.map((tile) => [tile.title, tile.target])).toEqual([['Trail FAQs', { kind: 'list', href: `/list/${id}/${id}-faqs` }]]);
    // main-menu is a section too: its Submenu tile leads back into the submenu.
    expect((await show('/?section=main-menu', cookie)).status).toBe(302);
    const main = await loadHome(get('/', cookie));
    expect(main.section.id).toBe('main-menu');
    expect(main.menu.find((tile) => tile.key === id)?.target).toEqual({ kind: 'section', href: `/?section=${id}` });
  });

  it('ignores what is no section of this community, a key no database holds, and no section at all', async () => {
    const cookie = await editorA();
    const id = await addSubmenu(COMMUNITY_A, 'Beaches');
    expect((await show(`/?section=${id}`, cookie)).status).toBe(302);
    const elsewhere = await addSubmenu(COMMUNITY_B, 'Town Parks');
    for (const path of ['/?section=no-such-section', `/?section=${elsewhere}`, '/?section=a.b', '/?section=', '/']) {
      expect(await show(path, cookie), path).toMatchObject({ status: 200, data: null });
    }
    expect((await loadHome(get('/', cookie))).section.id).toBe(id);
  });

  it('asks people who are not signed in to sign in first', async () => {
    const id = await addSubmenu(COMMUNITY_A, 'Docks');
    const anonymous = await show(`/?section=${id}`, '');
    expect(anonymous.status).toBe(302);
    expect(anonymous.response?.headers.get('Location')).toBe(`/login?redirectTo=${encodeURIComponent(`/?section=${id}`)}`);
  });
});
