import type { DbValue, RealtimeDb } from '@server/db';
import { unchanged, versionOf } from '@server/db/version';
import type { Paths } from '@server/paths';

/**
 * Sorting a menu section (spec 01 §2.6, §4.3; spec 02 §8): the rules behind the home screen's
 * sort-button / sort-submit / sort-cancel / sort-alpha actions.
 *
 * A menu is stored as an array of item objects at `menu(community, menuId)`. While sorting,
 * the browser carries the pending order as the items' keys (uniqueId, else id, else
 * its index; repeats get `~2`, `~3` …) and nothing is written until the order is saved;
 * saving re-reads the menu, checks that the submitted keys are exactly its items, reorders, drops
 * the temporary `sortKey` fields (spec 01 §3.2) and writes the whole array in one set.
 *
 * Locked items (spec 01 §6: "for certain customer app projects, the first 6 main-menu items
 * cannot be dragged by non-resort admins"): the project configuration (public/accounts) has no
 * such flag, so the community record's optional `lockFirstMainMenuItems: true` marks the
 * communities of those projects; for everyone but resort system admins the first six items of
 * main-menu then keep their places.
 */

/** How many leading main-menu items are locked for non-resort admins (spec 01 §6). */
export const LOCKED_MAIN_MENU_ITEMS = 6;

export const SORT_MESSAGES = {
  changed: 'The menu has changed since you started sorting. Please review the order and try again.',
  locked: `The first ${LOCKED_MAIN_MENU_ITEMS} main menu items cannot be moved.`,
  saved: 'The menu order has been saved.',
  sortedAlpha: 'The menu has been sorted alphabetically.',
} as const;

/**
 * A sort saved over an order someone else changed meanwhile (app/lib/conflict.ts): their order
 * is named, the person's own order stays on screen (their new items last) and Save replaces theirs.
 */
export function sortConflictMessage(theirs: readonly string[]): string {
  const list = theirs.length > 0 ? theirs.join(', ') : '(no items)';
  return `The menu was changed by someone else while you were sorting. Their order: ${list}. Your order is still shown, with any new items last. Save again to replace theirs.`;
}

/** The version of a menu's order as sort mode shows it: its item keys in order. */
export function menuOrderVersion(items: readonly StoredMenuItem[]): string {
  return versionOf(items.map((item) => item.key));
}

/** A pending order fitted to the menu as it is now: keys it no longer has dropped, new ones last. */
export function fitOrder(order: readonly string[], current: readonly string[]): string[] {
  const kept = order.filter((key, index) => current.includes(key) && order.indexOf(key) === index);
  return [...kept, ...current.filter((key) => !kept.includes(key))];
}

export type MenuDeps = { db: RealtimeDb; paths: Pick<Paths, 'menu'> };

export interface StoredMenuItem {
  /** The item's key while sorting (stable for an unchanged menu). */
  key: string;
  /** Its position in the stored list. */
  index: number;
  value: Record<string, unknown>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** The item objects of a stored menu, in stored order (arrays with gaps come back as objects). */
export function menuItems(menu: unknown): StoredMenuItem[] {
  const pairs: Array<[number, unknown]> = Array.isArray(menu)
    ? menu.map((item, index) => [index, item])
    : isObject(menu)
      ? Object.entries(menu)
          .filter(([key]) => /^\d+$/.test(key))
          .map(([key, item]) => [Number(key), item] as [number, unknown])
          .sort((a, b) => a[0] - b[0])
      : [];
  const seen = new Map<string, number>();
  return pairs.flatMap(([index, value]) => {
    if (!isObject(value)) return [];
    const base = text(value.uniqueId) ?? text(value.id) ?? String(index);
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return [{ key: count === 1 ? base : `${base}~${count}`, index, value }];
  });
}

/** The title a menu item sorts by: its title, else its name. */
export function itemTitle(value: Record<string, unknown>): string {
  return text(value.title) ?? text(value.name) ?? '';
}

/** How many leading items are locked for this person in this community (0 or 6). */
export function lockedItemCount(community: Record<string, unknown>, isResortSystem: boolean, menuId = 'main-menu'): number {
  return menuId === 'main-menu' && community.lockFirstMainMenuItems === true && !isResortSystem ? LOCKED_MAIN_MENU_ITEMS : 0;
}

export type OrderCheck = { ok: true; order: string[] } | { ok: false; message: string };

/**
 * Checks a submitted order against the current keys: it must hold each current item exactly
 * once, and leave the first `locked` items where they are.
 */
export function checkOrder(current: readonly string[], submitted: readonly string[], locked: number): OrderCheck {
  const wanted = new Set(current);
  const given = new Set(submitted);
  if (submitted.length !== current.length || given.size !== submitted.length || ![...given].every((key) => wanted.has(key))) {
    return { ok: false, message: SORT_MESSAGES.changed };
  }
  const fixed = Math.min(locked, current.length);
  for (let index = 0; index < fixed; index += 1) {
    if (submitted[index] !== current[index]) return { ok: false, message: SORT_MESSAGES.locked };
  }
  return { ok: true, order: [...submitted] };
}

/**
 * Moves the key at `index` one place up (-1) or down (+1) in a pending order; a move out of the
 * list or into (or out of) the locked items leaves the order as it is.
 */
export function moveKey(order: readonly string[], index: number, delta: -1 | 1, locked: number): string[] {
  const target = index + delta;
  const next = [...order];
  if (!Number.isInteger(index) || index < locked || target < locked || index >= order.length || target >= order.length) return next;
  const moved = next[index];
  const other = next[target];
  if (moved === undefined || other === undefined) return next;
  next[index] = other;
  next[target] = moved;
  return next;
}

/** The keys in alphabetical order of title or name (case-insensitive, locale order); locked items stay first. */
export function alphabeticalOrder(items: readonly StoredMenuItem[], locked: number): string[] {
  const fixed = items.slice(0, locked);
  const rest = items
    .slice(locked)
    .map((item, position) => ({ item, position, title: itemTitle(item.value).toLocaleLowerCase() }))
    .sort((a, b) => a.title.localeCompare(b.title, undefined, { sensitivity: 'base' }) || a.position - b.position)
    .map(({ item }) => item);
  return [...fixed, ...rest].map((item) => item.key);
}

/** An item as saved: without its temporary sort key. */
export function withoutSortKey(value: Record<string, unknown>): Record<string, unknown> {
  const { sortKey: _sortKey, ...rest } = value;
  return rest;
}

/** A pending order from the form's `order` field (a JSON array of keys); null when malformed. */
export function parseOrder(raw: FormDataEntryValue | null): string[] | null {
  if (typeof raw !== 'string') return null;
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) && value.every((key) => typeof key === 'string') ? (value as string[]) : null;
  } catch {
    return null;
  }
}

export async function readMenu(deps: MenuDeps, community: string, menuId = 'main-menu'): Promise<StoredMenuItem[]> {
  return menuItems((await deps.db.ref(deps.paths.menu(community, menuId)).get()).val());
}

export type SaveResult =
  | { ok: true; order: string[] }
  | { ok: false; message: string; current: string[] }
  /** The menu changed since sort mode showed it: nothing written; its order (keys, titles) and version now. */
  | { ok: false; conflict: { current: string[]; titles: string[]; version: string } };

/**
 * Saves a menu in the submitted order (sort-submit) in one transaction over the menu array: the
 * order is checked against the items as stored at that moment (exact set, locked items in
 * place) and, when `expectedVersion` is given, the stored order must still be the one sort mode
 * started from (menuOrderVersion). Temporary sort keys are dropped; the items' other fields are
 * written as they are stored then, so an edit saved meanwhile is kept.
 */
export async function saveMenuOrder(
  deps: MenuDeps,
  community: string,
  submitted: readonly string[],
  locked: number,
  menuId = 'main-menu',
  expectedVersion: string | null = null,
): Promise<SaveResult> {
  let outcome: SaveResult = { ok: false, message: SORT_MESSAGES.changed, current: [] };
  const result = await deps.db.ref(deps.paths.menu(community, menuId)).transaction((raw) => {
    const items = menuItems(raw);
    const current = items.map((item) => item.key);
    if (expectedVersion && menuOrderVersion(items) !== expectedVersion) {
      outcome = {
        ok: false,
        conflict: { current, titles: items.map((item) => itemTitle(item.value) || item.key), version: menuOrderVersion(items) },
      };
      return unchanged(raw);
    }
    const check = checkOrder(current, submitted, locked);
    if (!check.ok) {
      outcome = { ok: false, message: check.message, current };
      return unchanged(raw);
    }
    outcome = { ok: true, order: check.order };
    const byKey = new Map(items.map((item) => [item.key, item.value]));
    return check.order.map((key) => withoutSortKey(byKey.get(key)!)) as DbValue;
  });
  if (outcome.ok && !result.committed) return { ok: false, message: SORT_MESSAGES.changed, current: [] };
  return outcome;
}

/** Sorts a menu alphabetically by title or name and saves it (sort-alpha), in one transaction; locked items stay first. */
export async function sortMenuAlphabetically(deps: MenuDeps, community: string, locked: number, menuId = 'main-menu'): Promise<string[]> {
  let order: string[] = [];
  await deps.db.ref(deps.paths.menu(community, menuId)).transaction((raw) => {
    const items = menuItems(raw);
    order = alphabeticalOrder(items, locked);
    const byKey = new Map(items.map((item) => [item.key, item.value]));
    return items.length === 0 ? unchanged(raw) : (order.map((key) => withoutSortKey(byKey.get(key)!)) as DbValue);
  });
  return order;
}
