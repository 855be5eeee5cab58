import type { DbValue, RealtimeDb } from '@server/db/types';
import { versionOf } from '@server/db/version';
import type { ListRow } from '@server/listing/engine';
import type { ListDeps, ListSourceAdapter } from '@server/listing/source';
import { rowsSource } from '@server/listing/sources/rows';
import { walkMenus } from '@server/menu/sections';
import type { Paths } from '@server/paths';
import { isValidKey } from '~/lib/db-key';
import { contextForMenuType } from '~/lib/listing/contexts';
import { MAX_PROMO_ITEMS, MAX_PROMO_PAGES, type PromoKind } from '~/lib/promos';
import type { PromoValue } from '~/schemas/promo';

/**
 * Splash screens and banner ads (app/lib/promos.ts; spec 02 §7 "delete splash screens across
 * apps; ads pages update"; spec 03 §9 "banner ad / splash / email template (title, url,
 * drawable, pages)"): the records, their list sources, and the rules of their saves and deletes.
 *
 * - A splash screen lives at `location-data/{app}/splashscreen/{key}` in every app its `pages`
 *   names (always including the app it was made in), the same record under the same key. A save
 *   writes every copy and removes the copies of apps taken off; a delete removes every copy: the
 *   splash screen goes from all apps at once. Only someone who administers every app involved
 *   may change or delete it (a resort system admin administers them all).
 * - A banner ad lives at `location-data/{community}/ads/{key}`; its `pages` are uniqueIds of the
 *   community's menu items that open a list (its listing pages). A save keeps only pages that
 *   exist; a menu item's delete takes its page off every ad (`dropAdPage`).
 * Each save is one guarded multi-path update: it is made only while the item is as the form
 * showed it (its version), so concurrent edits never overwrite each other silently.
 */

export interface PromoRecord {
  title: string;
  url: string;
  drawable: string;
  pages: string[];
}

export type PromoDeps = { db: RealtimeDb; paths: Paths };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** A stored list of page keys (an array, or an object when it has gaps) as keys. */
export function pagesOf(value: unknown): string[] {
  const list: unknown[] = Array.isArray(value) ? value : isObject(value) ? Object.values(value) : [];
  const keys = list.filter((page): page is string => isValidKey(page));
  return [...new Set(keys)].slice(0, MAX_PROMO_PAGES);
}

export function promoOf(value: unknown): PromoRecord | null {
  if (!isObject(value)) return null;
  return { title: text(value.title), url: text(value.url), drawable: text(value.drawable), pages: pagesOf(value.pages) };
}

/** The version an editor form carries: of what the form shows. */
export const promoVersion = (record: PromoRecord): string => versionOf(record);

const nodeOf = (paths: Paths, kind: PromoKind, community: string) =>
  kind === 'splashscreen' ? paths.splashScreens(community) : paths.ads(community);
export const itemPathOf = (paths: Paths, kind: PromoKind, community: string, key: string) =>
  kind === 'splashscreen' ? paths.splashScreen(community, key) : paths.ad(community, key);

export async function readPromos(
  deps: PromoDeps,
  kind: PromoKind,
  community: string,
): Promise<Array<{ key: string; record: PromoRecord }>> {
  const stored = (
    await deps.db
      .ref(nodeOf(deps.paths, kind, community))
      .orderByKey()
      .limitToFirst(MAX_PROMO_ITEMS)
      .get()
  ).val();
  if (!isObject(stored)) return [];
  return Object.entries(stored)
    .filter(([key]) => isValidKey(key))
    .flatMap(([key, value]) => {
      const record = promoOf(value);
      return record ? [{ key, record }] : [];
    })
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

export async function readPromo(deps: PromoDeps, kind: PromoKind, community: string, key: string): Promise<PromoRecord | null> {
  if (!isValidKey(key)) return null;
  return promoOf((await deps.db.ref(itemPathOf(deps.paths, kind, community, key)).get()).val());
}

/** A fresh key for a new item (a chronological push id, nothing written). */
export function newPromoKey(deps: PromoDeps, kind: PromoKind, community: string): string {
  const key = deps.db.ref(nodeOf(deps.paths, kind, community)).push().key;
  if (!key) throw new Error('No push key.');
  return key;
}

// ─── Splash screens across apps ────────────────────────────────────────────────────────────────

/** The apps that show a splash screen: the app it is edited in, then its pages, each once. */
export function splashApps(community: string, pages: readonly string[]): string[] {
  return [...new Set([community, ...pages])];
}

/**
 * The writes of a splash screen's save: the record (with every app in `pages`) in each app that
 * shows it, and null in each app that showed it before and no longer does.
 */
export function splashSaveWrites(
  paths: Pick<Paths, 'splashScreen'>,
  input: { community: string; key: string; value: Omit<PromoRecord, 'pages'> & { pages: readonly string[] }; before: PromoRecord | null },
): Record<string, DbValue> {
  const apps = splashApps(input.community, input.value.pages);
  const record = { title: input.value.title, url: input.value.url, drawable: input.value.drawable, pages: apps };
  const writes: Record<string, DbValue> = {};
  for (const app of apps) writes[paths.splashScreen(app, input.key)] = record;
  for (const app of input.before ? splashApps(input.community, input.before.pages) : []) {
    if (!apps.includes(app)) writes[paths.splashScreen(app, input.key)] = null;
  }
  return writes;
}

/** The writes of a splash screen's delete: null in every app that shows it (spec 02 §7 "delete splash screens across apps"). */
export function splashDeleteWrites(
  paths: Pick<Paths, 'splashScreen'>,
  input: { community: string; key: string; stored: PromoRecord },
): Record<string, DbValue> {
  return Object.fromEntries(splashApps(input.community, input.stored.pages).map((app) => [paths.splashScreen(app, input.key), null]));
}

/** The apps of a change the person does not administer (none: the change is theirs to make). */
export function appsOutsideRights(apps: readonly string[], canAdmin: (app: string) => boolean): string[] {
  return apps.filter((app) => !canAdmin(app));
}

// ─── Banner ads' pages ─────────────────────────────────────────────────────────────────────────

export interface ListingPage {
  /** The menu item's uniqueId: the list it opens. */
  key: string;
  title: string;
}

/** The community's listing pages: its menu items (main menu and submenus) that open a list, each once. */
export async function listingPages(deps: PromoDeps, community: string): Promise<ListingPage[]> {
  const pages = new Map<string, string>();
  await walkMenus(deps, community, (_section, items) => {
    for (const { value } of items) {
      const uniqueId = text(value.uniqueId);
      const type = text(value.type);
      if (!isValidKey(uniqueId) || pages.has(uniqueId) || !type || contextForMenuType(type) === null) continue;
      pages.set(uniqueId, text(value.name) || text(value.title) || uniqueId);
    }
  });
  return [...pages].slice(0, MAX_PROMO_PAGES).map(([key, title]) => ({ key, title }));
}

/** The pages an ad keeps: those that are listing pages of the community now, in the listing pages' order. */
export function pagesInStep(pages: readonly string[], listing: readonly ListingPage[]): string[] {
  const wanted = new Set(pages);
  return listing.filter((page) => wanted.has(page.key)).map((page) => page.key);
}

/**
 * A menu item that opened `page` is gone: every ad of the community stops naming it (spec 02 §7
 * "ads pages update"). One multi-path update of the ads' pages; returns how many ads changed.
 */
export async function dropAdPage(deps: PromoDeps, community: string, page: string): Promise<number> {
  if (!isValidKey(page)) return 0;
  const writes: Record<string, DbValue> = {};
  for (const { key, record } of await readPromos(deps, 'ads', community)) {
    if (record.pages.includes(page)) writes[deps.paths.adPages(community, key)] = record.pages.filter((other) => other !== page);
  }
  if (Object.keys(writes).length > 0) await deps.db.ref().update(writes);
  return Object.keys(writes).length;
}

// ─── Saves and deletes ─────────────────────────────────────────────────────────────────────────

export type PromoSaveAnswer =
  | { kind: 'saved'; key: string }
  | { kind: 'conflict'; stored: PromoRecord | null; version: string | null }
  | { kind: 'gone' }
  | { kind: 'taken' }
  | { kind: 'invalid-pages'; pages: string[] }
  | { kind: 'outside-rights'; apps: string[] };

export interface PromoSaveInput {
  kind: PromoKind;
  community: string;
  key: string;
  /** True for a new item (its key must be free). */
  adding: boolean;
  value: PromoValue;
  /** The version of what the form showed (null: an add). */
  version: string | null;
  /** Whether the person administers this app (splash screens' apps). */
  canAdmin: (app: string) => boolean;
}

/** Saves a splash screen (every app that shows it) or a banner ad (its pages checked against the listing pages). */
export async function savePromo(deps: PromoDeps, input: PromoSaveInput): Promise<PromoSaveAnswer> {
  const { kind, community, key } = input;
  if (!isValidKey(key)) return { kind: 'gone' };
  const path = itemPathOf(deps.paths, kind, community, key);
  const before = input.adding ? null : await readPromo(deps, kind, community, key);
  if (!input.adding && !before) return { kind: 'gone' };

  let writes: Record<string, DbValue>;
  if (kind === 'splashscreen') {
    const apps = splashApps(community, input.value.pages);
    const involved = [...new Set([...apps, ...(before ? splashApps(community, before.pages) : [])])];
    const outside = appsOutsideRights(involved, input.canAdmin);
    if (outside.length > 0) return { kind: 'outside-rights', apps: outside };
    writes = splashSaveWrites(deps.paths, { community, key, value: { ...input.value, url: input.value.url ?? '' }, before });
  } else {
    const listing = await listingPages(deps, community);
    const known = new Set(listing.map((page) => page.key));
    const stale = new Set(before?.pages ?? []);
    // A page posted that is no listing page: refused, unless it was the ad's before (its menu item went meanwhile: dropped).
    const unknown = input.value.pages.filter((page) => !known.has(page) && !stale.has(page));
    if (unknown.length > 0) return { kind: 'invalid-pages', pages: unknown };
    writes = {
      [path]: {
        title: input.value.title,
        url: input.value.url ?? '',
        drawable: input.value.drawable,
        pages: pagesInStep(input.value.pages, listing),
      },
    };
  }

  let seen: unknown = null;
  const result = await deps.db.ref().guardedUpdate(
    path,
    (current: unknown) => {
      seen = current;
      if (input.adding) return current === null || current === undefined;
      const stored = promoOf(current);
      return stored !== null && promoVersion(stored) === input.version;
    },
    writes,
  );
  if (result.committed) return { kind: 'saved', key };
  if (input.adding) return { kind: 'taken' };
  const stored = promoOf(seen);
  if (!stored) return { kind: 'gone' };
  return { kind: 'conflict', stored, version: promoVersion(stored) };
}

export type PromoDeleteAnswer = { kind: 'deleted'; apps: string[] } | { kind: 'gone' } | { kind: 'outside-rights'; apps: string[] };

/** Deletes a banner ad, or a splash screen from every app that shows it. */
export async function deletePromo(
  deps: PromoDeps,
  input: { kind: PromoKind; community: string; key: string; canAdmin: (app: string) => boolean },
): Promise<PromoDeleteAnswer> {
  const { kind, community, key } = input;
  const stored = await readPromo(deps, kind, community, key);
  if (!stored) return { kind: 'gone' };
  const path = itemPathOf(deps.paths, kind, community, key);
  if (kind === 'ads') {
    await deps.db.ref(path).remove();
    return { kind: 'deleted', apps: [community] };
  }
  const apps = splashApps(community, stored.pages);
  const outside = appsOutsideRights(apps, input.canAdmin);
  if (outside.length > 0) return { kind: 'outside-rights', apps: outside };
  // Guarded by this app's copy as read: a save that changed its apps meanwhile is not undone half.
  const version = promoVersion(stored);
  const result = await deps.db.ref().guardedUpdate(
    path,
    (current: unknown) => {
      const now = promoOf(current);
      return now !== null && promoVersion(now) === version;
    },
    splashDeleteWrites(deps.paths, { community, key, stored }),
  );
  if (!result.committed) return (await readPromo(deps, kind, community, key)) ? deletePromo(deps, input) : { kind: 'gone' };
  return { kind: 'deleted', apps };
}

// ─── List sources ──────────────────────────────────────────────────────────────────────────────

function promoSource(kind: PromoKind): ListSourceAdapter {
  return {
    ...rowsSource({
      rows: async (deps: ListDeps, address): Promise<ListRow[]> =>
        (await readPromos(deps, kind, address.community)).map(({ key, record }) => ({
          key,
          item: { title: record.title || 'Untitled', url: record.url, drawable: record.drawable, pages: record.pages },
        })),
      // Deletes go through deletePromo (the person's rights over every app); the list offers no bulk delete.
      remove: async () => ({ archived: 0, removed: 0 }),
    }),
    rowDetails: async () => (item) => {
      const pages = pagesOf(item.pages);
      const count = kind === 'splashscreen' ? Math.max(pages.length, 1) : pages.length;
      const noun = kind === 'splashscreen' ? (count === 1 ? 'app' : 'apps') : count === 1 ? 'page' : 'pages';
      return {
        subtitle: text(item.url) || null,
        notes: [{ text: kind === 'ads' && count === 0 ? 'On no page' : `On ${count} ${noun}`, tone: 'plain' }],
      };
    },
  };
}

export const SPLASH_SOURCE = promoSource('splashscreen');
export const ADS_SOURCE = promoSource('ads');
