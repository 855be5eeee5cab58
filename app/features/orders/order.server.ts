import { data as answer } from '@remix-run/node';
import { answerCompletion, unreadable } from '@server/entries/completion';
import { completedOf, completionChoices, statusText, type CompletionChoice, type Json } from '@server/entries/rules';
import { entryDate } from '@server/entries/store';
import { readForm } from '@server/http/form.server';
import { notFound } from '@server/http/responses';
import { cartItemOptions, cartItems, cartItemTitle, orderBuyer, orderNumber, orderTime, type Buyer } from '@server/orders/rules';
import { readOrder } from '@server/orders/store';
import { parseIntent } from '~/lib/intent';
import { listUrls } from '~/lib/listing/urls';
import { redirectWithToast } from '~/lib/toast.server';
import { getServices } from '~/services.server';
import { OrderIntent } from './intents';
import { resolveOrders, type ResolvedOrders } from './resolve.server';

/**
 * One store order in the orders list's right column (spec 02 "Guest entries", §3 "Order", §4
 * "Entry completion"): when it was ordered, the buyer, every cart item with its options,
 * delivery time, site and confirmation, the payment and pick-up references; Completed, Denied
 * (and Reopened in the archive) and Cancel, with the entries' concurrency rule (decision 031).
 */

type Params = Record<string, string | undefined>;

export interface CartItemView {
  title: string;
  options: string | null;
  delivery: string | null;
  site: string | null;
  name: string | null;
  phone: string | null;
  email: string | null;
  confirmed: boolean;
  completed: boolean;
}

export interface OrderViewData {
  key: string;
  number: string;
  ordered: string;
  status: string;
  completed: number;
  buyer: Buyer;
  loggedInEmail: string | null;
  createdBy: string | null;
  paymentIntentId: string | null;
  pin: string | null;
  items: CartItemView[];
  choices: CompletionChoice[];
  closeHref: string;
}

export type OrderActionData = { error: string };

const text = (value: unknown): string | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};

async function orderOf(list: ResolvedOrders, orderId: string): Promise<Json> {
  const order = await readOrder(await getServices(), list.staff.community, orderId);
  if (!order) throw notFound();
  return order;
}

/** The order as its view shows it. */
export function orderView(key: string, order: Json, timeZone: string): Omit<OrderViewData, 'choices' | 'closeHref'> {
  const items = cartItems(order);
  const time = orderTime(order);
  return {
    key,
    number: orderNumber(key, order),
    ordered: time > 0 ? entryDate(time, timeZone) : '',
    status: statusText(order),
    completed: completedOf(order),
    buyer: orderBuyer(order, items),
    loggedInEmail: text(order.loggedInEmail),
    createdBy: text(order.createdBy),
    paymentIntentId: text(order.paymentIntentId),
    pin: text(order.pin),
    items: items.map((item) => ({
      title: cartItemTitle(item),
      options: cartItemOptions(item),
      delivery: item.deliveryTime > 0 ? entryDate(item.deliveryTime, timeZone) : null,
      site: item.site,
      name: item.name,
      phone: item.phone,
      email: item.email,
      confirmed: item.confirmed,
      completed: item.completed,
    })),
  };
}

export async function loadOrder(request: Request, params: Params): Promise<OrderViewData> {
  const list = await resolveOrders(request);
  const key = params.orderId ?? '';
  const order = await orderOf(list, key);
  return {
    ...orderView(key, order, list.timeZone),
    choices: completionChoices(list.view, order),
    closeHref: listUrls(list.location, new URL(request.url).searchParams).list,
  };
}

const MAX_WAS = 20;

/** Completed / Denied / Reopened (archive only) of one order. */
export async function orderAction(request: Request, params: Params) {
  const list = await resolveOrders(request);
  const orderId = params.orderId ?? '';
  // An order that is not there (another community's, or removed) is no page, whatever the post.
  await orderOf(list, orderId);
  const form = await readForm(request);
  const posted = parseIntent(form, OrderIntent);
  const was = form.get('was');
  if (was !== null && (typeof was !== 'string' || was.length > MAX_WAS)) {
    return answer<OrderActionData>({ error: unreadable('order') }, { status: 400 });
  }
  const services = await getServices();
  const completion = await answerCompletion(services, services.paths.order(list.staff.community, orderId), {
    intent: posted.intent,
    was,
    view: list.view,
    uid: list.staff.user.uid,
    noun: 'order',
  });
  if (completion.kind === 'not-found') throw notFound();
  if (completion.kind === 'refused') return answer<OrderActionData>({ error: completion.error }, { status: completion.status });
  if (completion.kind === 'other') return answer<OrderActionData>({ error: 'Choose Completed, Denied or Cancel.' }, { status: 400 });
  // The view closes: the order leaves a list whose view it no longer belongs to.
  return redirectWithToast(request, listUrls(list.location, new URL(request.url).searchParams).list, {
    kind: 'success',
    message: `The order was marked ${completion.choice.label}.`,
  });
}
