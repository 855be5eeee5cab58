import type { DbValue, RealtimeDb } from '@server/db';
import { versionOf } from '@server/db/version';
import { type Paths, calendarIdFromTitle } from '@server/paths';
import {
  authGroupOptions,
  isReservedUniqueId,
  slugForUniqueId,
  uniqueIdFor,
  type AuthGroup,
  type UserGroupTopic,
} from '~/lib/catalogues/auth-groups';
import { getMenuButtonType, menuButtonTypeOfItem, menuItemDefaults, type MenuButtonType } from '~/lib/catalogues/menu-buttons';
import { normalizeHex, randomIconColors, type IconColors } from '~/lib/icons/colors';
import { getMenuIcon, menuIconOrDefault } from '~/lib/icons/library';
import { sanitizeSvg } from '~/lib/icons/sanitize';
import { hasTabs, recordSourceOf, type MenuItemValue } from '~/schemas/menu-item';
import { MAIN_MENU, walkMenus } from './sections';
import { LOCKED_MAIN_MENU_ITEMS, menuItems, type StoredMenuItem } from './sort';

/**
 * Menu items (spec 02 "Menu item editor", §3 menu item, §4 "Menu item", §5, §6, §7 "Menu:
 * write the menu item in the menu context; set searchablemap-detail title for a new map"):
 * reading an item for the editor, the records it can point at, saving and deleting. Pure data
 * functions over the RealtimeDb port; the editor (./editor.ts, and the routes /add and /home/edit/:itemId)
 * checks permissions and parses the form.
 *
 * A menu is an array of item objects at `menu(community, menuId)`. Items are addressed by the
 * key sorting uses (uniqueId, else id, else index; see ./sort.ts). Saving reads the menu in a
 * transaction and replaces (or appends) the one item, so an edit never overwrites another
 * person's change to another item.
 */

export const MENU_ITEM_MESSAGES = {
  added: 'The menu item has been added.',
  saved: 'The menu item has been saved.',
  deleted: 'The menu item has been deleted.',
  gone: 'This menu item no longer exists. It may have been deleted or moved by someone else.',
  protectedDelete: `Only resort admins can delete the first ${LOCKED_MAIN_MENU_ITEMS} main menu items.`,
} as const;

export type MenuDeps = { db: RealtimeDb; paths: Paths };
type Rec = Record<string, unknown>;

const isObject = (value: unknown): value is Rec => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/**
 * Spec 02 §6: deleting main-menu items with index below 6 is restricted to resort admins on
 * camping-province projects. Those communities carry `protectFirstMainMenuItems: true` on their
 * record (as `lockFirstMainMenuItems` marks the projects whose first six cannot be dragged).
 */
export function canDeleteMenuItem(menuId: string, index: number, community: Rec, isResortSystem: boolean): boolean {
  if (menuId !== MAIN_MENU || index >= LOCKED_MAIN_MENU_ITEMS || isResortSystem) return true;
  return community.protectFirstMainMenuItems !== true;
}

/**
 * Types whose stored uniqueId is a fixed section name (the community's messages, rewards and
 * store lists), whatever the title; the purchase scans' fixed ids come from the catalogue.
 */
export const FIXED_UNIQUE_IDS: Readonly<Record<string, string>> = { messages: 'messages', rewards: 'rewards', store: 'store' };

// ─── Reading ─────────────────────────────────────────────────────────────────────────────────

export async function readMenuItems(deps: MenuDeps, community: string, menuId: string): Promise<StoredMenuItem[]> {
  return menuItems((await deps.db.ref(deps.paths.menu(community, menuId)).get()).val());
}

export function findMenuItem(items: readonly StoredMenuItem[], key: string): StoredMenuItem | undefined {
  return items.find((item) => item.key === key);
}

/** The picker type of a stored item (file → website+fromFile, scans, listing sections). */
export function typeOfItem(value: Rec): MenuButtonType | undefined {
  return menuButtonTypeOfItem(value);
}

export interface Choice {
  value: string;
  label: string;
}

const RECORD_PATHS: Readonly<Record<string, (paths: Paths, community: string) => string>> = {
  form: (paths, c) => paths.customForms(c),
  hunts: (paths, c) => paths.hunts(c),
  'store-detail': (paths, c) => paths.storeItems(c),
  booking: (paths, c) => paths.bookings(c),
  'amc-events': (paths, c) => paths.calendarConfigs(c),
  'searchablemap-detail': (paths, c) => paths.maps(c),
  'business-detail': (paths, c) => paths.section(c, 'business-detail'),
};

/** The records an item of this type can point at (its uniqueId), by title. */
export async function recordChoices(deps: MenuDeps, community: string, typeId: string): Promise<Choice[]> {
  const pathOf = RECORD_PATHS[typeId];
  if (!pathOf) return [];
  const all = (await deps.db.ref(pathOf(deps.paths, community)).get()).val();
  if (!isObject(all)) return [];
  return Object.entries(all)
    .filter(([, record]) => isObject(record))
    .map(([key, record]) => ({ value: key, label: text((record as Rec).title) ?? text((record as Rec).name) ?? key }))
    .sort((a, b) => a.label.localeCompare(b.label, undefined, { sensitivity: 'base' }));
}

/** Spec 02 §6, §7: the restricted item's groups: the fixed ones and the user-group topics of the location and of the system. */
export async function authChoices(deps: MenuDeps, community: string): Promise<AuthGroup[]> {
  const [local, system] = await Promise.all([
    deps.db.ref(deps.paths.topics(community)).get(),
    deps.db.ref(deps.paths.systemTopics()).get(),
  ]);
  const groups = (value: unknown): UserGroupTopic[] =>
    isObject(value)
      ? Object.entries(value)
          .filter(([, topic]) => isObject(topic) && topic.type === 'user-group')
          .map(([key, topic]) => ({ key, title: text((topic as Rec).title) ?? key }))
      : [];
  return authGroupOptions(groups(local.val()), groups(system.val()));
}

/** Every uniqueId (and id) used by the community's menus, main-menu and each submenu, and the menus' own names. */
export async function usedUniqueIds(deps: MenuDeps, community: string): Promise<Set<string>> {
  const used = new Set<string>();
  await walkMenus(deps, community, (section, items) => {
    used.add(section.id);
    for (const { value } of items) {
      for (const id of [text(value.uniqueId), text(value.id)]) if (id) used.add(id);
    }
  });
  return used;
}

async function sectionExists(deps: MenuDeps, community: string, name: string): Promise<boolean> {
  try {
    return (await deps.db.ref(deps.paths.section(community, name)).orderByKey().limitToFirst(1).get()).exists();
  } catch {
    return true; // not a usable key: treat as taken, so a suffix is added
  }
}

/**
 * Spec 02 §5: a generated uniqueId: the title's slug, with a '-{timestamp}' suffix when it is a
 * reserved name, is used by a menu item, or names an existing section of the community's data.
 */
export async function generateUniqueId(
  deps: MenuDeps,
  community: string,
  title: string,
  now: number,
  tabIds: readonly string[] = [],
): Promise<string> {
  const used = await usedUniqueIds(deps, community);
  const slug = slugForUniqueId(title);
  if (slug !== '' && !isReservedUniqueId(slug) && !used.has(slug)) {
    const names = [slug, ...tabIds.map((tab) => `${slug}-${tab}`)];
    for (const name of names) {
      if (await sectionExists(deps, community, name)) {
        used.add(slug);
        break;
      }
    }
  }
  return uniqueIdFor(title, used, now);
}

// ─── The form's values ───────────────────────────────────────────────────────────────────────

export interface EditorItem {
  key: string;
  index: number;
  value: Rec;
  type: MenuButtonType | undefined;
}

/** The editor's form values for a stored item. */
export function formValueOf(menuId: string, item: EditorItem): Record<string, unknown> {
  const value = item.value;
  const iconData = isObject(value.iconData) ? value.iconData : {};
  const libraryIcon = getMenuIcon(text(value.icon) ?? text(iconData.title));
  const customSvg = !libraryIcon || iconData.isCustom === true ? text(iconData.svg) : null;
  const type = item.type;
  const source = recordSourceOf(type?.id);
  const uniqueId = text(value.uniqueId) ?? '';
  const auth = Array.isArray(value.auth) ? value.auth.filter((group): group is string => typeof group === 'string') : [];
  const tabs = Array.isArray(value.tabs)
    ? value.tabs.filter(isObject).map((tab) => ({ id: text(tab.id) ?? '', title: text(tab.title) ?? '' }))
    : [];
  return {
    menuId,
    itemKey: item.key,
    typeId: type?.id ?? '',
    name: text(value.name) ?? text(value.title) ?? '',
    description: text(value.description) ?? '',
    icon: customSvg ? '' : (libraryIcon?.name ?? ''),
    iconSvg: customSvg ?? '',
    colorIconShape: normalizeHex(iconData.colorIconShape) ?? '',
    colorIconBackground: normalizeHex(iconData.colorIconBackground) ?? '',
    url: text(value.url) ?? '',
    useWebView: value.useWebView === true,
    source: source?.mode === 'new-or-existing' ? (uniqueId ? 'existing' : 'new') : undefined,
    existingId: source ? uniqueId : '',
    tabs,
    isRestricted: value.isRestricted === true || auth.length > 0,
    auth,
  };
}

// ─── Saving ──────────────────────────────────────────────────────────────────────────────────

export interface SaveContext {
  community: string;
  /**
   * The version of the item the form showed (menuItemVersion); when given and the stored item
   * is another, nothing is saved and the answer is a conflict. Null or absent: no check.
   */
  expectedVersion?: string | null;
  /** The community record: icon set and colours (random modes). */
  record: Rec;
  now: number;
  /** Random colours for new items when the community's random modes are on. */
  rng?: () => number;
}

export type SaveResult =
  | { ok: true; key: string; added: boolean }
  | { ok: false; message: string }
  /** The item changed since the form showed it: nothing written; the item as stored now. */
  | { ok: false; conflict: { version: string; item: EditorItem } };

/** The version of an item as the editor shows it (its form value): see server/db/version.ts. */
export function menuItemVersion(menuId: string, entry: StoredMenuItem): string {
  return versionOf(formValueOf(menuId, { ...entry, type: typeOfItem(entry.value) }));
}

/** The community's own icon colours (spec 01 §3.1), with the console's defaults where unset. */
export function communityIconColors(record: Rec): IconColors {
  return {
    colorIconShape: normalizeHex(record.colorIconShape) ?? '#FFFFFF',
    colorIconBackground: normalizeHex(record.colorIconBackground) ?? normalizeHex(record.colorBackground) ?? '#1DA9F3',
  };
}

/** A new item's colours: the community's, or random ones in its random icon colour modes (spec 01 §4.4). */
export function newItemColors(record: Rec, rng: () => number = Math.random): IconColors {
  const base = communityIconColors(record);
  const randomShape = record.colorIconShapeRandom === true;
  const randomBackground = record.colorIconBackgroundRandom === true;
  return randomShape || randomBackground ? randomIconColors(rng, { randomShape, randomBackground, base }) : base;
}

/** The item's icon colours: the form's, else the stored item's, else a new item's. */
function iconColors(value: MenuItemValue, stored: Rec | null, ctx: SaveContext): IconColors {
  const storedIcon = stored && isObject(stored.iconData) ? stored.iconData : {};
  const fallback = stored ? communityIconColors(ctx.record) : newItemColors(ctx.record, ctx.rng);
  return {
    colorIconShape: value.colorIconShape ?? normalizeHex(storedIcon.colorIconShape) ?? fallback.colorIconShape,
    colorIconBackground: value.colorIconBackground ?? normalizeHex(storedIcon.colorIconBackground) ?? fallback.colorIconBackground,
  };
}

/** Tabs as stored: each with an id (kept, else the title's slug, unique within the item). */
export function storedTabs(tabs: MenuItemValue['tabs']): Array<{ id: string; title: string }> {
  const ids = new Set<string>();
  return tabs.map((tab) => {
    let id = tab.id && /^[a-z0-9_-]+$/i.test(tab.id) ? tab.id : slugForUniqueId(tab.title) || 'tab';
    const base = id;
    for (let n = 2; ids.has(id); n += 1) id = `${base}-${n}`;
    ids.add(id);
    return { id, title: tab.title! };
  });
}

interface Writes {
  /** Extra records to write with the item (a new calendar's config, a new map's title …). */
  records: Record<string, DbValue>;
  uniqueId: string | null;
}

/**
 * The uniqueId of the saved item and the records a new one needs (spec 02 §4, §5, §7):
 * unchanged when the type is unchanged and nothing else was chosen; a chosen record's key;
 * a new calendar (config with priorNotificationTime 15, allowUserCreated false), a new map
 * (its title) or a new business; fixed section names; otherwise a generated id.
 */
async function uniqueIdAndRecords(
  deps: MenuDeps,
  value: MenuItemValue,
  type: MenuButtonType,
  stored: Rec | null,
  typeChanged: boolean,
  ctx: SaveContext,
): Promise<Writes> {
  const { community, now } = ctx;
  const records: Record<string, DbValue> = {};
  const storedUniqueId = stored && !typeChanged ? text(stored.uniqueId) : null;
  const fixed = type.savesAs?.uniqueId ?? FIXED_UNIQUE_IDS[type.id];
  if (fixed) return { records, uniqueId: fixed };

  const source = recordSourceOf(type.id);
  if (source && (source.mode === 'choose' || value.source === 'existing')) return { records, uniqueId: value.existingId! };
  if (source && value.source === 'new') {
    if (type.id === 'amc-events') {
      let calendarId: string;
      try {
        calendarId = calendarIdFromTitle(value.name);
      } catch {
        calendarId = String(now);
      }
      const existing = (await deps.db.ref(deps.paths.calendarConfig(community, calendarId)).get()).exists();
      if (existing) calendarId = `${calendarId}-${now}`;
      records[deps.paths.calendarConfig(community, calendarId)] = {
        title: value.name,
        allowUserCreated: false,
        priorNotificationTime: 15,
        userCreatedRequiresApproval: false,
      };
      return { records, uniqueId: calendarId };
    }
    if (type.id === 'searchablemap-detail') {
      const mapKey = deps.db.ref(deps.paths.maps(community)).push().key!;
      records[deps.paths.mapTitle(community, mapKey)] = value.name;
      return { records, uniqueId: mapKey };
    }
    if (type.id === 'business-detail') {
      const uniqueId = await generateUniqueId(deps, community, value.name, now);
      records[deps.paths.listItem(community, 'business-detail', uniqueId)] = { title: value.name, id: uniqueId };
      return { records, uniqueId };
    }
  }
  if (storedUniqueId) return { records, uniqueId: storedUniqueId };
  const tabIds = hasTabs(type.id) ? storedTabs(value.tabs).map((tab) => tab.id) : [];
  return { records, uniqueId: await generateUniqueId(deps, community, value.name, now, tabIds) };
}

/**
 * The stored item for the form's values. Keeps the stored item's other fields (dbContext,
 * eventId, grid, drawer, activity …) unless the type changed, when the type's defaults apply
 * (spec 02 §4) and fields of the old type go.
 */
export function storedItem(
  value: MenuItemValue,
  type: MenuButtonType,
  stored: Rec | null,
  typeChanged: boolean,
  uniqueId: string | null,
  id: string,
  colors: IconColors,
  iconSet: string,
): Rec {
  const defaults = menuItemDefaults(type.id)!;
  const keep: Rec = stored && !typeChanged ? { ...stored } : {};
  delete keep.sortKey;
  // The type's stored name: a listing section keeps its own name (dining, faqs …) while its picker type is unchanged.
  const storedType = stored && !typeChanged ? text(stored.type) : null;
  // Sanitized here too, whatever the caller parsed: the apps draw this svg as it is stored.
  const customSvg = value.iconSvg && !value.icon ? sanitizeSvg(value.iconSvg) || null : null;
  const libraryIcon = customSvg ? null : menuIconOrDefault(value.icon);
  const item: Rec = {
    ...keep,
    id,
    name: value.name,
    type: storedType ?? defaults.type,
    icon: libraryIcon ? libraryIcon.name : 'custom',
    iconData: {
      iconSet,
      title: libraryIcon ? libraryIcon.name : 'custom',
      svg: customSvg ?? libraryIcon!.svg,
      ...(customSvg ? { isCustom: true } : {}),
      colorIconShape: colors.colorIconShape,
      colorIconBackground: colors.colorIconBackground,
    },
    url: type.needsUrl ? value.url! : '',
    uniqueId: uniqueId ?? '',
  };
  delete item.title;
  if (value.description) item.description = value.description;
  else delete item.description;
  if (defaults.fromFile) item.fromFile = true;
  else delete item.fromFile;
  if (type.needsUrl && value.useWebView) item.useWebView = true;
  else delete item.useWebView;
  if (hasTabs(type.id) && value.tabs.length > 0) item.tabs = storedTabs(value.tabs);
  else delete item.tabs;
  if (value.isRestricted && value.auth.length > 0) {
    item.isRestricted = true;
    item.auth = [...new Set(value.auth)];
  } else {
    delete item.isRestricted;
    delete item.auth;
  }
  return item;
}

/**
 * Adds (no itemKey) or replaces (itemKey) an item of a menu, with the records a new calendar,
 * map or business needs, in one update guarded by the menu array.
 */
export async function saveMenuItem(deps: MenuDeps, value: MenuItemValue, ctx: SaveContext): Promise<SaveResult> {
  const type = getMenuButtonType(value.typeId);
  if (!type) return { ok: false, message: 'Menu type is required.' };
  const items = await readMenuItems(deps, ctx.community, value.menuId);
  const current = value.itemKey ? findMenuItem(items, value.itemKey) : undefined;
  if (value.itemKey && !current) return { ok: false, message: MENU_ITEM_MESSAGES.gone };
  const stored = current?.value ?? null;
  const typeChanged = stored ? typeOfItem(stored)?.id !== type.id : false;

  const { records, uniqueId } = await uniqueIdAndRecords(deps, value, type, stored, typeChanged, ctx);
  const id = (stored && text(stored.id)) || uniqueId || (await generateUniqueId(deps, ctx.community, value.name, ctx.now));
  const iconSet = text(ctx.record.iconSet) ?? 'svg_round';
  const item = storedItem(value, type, stored, typeChanged, uniqueId, id, iconColors(value, stored, ctx), iconSet);

  let missing = false;
  let conflict: StoredMenuItem | null = null;
  const menuPath = deps.paths.menu(ctx.community, value.menuId);
  /** The menu with the item added or replaced, or undefined when it cannot be (gone, changed meanwhile). */
  const nextMenu = (raw: unknown): DbValue | undefined => {
    missing = false;
    conflict = null;
    const list = menuItems(raw);
    const values = list.map((entry) => entry.value);
    if (!current) return [...values, item] as DbValue;
    const at = list.findIndex((entry) => entry.key === current.key);
    if (at < 0) {
      missing = true;
      return undefined;
    }
    // The item as stored now, compared with the one the form showed.
    const now = list[at]!;
    if (ctx.expectedVersion && menuItemVersion(value.menuId, now) !== ctx.expectedVersion) {
      conflict = now;
      return undefined;
    }
    // Fields the editor does not show are kept as they are now, not as first read.
    values[at] = storedItem(value, type, now.value, typeChanged, uniqueId, id, iconColors(value, now.value, ctx), iconSet);
    return values as DbValue;
  };
  // The menu and the records a new calendar, map or business needs in one update (decision 019),
  // made only while the menu is still the one the new array was made from; else again from the newer one.
  let written: unknown = null;
  for (let attempt = 0; written === null; attempt++) {
    const seen: unknown = (await deps.db.ref(menuPath).get()).val();
    const next = nextMenu(seen);
    if (next === undefined) break;
    const result = await deps.db
      .ref()
      .guardedUpdate(menuPath, (raw) => versionOf(raw) === versionOf(seen), { ...records, [menuPath]: next });
    if (result.committed) written = result.snapshot.val();
    else if (attempt >= 24) throw new Error(`saveMenuItem: ${menuPath} kept changing; nothing was saved`);
  }
  const changed = conflict as StoredMenuItem | null;
  if (changed) {
    return {
      ok: false,
      conflict: { version: menuItemVersion(value.menuId, changed), item: { ...changed, type: typeOfItem(changed.value) } },
    };
  }
  if (missing || written === null) return { ok: false, message: MENU_ITEM_MESSAGES.gone };
  const key = menuItems(written).find((entry) => entry.value.id === id && entry.value.name === value.name)?.key ?? id;
  return { ok: true, key, added: !current };
}

export type DeleteResult = { ok: true } | { ok: false; message: string };

/** Removes one item from a menu (the records it points at stay: other items or screens may use them). */
export async function deleteMenuItem(
  deps: MenuDeps,
  community: string,
  menuId: string,
  key: string,
  allowed: (index: number) => boolean,
): Promise<DeleteResult> {
  let outcome: DeleteResult = { ok: false, message: MENU_ITEM_MESSAGES.gone };
  await deps.db.ref(deps.paths.menu(community, menuId)).transaction((raw) => {
    const list = menuItems(raw);
    const position = list.findIndex((entry) => entry.key === key);
    if (position < 0) {
      outcome = { ok: false, message: MENU_ITEM_MESSAGES.gone };
      return undefined;
    }
    if (!allowed(position)) {
      outcome = { ok: false, message: MENU_ITEM_MESSAGES.protectedDelete };
      return undefined;
    }
    outcome = { ok: true };
    return list.filter((_, index) => index !== position).map((entry) => entry.value) as DbValue;
  });
  return outcome;
}

// ─── QR codes ────────────────────────────────────────────────────────────────────────────────

export interface Tracking {
  token: string;
  linkPrefix: string;
}

/**
 * The community's tracked-link settings (spec 01 §3.4 app data adjustToken, adjustLinkPrefix):
 * from the app whose cLocationId is the community, else the community's packageNames. Null when
 * an admin has not enabled tracking; the QR Code section then stays hidden (spec 02 §2).
 */
export async function trackingFor(deps: MenuDeps, community: string, record: Rec): Promise<Tracking | null> {
  const apps = (await deps.db.ref(deps.paths.appData()).orderByChild('cLocationId').equalTo(community).get()).val();
  const candidates: Rec[] = [
    ...(isObject(apps) ? Object.values(apps).filter(isObject) : []),
    ...(isObject(record.packageNames) ? [record.packageNames] : []),
  ];
  for (const candidate of candidates) {
    const token = text(candidate.adjustToken);
    const prefix = text(candidate.adjustLinkPrefix);
    if (token && prefix && /^https:\/\//.test(prefix)) return { token, linkPrefix: prefix };
  }
  return null;
}

/**
 * Spec 03 §7: a tracked deep link, built locally as a query with adj_t token, communityKey,
 * action, actionKey and skipSplashScreen.
 */
export function trackedDeepLink(tracking: Tracking, params: { communityKey: string; action: string; actionKey: string }): string {
  const url = new URL(tracking.linkPrefix);
  url.searchParams.set('adj_t', tracking.token);
  url.searchParams.set('communityKey', params.communityKey);
  url.searchParams.set('action', params.action);
  url.searchParams.set('actionKey', params.actionKey);
  url.searchParams.set('skipSplashScreen', 'true');
  return url.toString();
}
