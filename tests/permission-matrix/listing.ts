import { readFileSync } from 'node:fs';
import { resolveRelativeTime } from '@server/seed/relative-time';
import { communityTimeZones, DEFAULT_TIME_ZONE, TIME_PREFIX, type Json } from '@server/seed/resolve';
import { LIST_CONTEXTS, contextForMenuType, type ListContextKey } from '~/lib/listing/contexts';
import type { ListContextDefinition, ListPermission } from '~/lib/listing/types';
import { COMMUNITY_A, COMMUNITY_B, type Role } from '../setup/services';
import type { MatrixRow, Outcome } from './matrix';

// As in ./matrix.ts (not imported: that module imports this one).
const LOGIN = 'login';
const REMOTE = 'redirect:/detail/remote';

/**
 * The permission matrix's lines for every list address (spec 01 §2.1 `/listnm/…` and
 * `/list/…`), generated from the list context registry (app/lib/listing/contexts.ts): each
 * context's permission decides who gets what, and the demo data (firebase/seed/demo-data.json)
 * decides which items exist in whose community. A context added to the registry gets its lines
 * here; one without a permission does not type-check.
 *
 * Roles whose session community is A (editorA, adminA, system, super) see A's lists, editorB
 * B's. An address naming an item that is not in the role's community answers 404.
 */

type Rec = Record<string, unknown>;
const isObject = (value: unknown): value is Rec => typeof value === 'object' && value !== null && !Array.isArray(value);

const SEED = JSON.parse(readFileSync('firebase/seed/demo-data.json', 'utf8')) as Rec;
const PRODUCT = SEED.$product as Rec;

const COMMUNITY_OF: Record<Exclude<Role, 'anonymous' | 'remote'>, string> = {
  editorA: COMMUNITY_A,
  adminA: COMMUNITY_A,
  editorB: COMMUNITY_B,
  system: COMMUNITY_A,
  super: COMMUNITY_A,
};

/** Who passes each permission (server/authz): the others are refused with these outcomes. */
const ALLOWED: Record<ListPermission, ReadonlyArray<Role>> = {
  staff: ['editorA', 'adminA', 'editorB', 'system', 'super'],
  'location-admin': ['adminA', 'system', 'super'],
  'system-admin': ['system'],
  'super-admin': ['super'],
};

const refusal = (role: Role): Outcome => (role === 'anonymous' ? LOGIN : role === 'remote' ? REMOTE : 403);

/** Each role's outcome: refused by the permission, else `allowed(community)`. */
function outcomes(permission: ListPermission, allowed: (community: string, role: Role) => Outcome): Record<Role, Outcome> {
  const out = {} as Record<Role, Outcome>;
  for (const role of ['anonymous', 'editorA', 'adminA', 'editorB', 'system', 'super', 'remote'] as const) {
    out[role] =
      ALLOWED[permission].includes(role) && role !== 'anonymous' && role !== 'remote' ? allowed(COMMUNITY_OF[role], role) : refusal(role);
  }
  return out;
}

function seededNode(community: string, definition: ListContextDefinition, base: string, tab: string | null): Rec {
  const source = definition.source;
  let node: unknown;
  if (source.kind === 'section') {
    node = (PRODUCT['location-data'] as Rec)?.[community];
    node = isObject(node) ? node[tab ? `${base}-${tab}` : base] : null;
  } else if (source.kind === 'calendar' || source.kind === 'adapter') {
    node = null;
  } else {
    let at: unknown = source.kind === 'system' ? PRODUCT['system-data'] : (PRODUCT['location-data'] as Rec)?.[community];
    for (const part of source.node) at = isObject(at) ? at[part] : null;
    node = at;
  }
  const items: Rec = Array.isArray(node)
    ? Object.fromEntries(node.map((item, index) => [String(index), item]))
    : isObject(node)
      ? node
      : {};
  if ((source.kind === 'node' || source.kind === 'system') && source.where) {
    const { child, equals } = source.where;
    return Object.fromEntries(Object.entries(items).filter(([, item]) => isObject(item) && item[child] === equals));
  }
  return seededKeys(items, community);
}

/** Keys as the seed writes them: `$time:` keys (legacy events, keyed by start) are times from now. */
function seededKeys(items: Rec, community: string): Rec {
  const zone = communityTimeZones(SEED as Json)[community] ?? DEFAULT_TIME_ZONE;
  const now = Date.now();
  return Object.fromEntries(
    Object.entries(items).map(([key, item]) => [
      key.startsWith(TIME_PREFIX) ? String(resolveRelativeTime(key.slice(TIME_PREFIX.length), now, zone)) : key,
      item,
    ]),
  );
}

const firstKey = (items: Rec): string | null => Object.keys(items).sort()[0] ?? null;
const seg = encodeURIComponent;

interface Family {
  /** The list's address (first tab). */
  list: string;
  /** Its actions' prefix (`/listnm/faqs`, `/list/main-menu/faqs/all`). */
  actions: string;
  /** Where the list's posts go back to (its tab's address). */
  back: string;
  /** A tab address other than the first, when there is one. */
  otherTab: string | null;
  /** Whether the list exists for a role's community, and its items there. */
  itemsIn: (community: string) => Rec | null;
  node: (community: string) => string | null;
}

const NO_ITEM = 'no-such-item';

function linesFor(key: ListContextKey, definition: ListContextDefinition, family: Family, label: string): MatrixRow[] {
  const perm = definition.permission;
  const itemsA = family.itemsIn(COMMUNITY_A) ?? {};
  const item = firstKey(itemsA) ?? NO_ITEM;
  const exists = (community: string) => Boolean(family.itemsIn(community)?.[item]);
  const listed = (then: (community: string) => Outcome) => (community: string) =>
    family.itemsIn(community) === null ? 404 : then(community);
  const editor = definition.editor;
  const itemPage = (): ((community: string) => Outcome) =>
    listed((community) => {
      if (editor.kind === 'detail') {
        const target = `/detail/${seg(editor.detailType)}/${seg(family.node(community) ?? '')}/${seg(item)}`;
        return `redirect:${target}`;
      }
      if (editor.kind === 'menu-item') return `redirect:/?section=${seg(family.node(community) ?? '')}`;
      return exists(community) ? 200 : 404;
    });
  const addPage = listed((community) =>
    editor.kind === 'detail'
      ? `redirect:/detail/${seg(editor.detailType)}/${seg(family.node(community) ?? '')}`
      : editor.kind === 'menu-item'
        ? `redirect:/?section=${seg(family.node(community) ?? '')}`
        : 200,
  );
  const save = (action: 'edit' | 'duplicate' | 'add') =>
    listed((community) => {
      if (editor.kind !== 'inline') return (action === 'add' ? addPage : itemPage())(community);
      return 400;
    });
  const sortable = definition.sortable && definition.order.by === 'ordinal';
  const note = `${label}: ${definition.title}`;
  const rows: MatrixRow[] = [
    {
      request: { path: family.list },
      expected: outcomes(
        perm,
        listed(() => 200),
      ),
      note,
    },
    { request: { path: `${family.actions}/add` }, expected: outcomes(perm, addPage), note: `${note}: add` },
    { request: { path: `${family.actions}/edit/${seg(item)}` }, expected: outcomes(perm, itemPage()), note: `${note}: edit` },
    {
      request: { path: `${family.actions}/duplicate/${seg(item)}` },
      expected: outcomes(perm, itemPage()),
      note: `${note}: duplicate`,
    },
    {
      request: { path: `${family.actions}/delete/${seg(item)}` },
      expected: outcomes(
        perm,
        listed((community) => (exists(community) ? 200 : 404)),
      ),
      note: `${note}: the Delete Item confirmation`,
    },
    {
      request: { path: `${family.actions}/sort` },
      expected: outcomes(
        perm,
        listed(() => (sortable ? 200 : 404)),
      ),
      note: `${note}: sort mode`,
    },
    {
      request: { path: `${family.actions}/header-images` },
      expected: outcomes(
        perm,
        listed(() => 200),
      ),
      note: `${note}: header editor`,
    },
    {
      request: { path: `${family.actions}/rows` },
      expected: outcomes(
        perm,
        listed(() => 200),
      ),
      note: `${note}: a later chunk`,
    },
    {
      request: { method: 'POST', path: family.list, form: { intent: 'delete-selected', key: item } },
      expected: outcomes(
        perm,
        listed(() => 200),
      ),
      note: `${note}: Delete Selected asks first`,
    },
    {
      request: { method: 'POST', path: family.list, form: { intent: 'delete-selected', key: item, confirmed: '1' } },
      expected: outcomes(
        perm,
        listed(() => `redirect:${family.back}`),
      ),
      note: `${note}: Delete Selected, confirmed: one update, back to the list`,
    },
    {
      request: { method: 'POST', path: `${family.actions}/add`, form: { intent: 'save' } },
      expected: outcomes(perm, save('add')),
      note: `${note}: an empty add form`,
    },
    {
      request: { method: 'POST', path: `${family.actions}/edit/${seg(item)}`, form: { intent: 'save' } },
      expected: outcomes(perm, save('edit')),
      note: `${note}: an empty edit form`,
    },
    {
      request: { method: 'POST', path: `${family.actions}/duplicate/${seg(item)}`, form: { intent: 'save' } },
      expected: outcomes(perm, save('duplicate')),
      note: `${note}: an empty duplicate form`,
    },
    {
      request: { method: 'POST', path: `${family.actions}/delete/${seg(item)}`, form: { intent: 'delete' } },
      expected: outcomes(
        perm,
        listed(() => `redirect:${family.back}`),
      ),
      note: `${note}: Delete Item`,
    },
    {
      request: { method: 'POST', path: `${family.actions}/sort`, form: { intent: 'sort-alpha' } },
      expected: outcomes(
        perm,
        listed(() => (sortable ? 200 : 404)),
      ),
      note: `${note}: Sort Alphabetically asks first`,
    },
    {
      request: { method: 'POST', path: `${family.actions}/sort`, form: { intent: 'sort-alpha-confirmed' } },
      expected: outcomes(
        perm,
        listed(() => (sortable ? `redirect:${family.actions}/sort` : 404)),
      ),
      note: `${note}: Sort Alphabetically, confirmed`,
    },
    {
      request: { method: 'POST', path: `${family.actions}/sort`, form: { intent: 'move-down', key: NO_ITEM } },
      expected: outcomes(
        perm,
        listed(() => (sortable ? 400 : 404)),
      ),
      note: `${note}: Move down of an item not in the list`,
    },
    {
      request: { method: 'POST', path: `${family.actions}/sort`, form: { intent: 'move-up', key: '' } },
      expected: outcomes(
        perm,
        listed(() => (sortable ? 400 : 404)),
      ),
      note: `${note}: Move up without an item`,
    },
    {
      request: { method: 'POST', path: `${family.actions}/sort`, form: { intent: 'reorder', order: 'not json' } },
      expected: outcomes(
        perm,
        listed(() => (sortable ? 400 : 404)),
      ),
      note: `${note}: a dragged order that cannot be read`,
    },
    ...(
      [
        ['stock', {}, 200],
        ['stock-search', { stockQuery: 'lake' }, 200],
        ['stock-more', { stockQuery: 'lake', stockPage: '1' }, 200],
        ['stock-previous', { stockQuery: 'lake', stockPage: '2' }, 200],
        ['stock-cancel', {}, 200],
        ['stock-photo', {}, 400],
        ['ai', {}, 200],
        ['ai-generate', { aiPrompt: ' ' }, 200],
        ['ai-cancel', {}, 200],
        ['ai-use', { aiImage: 'elsewhere/images/ai/1/ai-x.png' }, 400],
      ] as const
    ).map(([intent, fields, status]): MatrixRow => ({
      request: {
        method: 'POST',
        path: `${family.actions}/header-images`,
        form: { intent, headerType: 'images', delaySeconds: '4', ...fields },
      },
      expected: outcomes(
        perm,
        listed(() => status),
      ),
      note: `${note}: header editor ${intent} (offline stock photos and AI images; OK without a choice and Use Image of another community's file are 400)`,
    })),
    ...(['save', 'upload', 'places', 'places-cancel'] as const).map((intent): MatrixRow => ({
      request: { method: 'POST', path: `${family.actions}/header-images`, form: { intent, headerType: 'images', delaySeconds: '4' } },
      expected: outcomes(
        perm,
        listed(() => (intent === 'save' ? 400 : 200)),
      ),
      note: `${note}: header editor ${intent}`,
    })),
    {
      request: {
        method: 'POST',
        path: `${family.actions}/header-images`,
        form: { intent: 'place-photo', headerType: 'images', delaySeconds: '4', placePhoto: 'offline/pine-trail.jpg' },
      },
      expected: outcomes(
        perm,
        listed((community) => (community === COMMUNITY_B ? 400 : 200)),
      ),
      note: `${note}: header editor Add Photo (B has no place id)`,
    },
  ];
  if (family.otherTab)
    rows.push({
      request: { path: family.otherTab },
      expected: outcomes(
        perm,
        listed(() => 200),
      ),
      note: `${note}: another tab`,
    });
  return rows;
}

/** `/listnm/:context…` for every context of the registry (a calendar's events have their own address: ./event-lists.ts). */
function listnmLines(): MatrixRow[] {
  return (Object.entries(LIST_CONTEXTS) as Array<[ListContextKey, ListContextDefinition]>).flatMap(([key, definition]) => {
    if (definition.source.kind === 'calendar') return [];
    const firstTab = definition.tabs[0]?.id ?? null;
    const family: Family = {
      list: `/listnm/${key}`,
      actions: `/listnm/${key}`,
      back: `/listnm/${key}`,
      otherTab: definition.tabs[1] ? `/listnm/${key}/${definition.tabs[1].id}` : null,
      itemsIn: (community) => seededNode(community, definition, key, firstTab),
      node: () => (firstTab ? `${key}-${firstTab}` : key),
    };
    return linesFor(key, definition, family, `/listnm/${key}`);
  });
}

function menuOf(community: string): Rec[] {
  const menu = ((PRODUCT['location-data'] as Rec)?.[community] as Rec | undefined)?.['main-menu'];
  return Array.isArray(menu) ? menu.filter(isObject) : [];
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** `/list/main-menu/:gridMenuKey…` for every list item of A's main menu. */
function menuListLines(): MatrixRow[] {
  return menuOf(COMMUNITY_A).flatMap((entry) => {
    const uniqueId = text(entry.uniqueId);
    const key = contextForMenuType(String(entry.type ?? ''));
    if (!uniqueId || !key) return [];
    const definition: ListContextDefinition = LIST_CONTEXTS[key];
    const tabsOf = (item: Rec | undefined) => (Array.isArray(item?.tabs) ? (item.tabs as Rec[]).map((tab) => String(tab.id)) : []);
    const tabsA = tabsOf(entry);
    const tab = tabsA[0] ?? 'all';
    const itemIn = (community: string) => menuOf(community).find((candidate) => text(candidate.uniqueId) === uniqueId);
    const family: Family = {
      list: `/list/main-menu/${uniqueId}`,
      actions: `/list/main-menu/${uniqueId}/${tab}`,
      back: tab === 'all' ? `/list/main-menu/${uniqueId}` : `/list/main-menu/${uniqueId}/${tab}`,
      otherTab: tabsA[1] ? `/list/main-menu/${uniqueId}/${tabsA[1]}` : null,
      itemsIn: (community) => {
        const item = itemIn(community);
        if (!item || contextForMenuType(String(item.type ?? '')) !== key) return null;
        const tabs = tabsOf(item);
        if (tab === 'all' ? tabs.length > 0 : !tabs.includes(tab)) return null;
        const base = text(item.dbContext) ?? uniqueId;
        return seededNode(community, definition, base, tab === 'all' ? null : tab);
      },
      node: (community) => {
        const item = itemIn(community);
        const base = text(item?.dbContext) ?? uniqueId;
        return tab === 'all' ? base : `${base}-${tab}`;
      },
    };
    return linesFor(key, definition, family, `/list/main-menu/${uniqueId}`);
  });
}

/** The uuid of the demo data's URL grant (firebase/seed/demo-data.json, kayak-rentals). */
export const DEMO_LINK_UUID = '3f6c1d2a-8b4e-4c7a-9e51-7d2b0a6f4c19';

const EVERYONE_404: Record<Role, Outcome> = {
  anonymous: 404,
  editorA: 404,
  adminA: 404,
  editorB: 404,
  system: 404,
  super: 404,
  remote: 404,
};

export const LISTING_LINES: MatrixRow[] = [
  {
    request: { path: '/listnm/remote/dining/demo-remote' },
    expected: {
      anonymous: 'redirect:/detail/remote/id/lakeside-grill',
      editorA: 'redirect:/detail/remote/id/lakeside-grill',
      adminA: 'redirect:/detail/remote/id/lakeside-grill',
      editorB: 'redirect:/detail/remote/id/lakeside-grill',
      system: 'redirect:/detail/remote/id/lakeside-grill',
      super: 'redirect:/detail/remote/id/lakeside-grill',
      remote: 'redirect:/detail/remote/id/lakeside-grill',
    },
    note: "an account's one e-mail grant: to that item's page, which asks its holder to sign in (the uid is no capability)",
  },
  { request: { path: '/listnm/remote/no-such-list/demo-remote' }, expected: EVERYONE_404, note: 'an unknown list context' },
  {
    request: { path: `/listnm/remote/recreation/${DEMO_LINK_UUID}` },
    expected: {
      anonymous: `redirect:/detail/remote/${DEMO_LINK_UUID}`,
      editorA: `redirect:/detail/remote/${DEMO_LINK_UUID}`,
      adminA: `redirect:/detail/remote/${DEMO_LINK_UUID}`,
      editorB: `redirect:/detail/remote/${DEMO_LINK_UUID}`,
      system: `redirect:/detail/remote/${DEMO_LINK_UUID}`,
      super: `redirect:/detail/remote/${DEMO_LINK_UUID}`,
      remote: `redirect:/detail/remote/${DEMO_LINK_UUID}`,
    },
    note: 'the seeded URL grant of the Kayak & Paddleboard Rentals: the link opens the remote page for anyone holding it, signed in or not',
  },
  ...listnmLines(),
  ...menuListLines(),
  {
    request: { path: '/listnm/no-such-list' },
    expected: EVERYONE_404,
    note: 'an unknown list context is no page, for anyone',
  },
  {
    request: { path: '/list/main-menu/no-such-item' },
    expected: { ...outcomes('staff', () => 404) },
    note: 'a menu item that is not there',
  },
  { request: { path: '/listnm/faqs/no-such-tab' }, expected: { ...outcomes('staff', () => 404) }, note: 'a tab the list does not have' },
  {
    request: { path: '/listnm/faqs/id/wifi' },
    expected: outcomes('staff', () => 'redirect:/listnm/faqs/edit/wifi'),
    note: 'an item by its key opens its editor',
  },
];
