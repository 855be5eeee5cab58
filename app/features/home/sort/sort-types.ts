import { z } from 'zod';
import { hrefs } from '~/lib/hrefs';
import { intent, intents } from '~/lib/intent';

/** The home actions handled by the sort mode's action (spec 01 §2.6, §4.3). */
export const SORT_ACTIONS = ['sort-button', 'sort-submit', 'sort-cancel', 'sort-alpha'] as const;

export type SortAction = (typeof SORT_ACTIONS)[number];

export function isSortAction(value: string | undefined): value is SortAction {
  return typeof value === 'string' && (SORT_ACTIONS as readonly string[]).includes(value);
}

/** A Move up / Move down button names the item's index in the pending order. */
const move = <Name extends 'move-up' | 'move-down'>(name: Name) =>
  z.object({ intent: z.literal(name), argument: z.coerce.number().int().min(0).max(9_999) });

/**
 * The sort mode's posts (STYLE 8): save the pending order, sort alphabetically (the
 * confirmation's OK), leave without saving, or move one item (the plain-HTML path of drag and
 * drop, `move-up:{index}`).
 */
export const SortIntent = intents(intent('sort-submit'), intent('sort-alpha'), intent('sort-cancel'), move('move-up'), move('move-down'));

export type SortIntent = z.infer<typeof SortIntent>;

/** The confirmation of sort-alpha (spec 02 §8). */
export const SORT_ALPHA_TITLE = 'Sort Alphabetically';
export const SORT_ALPHA_TEXT = 'Are you positive you want to sort this listing in alphabetical order?';

/**
 * The pending order of sort mode travels in the address (`/sort-button?order=[…]&moved=key&base=…`):
 * a Move up / Move down post, or a refused Save, redirects there, so the grid in the home
 * layout shows it (JavaScript on or off) and a reload keeps it. `base` is the version of the
 * stored order sort mode started from (app/lib/conflict.ts): Save compares it with the order
 * stored then, so a concurrent sort or edit of the menu is not overwritten unseen.
 */
export const SORT_ORDER_PARAM = 'order';
export const SORT_MOVED_PARAM = 'moved';
export const SORT_BASE_PARAM = 'base';

export function sortModeHref(order: readonly string[], moved?: string | null, base?: string | null): string {
  const search = new URLSearchParams({ [SORT_ORDER_PARAM]: JSON.stringify(order) });
  if (moved) search.set(SORT_MOVED_PARAM, moved);
  if (base) search.set(SORT_BASE_PARAM, base);
  return hrefs.homeAction('sort-button', search);
}

/** The pending order, the key just moved and the base version, from sort mode's address; null order when none. */
export function pendingSortOf(search: URLSearchParams): { order: string[] | null; moved: string | null; base: string | null } {
  let order: string[] | null = null;
  try {
    const parsed: unknown = JSON.parse(search.get(SORT_ORDER_PARAM) ?? 'null');
    if (Array.isArray(parsed) && parsed.every((key): key is string => typeof key === 'string')) order = parsed;
  } catch {
    order = null;
  }
  const base = search.get(SORT_BASE_PARAM);
  return { order, moved: search.get(SORT_MOVED_PARAM), base: base && base.length <= 100 ? base : null };
}
