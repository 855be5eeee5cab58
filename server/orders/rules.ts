import { asRecord, guestRecordPredicate, timeOf, type EntryFilters, type GuestRecordReader, type Json } from '@server/entries/rules';

/**
 * The rules of store orders (spec 02 "Guest entries": "Order rows and form-entry rows: orders
 * list at /listnm/orders"; §3 "Order"; §4 "Entry completion" and "Views"; §5 entry filters).
 * Pure: server/orders/store.ts reads and writes, the screens show what these answer.
 *
 * An order lives at user-written/{community}/orders/{orderId}: orderId, paymentIntentId,
 * orderTime, cartItems (storeItemKey, storeItemTitle, quantity, primaryOptionTitle,
 * secondaryOptionTitle, deliveryTime, site, name, phone, email, confirmed, completed),
 * loggedInUser, loggedInEmail, createdBy, completed, completedBy, site, pin. Its completion is a
 * guest entry's (0 open, 1 denied, 2 completed: server/entries/rules.ts); a cart item's own
 * `completed` is the guest app's and is only shown.
 */

const text = (value: unknown): string | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};

const yes = (value: unknown): boolean => value === true || value === 'true' || value === 1 || value === '1';

export interface CartItem {
  storeItemKey: string | null;
  title: string;
  quantity: number;
  primaryOption: string | null;
  secondaryOption: string | null;
  /** ms since the epoch; 0 when none. */
  deliveryTime: number;
  site: string | null;
  name: string | null;
  phone: string | null;
  email: string | null;
  confirmed: boolean;
  completed: boolean;
}

/** At most this many cart items of one order are read (a guest's cart; more is not an order staff can fill at a desk). */
export const MAX_CART_ITEMS = 100;

/** An order's cart items (a list, or the object a database makes of one), skipping what is no item. */
export function cartItems(order: Json): CartItem[] {
  const raw = Array.isArray(order.cartItems) ? order.cartItems : Object.values(asRecord(order.cartItems));
  return raw.slice(0, MAX_CART_ITEMS).flatMap((value): CartItem[] => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
    const item = value as Json;
    const quantity = Number(item.quantity);
    return [
      {
        storeItemKey: text(item.storeItemKey),
        title: text(item.storeItemTitle) ?? text(item.storeItemKey) ?? 'Store item',
        quantity: Number.isFinite(quantity) && quantity > 0 ? Math.floor(quantity) : 1,
        primaryOption: text(item.primaryOptionTitle),
        secondaryOption: text(item.secondaryOptionTitle),
        deliveryTime: timeOf(item.deliveryTime),
        site: text(item.site),
        name: text(item.name),
        phone: text(item.phone),
        email: text(item.email),
        confirmed: yes(item.confirmed),
        completed: yes(item.completed),
      },
    ];
  });
}

export interface Buyer {
  name: string | null;
  phone: string | null;
  email: string | null;
  site: string | null;
}

/** Who ordered: the first name, phone and e-mail the cart items give (the signed-in e-mail first), the order's site. */
export function orderBuyer(order: Json, items: readonly CartItem[] = cartItems(order)): Buyer {
  const first = (pick: (item: CartItem) => string | null) => items.map(pick).find((value) => value !== null) ?? null;
  return {
    name: first((item) => item.name),
    phone: first((item) => item.phone),
    email: text(order.loggedInEmail) ?? first((item) => item.email),
    site: text(order.site) ?? first((item) => item.site),
  };
}

/** The order's number as the guest knows it (orderId), else its key. */
export const orderNumber = (key: string, order: Json): string => text(order.orderId) ?? key;

export const orderTime = (order: Json): number => timeOf(order.orderTime);

/** "2 × Firewood Bundle": quantity and store item title. */
export const cartItemTitle = (item: CartItem): string => `${item.quantity} × ${item.title}`;

/** The options a guest chose, in order ("Deliver to site, Afternoon (2–4 PM)"). */
export const cartItemOptions = (item: CartItem): string | null =>
  [item.primaryOption, item.secondaryOption].filter((value): value is string => value !== null).join(', ') || null;

/** An order as the list's filters read it (spec 02 §5, the entries' filters). */
export const ORDER_READER: GuestRecordReader = {
  texts: (key, order) => {
    const items = cartItems(order);
    const buyer = orderBuyer(order, items);
    return [
      orderNumber(key, order),
      buyer.name,
      buyer.phone,
      buyer.email,
      buyer.site,
      ...items.flatMap((item) => [item.title, item.primaryOption, item.secondaryOption, item.site, item.name, item.phone, item.email]),
    ].filter((value): value is string => value !== null);
  },
  people: (key, order) => {
    const items = cartItems(order);
    return [
      orderBuyer(order, items).name,
      text(order.loggedInEmail),
      ...items.flatMap((item) => [item.name, item.email]),
      key,
      text(order.orderId),
      text(order.createdBy),
      text(order.paymentIntentId),
    ];
  },
  time: orderTime,
};

/**
 * The orders list's filters as one predicate: text matches anything the order says (number,
 * buyer, items, options, sites); the person filter the buyer's name or e-mail, or an id (the
 * order's key or number, createdBy, paymentIntentId); the dates the order time, the end day
 * included; the view the completion.
 */
export function orderPredicate(filters: EntryFilters): (key: string, order: Json) => boolean {
  return guestRecordPredicate(filters, ORDER_READER);
}

/** Newest order first (by orderTime, then key). */
export function compareOrders(a: { key: string; item: Json }, b: { key: string; item: Json }): number {
  return orderTime(b.item) - orderTime(a.item) || (a.key < b.key ? 1 : a.key > b.key ? -1 : 0);
}
