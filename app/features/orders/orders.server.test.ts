import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbValue } from '@server/db';
import type { Services } from '@server/services';
import type { BulkActionData, ListScreenData, RowView } from '~/lib/listing/screen';
import * as listRoute from '~/routes/_app.listnm.orders';
import * as orderRoute from '~/routes/_app.listnm.orders.edit.$orderId';
import * as rowsRoute from '~/routes/_app.listnm.orders.rows';
import { outcome } from '../../../tests/setup/outcome';
import { getRequest, postRequest, type PostedFields } from '../../../tests/setup/requests';
import { installTestServices, sessionCookie } from '../../../tests/setup/services';
import type { OrderActionData, OrderViewData } from './order.server';

/**
 * The store orders at /listnm/orders with real requests, sessions and the embedded database
 * (spec 02 "Guest entries", §3 "Order", §4 entry completion, §5 entry filters, §9 25 a page).
 * Each test makes a community of its own.
 */

const TZ = 'America/Chicago';
const HOUR = 3_600_000;

let services: Services;
let close: () => Promise<void>;
let counter = 0;

beforeAll(async () => {
  ({ services, close } = await installTestServices('store-orders'));
});

afterAll(async () => {
  await close?.();
});

interface Own {
  community: string;
  cookie: string;
  uid: string;
}

async function own(orders: Record<string, DbValue>, rights: Record<string, boolean> = { isEditor: true }): Promise<Own> {
  counter += 1;
  const community = `orders-${counter}`;
  const uid = `orders-user-${counter}`;
  const { paths } = services;
  await services.db.ref().update({
    [paths.community(community)]: { title: `Orders Test ${counter}`, timeZone: TZ },
    [paths.userAuthorization(uid)]: { editorDefault: community, communities: { [community]: rights } },
    [paths.orders(community)]: orders,
  });
  const cookie = await sessionCookie(
    services.sessions,
    { uid, email: `${uid}@test.example`, displayName: 'Staff' },
    { communityKey: community },
  );
  return { community, cookie, uid };
}

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

async function page(o: Own, query = ''): Promise<ListScreenData> {
  return (await listRoute.loader(args(getRequest(o.cookie, `/listnm/orders${query}`)))) as ListScreenData;
}

async function view(o: Own, orderId: string, query = '') {
  return outcome<OrderViewData>(orderRoute.loader(args(getRequest(o.cookie, `/listnm/orders/edit/${orderId}${query}`), { orderId })));
}

async function post(o: Own, orderId: string, fields: PostedFields, query = '') {
  return outcome<OrderActionData>(
    orderRoute.action(args(postRequest(o.cookie, `/listnm/orders/edit/${orderId}${query}`, fields), { orderId })),
  );
}

const stored = async (path: string) => (await services.db.ref(path).get()).val() as Record<string, unknown> | null;

const order = (name: string, orderTime: number, more: Record<string, DbValue> = {}): Record<string, DbValue> => ({
  orderId: name.toUpperCase(),
  paymentIntentId: `pi_${name}`,
  orderTime,
  loggedInUser: true,
  loggedInEmail: `${name.toLowerCase()}@mail.example`,
  createdBy: `guest-${name.toLowerCase()}`,
  site: '51',
  pin: '4821',
  cartItems: [
    {
      storeItemKey: 'firewood',
      storeItemTitle: 'Firewood Bundle',
      quantity: 2,
      primaryOptionTitle: 'Deliver to site',
      secondaryOptionTitle: 'Afternoon',
      deliveryTime: Date.UTC(2026, 5, 3, 19),
      site: '51',
      name: `${name} Buyer`,
      phone: '(917) 555-0123',
      email: `${name.toLowerCase()}@mail.example`,
      confirmed: true,
      completed: false,
    },
  ],
  ...more,
});

describe('the orders list', () => {
  it('shows 25 open orders a page, newest first, with buyer, time and cart items; the archive holds the others', async () => {
    const now = Date.now();
    const orders: Record<string, DbValue> = {};
    for (let index = 0; index < 30; index++) orders[`o${String(index).padStart(2, '0')}`] = order(`Guest${index}`, now - index * HOUR);
    orders.done = order('Done', now, { completed: 2, completedBy: 'someone' });
    orders.denied = order('Denied', now, { completed: 1, completedBy: 'someone' });
    const o = await own(orders);
    const active = await page(o);
    expect(active.title).toBe('Orders');
    expect(active.rows).toHaveLength(25);
    expect(active.rows[0]).toMatchObject({
      key: 'o00',
      title: 'Guest0 Buyer',
      subtitle: 'Order GUEST0 · Site 51 · (917) 555-0123 · guest0@mail.example',
      editHref: '/listnm/orders/edit/o00#editor',
      deleteHref: null,
      duplicateHref: null,
    });
    expect(active.rows[0]!.when).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M$/);
    expect(active.rows[0]!.notes).toEqual([
      { text: 'Open', tone: 'plain' },
      // 19:00 UTC is 2 PM in Chicago (daylight time).
      { text: '2 × Firewood Bundle · Deliver to site, Afternoon · Delivery 06/03/2026 02:00 PM · Site 51 · Confirmed', tone: 'plain' },
    ]);
    expect(active.filters.searchHint).toBe('Order, buyer, item or site');
    expect(active.moreHref).toBe('/listnm/orders?more=1#more-1');
    expect(active.links.otherView).toBe('/listnm/orders?view=archive');
    const chunk = (await rowsRoute.loader(args(getRequest(o.cookie, `/listnm/orders/rows?after=${encodeURIComponent(active.next!)}`)))) as {
      rows: RowView[];
      next: string | null;
    };
    expect(chunk.rows.map((row) => row.key)).toEqual(['o25', 'o26', 'o27', 'o28', 'o29']);
    expect(chunk.next).toBeNull();
    const archive = await page(o, '?view=archive');
    expect(archive.rows.map((row) => [row.key, row.notes[0]?.text])).toEqual([
      ['done', 'Completed'],
      ['denied', 'Denied'],
    ]);
  });

  it('filters by any text, by name, e-mail or id, and by order dates with the end day included', async () => {
    const o = await own({
      a: order('Ann', Date.UTC(2026, 5, 3, 4, 30), {
        cartItems: [{ storeItemTitle: 'Propane Refill', name: 'Ann Lee', email: 'ann@mail.example' }],
      }),
      b: order('Bob', Date.UTC(2026, 5, 10, 17)),
      c: order('Cy', Date.UTC(2026, 5, 1, 12)),
    });
    const keys = async (query: string) => (await page(o, query)).rows.map((row) => row.key).sort();
    expect(await keys('?q=propane')).toEqual(['a']);
    expect(await keys('?who=BOB@')).toEqual(['b']);
    expect(await keys('?who=guest-cy')).toEqual(['c']);
    expect(await keys('?who=lee')).toEqual(['a']);
    // Ann ordered at 23:30 on June 2 in Chicago: the end day June 2 keeps her order, June 1 does not.
    expect(await keys('?from=2026-06-02&to=2026-06-02')).toEqual(['a']);
    expect(await keys('?to=2026-06-01')).toEqual(['c']);
  });

  it('Delete Selected removes the orders after the confirmation', async () => {
    const o = await own({ a: order('Ann', 1), b: order('Bob', 2) });
    const confirm = await outcome<BulkActionData>(
      listRoute.action(args(postRequest(o.cookie, '/listnm/orders', { intent: 'delete-selected', key: ['a'] }))),
    );
    expect(confirm.data?.confirm?.count).toBe(1);
    const done = await outcome(
      listRoute.action(args(postRequest(o.cookie, '/listnm/orders', { intent: 'delete-selected', key: ['a'], confirmed: '1' }))),
    );
    expect(done.status).toBe(302);
    expect(Object.keys((await stored(services.paths.orders(o.community))) ?? {})).toEqual(['b']);
  });
});

describe('an order', () => {
  it('shows when it was ordered, the buyer, each cart item and the references', async () => {
    const o = await own({ a: order('Ann', Date.UTC(2026, 5, 3, 4, 30)) });
    const data = (await view(o, 'a')).data!;
    expect(data).toMatchObject({
      number: 'ANN',
      ordered: '06/02/2026 11:30 PM',
      status: 'Open',
      buyer: { name: 'Ann Buyer', phone: '(917) 555-0123', email: 'ann@mail.example', site: '51' },
      paymentIntentId: 'pi_Ann',
      pin: '4821',
      closeHref: '/listnm/orders',
    });
    expect(data.items).toEqual([
      {
        title: '2 × Firewood Bundle',
        options: 'Deliver to site, Afternoon',
        delivery: '06/03/2026 02:00 PM',
        site: '51',
        name: 'Ann Buyer',
        phone: '(917) 555-0123',
        email: 'ann@mail.example',
        confirmed: true,
        completed: false,
      },
    ]);
    expect(data.choices.map((choice) => choice.label)).toEqual(['Completed', 'Denied']);
    expect((await view(o, 'missing')).status).toBe(404);
  });

  it('Completed and Denied set completed and completedBy and close the view; Reopened, in the archive only, removes them', async () => {
    const o = await own({ a: order('Ann', 1), b: order('Bob', 2) });
    const path = services.paths.order(o.community, 'a');
    const done = await post(o, 'a', { intent: 'complete', was: '0' });
    expect(done.status).toBe(302);
    expect(done.response?.headers.get('Location')).toBe('/listnm/orders');
    expect(await stored(path)).toMatchObject({ completed: 2, completedBy: o.uid, orderId: 'ANN' });
    expect((await post(o, 'a', { intent: 'reopen', was: '2' })).status).toBe(400);
    expect((await view(o, 'a', '?view=archive')).data!.choices.map((choice) => choice.label)).toEqual(['Completed', 'Denied', 'Reopened']);
    const reopened = await post(o, 'a', { intent: 'reopen', was: '2' }, '?view=archive');
    expect(reopened.response?.headers.get('Location')).toBe('/listnm/orders?view=archive');
    const after = await stored(path);
    expect(after).not.toHaveProperty('completed');
    expect(after).not.toHaveProperty('completedBy');
    expect(after).toMatchObject({ paymentIntentId: 'pi_Ann' });
    await post(o, 'b', { intent: 'deny', was: '0' });
    expect(await stored(services.paths.order(o.community, 'b'))).toMatchObject({ completed: 1, completedBy: o.uid });
  });

  it('does not overwrite another person’s mark made after the page was shown (409, nothing written)', async () => {
    const o = await own({ a: order('Ann', 1, { completed: 1, completedBy: 'other' }) });
    const refused = await post(o, 'a', { intent: 'complete', was: '0' });
    expect(refused.status).toBe(409);
    expect(refused.data?.error).toMatch(/^This order was changed by someone else/);
    expect(await stored(services.paths.order(o.community, 'a'))).toMatchObject({ completed: 1, completedBy: 'other' });
    // Chosen again from the page that shows the other mark: replaced on purpose.
    expect((await post(o, 'a', { intent: 'complete', was: '1' }, '?view=archive')).status).toBe(302);
    expect(await stored(services.paths.order(o.community, 'a'))).toMatchObject({ completed: 2, completedBy: o.uid });
  });

  it('refuses a malformed was, an unknown intent, and people who are neither editor nor admin of the community', async () => {
    const o = await own({ a: order('Ann', 1) });
    expect((await post(o, 'a', { intent: 'complete', was: 'x' })).status).toBe(400);
    expect((await post(o, 'a', { intent: 'score:correct', was: '0' })).status).toBe(400);
    const notifier = await own({ a: order('Ann', 1) }, { canNotify: true });
    expect((await outcome(listRoute.loader(args(getRequest(notifier.cookie, '/listnm/orders'))))).status).toBe(403);
    expect((await post(notifier, 'a', { intent: 'complete', was: '0' })).status).toBe(403);
    expect(await stored(services.paths.order(notifier.community, 'a'))).not.toHaveProperty('completed');
  });
});
