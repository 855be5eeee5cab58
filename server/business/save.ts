import type { DbValue, RealtimeDb } from '@server/db/types';
import { versionOf } from '@server/db/version';
import { formatListingContext, type Paths } from '@server/paths';
import { businessFormValue, sectionOfContext } from '~/lib/business';

/**
 * Saving a business item (spec 03 §7 "Business editor" writes; decision 008): the item under
 * its section at its key (a new one on top of its list, with its own key as `id`), a copy
 * under each selected Associated Listing Section (same key, same `id`), removal from the
 * sections no longer selected, and whatever the caller adds (the remote-management updates),
 * after the version the form showed was compared with the item as stored. Everything is written
 * in one multi-path update that checks the item again (commitBusinessSave).
 */

type Deps = { db: RealtimeDb; paths: Paths };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export async function readBusiness(
  deps: Deps,
  community: string,
  section: string,
  itemId: string,
): Promise<Record<string, unknown> | null> {
  const value = (await deps.db.ref(deps.paths.listItem(community, section, itemId)).get()).val();
  return isObject(value) ? value : null;
}

/** The version of a stored item as the editor shows it. */
export const businessVersion = (stored: Record<string, unknown>, community: string): string =>
  versionOf(businessFormValue(stored, community));

export interface SaveBusinessInput {
  community: string;
  /** The section node the item is edited in (its list). */
  section: string;
  itemId: string;
  isNew: boolean;
  /** The version the form showed; null skips the check. */
  version: string | null;
  /** Item fields to write over the stored item (null deletes a field). */
  fields: Record<string, DbValue>;
  /** The Associated Listing Sections chosen (section nodes of this community); null leaves them as stored. */
  sections: string[] | null;
  /** Further paths written in the same update (remote management). */
  extra?: Record<string, DbValue>;
}

export type SaveBusinessResult =
  | {
      ok: true;
      updates: Record<string, DbValue>;
      item: Record<string, DbValue>;
      /** The version of the item the plan was made from (null for a new item). */
      baseVersion: string | null;
    }
  | { ok: false; reason: 'conflict'; stored: Record<string, unknown>; version: string }
  | { ok: false; reason: 'exists' | 'gone' };

/** The key of a section's copy of the item: its own key when there, else the child whose `id` is the item's. */
async function copyKey(deps: Deps, community: string, section: string, itemId: string): Promise<string | null> {
  const direct = (await deps.db.ref(deps.paths.listItem(community, section, itemId)).get()).val();
  if (isObject(direct)) return itemId;
  const found = (await deps.db.ref(deps.paths.section(community, section)).orderByChild('id').equalTo(itemId).limitToFirst(1).get()).val();
  return isObject(found) ? (Object.keys(found)[0] ?? null) : null;
}

/** The ordinal that puts a new child on top of a list (its first ordinal minus one; 0 for an empty list). */
async function topOrdinalOf(deps: Deps, community: string, section: string): Promise<number> {
  const first = (await deps.db.ref(deps.paths.section(community, section)).orderByChild('ordinal').limitToFirst(1).get()).val();
  const value = isObject(first) ? Object.values(first)[0] : null;
  const ordinal = isObject(value) ? Number(value.ordinal) : Number.NaN;
  return Number.isFinite(ordinal) ? ordinal - 1 : 0;
}

/** The multi-path update of a save, or why there is none. Writes nothing. */
export async function planBusinessSave(deps: Deps, input: SaveBusinessInput): Promise<SaveBusinessResult> {
  const { community, section, itemId } = input;
  const stored = await readBusiness(deps, community, section, itemId);
  if (input.isNew && stored) return { ok: false, reason: 'exists' };
  if (!input.isNew && !stored) return { ok: false, reason: 'gone' };
  if (stored && input.version !== null) {
    const version = businessVersion(stored, community);
    if (version !== input.version) return { ok: false, reason: 'conflict', stored, version };
  }

  const item: Record<string, DbValue> = { ...((stored ?? {}) as Record<string, DbValue>) };
  for (const [field, value] of Object.entries(input.fields)) {
    if (value === null || value === undefined) delete item[field];
    else item[field] = value;
  }
  if (input.isNew) {
    item.ordinal = await topOrdinalOf(deps, community, section);
  }
  if (typeof item.id !== 'string' || item.id === '') item.id = itemId;
  const detailId = String(item.id);

  // Contexts: this community's chosen sections (its own always), other communities' as stored.
  const storedContexts = Array.isArray(stored?.contexts)
    ? stored.contexts.filter((context): context is string => typeof context === 'string')
    : [];
  const storedSections = storedContexts
    .map((context) => sectionOfContext(context, community))
    .filter((node): node is string => node !== null);
  const chosen = input.sections === null ? storedSections : input.sections;
  const sections = [section, ...chosen.filter((node) => node !== section)].filter((node, index, all) => all.indexOf(node) === index);
  const others = storedContexts.filter((context) => sectionOfContext(context, community) === null);
  item.contexts = [...sections.map((node) => formatListingContext(community, node)), ...others];

  const updates: Record<string, DbValue> = { [deps.paths.listItem(community, section, itemId)]: item };
  for (const node of sections) {
    if (node === section) continue;
    const key = (await copyKey(deps, community, node, detailId)) ?? detailId;
    const existing = (await deps.db.ref(deps.paths.listItem(community, node, key)).get()).val();
    const ordinal =
      isObject(existing) && typeof existing.ordinal === 'number' ? existing.ordinal : await topOrdinalOf(deps, community, node);
    updates[deps.paths.listItem(community, node, key)] = { ...item, ordinal };
  }
  for (const node of storedSections) {
    if (sections.includes(node)) continue;
    const key = await copyKey(deps, community, node, detailId);
    if (key) updates[deps.paths.listItem(community, node, key)] = null;
  }
  Object.assign(updates, input.extra ?? {});
  return { ok: true, updates, item, baseVersion: stored ? businessVersion(stored, community) : null };
}

/**
 * Writes a planned save so that no other save is lost silently (decision 008) and no crash
 * leaves half of it (decision 019): the item, its copies, removals and `extra` (remote
 * management) in ONE multi-path update guarded by the item, which must still be the one the plan
 * was made from (still absent for a new item). Another save in between makes it a conflict and
 * writes nothing.
 */
export async function commitBusinessSave(
  deps: Deps,
  input: Pick<SaveBusinessInput, 'community' | 'section' | 'itemId'>,
  planned: Extract<SaveBusinessResult, { ok: true }>,
  extra: Record<string, DbValue> = {},
): Promise<SaveBusinessResult> {
  const itemPath = deps.paths.listItem(input.community, input.section, input.itemId);
  const result = await deps.db.ref().guardedUpdate(
    itemPath,
    (current) => {
      const now = isObject(current) ? current : null;
      return planned.baseVersion === null ? now === null : now !== null && businessVersion(now, input.community) === planned.baseVersion;
    },
    { ...planned.updates, ...extra, [itemPath]: planned.item },
  );
  if (result.committed) return planned;
  const now: unknown = result.snapshot.val();
  if (isObject(now)) return { ok: false, reason: 'conflict', stored: now, version: businessVersion(now, input.community) };
  return { ok: false, reason: planned.baseVersion === null ? 'exists' : 'gone' };
}

/** Plans and writes a save in one multi-path update. */
export async function saveBusiness(deps: Deps, input: SaveBusinessInput): Promise<SaveBusinessResult> {
  const planned = await planBusinessSave(deps, input);
  return planned.ok ? commitBusinessSave(deps, input, planned) : planned;
}

/** Fields a duplicate leaves behind (spec 02 §3 ids; remote management is the original's). */
export const NOT_DUPLICATED = ['id', 'ordinal', 'importId', 'placeId', 'remotelyManaged', 'allowFavorite', 'contexts'] as const;

/** The item a duplicate starts from: the original without its id, remote fields, import and place ids, and contexts. */
export function duplicateOf(stored: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(stored).filter(([field]) => !(NOT_DUPLICATED as readonly string[]).includes(field)));
}
