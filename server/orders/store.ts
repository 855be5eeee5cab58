import type { DbValue } from '@server/db';
import { asRecord, completedOf, statusText, type Json } from '@server/entries/rules';
import { entryDate } from '@server/entries/store';
import type { ListRow } from '@server/listing/engine';
import type { ListDeps, ListSourceAdapter, RowContext, RowDetails } from '@server/listing/source';
import { rowsSource } from '@server/listing/sources/rows';
import { isValidKey } from '~/lib/db-key';
import {
  cartItemOptions,
  cartItems,
  cartItemTitle,
  compareOrders,
  orderBuyer,
  orderNumber,
  orderPredicate,
  orderTime,
  type CartItem,
} from './rules';

/**
 * Store orders in the database (user-written/{community}/orders/{orderId}, spec 02 §3 "Order"):
 * the orders list's source and one order. An order's completion is written as a guest entry's
 * (server/entries/completion.ts, with its `was` check, docs/decisions/031).
 */

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every order of the community, newest first. */
export async function readOrders({ db, paths }: ListDeps, community: string): Promise<ListRow[]> {
  const stored = (await db.ref(paths.orders(community)).get()).val();
  const rows: ListRow[] = Object.entries(asRecord(stored)).flatMap(([key, value]) => (isRecord(value) ? [{ key, item: value }] : []));
  return rows.sort(compareOrders);
}

/** One order, or null when the community has none by that key. */
export async function readOrder({ db, paths }: ListDeps, community: string, orderId: string): Promise<Json | null> {
  if (!isValidKey(orderId)) return null;
  const stored = (await db.ref(paths.order(community, orderId)).get()).val();
  return isRecord(stored) ? stored : null;
}

/** One cart item as a row's line: "2 × Firewood Bundle · Deliver to site, Afternoon · Delivery 11/30/2026 02:00 PM · Site 51 · Confirmed". */
export function cartItemLine(item: CartItem, timeZone: string): string {
  return [
    cartItemTitle(item),
    cartItemOptions(item),
    item.deliveryTime > 0 ? `Delivery ${entryDate(item.deliveryTime, timeZone)}` : null,
    item.site ? `Site ${item.site}` : null,
    item.confirmed ? 'Confirmed' : 'Not confirmed',
  ]
    .filter((part): part is string => part !== null)
    .join(' · ');
}

/** What an order's row shows: the buyer, the order number, site, phone and e-mail, the order time, its status and cart items. */
export function orderRowDetails(key: string, order: Json, context: RowContext): RowDetails {
  const items = cartItems(order);
  const buyer = orderBuyer(order, items);
  const number = orderNumber(key, order);
  const time = orderTime(order);
  const completed = completedOf(order);
  const title = buyer.name ?? buyer.email ?? `Order ${number}`;
  const subtitle = [
    `Order ${number}`,
    buyer.site ? `Site ${buyer.site}` : null,
    buyer.phone,
    buyer.email && buyer.email !== title ? buyer.email : null,
  ]
    .filter((part): part is string => part !== null)
    .join(' · ');
  return {
    title,
    subtitle,
    when: time > 0 ? entryDate(time, context.timeZone) : null,
    notes: [
      { text: statusText(order), tone: completed === 2 ? 'good' : completed === 1 ? 'alert' : 'plain' },
      ...items.map((item) => ({ text: cartItemLine(item, context.timeZone), tone: 'plain' as const })),
    ],
  };
}

/**
 * The orders list's source (server/listing/registry.ts): a community's orders read whole (a
 * season's orders are hundreds, a few thousand at most), newest first, filtered by the orders'
 * rules; Delete Selected removes orders in one update.
 */
export const ORDERS_SOURCE: ListSourceAdapter = {
  ...rowsSource({
    rows: (deps, address) => readOrders(deps, address.community),
    async remove({ db, paths }, address, keys) {
      const update: Record<string, DbValue> = {};
      for (const key of keys) update[key] = null;
      await db.ref(paths.orders(address.community)).update(update);
      return { archived: 0, removed: keys.length };
    },
    predicate: (filters) => {
      const matches = orderPredicate(filters);
      return (row) => matches(row.key, row.item);
    },
  }),
  rowDetails: async (_deps, _address, context) => (item, key) => orderRowDetails(key, item, context),
};
