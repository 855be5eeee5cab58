import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SORT_MESSAGES } from '@server/menu/sort';
import type { Services } from '@server/services';
import { loadHome } from '~/components/shell/home.server';
import { demoPerson, installTestServices, sessionCookie } from '../../../../tests/permission-matrix/fixtures';
import { action as sortRouteAction } from '~/routes/_app._home.$action';

/** The sort posts of the home route (spec 01 §2.6, §4.3, §6) against the demo data. */
let services: Services;
let close: () => Promise<void>;
const COMMUNITY = 'demo-campground';

beforeAll(async () => {
  ({ services, close } = await installTestServices('sort-action'));
});

afterAll(async () => {
  await close?.();
});

async function post(role: 'adminA' | 'system', path: string, form: Record<string, string>) {
  const cookie = await sessionCookie(services.sessions, demoPerson(role), { communityKey: COMMUNITY });
  const request = new Request(`http://console.test${path}`, {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return sortRouteAction({ request, params: { action: path.slice(1) }, context: {} }).catch((error: unknown) => {
    if (error instanceof Response) return error;
    throw error;
  });
}

const stored = async () =>
  ((await services.db.ref(services.paths.menu(COMMUNITY, 'main-menu')).get()).val() as Array<Record<string, unknown>>).map(
    (item) => item.uniqueId as string,
  );

/** The answer's status and body, whether it is a Response or `data()`. */
function answer(result: unknown): { status: number; body: unknown; location: string | null } {
  if (result instanceof Response) return { status: result.status, body: null, location: result.headers.get('Location') };
  const value = result as { init?: { status?: number } | null; data: unknown };
  return { status: value.init?.status ?? 200, body: value.data, location: null };
}

describe('sort posts', () => {
  it('moves an item in the pending order without saving it', async () => {
    const before = await stored();
    const result = answer(await post('adminA', '/sort-button', { intent: 'move-down:0', order: JSON.stringify(before) }));
    expect(result.status).toBe(200);
    expect((result.body as { sort: { order: string[] } }).sort.order.slice(0, 2)).toEqual([before[1], before[0]]);
    expect(await stored()).toEqual(before);
  });

  it('refuses a locked item moved by a non-resort admin (400, the stored order), and lets a resort admin move it', async () => {
    await services.db.ref(`${services.paths.community(COMMUNITY)}/lockFirstMainMenuItems`).set(true);
    try {
      const before = await stored();
      const swapped = [before[1], before[0], ...before.slice(2)];
      const refused = answer(await post('adminA', '/sort-submit', { intent: 'sort-submit', order: JSON.stringify(swapped) }));
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ sort: { order: before, error: SORT_MESSAGES.locked } });
      expect(await stored()).toEqual(before);

      // A move into the locked items is no move; the home data says six are locked.
      const move = answer(await post('adminA', '/sort-button', { intent: 'move-up:6', order: JSON.stringify(before) }));
      expect((move.body as { sort: { order: string[] } }).sort.order).toEqual(before);
      const cookie = await sessionCookie(services.sessions, demoPerson('adminA'), { communityKey: COMMUNITY });
      const home = await loadHome(new Request('http://console.test/sort-button', { headers: { Cookie: cookie } }));
      expect(home.sort).toEqual({ active: true, confirmAlpha: false, locked: 6 });

      const saved = answer(await post('system', '/sort-submit', { intent: 'sort-submit', order: JSON.stringify(swapped) }));
      expect(saved).toMatchObject({ status: 302, location: '/' });
      expect(await stored()).toEqual(swapped);
    } finally {
      await services.db.ref(`${services.paths.community(COMMUNITY)}/lockFirstMainMenuItems`).remove();
    }
  });

  it('sorts alphabetically on the confirmation’s OK', async () => {
    const result = answer(await post('adminA', '/sort-alpha', {}));
    expect(result).toMatchObject({ status: 302, location: '/' });
    const menu = (await services.db.ref(services.paths.menu(COMMUNITY, 'main-menu')).get()).val() as Array<Record<string, unknown>>;
    const titles = menu.map((item) => String(item.title ?? item.name).toLowerCase());
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
  });
});
