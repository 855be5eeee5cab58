import { describe, expect, it } from 'vitest';
import { ENTRY_DAY_EXTENSION } from '@server/entries/rules';
import { cartItemOptions, cartItems, compareOrders, orderBuyer, orderNumber, orderPredicate } from './rules';

const order = (more: Record<string, unknown> = {}) => ({
  orderId: '1042',
  paymentIntentId: 'pi_abc',
  orderTime: 1_000,
  createdBy: 'guest-jordan',
  site: '51',
  cartItems: [
    {
      storeItemKey: 'firewood',
      storeItemTitle: 'Firewood Bundle',
      quantity: 2,
      primaryOptionTitle: 'Deliver to site',
      secondaryOptionTitle: 'Afternoon',
      deliveryTime: 5_000,
      site: '51',
      name: 'Jordan Ellis',
      phone: '(917) 555-0123',
      email: 'jordan@mail.example',
      confirmed: true,
      completed: false,
    },
    { storeItemKey: 'ice', storeItemTitle: 'Ice', quantity: 'x', name: 'Someone Else' },
  ],
  ...more,
});

describe('an order', () => {
  it('reads its cart items, with a quantity of 1 when none is given and options in order', () => {
    const items = cartItems(order());
    expect(items.map((item) => [item.title, item.quantity, item.confirmed])).toEqual([
      ['Firewood Bundle', 2, true],
      ['Ice', 1, false],
    ]);
    expect(cartItemOptions(items[0]!)).toBe('Deliver to site, Afternoon');
    expect(cartItemOptions(items[1]!)).toBeNull();
    // A database turns a list into an object keyed 0, 1 …; junk items are skipped.
    expect(cartItems({ cartItems: { 0: { storeItemTitle: 'Ice' }, 1: 'junk' } }).map((item) => item.title)).toEqual(['Ice']);
  });

  it('names its buyer by the first cart item, the signed-in e-mail first, and the order’s site', () => {
    expect(orderBuyer(order({ loggedInEmail: 'signed@mail.example' }))).toEqual({
      name: 'Jordan Ellis',
      phone: '(917) 555-0123',
      email: 'signed@mail.example',
      site: '51',
    });
    expect(orderBuyer({ cartItems: [] })).toEqual({ name: null, phone: null, email: null, site: null });
    expect(orderNumber('key-1', order())).toBe('1042');
    expect(orderNumber('key-1', {})).toBe('key-1');
  });

  it('is listed newest first', () => {
    const rows = [
      { key: 'a', item: { orderTime: 1 } },
      { key: 'b', item: { orderTime: 3 } },
      { key: 'c', item: { orderTime: 3 } },
    ];
    expect(rows.sort(compareOrders).map((row) => row.key)).toEqual(['c', 'b', 'a']);
  });
});

describe('the orders filters', () => {
  const keys = (filters: Parameters<typeof orderPredicate>[0], orders: Record<string, Record<string, unknown>>) => {
    const matches = orderPredicate(filters);
    return Object.entries(orders)
      .filter(([key, value]) => matches(key, value))
      .map(([key]) => key);
  };
  const orders = {
    a: order(),
    b: order({ orderId: '2001', cartItems: [{ storeItemTitle: 'Propane Refill', name: 'Marcus Hill', email: 'marcus@mail.example' }] }),
    c: order({ orderId: '3001', completed: 2, completedBy: 'staff' }),
  };

  it('text matches anything the order says: items, options, buyer, number', () => {
    expect(keys({ text: 'propane' }, orders)).toEqual(['b']);
    expect(keys({ text: 'AFTERNOON' }, orders)).toEqual(['a', 'c']);
    expect(keys({ text: '2001' }, orders)).toEqual(['b']);
  });

  it('the person filter matches the buyer’s name or e-mail, or an id', () => {
    expect(keys({ person: 'hill' }, orders)).toEqual(['b']);
    expect(keys({ person: 'MARCUS@' }, orders)).toEqual(['b']);
    expect(keys({ person: 'pi_abc' }, orders)).toEqual(['a', 'b', 'c']);
    expect(keys({ person: 'c' }, { c: {} })).toEqual(['c']);
    // Options and item titles are not people.
    expect(keys({ person: 'firewood' }, orders)).toEqual([]);
  });

  it('the dates compare the order time, the end day included; the views the completion', () => {
    const day = Date.UTC(2026, 5, 2);
    const dated = { early: { orderTime: day - 1 }, first: { orderTime: day }, last: { orderTime: day + ENTRY_DAY_EXTENSION - 1 } };
    expect(keys({ start: day, endDayStart: day }, dated)).toEqual(['first', 'last']);
    expect(keys({ view: 'active' }, orders)).toEqual(['a', 'b']);
    expect(keys({ view: 'archive' }, orders)).toEqual(['c']);
  });
});
