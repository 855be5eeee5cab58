import type { RealtimeDb } from '@server/db/types';
import { isValidKey, type Paths } from '@server/paths';
import {
  actionTargetProblem as targetProblem,
  type ActionFormValue,
  type ActionKind,
  type ActionTarget,
  type ActionTargets,
  type TargetActionKind,
} from '~/lib/actions';

export { targetMissing, type ActionTarget, type ActionTargets } from '~/lib/actions';

/**
 * What an action selector may point at (spec 03 §3 action values, §5 action selector): the
 * records of the person's communities that the app opens by key. Read from the database paths
 * of server/paths: store items (`storeItems`), forms (`customForms`), main-menu items (`menu`
 * 'main-menu', by uniqueId), searchable maps (`maps`), bookings (`bookings`), files (File menu
 * items: `menu` 'main-menu' and its submenus, items saved as website with fromFile, by url),
 * hunts (`hunts`) and calendars (`calendarConfigs`, by calendar id).
 */

interface Deps {
  db: RealtimeDb;
  paths: Paths;
}

/** The most communities one selector reads (the person's editable communities). */
export const MAX_TARGET_COMMUNITIES = 200;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/** Entries of a keyed node or an array node, as [key, value] with object values only. */
function entries(value: unknown): Array<[string, Record<string, unknown>]> {
  if (Array.isArray(value))
    return value.flatMap((item, index) => (isRecord(item) ? [[String(index), item] as [string, Record<string, unknown>]] : []));
  if (isRecord(value))
    return Object.entries(value).flatMap(([key, item]) => (isRecord(item) ? [[key, item] as [string, Record<string, unknown>]] : []));
  return [];
}

async function read(db: RealtimeDb, path: string): Promise<unknown> {
  return (await db.ref(path).get()).val() as unknown;
}

/** Records keyed by their database key, titled by title (else name, else the key). */
function keyedTargets(node: unknown, community: string): ActionTarget[] {
  return entries(node)
    .filter(([key]) => isValidKey(key))
    .map(([key, item]) => ({ key, title: text(item.title) || text(item.name) || key, community }));
}

const byTitle = (a: ActionTarget, b: ActionTarget) =>
  a.community.localeCompare(b.community) || a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }) || a.key.localeCompare(b.key);

async function communityTargets({ db, paths }: Deps, community: string): Promise<Partial<Record<TargetActionKind, ActionTarget[]>>> {
  const [store, forms, mainMenu, maps, bookings, hunts, calendars] = await Promise.all([
    read(db, paths.storeItems(community)),
    read(db, paths.customForms(community)),
    read(db, paths.menu(community, 'main-menu')),
    read(db, paths.maps(community)),
    read(db, paths.bookings(community)),
    read(db, paths.hunts(community)),
    read(db, paths.calendarConfigs(community)),
  ]);
  const menuItems = entries(mainMenu).map(([, item]) => item);
  // Submenus (categorygrid items) hold File items too.
  const submenuIds = [
    ...new Set(
      menuItems
        .filter((item) => item.type === 'categorygrid')
        .map((item) => text(item.uniqueId))
        .filter((id) => isValidKey(id) && id !== 'main-menu'),
    ),
  ];
  const submenus = await Promise.all(submenuIds.map((id) => read(db, paths.menu(community, id))));
  const allItems = [...menuItems, ...submenus.flatMap((menu) => entries(menu).map(([, item]) => item))];

  const files = new Map<string, ActionTarget>();
  for (const item of allItems) {
    const url = text(item.url);
    if ((item.type === 'file' || (item.type === 'website' && item.fromFile === true)) && url !== '' && !files.has(url)) {
      files.set(url, { key: url, title: text(item.name) || text(item.title) || url, community });
    }
  }
  const menuTargets = new Map<string, ActionTarget>();
  for (const item of menuItems) {
    const key = text(item.uniqueId) || text(item.id);
    if (isValidKey(key) && !menuTargets.has(key))
      menuTargets.set(key, { key, title: text(item.name) || text(item.title) || key, community });
  }

  return {
    store: keyedTargets(store, community),
    form: keyedTargets(forms, community),
    mainMenu: [...menuTargets.values()],
    searchablemap: keyedTargets(maps, community),
    booking: keyedTargets(bookings, community),
    file: [...files.values()],
    hunt: keyedTargets(hunts, community),
    'amc-events': keyedTargets(calendars, community),
  };
}

/**
 * The targets of every record action in `communities` (the person's editable communities, with
 * their titles), each list sorted by community then title.
 */
export async function loadActionTargets(deps: Deps, communities: Array<{ key: string; title: string }>): Promise<ActionTargets> {
  const valid = communities.filter((community) => isValidKey(community.key)).slice(0, MAX_TARGET_COMMUNITIES);
  const perCommunity = await Promise.all(valid.map((community) => communityTargets(deps, community.key)));
  const byAction: Partial<Record<ActionKind, ActionTarget[]>> = {};
  for (const targets of perCommunity) {
    for (const [action, list] of Object.entries(targets) as Array<[TargetActionKind, ActionTarget[]]>) {
      byAction[action] = [...(byAction[action] ?? []), ...list];
    }
  }
  for (const list of Object.values(byAction)) list.sort(byTitle);
  return { communities: valid.map((community) => ({ key: community.key, title: community.title })), byAction };
}

/**
 * Server-side check of a parsed selector value (the same rule actionFormSchema applies when given
 * the targets): a record action's key must name one of the targets (in the chosen community,
 * when one is chosen) and the community must be one of the person's. The message, or null when
 * fine (and for actions with a typed key or no action).
 */
export function actionTargetProblem(targets: ActionTargets, value: ActionFormValue): string | null {
  return targetProblem(targets, value)?.message ?? null;
}
