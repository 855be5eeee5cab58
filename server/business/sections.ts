import type { RealtimeDb } from '@server/db/types';
import { walkMenus } from '@server/menu/sections';
import type { Paths } from '@server/paths';
import { isValidKey } from '~/lib/db-key';
import { contextForMenuType, LIST_CONTEXT_KEYS, LIST_CONTEXTS } from '~/lib/listing/contexts';

/**
 * The listing sections a business item can live in (spec 03 §2 "Associated Listing Sections":
 * main and sub menu sections): every node of a detail-item list of the community — the lists of
 * the main menu's and submenus' items whose type opens the business detail editor (dining,
 * recreation, services, attractions, reservations, business), one node per tab
 * (`{base}-{tab}`), and the lists `/listnm/{context}` opens on its own. The editor's
 * `:dbContext` must be one of them; anything else is 404.
 */

export interface DetailSection {
  /** The node under location-data/{community} (dining-resort). */
  node: string;
  /** As people read it: 'Dining: Resort'. */
  title: string;
  /** The list context key (dining …). */
  context: string;
}

/** The list contexts whose editor is the business detail editor, with the detail type the editor's address names. */
export const DETAIL_CONTEXTS = LIST_CONTEXT_KEYS.filter((key) => LIST_CONTEXTS[key].editor.kind === 'detail');

export const detailTypeOf = (context: string): string | null => {
  const found = DETAIL_CONTEXTS.find((key) => key === context);
  if (!found) return null;
  const editor = LIST_CONTEXTS[found].editor;
  return editor.kind === 'detail' ? editor.detailType : null;
};

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

function tabsOf(value: unknown): Array<{ id: string; title: string }> {
  if (!Array.isArray(value)) return [];
  return value.flatMap((tab: unknown) => {
    if (typeof tab !== 'object' || tab === null) return [];
    const record = tab as Record<string, unknown>;
    const id = text(record.id);
    return id && isValidKey(id) ? [{ id, title: text(record.title) ?? id }] : [];
  });
}

/** Every detail section of the community: the menus' first, in menu order, then the plain lists not already named. */
export async function detailSections(deps: { db: RealtimeDb; paths: Paths }, community: string): Promise<DetailSection[]> {
  const found = new Map<string, DetailSection>();
  const add = (node: string, title: string, context: string) => {
    if (isValidKey(node) && !found.has(node)) found.set(node, { node, title, context });
  };
  await walkMenus(deps, community, (_section, items) => {
    for (const { value } of items) {
      const context = contextForMenuType(String(value.type ?? ''));
      if (!context || !(DETAIL_CONTEXTS as readonly string[]).includes(context)) continue;
      const base = text(value.dbContext) ?? text(value.uniqueId);
      if (!base) continue;
      const name = text(value.name) ?? text(value.title) ?? LIST_CONTEXTS[context].title;
      const tabs = tabsOf(value.tabs);
      if (tabs.length === 0) add(base, name, context);
      for (const tab of tabs) add(`${base}-${tab.id}`, `${name}: ${tab.title}`, context);
    }
  });
  for (const context of DETAIL_CONTEXTS) {
    const definition = LIST_CONTEXTS[context];
    if (definition.tabs.length === 0) add(context, definition.title, context);
    for (const tab of definition.tabs) add(`${context}-${tab.id}`, `${definition.title}: ${tab.title}`, context);
  }
  return [...found.values()];
}

/** The section a `:dbContext` names, or null. */
export async function findDetailSection(
  deps: { db: RealtimeDb; paths: Paths },
  community: string,
  node: string,
): Promise<DetailSection | null> {
  if (!isValidKey(node)) return null;
  return (await detailSections(deps, community)).find((section) => section.node === node) ?? null;
}

/**
 * A menu item of type business-detail opens one listing of its own (spec 02 §2 menu item types;
 * server/menu/items.ts writes it at location-data/{community}/business-detail/{uniqueId}): the
 * editor's section for it. It is no list, has no listing icons (spec 03 §2 Title/Location), and
 * is reached at `/detail/business-detail/{record}`.
 */
export const BUSINESS_DETAIL_SECTION: DetailSection = Object.freeze({
  node: 'business-detail',
  title: 'Business',
  context: 'business-detail',
});

/** The sections whose items show no listing icons: the business list and the single business detail. */
export const NO_LIST_ICON_CONTEXTS: ReadonlySet<string> = new Set(['business', BUSINESS_DETAIL_SECTION.context]);
