import { requireStaff } from '@server/authz';
import { ENTRIES_PAGE_SIZE } from '@server/entries/rules';
import { communityTimeZone, ORDERS_LIST_KEY } from '@server/listing';
import type { ResolvedList } from '@server/listing/resolved';
import { linkedListDefinition } from '~/lib/listing/linked';
import type { ListContextDefinition, ListView } from '~/lib/listing/types';
import { getServices } from '~/services.server';

/**
 * The store orders list (spec 02 "Guest entries": "orders list at /listnm/orders"; §3 "Order"):
 * guest entries of the store, so listed as entries are (§9: 25 a page; §4: the active view holds
 * the open orders, the archive the completed and denied ones; §5: any text, the buyer's name,
 * e-mail or an id, the order dates with the end day included). Rows open the order in the right
 * column; Delete Selected removes orders.
 */
export const ORDERS_DEFINITION: ListContextDefinition = linkedListDefinition({
  title: 'Orders',
  itemName: 'Order',
  order: { by: 'child', child: 'orderTime', newestFirst: true },
  fields: { title: 'loggedInEmail' },
  filters: ['text', 'person', 'date'],
  pageSizes: { first: ENTRIES_PAGE_SIZE, next: ENTRIES_PAGE_SIZE },
  permission: 'staff',
  emptyMessage: 'No orders yet.',
  loadingText: 'Loading orders',
  searchHint: 'Order, buyer, item or site',
  // Two views like the entries lists: the orders' own predicate reads them by completion
  // (server/entries/rules.ts entryView), not by an end time; `completed` is never a time.
  dated: { endField: 'completed' },
});

/** The orders list as its address names it. */
export interface ResolvedOrders extends ResolvedList {
  view: ListView;
  timeZone: string;
}

/**
 * `/listnm/orders[/…]`: staff of the community, who are its editors or admins (spec 02 §6 "view
 * orders require isEditor or isAdmin"; resort system admins manage every community). The view
 * is `?view=archive` or the active one.
 */
export async function resolveOrders(request: Request): Promise<ResolvedOrders> {
  const staff = await requireStaff(request);
  const services = await getServices();
  const view: ListView = new URL(request.url).searchParams.get('view') === 'archive' ? 'archive' : 'active';
  const definition = ORDERS_DEFINITION;
  return {
    staff,
    key: ORDERS_LIST_KEY,
    definition,
    location: { family: 'listnm', context: ORDERS_LIST_KEY, tab: null, firstTab: null },
    address: { community: staff.community, definition, base: ORDERS_LIST_KEY, tab: null },
    title: definition.title,
    tabs: [],
    headerContext: ORDERS_LIST_KEY,
    view,
    timeZone: await communityTimeZone(services, staff.community),
  };
}
