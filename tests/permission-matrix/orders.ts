import type { Role } from '../setup/services';
import type { MatrixRow, Outcome } from './matrix';

// As in ./matrix.ts (not imported: that module imports this one).
const LOGIN = 'login';
const REMOTE = 'redirect:/detail/remote';

/**
 * The store orders (spec 02 "Guest entries": orders list at /listnm/orders; §6 "view orders
 * require isEditor or isAdmin": staff of the community, who are its editors or admins):
 * `/listnm/orders` (the list, its next chunk, Delete Selected) and an order at
 * `/listnm/orders/edit/:orderId` (Completed, Denied, Reopened in the archive). A's demo data has
 * order-1042 (open) and order-1043 (completed); B has no orders (firebase/seed/demo-data.json).
 * What the screens show and write: app/features/orders/orders.server.test.ts.
 */

const staff = (outcome: Outcome, overrides: Partial<Record<Role, Outcome>> = {}): Record<Role, Outcome> => ({
  anonymous: LOGIN,
  editorA: outcome,
  adminA: outcome,
  editorB: outcome,
  system: outcome,
  super: outcome,
  remote: REMOTE,
  ...overrides,
});
/** An order of A's: B's staff have no such order in their community. */
const onA = (outcome: Outcome) => staff(outcome, { editorB: 404 });

const ORDERS = '/listnm/orders';

export const ORDER_LINES: MatrixRow[] = [
  { request: { path: ORDERS }, expected: staff(200), note: 'the open orders (B: none of its own)' },
  {
    request: { path: `${ORDERS}?view=archive&q=propane&who=hill&from=2026-01-01&to=2026-12-31` },
    expected: staff(200),
    note: 'archive, filtered',
  },
  { request: { path: `${ORDERS}/rows?after=bad` }, expected: staff(400), note: 'a junk cursor' },
  { request: { path: `${ORDERS}/rows` }, expected: staff(200), note: 'the next chunk from the start' },
  { request: { path: `${ORDERS}/edit/order-1042` }, expected: onA(200), note: 'an order' },
  { request: { path: `${ORDERS}/edit/order-1043?view=archive` }, expected: onA(200), note: 'a completed order in the archive' },
  { request: { path: `${ORDERS}/edit/no-such-order` }, expected: staff(404) },
  {
    request: { path: `${ORDERS}/add` },
    expected: staff(404, { anonymous: 404, remote: 404 }),
    note: 'no /listnm/:context context (orders are the guests’: nothing to add); no page, for anyone',
  },
  {
    request: { path: `${ORDERS}/id/order-1042` },
    expected: staff(404, { anonymous: 404, remote: 404 }),
    note: 'no /listnm/:context context: no page, for anyone',
  },
  {
    request: { method: 'POST', path: ORDERS, form: { intent: 'delete-selected', key: 'order-1042' } },
    expected: staff(200),
    note: 'Delete Selected asks first',
  },
  {
    request: { method: 'POST', path: ORDERS, form: { intent: 'delete-selected', key: 'order-1042', confirmed: '1' } },
    expected: staff(`redirect:${ORDERS}`),
    note: 'Delete Selected, confirmed: the orders are removed (B: none of its own)',
  },
  {
    request: { method: 'POST', path: `${ORDERS}/edit/order-1042`, form: { intent: 'complete', was: '0' } },
    expected: onA(`redirect:${ORDERS}`),
    note: 'Completed: completed 2 and completedBy, the view closes',
  },
  {
    request: { method: 'POST', path: `${ORDERS}/edit/order-1042`, form: { intent: 'deny', was: '0' } },
    expected: onA(`redirect:${ORDERS}`),
    note: 'Denied: completed 1',
  },
  {
    request: { method: 'POST', path: `${ORDERS}/edit/order-1042`, form: { intent: 'deny', was: '2' } },
    expected: onA(409),
    note: 'someone else marked it meanwhile: nothing written',
  },
  {
    request: { method: 'POST', path: `${ORDERS}/edit/order-1042`, form: { intent: 'reopen', was: '0' } },
    expected: onA(400),
    note: 'Reopened is offered in the archive only',
  },
  {
    request: { method: 'POST', path: `${ORDERS}/edit/order-1043?view=archive`, form: { intent: 'reopen', was: '2' } },
    expected: onA(`redirect:${ORDERS}?view=archive`),
    note: 'Reopened in the archive: completed and completedBy removed',
  },
];
