import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cookiePair } from '@server/auth/session';
import { SORT_MESSAGES } from '@server/menu/sort';
import type { Services } from '@server/services';
import { loadHome } from '~/features/home/home.server';
import { action as sortRouteAction, loader as sortRouteLoader } from '~/routes/_app._home.$action';
import { outcome } from '../../../../tests/setup/outcome';
import { demoPerson, installTestServices, sessionCookie } from '../../../../tests/setup/services';
import { pendingSortOf, sortModeHref } from './sort-types';

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
  return outcome<unknown>(sortRouteAction({ request, params: { action: path.slice(1) }, context: {} }));
}

const stored = async () =>
  ((await services.db.ref(services.paths.menu(COMMUNITY, 'main-menu')).get()).val() as Array<Record<string, unknown>>).map((item) =>
    String(item.uniqueId),
  );

const location = (answer: { response: Response | null }) => answer.response?.headers.get('Location') ?? null;
/** The pending order a redirect to sort mode carries. */
const pendingAt = (href: string | null) => pendingSortOf(new URL(href ?? '/', 'http://console.test').searchParams);
const toastOf = async (answer: { response: Response | null }) =>
  (await services.sessions.getSession(cookiePair(answer.response?.headers.get('Set-Cookie') ?? ''))).get('toast');

describe('sort posts', () => {
  it('moves an item in the pending order, in sort mode’s address, without saving it', async () => {
    const before = await stored();
    const result = await post('adminA', '/sort-button', { intent: 'move-down:0', order: JSON.stringify(before) });
    expect(result.status).toBe(302);
    const moved = [before[1], before[0], ...before.slice(2)].map(String);
    expect(location(result)).toBe(sortModeHref(moved, before[0]));
    expect(pendingAt(location(result))).toEqual({ order: moved, moved: before[0], base: null });
    expect(await stored()).toEqual(before);
  });

  it('refuses a locked item moved by a non-resort admin (the stored order, an error), and lets a resort admin move it', async () => {
    await services.db.ref(`${services.paths.community(COMMUNITY)}/lockFirstMainMenuItems`).set(true);
    try {
      const before = await stored();
      const swapped = [before[1], before[0], ...before.slice(2)].map(String);
      const refused = await post('adminA', '/sort-submit', { intent: 'sort-submit', order: JSON.stringify(swapped) });
      expect(refused.status).toBe(302);
      expect(pendingAt(location(refused)).order).toEqual(before);
      expect(await toastOf(refused)).toMatchObject({ kind: 'error', message: SORT_MESSAGES.locked });
      expect(await stored()).toEqual(before);

      // A move into the locked items is no move; the home data says six are locked.
      const move = await post('adminA', '/sort-button', { intent: 'move-up:6', order: JSON.stringify(before) });
      expect(pendingAt(location(move)).order).toEqual(before);
      const cookie = await sessionCookie(services.sessions, demoPerson('adminA'), { communityKey: COMMUNITY });
      const home = await loadHome(new Request('http://console.test/sort-button', { headers: { Cookie: cookie } }));
      expect(home.sort).toMatchObject({ active: true, confirmAlpha: false, locked: 6 });

      const saved = await post('system', '/sort-submit', { intent: 'sort-submit', order: JSON.stringify(swapped) });
      expect(saved).toMatchObject({ status: 302 });
      expect(location(saved)).toBe('/');
      expect(await stored()).toEqual(swapped);
    } finally {
      await services.db.ref(`${services.paths.community(COMMUNITY)}/lockFirstMainMenuItems`).remove();
    }
  });

  it('answers a Save of an order that is not the menu’s with the stored order and a message', async () => {
    const before = await stored();
    const changed = await post('adminA', '/sort-submit', { intent: 'sort-submit', order: 'not json' });
    expect(changed.status).toBe(302);
    expect(pendingAt(location(changed)).order).toEqual(before);
    expect(await toastOf(changed)).toMatchObject({ kind: 'error', message: SORT_MESSAGES.changed });
  });

  it('refuses a Save over an order someone else saved meanwhile, naming theirs and keeping this one', async () => {
    const cookie = await sessionCookie(services.sessions, demoPerson('adminA'), { communityKey: COMMUNITY });
    const home = await loadHome(new Request('http://console.test/sort-button', { headers: { Cookie: cookie } }));
    const base = home.sort.version;
    const before = await stored();
    // A and B both sort; A saves first (moves the last item to the front).
    const a = [before.at(-1)!, ...before.slice(0, -1)];
    expect(location(await post('adminA', '/sort-submit', { intent: 'sort-submit', order: JSON.stringify(a), version: base }))).toBe('/');
    expect(await stored()).toEqual(a);

    // B's order started from the old one: the same items, so only the version tells.
    const b = [before[1]!, before[0]!, ...before.slice(2)];
    const refused = await post('system', '/sort-submit', { intent: 'sort-submit', order: JSON.stringify(b), version: base });
    expect(refused.status).toBe(302);
    expect(await stored()).toEqual(a);
    const back = pendingAt(location(refused));
    expect(back.order).toEqual(b);
    expect(back.base).not.toBe(base);
    const toast = await toastOf(refused);
    expect(toast).toMatchObject({ kind: 'error' });
    expect(toast?.message).toMatch(/^The menu was changed by someone else while you were sorting\. Their order: /);
    expect(toast?.message).toContain('Save again to replace theirs.');

    // B saves again from there: B's order replaces A's, deliberately.
    expect(location(await post('system', '/sort-submit', { intent: 'sort-submit', order: JSON.stringify(b), version: back.base! }))).toBe(
      '/',
    );
    expect(await stored()).toEqual(b);
    await services.db
      .ref(services.paths.menu(COMMUNITY, 'main-menu'))
      .set((await services.db.ref(services.paths.menu(COMMUNITY, 'main-menu')).get()).val());
  });

  it('keeps an item edit saved while the order is written (one transaction over the menu)', async () => {
    const before = await stored();
    const menuPath = services.paths.menu(COMMUNITY, 'main-menu');
    // Another person's edit lands just before the order is written.
    const realRef = services.db.ref.bind(services.db);
    let injected = false;
    const inject = async () => {
      if (injected) return;
      injected = true;
      await realRef(`${menuPath}/2/description`).set('Edited while sorting');
    };
    const spy = vi.spyOn(services.db, 'ref').mockImplementation((path?: string) => {
      const ref = realRef(path);
      if (path !== menuPath) return ref;
      const [set, transaction] = [ref.set.bind(ref), ref.transaction.bind(ref)];
      ref.set = async (value) => (await inject(), set(value));
      ref.transaction = async (update) => (await inject(), transaction(update));
      return ref;
    });
    try {
      const order = [before[1]!, before[0]!, ...before.slice(2)];
      expect(location(await post('adminA', '/sort-submit', { intent: 'sort-submit', order: JSON.stringify(order) }))).toBe('/');
    } finally {
      spy.mockRestore();
    }
    const menu = (await services.db.ref(menuPath).get()).val() as Array<Record<string, unknown>>;
    expect(menu.find((item) => item.uniqueId === before[2])?.description).toBe('Edited while sorting');
  });

  it('carries the base version through Move up / Move down without JavaScript', async () => {
    const before = await stored();
    const moved = await post('adminA', '/sort-button', { intent: 'move-down:1', order: JSON.stringify(before), version: 'v-from-start' });
    expect(pendingAt(location(moved)).base).toBe('v-from-start');
  });

  it('sorts alphabetically on the confirmation’s OK', async () => {
    const result = await post('adminA', '/sort-alpha', {});
    expect(result.status).toBe(302);
    expect(location(result)).toBe('/');
    const menu = (await services.db.ref(services.paths.menu(COMMUNITY, 'main-menu')).get()).val() as Array<Record<string, unknown>>;
    const titles = menu.map((item) => String(item.title ?? item.name).toLowerCase());
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
  });

  it('leaves on sort-cancel, refuses intents it does not have (400) and other addresses (404)', async () => {
    const before = await stored();
    const cancel = await post('adminA', '/sort-button', { intent: 'sort-cancel' });
    expect(cancel.status).toBe(302);
    expect(location(cancel)).toBe('/');
    expect((await post('adminA', '/sort-button', {})).status).toBe(400);
    expect((await post('adminA', '/sort-button', { intent: 'delete' })).status).toBe(400);
    expect((await post('adminA', '/sort-button', { intent: 'move-up:x' })).status).toBe(400);
    expect((await post('adminA', '/header-images', { intent: 'save' })).status).toBe(404);
    const cookie = await sessionCookie(services.sessions, demoPerson('adminA'), { communityKey: COMMUNITY });
    const page = await outcome(
      sortRouteLoader({
        request: new Request('http://console.test/nothing', { headers: { Cookie: cookie } }),
        params: { action: 'nothing' },
        context: {},
      }),
    );
    expect(page.status).toBe(404);
    expect(await stored()).toEqual(before);
  });
});
