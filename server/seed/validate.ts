import {
  LOCATION_DATA_NODES,
  PATH_SHAPES,
  PRODUCT_COLLECTIONS,
  RESERVED_SECTION_NAMES,
  createPaths,
  keyProblem,
  parseEventContext,
  parseListingContext,
} from '@server/paths';
import { LIST_CONTEXTS, LIST_CONTEXT_KEYS } from '~/lib/listing/contexts';
import type { ListContextDefinition } from '~/lib/listing/types';
import { DemoUserSchema, RemoteAccessEntrySchema, UserAuthorizationSchema, type DemoUser } from './records';
import { wallClock } from './relative-time';
import { DEFAULT_TIME_ZONE, isPlainObject, type Json } from './resolve';

/**
 * Strict checks of the (resolved) demo data against the path shapes of server/paths.ts and
 * the spec's rules, and the split of the data into the multi-path update the seeder writes.
 */

type PathName = keyof typeof PATH_SHAPES;
type Tree = { [key: string]: Json };

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

const obj = (value: Json | undefined): Tree => (isPlainObject(value) ? value : {});
const list = (value: Json | undefined): Json[] => (Array.isArray(value) ? value : []);
const text = (value: Json | undefined): string | undefined => (typeof value === 'string' ? value : undefined);

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

// ─── Consistency with the spec ───────────────────────────────────────────────────────────────

/** The default main menu of spec 03 §9, for each kind of community. */
export const DEFAULT_MENU_SECTIONS = [
  { name: 'Activities', type: 'amc-events' },
  { name: 'Reservations', type: 'reservations', tabs: ['Lodging', 'Miscellaneous'] },
  { name: 'Explore', type: 'hunts' },
  { name: 'Messages', type: 'messages' },
  { name: 'Recreation', type: 'recreation', tabs: ['Resort', 'Local'], kinds: ['resort'] },
  { name: 'Services', type: 'services', tabs: ['Resort', 'Local'], kinds: ['municipality', 'school'] },
  { name: 'Dining', type: 'dining', tabs: ['Resort', 'Delivery', 'Local'] },
  { name: 'Maps', type: 'maps' },
  { name: 'Regulations', type: 'regulations' },
  { name: 'Contacts', type: 'contacts', tabs: ['Offices', 'Emergency'] },
  { name: 'FAQs', type: 'faqs' },
  { name: 'Visitor Registration', type: 'form' },
  { name: 'Report an Issue', type: 'form' },
  { name: 'Feedback', type: 'form' },
] as const;

export const HOURS_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export const HOURS_TIME = /^(1[0-2]|[1-9]):[0-5]\d (AM|PM)$/;
export const ALL_DAY_DURATION = 86_399_999;

/** A small inline SVG the apps can tint: one root element with xmlns and viewBox, no images, balanced tags. */
export function svgProblem(svg: unknown): string | null {
  if (typeof svg !== 'string') return 'the svg is not text';
  if (!/^<svg\s[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>/.test(svg) || !svg.endsWith('</svg>'))
    return 'not one <svg> element with xmlns';
  if (!/viewBox="[\d.\s-]+"/.test(svg.slice(0, svg.indexOf('>')))) return 'the svg has no viewBox';
  if (/<image\b/i.test(svg)) return 'the svg holds an <image> tag';
  if (/<script\b|\son\w+=/i.test(svg)) return 'the svg holds a script';
  const stack: string[] = [];
  for (const [, closing, name = '', selfClosing] of svg.matchAll(/<(\/?)([A-Za-z][\w:-]*)[^>]*?(\/?)>/g)) {
    if (closing) {
      if (stack.pop() !== name) return `unbalanced </${name}>`;
    } else if (!selfClosing) stack.push(name);
  }
  const unclosed = stack.at(-1);
  return unclosed === undefined ? null : `unclosed <${unclosed}>`;
}

/** Monday-first weekday index (0 Monday … 6 Sunday) of an instant in a time zone. */
function weekdayIndex(epoch: number, timeZone: string): number {
  const wall = wallClock(epoch, timeZone);
  return (new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay() + 6) % 7;
}

export interface ConsistencyOptions {
  product: string;
  now: number;
  users: DemoUser[];
}

/**
 * Checks the resolved demo data against the spec's rules: default menus, menu targets,
 * calendars, events and recurrences, entries, hunts, orders, grants, authorization records,
 * hours, messages and icons. Returns every problem found.
 */
export function consistencyProblems(tree: Json, { product, now, users }: ConsistencyOptions): string[] {
  const problems: string[] = [];
  const paths = createPaths(product);
  const root = obj(tree);
  const productNode = obj(root[product]);
  const communities = obj(productNode['campground-locations']);
  const locationData = obj(productNode['location-data']);
  const userWritten = obj(productNode['user-written']);
  const systemTopics = obj(obj(obj(productNode['system-data'])['messages-config']).topics);
  const uids = new Set(users.map((user) => user.uid));

  for (const user of users) {
    const parsed = DemoUserSchema.safeParse(user);
    if (!parsed.success)
      problems.push(`demo user ${user.uid}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`);
  }

  for (const [community, record] of Object.entries(communities)) {
    const where = paths.community(community);
    const c = obj(record);
    if (c.communityKey !== community) problems.push(`${where}: communityKey must be "${community}"`);
    if (!['resort', 'municipality', 'school'].includes(String(c.communityType)))
      problems.push(`${where}: communityType must be resort, municipality or school`);
    for (const field of ['title', 'address', 'city', 'state', 'zip', 'phone', 'website', 'timeZone', 'iconSet']) {
      if (typeof c[field] !== 'string' || c[field] === '') problems.push(`${where}: ${field} is required`);
    }
    if (typeof c.latitude !== 'number' || typeof c.longitude !== 'number') problems.push(`${where}: latitude and longitude are numbers`);
    if (String(c.phone ?? '').replace(/\D/g, '').length < 7) problems.push(`${where}: phone needs at least 7 digits`);
    const zone = text(c.timeZone) ?? DEFAULT_TIME_ZONE;
    const data = obj(locationData[community]);
    if (!locationData[community]) {
      problems.push(`${where}: no location data`);
      continue;
    }
    problems.push(
      ...communityProblems(community, String(c.communityType), zone, data, obj(userWritten[community]), systemTopics, paths, now),
    );
  }

  // Remote-management: the same entry under both indexes, pointing at a managed business.
  const remote = obj(productNode['remote-management']);
  const byUid = obj(remote.uid);
  const byDetail = obj(remote.detailId);
  for (const [uid, grants] of Object.entries(byUid)) {
    for (const [detailId, entry] of Object.entries(obj(grants))) {
      const where = paths.remoteByUid(uid, detailId);
      const parsed = RemoteAccessEntrySchema.safeParse(entry);
      if (!parsed.success) {
        problems.push(`${where}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`);
        continue;
      }
      if (JSON.stringify(obj(byDetail[detailId])[uid]) !== JSON.stringify(entry))
        problems.push(`${where}: not mirrored at ${paths.remoteByDetail(detailId, uid)}`);
      if (parsed.data.uid !== undefined && parsed.data.uid !== uid) problems.push(`${where}: uid field differs from the key`);
      if (parsed.data.accessType === 'email' && !uids.has(uid)) problems.push(`${where}: e-mail access needs a demo account with this uid`);
      if (parsed.data.type === 'calendar') {
        problems.push(...calendarGrantProblems(where, detailId, parsed.data, locationData));
        continue;
      }
      for (const context of [...parsed.data.contexts, parsed.data.origContext]) {
        let target: { community: string; section: string };
        try {
          target = parseListingContext(context);
        } catch (error) {
          problems.push(`${where}: ${(error as Error).message}`);
          continue;
        }
        const item = obj(obj(obj(locationData[target.community])[target.section])[detailId]);
        if (item.id !== detailId) problems.push(`${where}: no item "${detailId}" in ${context}`);
        else {
          if (item.remotelyManaged !== true) problems.push(`${where}: ${context}/${detailId} is not remotelyManaged`);
          if (item.title !== parsed.data.detailTitle) problems.push(`${where}: detailTitle differs from the item's title`);
        }
      }
    }
  }
  for (const [detailId, grants] of Object.entries(byDetail)) {
    for (const uid of Object.keys(obj(grants))) {
      if (!obj(byUid[uid])[detailId]) problems.push(`${paths.remoteByDetail(detailId, uid)}: not mirrored under uid`);
    }
  }

  // Authorization records.
  for (const [uid, record] of Object.entries(obj(obj(root['user-authorization']).users))) {
    const where = paths.userAuthorization(uid);
    const parsed = UserAuthorizationSchema.safeParse(record);
    if (!parsed.success) {
      problems.push(`${where}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`);
      continue;
    }
    if (!uids.has(uid)) problems.push(`${where}: not a demo account`);
    const rights = parsed.data.communities ?? {};
    for (const community of Object.keys(rights)) {
      if (!(community in communities)) problems.push(`${where}: unknown community ${community}`);
    }
    if (parsed.data.editorDefault && !(parsed.data.editorDefault in rights))
      problems.push(`${where}: editorDefault is not one of the user's communities`);
    if (!Object.values(rights).some((r) => r.isEditor || r.isAdmin))
      problems.push(`${where}: a record without editor or admin rights gives no access`);
  }

  // App data limits (spec 01 §5).
  for (const [appId, app] of Object.entries(obj(productNode['app-data']))) {
    const a = obj(app);
    const assets = obj(a.deploymentAssets);
    const limits: Array<[string, Json | undefined, number]> = [
      ['appName', a.appName, 30],
      ['appTitle', assets.appTitle, 30],
      ['shortDescription', assets.shortDescription, 80],
      ['description', assets.description, 4000],
      ['keywords', assets.keywords, 100],
    ];
    for (const [field, value, max] of limits) {
      if (typeof value === 'string' && value.length > max) problems.push(`${paths.appData(appId)}: ${field} is longer than ${max}`);
    }
    if (!['single', 'esp', 'multi'].includes(String(a.appType)))
      problems.push(`${paths.appData(appId)}: appType must be single, esp or multi`);
    if (typeof a.cLocationId === 'string' && !(a.cLocationId in communities))
      problems.push(`${paths.appData(appId)}: cLocationId is not a community`);
  }

  for (const [topic, record] of Object.entries(systemTopics)) {
    if (!['user-group', 'category'].includes(String(obj(record).type)))
      problems.push(`${paths.systemTopic(topic)}: type must be user-group or category`);
  }
  for (const [id, message] of Object.entries(obj(obj(productNode['system-data']).messages))) {
    problems.push(...messageProblems(paths.systemMessage(id), obj(message), {}, systemTopics, now, 'sent'));
  }
  return problems;
}

function communityProblems(
  community: string,
  kind: string,
  zone: string,
  data: Tree,
  written: Tree,
  systemTopics: Tree,
  paths: ReturnType<typeof createPaths>,
  now: number,
): string[] {
  const problems: string[] = [];
  const menuPath = paths.menu(community, 'main-menu');
  const menu = list(data['main-menu']).map(obj);
  const calendars = obj(obj(data['amc-events']).config);
  const calendarData = obj(obj(data['amc-events']).calendars);
  const hunts = obj(data.hunts);
  const forms = obj(data['custom-forms']);
  const locations = obj(data.locations);
  const store = obj(data.store);
  const topics = obj(obj(data['messages-config']).topics);

  // The default menu for the community's kind, with the spec's tabs.
  for (const expected of DEFAULT_MENU_SECTIONS) {
    if ('kinds' in expected && !(expected.kinds as readonly string[]).includes(kind)) continue;
    const item = menu.find((entry) => entry.name === expected.name && entry.type === expected.type);
    if (!item) {
      problems.push(`${menuPath}: the default menu item "${expected.name}" (${expected.type}) is missing`);
      continue;
    }
    const tabs = list(item.tabs).map((tab) => text(obj(tab).title));
    if ('tabs' in expected && JSON.stringify(tabs) !== JSON.stringify(expected.tabs)) {
      problems.push(`${menuPath}: "${expected.name}" must have the tabs ${expected.tabs.join(', ')}`);
    }
  }
  const uniqueIds = new Set<string>();
  menu.forEach((item, index) => {
    const where = paths.menuItem(community, 'main-menu', index);
    for (const field of ['name', 'type', 'icon', 'uniqueId'])
      if (typeof item[field] !== 'string' || item[field] === '') problems.push(`${where}: ${field} is required`);
    const uniqueId = String(item.uniqueId);
    if (uniqueIds.has(uniqueId)) problems.push(`${where}: uniqueId "${uniqueId}" is used twice`);
    uniqueIds.add(uniqueId);
    const svg = svgProblem(obj(item.iconData).svg);
    if (svg) problems.push(`${where}/iconData: ${svg}`);
    if (item.type === 'amc-events' && !calendars[uniqueId]) problems.push(`${where}: no calendar "${uniqueId}"`);
    if (item.type === 'hunts' && !hunts[uniqueId]) problems.push(`${where}: no hunt "${uniqueId}"`);
    if (item.type === 'form' && !forms[uniqueId]) problems.push(`${where}: no custom form "${uniqueId}"`);
    if ((item.type === 'website' || item.type === 'file') && typeof item.url !== 'string') problems.push(`${where}: url is required`);
  });

  // Businesses and other list items: hours format, phone digits, coordinates as strings.
  const sections = listSections(data['main-menu']);
  for (const [section, items] of Object.entries(data)) {
    if (!sections.has(section)) continue;
    for (const [itemId, raw] of Object.entries(obj(items))) {
      const item = obj(raw);
      const where = paths.listItem(community, section, itemId);
      if (item.id !== undefined && item.id !== itemId) problems.push(`${where}: id must equal the key`);
      if (item.contexts !== undefined && !list(item.contexts).includes(`${community}/${section}`))
        problems.push(`${where}: contexts must include ${community}/${section}`);
      if (typeof item.phone === 'string' && item.phone.replace(/\D/g, '').length < 7)
        problems.push(`${where}: phone needs at least 7 digits`);
      for (const field of ['latitude', 'longitude']) {
        if (item[field] !== undefined && (typeof item[field] !== 'string' || Number.isNaN(Number(item[field]))))
          problems.push(`${where}: ${field} is a decimal saved as a string`);
      }
      if (item.hours !== undefined) {
        for (const [dayName, slots] of Object.entries(obj(item.hours))) {
          if (!(HOURS_DAYS as readonly string[]).includes(dayName)) problems.push(`${where}/hours: unknown day "${dayName}"`);
          for (const slot of list(slots)) {
            const { open, close } = obj(slot);
            if (!HOURS_TIME.test(String(open)) || !HOURS_TIME.test(String(close)))
              problems.push(`${where}/hours/${dayName}: times are 'h:mm AM/PM'`);
          }
        }
      }
      for (const iconKey of list(item.listIcons)) {
        if (!obj(obj(obj(data.config).business).listIcons)[String(iconKey)]) problems.push(`${where}: no list icon "${String(iconKey)}"`);
      }
      for (const [index, detailButton] of list(item.detailButtons).entries()) {
        const b = obj(detailButton);
        if (!b.title || !b.action || !b.actionKey)
          problems.push(`${where}/detailButtons/${index}: title, action and actionKey are required`);
      }
    }
  }

  // Calendars, events and recurrences.
  for (const [calendarId, rawConfig] of Object.entries(calendars)) {
    const config = obj(rawConfig);
    const where = paths.calendarConfig(community, calendarId);
    if (typeof config.title !== 'string') problems.push(`${where}: title is required`);
    if (config.userCreatedRequiresApproval === true && list(config.userCreatedEmails).length === 0) {
      problems.push(`${where}: approval needs at least one e-mail address`);
    }
    if (!calendarData[calendarId]) problems.push(`${where}: the calendar has no events`);
  }
  for (const [calendarId, rawCalendar] of Object.entries(calendarData)) {
    const config = obj(calendars[calendarId]);
    if (!calendars[calendarId]) problems.push(`${paths.calendar(community, calendarId)}: no calendar config`);
    const audiences = list(config.audiences).map((audience) => String(audience).toLowerCase());
    const events = obj(obj(rawCalendar).events);
    const recurrences = obj(obj(rawCalendar).recurrenceInfo);
    const context = `${community}/amc-events/calendars/${calendarId}`;
    for (const [eventId, rawEvent] of Object.entries(events)) {
      const event = obj(rawEvent);
      const where = paths.calendarEvent(community, calendarId, eventId);
      problems.push(...eventTimeProblems(where, event));
      if (!audiences.includes(String(event.audience)))
        problems.push(`${where}: audience "${String(event.audience)}" is not one of the calendar's`);
      if (event.resortLocationId !== undefined && event.resortLocationId !== '' && !locations[String(event.resortLocationId)]) {
        problems.push(`${where}: no location "${String(event.resortLocationId)}"`);
      }
      if (event.resortLocationId === '' && typeof event.location !== 'string')
        problems.push(`${where}: an off-site event needs a location title`);
      if (!['resort', 'local'].includes(String(event.type))) problems.push(`${where}: type must be resort or local`);
      if (event.rsvpFormKey !== undefined && !forms[String(event.rsvpFormKey)])
        problems.push(`${where}: no RSVP form "${String(event.rsvpFormKey)}"`);
      if (event.huntKey !== undefined && !hunts[String(event.huntKey)]) problems.push(`${where}: no hunt "${String(event.huntKey)}"`);
      const contexts = list(event.contexts).map(String);
      if (!contexts.includes(context)) problems.push(`${where}: contexts must include ${context}`);
      for (const other of contexts) {
        try {
          const parsed = parseEventContext(other);
          const copy = obj(
            obj(obj(obj(obj(obj(parsed.community === community ? data : {})['amc-events']).calendars)[parsed.calendarId]).events)[eventId],
          );
          if (JSON.stringify(copy) !== JSON.stringify(event)) problems.push(`${where}: the copy in ${other} differs or is missing`);
        } catch (error) {
          problems.push(`${where}: ${(error as Error).message}`);
        }
      }
      if (event.recurrenceId !== undefined) {
        const recurrence = obj(recurrences[String(event.recurrenceId)]);
        if (obj(recurrence.eventKeys)[eventId] !== event.startDate)
          problems.push(`${where}: not listed with its startDate in recurrence ${String(event.recurrenceId)}`);
      }
    }
    for (const [recurrenceId, rawRecurrence] of Object.entries(recurrences)) {
      const recurrence = obj(rawRecurrence);
      const where = paths.calendarRecurrence(community, calendarId, recurrenceId);
      const validDays = list(recurrence.validDays);
      if (validDays.length !== 7 || !validDays.every((value) => typeof value === 'boolean'))
        problems.push(`${where}: validDays is 7 booleans, Monday first`);
      if (!['none', 'daily', 'weekly'].includes(String(recurrence.recurrence)))
        problems.push(`${where}: recurrence must be none, daily or weekly`);
      const keys = Object.entries(obj(recurrence.eventKeys));
      if (keys.length === 0) problems.push(`${where}: no eventKeys`);
      let lastEnd = 0;
      for (const [eventId, startDate] of keys) {
        const event = obj(events[eventId]);
        if (!events[eventId]) {
          problems.push(`${where}: eventKeys names a missing event "${eventId}"`);
          continue;
        }
        if (event.startDate !== startDate) problems.push(`${where}: eventKeys/${eventId} differs from the event's startDate`);
        if (event.recurrenceId !== recurrenceId) problems.push(`${where}: event ${eventId} has another recurrenceId`);
        if (typeof startDate === 'number' && validDays[weekdayIndex(startDate, zone)] !== true)
          problems.push(`${where}: ${eventId} falls on a day validDays excludes`);
        lastEnd = Math.max(lastEnd, Number(event.endDate));
        if (Number(event.endDateDuration) > 86_400_000) problems.push(`${where}: Recurring events cannot be longer than 24 hours.`);
      }
      if (typeof recurrence.recurrenceEndDate !== 'number' || recurrence.recurrenceEndDate < lastEnd)
        problems.push(`${where}: recurrenceEndDate must not precede the last event's end`);
      for (const eventId of Object.keys(obj(recurrence.editedEvents))) {
        if (!obj(recurrence.eventKeys)[eventId]) problems.push(`${where}: editedEvents names "${eventId}", which is not in eventKeys`);
      }
      for (const section of list(recurrence.sections)) {
        try {
          parseEventContext(String(section));
        } catch (error) {
          problems.push(`${where}: ${(error as Error).message}`);
        }
      }
    }
  }
  for (const section of ['events-resort', 'events-local']) {
    for (const [eventKey, rawEvent] of Object.entries(obj(data[section]))) {
      const event = obj(rawEvent);
      const where = paths.legacyEvent(community, section, eventKey);
      if (String(event.startDate) !== eventKey) problems.push(`${where}: a legacy event is keyed by its start time in ms`);
      problems.push(...eventTimeProblems(where, event));
    }
  }

  // Topics and messages.
  for (const [topicId, topic] of Object.entries(topics)) {
    if (!['user-group', 'category'].includes(String(obj(topic).type)))
      problems.push(`${paths.topic(community, topicId)}: type must be user-group or category`);
  }
  const allEvents = Object.fromEntries(Object.values(calendarData).flatMap((calendar) => Object.entries(obj(obj(calendar).events))));
  for (const [messageId, message] of Object.entries(obj(data.messages))) {
    problems.push(...messageProblems(paths.message(community, messageId), obj(message), topics, systemTopics, now, 'sent', allEvents));
  }
  for (const [messageId, message] of Object.entries(obj(data['messages-scheduled']))) {
    problems.push(
      ...messageProblems(paths.scheduledMessage(community, messageId), obj(message), topics, systemTopics, now, 'scheduled', allEvents),
    );
  }

  // Hunts.
  for (const [huntKey, hunt] of Object.entries(hunts)) {
    const steps = list(obj(hunt).steps).map(obj);
    const stepTypes = ['photo', 'answer', 'multiple_choice_single', 'golf', 'scan'];
    steps.forEach((step, index) => {
      const where = `${paths.hunt(community, huntKey)}/steps/${index}`;
      if (!stepTypes.includes(String(step.type))) problems.push(`${where}: unknown step type`);
      if (typeof step.key !== 'string' || keyProblem(step.key)) problems.push(`${where}: a step needs a key`);
      if (step.type === 'multiple_choice_single' && !list(step.choices).includes(step.answer ?? null))
        problems.push(`${where}: the answer must be one of the choices`);
      if (step.type === 'golf' && !list(step.par).every((par) => typeof par === 'number'))
        problems.push(`${where}: par is a number per hole`);
    });
  }

  // Entries: forms (including RSVP and feedback), hunts, orders.
  for (const [formKey, entries] of Object.entries(obj(written['custom-forms']))) {
    const form = obj(forms[formKey]);
    if (!forms[formKey]) problems.push(`${paths.entries(community, 'custom-forms', formKey)}: no custom form "${formKey}"`);
    const dataFields = new Set(
      list(form.fields)
        .map(obj)
        .filter((field) => !['header', 'label', 'static'].includes(String(field.type)))
        .map((field) => String(field.name)),
    );
    for (const [entryId, rawEntry] of Object.entries(obj(entries))) {
      const entry = obj(rawEntry);
      const where = paths.entry(community, 'custom-forms', formKey, entryId);
      problems.push(...completionProblems(where, entry));
      if (entry.communityId !== community) problems.push(`${where}: communityId must be ${community}`);
      for (const [name, answer] of Object.entries(obj(entry.answers))) {
        if (!dataFields.has(name)) problems.push(`${where}: "${name}" is not a data field of the form`);
        if (!('value' in obj(answer))) problems.push(`${where}/answers/${name}: an answer is { value }`);
      }
      for (const field of list(form.fields).map(obj)) {
        if (
          field.required === true &&
          dataFields.has(String(field.name)) &&
          !obj(entry.answers)[String(field.name)] &&
          field.type !== 'image'
        ) {
          problems.push(`${where}: the required field "${String(field.name)}" has no answer`);
        }
      }
      if (entry.eventId !== undefined) {
        const event = obj(allEvents[String(entry.eventId)]);
        if (!allEvents[String(entry.eventId)]) problems.push(`${where}: no event "${String(entry.eventId)}"`);
        else {
          if (event.rsvpRequest !== true || event.rsvpFormKey !== formKey) problems.push(`${where}: the event does not ask for this form`);
          if (entry.eventStartDate !== event.startDate || entry.eventTitle !== event.title)
            problems.push(`${where}: eventTitle and eventStartDate must match the event`);
          if (!list(event.contexts).includes(entry.eventContext ?? null))
            problems.push(`${where}: eventContext is not one of the event's contexts`);
        }
      }
    }
  }
  for (const [huntKey, entries] of Object.entries(obj(written.hunts))) {
    const steps = new Map(list(obj(hunts[huntKey]).steps).map((step) => [String(obj(step).key), obj(step)]));
    if (!hunts[huntKey]) problems.push(`${paths.entries(community, 'hunts', huntKey)}: no hunt "${huntKey}"`);
    const meta = new Set(['createdBy', 'loggedInUser', 'loggedInEmail', 'communityId', 'createDate', 'completed', 'completedBy']);
    for (const [entryId, rawEntry] of Object.entries(obj(entries))) {
      const entry = obj(rawEntry);
      const where = paths.entry(community, 'hunts', huntKey, entryId);
      problems.push(...completionProblems(where, entry));
      for (const [stepKey, response] of Object.entries(entry)) {
        if (meta.has(stepKey)) continue;
        const step = steps.get(stepKey);
        if (!step) {
          problems.push(`${where}: "${stepKey}" is not a step of the hunt`);
          continue;
        }
        const scored = obj(response).scored;
        if (scored !== undefined && scored !== 0 && scored !== 1)
          problems.push(`${paths.entryStep(community, 'hunts', huntKey, entryId, stepKey)}: scored is 1, 0 or absent`);
        if (step.type === 'golf') {
          for (const [player, scores] of Object.entries(obj(obj(response).scores))) {
            if (list(scores).length !== list(step.par).length) problems.push(`${where}/${stepKey}: ${player} needs one score per hole`);
          }
        }
      }
    }
  }
  for (const [orderId, rawOrder] of Object.entries(obj(written.orders))) {
    const order = obj(rawOrder);
    const where = paths.order(community, orderId);
    problems.push(...completionProblems(where, order));
    const items = list(order.cartItems).map(obj);
    if (items.length === 0) problems.push(`${where}: an order has cartItems`);
    for (const item of items) {
      if (!store[String(item.storeItemKey)]) problems.push(`${where}: no store item "${String(item.storeItemKey)}"`);
      else if (obj(store[String(item.storeItemKey)]).title !== item.storeItemTitle)
        problems.push(`${where}: storeItemTitle differs from the store item`);
    }
  }
  return problems;
}

function eventTimeProblems(where: string, event: Tree): string[] {
  const problems: string[] = [];
  const { startDate, endDate, endDateDuration } = event;
  if (typeof startDate !== 'number' || typeof endDate !== 'number' || typeof endDateDuration !== 'number') {
    return [`${where}: startDate, endDate and endDateDuration are numbers (epoch ms)`];
  }
  if (endDate - startDate !== endDateDuration) problems.push(`${where}: endDate - startDate must equal endDateDuration`);
  if (endDate <= startDate) problems.push(`${where}: the end must come after the start`);
  if (event.allDay === true && endDateDuration !== ALL_DAY_DURATION)
    problems.push(`${where}: an all-day event lasts ${ALL_DAY_DURATION} ms`);
  if (typeof event.title !== 'string' || event.title === '') problems.push(`${where}: title is required`);
  return problems;
}

function completionProblems(where: string, entry: Tree): string[] {
  const { completed, completedBy } = entry;
  if (completed === undefined) return completedBy === undefined ? [] : [`${where}: completedBy without completed`];
  if (completed !== 0 && completed !== 1 && completed !== 2) return [`${where}: completed is 0, 1 or 2`];
  if (completed > 0 && typeof completedBy !== 'string') return [`${where}: completedBy is required once completed`];
  return [];
}

function messageProblems(
  where: string,
  message: Tree,
  topics: Tree,
  systemTopics: Tree,
  now: number,
  kind: 'sent' | 'scheduled',
  events: Tree = {},
): string[] {
  const problems: string[] = [];
  if (typeof message.title !== 'string' || typeof message.description !== 'string')
    problems.push(`${where}: title and description are required`);
  const topic = (id: Json | undefined, type: string) => {
    const record = obj(topics[String(id)] ?? systemTopics[String(id)]);
    return record.type === type;
  };
  if (!topic(message.userGroup, 'user-group')) problems.push(`${where}: userGroup "${String(message.userGroup)}" is not a user group`);
  if (!topic(message.category, 'category')) problems.push(`${where}: category "${String(message.category)}" is not a category`);
  if (typeof message.deliveryTime !== 'number' || typeof message.endTime !== 'number')
    problems.push(`${where}: deliveryTime and endTime are numbers`);
  else if (message.endTime !== 0 && message.endTime <= message.deliveryTime) problems.push(`${where}: endTime must follow deliveryTime`);
  if (kind === 'scheduled' && typeof message.deliveryTime === 'number' && message.deliveryTime <= now)
    problems.push(`${where}: a scheduled message is delivered in the future`);
  if (kind === 'sent' && typeof message.deliveryTime === 'number' && message.deliveryTime > now)
    problems.push(`${where}: a sent message was delivered in the past`);
  if (message.recurrenceInfo !== undefined) {
    const recurrence = obj(message.recurrenceInfo);
    if (list(recurrence.validDays).length !== 7) problems.push(`${where}: recurrenceInfo.validDays is 7 booleans`);
    if (message.nextScheduledRun !== message.deliveryTime) problems.push(`${where}: nextScheduledRun starts at the delivery time`);
  }
  if (message.eventId !== undefined) {
    const event = obj(events[String(message.eventId)]);
    if (!events[String(message.eventId)]) problems.push(`${where}: no event "${String(message.eventId)}"`);
    else if (message.startDate !== event.startDate || message.endDate !== event.endDate)
      problems.push(`${where}: startDate and endDate must match the event`);
  }
  return problems;
}

/**
 * A calendar's remote access entry (written by the calendar config editor): keyed by the
 * calendar's remoteKey, its only context the calendar's event context, the community's
 * '{community}/amc-events' as origContext, the calendar's title as detailTitle.
 */
function calendarGrantProblems(
  where: string,
  detailId: string,
  entry: { contexts: string[]; origContext: string; detailTitle?: string },
  locationData: Record<string, Json>,
): string[] {
  if (entry.contexts.length !== 1) return [`${where}: a calendar grant names exactly one calendar`];
  let target: { community: string; calendarId: string };
  try {
    target = parseEventContext(entry.contexts[0]!);
  } catch (error) {
    return [`${where}: ${(error as Error).message}`];
  }
  if (entry.origContext !== `${target.community}/amc-events`) return [`${where}: origContext is not ${target.community}/amc-events`];
  const config = obj(obj(obj(obj(locationData[target.community])['amc-events']).config)[target.calendarId]);
  if (config.remoteKey !== detailId) return [`${where}: calendar ${target.calendarId} has no remoteKey "${detailId}"`];
  if (config.title !== entry.detailTitle) return [`${where}: detailTitle differs from the calendar's title`];
  return [];
}
