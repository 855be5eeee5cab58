import { LOCATION_DATA_NODES, PATH_SHAPES, PRODUCT_COLLECTIONS, RESERVED_SECTION_NAMES, keyProblem } from '@server/paths';
import { LIST_CONTEXTS, LIST_CONTEXT_KEYS } from '~/lib/listing/contexts';
import type { ListContextDefinition } from '~/lib/listing/types';
import { list, obj, text } from './checks';
import { isPlainObject, type Json } from './resolve';

/**
 * Strict structural checks of the (resolved) demo data against the path shapes of
 * server/paths.ts, and the split of the data into the multi-path update the seeder writes. The
 * checks against the spec's rules are in consistency.ts.
 */

type PathName = keyof typeof PATH_SHAPES;

/**
 * Write roots: each seeded node is written whole at the first of these shapes on its path.
 * Owned roots belong to the demo (its communities, users, app and grants) and are replaced
 * (and removed by a reset); default roots are product-wide settings written only when absent
 * and never removed.
 */
export const OWNED_ROOTS: Array<[PathName, 'full' | 'short']> = [
  ['userAuthorization', 'full'],
  ['community', 'full'],
  ['locationData', 'full'],
  ['userWritten', 'full'],
  ['pmsConfig', 'full'],
  ['mapConfig', 'full'],
  ['studioActivity', 'full'],
  ['remoteByUid', 'full'],
  ['remoteByDetail', 'full'],
  ['appData', 'full'],
  ['locationImport', 'full'],
  ['systemMessage', 'full'],
  ['systemScheduledMessage', 'full'],
  ['aiHistory', 'full'],
  ['appUser', 'full'],
  ['dollarsRecord', 'full'],
];
export const DEFAULT_ROOTS: Array<[PathName, 'full' | 'short']> = [
  ['featureFlag', 'full'],
  ['dollarsEnabled', 'full'],
  ['systemAppStyle', 'full'],
  ['systemAppType', 'full'],
  ['systemTopic', 'full'],
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A regular expression for a shape of PATH_SHAPES, with or without its optional last key. */
export function shapeRegExp(shape: string, product: string, optional: 'full' | 'short' = 'full'): RegExp {
  const concrete = optional === 'full' ? shape.replace('[', '').replace(']', '') : shape.replace(/\[.*\]$/, '');
  const pattern = concrete
    .split('/')
    .map((segment) => (segment === '{product}' ? escape(product) : /^\{\w+\}$/.test(segment) ? '[^/]+' : escape(segment)))
    .join('/');
  return new RegExp(`^${pattern}$`);
}

export interface SeedWrites {
  /** Owned nodes: path → whole value. */
  owned: Map<string, Json>;
  /** Product-wide defaults: path → value, written only where nothing is stored. */
  defaults: Map<string, Json>;
}

/** Splits the resolved tree into write roots; every leaf must sit under one. */
export function collectWrites(tree: Json, product: string): { writes: SeedWrites; problems: string[] } {
  const owned = OWNED_ROOTS.map(([name, optional]) => shapeRegExp(PATH_SHAPES[name], product, optional));
  const defaults = DEFAULT_ROOTS.map(([name, optional]) => shapeRegExp(PATH_SHAPES[name], product, optional));
  const writes: SeedWrites = { owned: new Map(), defaults: new Map() };
  const problems: string[] = [];
  const walk = (node: Json, segments: string[]) => {
    const path = segments.join('/');
    if (segments.length > 0 && defaults.some((pattern) => pattern.test(path))) {
      writes.defaults.set(path, node);
      return;
    }
    if (segments.length > 0 && owned.some((pattern) => pattern.test(path))) {
      writes.owned.set(path, node);
      return;
    }
    if (isPlainObject(node) && Object.keys(node).length > 0) {
      for (const [key, value] of Object.entries(node)) walk(value, [...segments, key]);
      return;
    }
    problems.push(`${path || '(root)'}: not under any known path shape of server/paths.ts`);
  };
  walk(tree, []);
  return { writes, problems };
}

/** Why a stored value would not come back as written (null, empty containers, bad keys). */
function valueProblems(node: Json, path: string, problems: string[]) {
  if (node === null) problems.push(`${path}: null (a null write deletes)`);
  else if (typeof node === 'number' && !Number.isFinite(node)) problems.push(`${path}: not a finite number`);
  else if (Array.isArray(node)) {
    if (node.length === 0) problems.push(`${path}: an empty list vanishes from the database`);
    node.forEach((item, index) => valueProblems(item, `${path}/${index}`, problems));
  } else if (isPlainObject(node)) {
    const entries = Object.entries(node);
    if (entries.length === 0) problems.push(`${path}: an empty object vanishes from the database`);
    for (const [key, value] of entries) {
      const problem = keyProblem(key);
      if (problem) problems.push(`${path}/${key}: ${problem}`);
      valueProblems(value, `${path}/${key}`, problems);
    }
  }
}

/** The nodes of a community's user-written area. */
export const USER_WRITTEN_CONTEXTS = ['custom-forms', 'hunts', 'feedback', 'orders', 'messages', 'message-threads'] as const;

/** Menu sections of a community: each item's uniqueId and, for tabs, '{uniqueId}-{tabId}'. */
export function menuSections(menu: Json | undefined): string[] {
  const sections: string[] = [];
  for (const item of list(menu)) {
    const record = obj(item);
    const uniqueId = text(record.uniqueId);
    if (!uniqueId) continue;
    sections.push(uniqueId);
    for (const tab of list(record.tabs)) {
      const id = text(obj(tab).id);
      if (id) sections.push(`${uniqueId}-${id}`);
    }
  }
  return sections;
}

/**
 * Sections a list reaches without a menu item (`/listnm/{context}`, spec 02 "Listing routes"):
 * for each list context whose items are a section, its key and, for a tabbed one, '{key}-{tabId}'.
 */
export const LIST_CONTEXT_SECTIONS: readonly string[] = LIST_CONTEXT_KEYS.flatMap((key) => {
  const definition: ListContextDefinition = LIST_CONTEXTS[key];
  if (definition.source.kind !== 'section') return [];
  return [key, ...definition.tabs.map((tab) => `${key}-${tab.id}`)];
});

/** A community's list sections: those of its menu and those reached without one. */
export function listSections(menu: Json | undefined): Set<string> {
  return new Set([...menuSections(menu), ...LIST_CONTEXT_SECTIONS]);
}

/** Structural checks: top-level keys, collections, write roots, values, location-data nodes. */
export function structuralProblems(tree: Json, product: string): string[] {
  const problems: string[] = [];
  const root = obj(tree);
  for (const key of Object.keys(root)) {
    if (key !== product && key !== 'user-authorization')
      problems.push(`${key}: the only top-level keys are the product and user-authorization`);
  }
  const productNode = obj(root[product]);
  for (const key of Object.keys(productNode)) {
    if (!PRODUCT_COLLECTIONS.includes(key)) problems.push(`${product}/${key}: not a collection of server/paths.ts`);
  }
  problems.push(...collectWrites(tree, product).problems);
  valueProblems(tree, '', problems);

  const communities = obj(productNode['campground-locations']);
  const reserved = new Set<string>([...RESERVED_SECTION_NAMES, ...LOCATION_DATA_NODES]);
  for (const [community, data] of Object.entries(obj(productNode['location-data']))) {
    if (!(community in communities)) problems.push(`${product}/location-data/${community}: no community record`);
    const sections = listSections(obj(data)['main-menu']);
    for (const child of Object.keys(obj(data))) {
      if (!reserved.has(child) && !sections.has(child)) {
        problems.push(
          `${product}/location-data/${community}/${child}: neither a fixed node nor a section (of the community's menu or of a list opened by /listnm)`,
        );
      }
    }
  }
  for (const [community, data] of Object.entries(obj(productNode['user-written']))) {
    if (!(community in communities)) problems.push(`${product}/user-written/${community}: no community record`);
    for (const child of Object.keys(obj(data))) {
      if (!(USER_WRITTEN_CONTEXTS as readonly string[]).includes(child))
        problems.push(`${product}/user-written/${community}/${child}: unknown entries context`);
    }
  }
  for (const kind of ['pmsConfig', 'mapConfig']) {
    for (const community of Object.keys(obj(obj(productNode.integrations)[kind]))) {
      if (!(community in communities)) problems.push(`${product}/integrations/${kind}/${community}: no community record`);
    }
  }
  return problems;
}
