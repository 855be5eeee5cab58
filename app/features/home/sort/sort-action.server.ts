import { redirect } from '@remix-run/node';
import type { StaffContext } from '@server/authz';
import { loadCommunityRecord } from '@server/community/record';
import { currentSection } from '@server/menu/current-section';
import {
  SORT_MESSAGES,
  fitOrder,
  lockedItemCount,
  moveKey,
  parseOrder,
  readMenu,
  saveMenuOrder,
  sortConflictMessage,
  sortMenuAlphabetically,
} from '@server/menu/sort';
import { postedVersion } from '~/lib/conflict';
import { hrefs } from '~/lib/hrefs';
import { redirectWithToast } from '~/lib/toast.server';
import { getServices } from '~/services.server';
import { sortModeHref, type SortIntent } from './sort-types';

/**
 * Posts of the home screen's sort mode (spec 01 §2.6, §4.3), at /sort-button, /sort-submit,
 * /sort-alpha or /sort-cancel. Intents (STYLE 8):
 * - `move-up:{index}` / `move-down:{index}`: the plain-HTML path of drag and drop; moves one
 *   key of the pending order (the form's `order` field) and shows sort mode with it (in the
 *   address: the grid lives in the home layout, which never sees this route's action data).
 *   Nothing is saved.
 * - `sort-submit` (the default at /sort-submit): saves the pending order; when it is not
 *   exactly the stored items or moves locked ones, sort mode again with the stored order and
 *   the message as an error toast.
 * - `sort-alpha` (the default at /sort-alpha, posted by the confirmation's OK): sorts by title
 *   or name and saves.
 * - `sort-cancel`: back home without saving.
 * Staff of the community may sort (spec 02 §6: staff of a location manage its content).
 */
export async function sortAction(request: Request, { community, access }: StaffContext, intent: SortIntent, form: FormData) {
  const services = await getServices();
  // The section the home screen shows (main-menu unless another was chosen).
  const menuId = (await currentSection(request, community)).section.id;
  const locked = lockedItemCount(await loadCommunityRecord(await getServices(), community), access.isResortSystem, menuId);

  if (intent.intent === 'sort-cancel') return redirect(hrefs.home());

  if (intent.intent === 'sort-alpha') {
    await sortMenuAlphabetically(services, community, locked, menuId);
    return redirectWithToast(request, hrefs.home(), { kind: 'success', message: SORT_MESSAGES.sortedAlpha });
  }

  const current = (await readMenu(services, community, menuId)).map((item) => item.key);
  const order = parseOrder(form.get('order'));
  // The version of the order sort mode started from (app/lib/conflict.ts).
  const base = postedVersion(form);

  if (intent.intent === 'sort-submit') {
    if (!order) return redirectWithToast(request, sortModeHref(current, null, base), { kind: 'error', message: SORT_MESSAGES.changed });
    const result = await saveMenuOrder(services, community, order, locked, menuId, base);
    if (!result.ok && 'conflict' in result) {
      // Someone else changed the menu meanwhile: their order is named, this person's stays on
      // screen (fitted to the items there are now), and the next Save replaces theirs.
      const { conflict } = result;
      return redirectWithToast(request, sortModeHref(fitOrder(order, conflict.current), null, conflict.version), {
        kind: 'error',
        message: sortConflictMessage(conflict.titles),
      });
    }
    if (!result.ok) return redirectWithToast(request, sortModeHref(result.current, null, base), { kind: 'error', message: result.message });
    return redirectWithToast(request, hrefs.home(), { kind: 'success', message: SORT_MESSAGES.saved });
  }

  // move-up / move-down: a pending order that no longer matches the menu starts again from the stored one.
  const sameItems =
    order && order.length === current.length && new Set(order).size === order.length && order.every((key) => current.includes(key));
  const pending = sameItems ? order : current;
  const step = intent.intent === 'move-up' ? -1 : 1;
  const next = moveKey(pending, intent.argument, step, locked);
  return redirect(sortModeHref(next, next[intent.argument + step] ?? null, base));
}
