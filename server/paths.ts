/**
 * Every database path shape of the product, as functions: the only place that builds a path
 * string. Paths are '/'-separated keys relative to the database root, without leading or
 * trailing slash, as `RealtimeDb.ref(path)` and multi-path `update({ [path]: value })` take them.
 *
 * ## Where the shapes sit
 * - Under `{product}` (the deployment's product root, `PRODUCT` in the environment): every shape
 *   except one. The spec sometimes abbreviates `{product}/location-data` as `location-data`
 *   (spec 01 "location-data/{key}/header-info/main-menu", spec 03 "location-data/{context}") and
 *   writes per-community nodes as `{community}/…` (spec 02 "{community}/flyers/config", spec 03
 *   "{community}/config/business/listIcons"); both mean `{product}/location-data/{community}/…`.
 *   `app-data/{project}` of spec 03 is `{product}/app-data` (the project is the product).
 * - Root level: `user-authorization/users/{uid}` only (spec 01 §7.1 writes it without
 *   `{product}`: one person's rights span every product of the database).
 *
 * Argument names: `community` is a community key, which the spec also calls {key},
 * {campgroundKey}, {location}, {locationId}, {clocation} and {communityKey}. Every argument is
 * checked by `assertKey` (non-empty, none of . $ # [ ] / nor control characters) and a bad one
 * throws `PathKeyError` naming it, so no caller input can reach another node. The only
 * multi-segment arguments are a section path (`section`, `listItem`), parsed by
 * `parseSectionPath`; the two kinds of context path the spec stores in records get their own
 * parser/formatter: a listing context `{community}/{section}` (business `contexts`,
 * `origContext`, spec 03) and an event context `{community}/amc-events/calendars/{calendarId}`
 * (event `contexts`, recurrence `sections`, spec 02).
 *
 * ## Which function covers each shape (`PATH_SHAPES` below lists them all)
 * Spec 01 (shell, sign-in, home, setup, studio) §7.1
 * - user-authorization/users/{uid} ............ userAuthorization, userAuthorizations,
 *   userCommunities, userCommunityRights, userEditorDefault ("set user authorization
 *   editorDefault"). The record's shape is documented in server/seed/index.ts.
 * - {product}/remote-management/uid/{uid} ..... remoteByUid
 * - {product}/feature-availability ............ featureAvailability, featureFlag
 * - {product}/campground-locations[/{key}] .... communities, community, communityIconSet
 * - {product}/location-data/{campgroundKey} ... locationData; "update icon data by object path"
 *   menuItemIconData (or section(key, 'main-menu/3/iconData')); "set menu array at {menuId}" menu
 * - location-data/{key}/header-info/main-menu . headerInfo(key, 'main-menu'), headerInfos
 * - {product}/amc-dollars/config/enabled ...... dollarsEnabled
 * - {product}/app-data[/{appId}] .............. appData
 * - {product}/integrations/pmsConfig/{id}, mapConfig/{id} ... pmsConfig(s), mapConfig(s)
 *   (integrations: both, for a save that compares and writes them in one transaction)
 * - location-data templates, by type main-menu  locationTemplates ({product}/location-data/templates,
 *   queried orderByChild('type'); 'templates' is therefore never a community key)
 * - studio-activity ........................... studioActivity ({product}/studio-activity/{communityKey})
 * - email-queue ............................... emailQueue ({product}/email-queue[/{id}])
 * Spec 02 (listings, events, messages, entries) §7
 * - the location's locations list ............. locations, location (also spec 03's
 *   "locations/{clocation}/locations": the same list, kept at {product}/location-data/{community}/locations)
 * - audience list ............................. audience (community list); calendarAudiences (per calendar)
 * - hunts, rewards/config, custom-forms, store, bookings, lists of any menu section
 *   ........................................... hunts, hunt, rewardsConfig, customForms, customForm,
 *   storeItems, storeItem, bookings, section, listItem
 * - main-menu item where uniqueId = context ... menu(key, 'main-menu') + orderByChild('uniqueId')
 * - header-info/{context}, or a given path .... headerInfo, section
 * - a business item's headerInfo .............. listItemHeaderInfo
 * - amc-events/calendars/{calendar}/events/{id} calendarEvents, calendarEvent
 * - recurrenceInfo/{recurrenceId} ............. calendarRecurrences, calendarRecurrence (one copy per
 *   calendar, beside its events, which is what "multi-path updates across calendars for events/{id}
 *   and recurrenceInfo/{recurrenceId}" writes); legacyRecurrence for the legacy lists
 * - amc-events config, calendars .............. calendarConfigs, calendarConfig, calendarIcsBuildTime,
 *   calendarRemoteKey, calendarHeaderInfo, calendarPrintout, calendarImports, calendars, calendar;
 *   beside them the outcome of each import source's last run (not in the spec; staff see it in
 *   the config editor) ......................... calendarImportStatuses, calendarImportStatus; the
 *   removals a run holds back, and staff's edits of removed imported events (not in the spec;
 *   docs/decisions/015) ........................ calendarImportPendingRemoval, calendarImportKeptEdits,
 *   calendarImportKeptEdit
 * - google-events-import / google-events-denied googleEventImports, googleEventImport,
 *   googleEventsDenied, googleEventDenied
 * - messages / messages-scheduled per location  messages, message, scheduledMessages, scheduledMessage
 * - user-written messages/{from}/{to}, message-threads ... personalMessages, personalMessage,
 *   messageThreads, messageThread
 * - messages-scheduled by eventId in system-data, messages-config/topics (and system-data)
 *   ........................................... systemMessages, systemMessage, systemScheduledMessages,
 *   systemScheduledMessage, systemTopics, systemTopic, topics, topic
 * - user-written/{location}/{context}/{item}/{entry}[/{step}] ... userWritten, entries, entry,
 *   entryStep, entryStepScored
 * - custom-forms/{key} ......................... customForm
 * - remote-management/detailId/{key}, uid/{id}/{key} ... remoteByDetail, remoteByUid
 * - searchablemap-detail title of a new map ... maps, map, mapTitle
 * - splash screens / ads pages ................ ads, ad, adPages
 * - {community}/flyers/config, flyers/generated[/{key}[/elements]] ... flyersConfig,
 *   flyersGenerated, flyerGenerated, flyerElements
 * - users/{uid}/campground-locations/{community}/ai/{path} ... aiHistory, aiPrompts, aiPrompt,
 *   aiResponse (prompts of one assistant path; responses keyed by 20-character ids)
 * - campground-locations, rewards-dollars enabled flag, dollars participants, location-import
 *   ........................................... communities, dollarsEnabled, dollarsParticipants,
 *   locationImports, locationImport
 * - legacy events (paged by menu tab) ......... legacyEvents, legacyEvent ({product}/location-data/
 *   {community}/{events-resort|events-local}, keyed by start time in ms)
 * - event printout templates .................. eventPrintouts, eventPrintout
 * Spec 03 (business, marketing, calendar, maps, widgets) §7
 * - {community}/config/business/listIcons[/{iconKey}] ... listIcons, listIcon
 * - location-data/{context} queried by id ..... parseListingContext + section (orderByChild('id'))
 * - remote-management/uid/{uid}/{detailId}, detailId/{detailId}[/{uid}] ... remoteByUid, remoteByDetail
 * - amc-dollars/{type}/{id}, amc-dollars/participants ... dollarsRecords, dollarsRecord, dollarsParticipants
 * - community packageNames, system-data/config/packageNames ... communityPackageNames, systemPackageNames
 * - location-data/{community}/marketing-asset-editor ... marketingAssetEditor
 * - locations/{clocation}/locations ........... locations (see spec 02 above)
 * - location-data/{clocation}/events-resort | events-local ... legacyEvents
 * - amc-events/calendars/{tab}/events ......... calendarEvents; amc-events/config ordered by title calendarConfigs
 * - searchablemap-detail, location-data/{community}/{path} ... maps, map, section
 * - app-data, app-data/{project}[/{id}], campground-locations/{community}, user-written/{community}
 *   ........................................... appData, community, userWritten
 * - config/shortURLs/{base64 url} ............. shortUrls, shortUrl (+ shortUrlCacheKey: base64url,
 *   because standard base64 may contain '/', which no key can hold)
 * - system-data/config/app/style, …/app/type .. systemAppStyle, systemAppType
 * - any node of system-data (system-wide lists) systemData ({product}/system-data/{sectionPath})
 * - action selector targets (spec 03 §3 action values, §5) ... storeItems, customForms,
 *   menu(key, 'main-menu') and its submenus (mainMenu by uniqueId; File items saved as website with
 *   fromFile, by url), maps, bookings, hunts, calendarConfigs (server/actions/targets.ts)
 * Platform (not in the spec)
 * - {product}/dev-outbox[/{id}] ............... outbox (mail kept by the offline mailer)
 * - {product}/dev-push-outbox[/{id}] .......... pushOutbox (push notifications kept by the offline push port)
 * - {product}/message-deliveries/{id} ......... messageDelivery (one record per delivered run of a
 *   message, written with its move or copy: docs/decisions/012)
 * - {product}/message-pending[/{id}] ........... pendingDeliveries, pendingDelivery (the runs whose push
 *   has not gone out yet: written with the message or its move, removed with `pushedAt`;
 *   docs/decisions/014)
 * - {product}/users/{uid}/device-tokens ....... deviceTokens (the app's push tokens of one user,
 *   {tokenKey: token}; written by the mobile app, read for personal notifications)
 * - {product}/console-sessions/{id} ........... session (staff sign-in sessions; the cookie holds the id)
 * - {product}/console-tokens/{id} ............. authToken (single-use sign-in link and password-reset tokens)
 * - {product}/location-data/{community}/remote-audit/{detailId}[/{entryId}] ... remoteAudit (who saved
 *   which fields of an item through a remote grant, and when; pushed, newest last, bounded)
 * - {product}/location-data/{community}/remote-requests[/{requestId}] ... remoteRequests (the remote
 *   managers' 'Update Permissions' requests to the community's administrators)
 *
 * Storage object paths are in `storagePaths` (see its own comment).
 */
import { RESERVED_UNIQUE_IDS } from '../app/lib/catalogues/auth-groups';
import { MAX_KEY_BYTES, isValidKey, keyProblem } from '../app/lib/db-key';

export { MAX_KEY_BYTES };

/** A path argument that is not a usable key; `argument` names the parameter. */
export class PathKeyError extends Error {
  constructor(
    readonly argument: string,
    readonly value: unknown,
    reason: string,
  ) {
    super(`Invalid ${argument} ${describe(value)}: ${reason}.`);
    this.name = 'PathKeyError';
  }
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
  if (value === undefined) return '(undefined)';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

export { isValidKey, keyProblem };

/** Returns `value` when it is a valid database key; throws `PathKeyError` naming `argument` otherwise. */
export function assertKey(argument: string, value: unknown): string {
  const problem = keyProblem(value);
  if (problem !== null) throw new PathKeyError(argument, value, problem);
  return value as string;
}

/** A list index (menus are arrays): a non-negative integer, or its decimal text. */
function assertIndex(argument: string, value: unknown): string {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) throw new PathKeyError(argument, value, 'an index must be a non-negative integer');
    return String(value);
  }
  return assertKey(argument, value);
}

/**
 * Splits a path relative to a community's location data ('main-menu', 'dining-resort',
 * 'searchablemap-detail/-NxMap', 'main-menu/3/iconData') into its keys, checking each.
 */
export function parseSectionPath(sectionPath: string, argument = 'sectionPath'): string[] {
  if (typeof sectionPath !== 'string') throw new PathKeyError(argument, sectionPath, 'a section path must be a string');
  if (sectionPath === '') throw new PathKeyError(argument, sectionPath, 'a section path cannot be empty');
  return sectionPath.split('/').map((segment, index) => {
    const problem = keyProblem(segment);
    if (problem !== null) throw new PathKeyError(argument, sectionPath, `segment ${index + 1} is not a key: ${problem}`);
    return segment;
  });
}

/** Appends checked keys to a path built here: `child(paths.community(key), 'iconSet')`. */
export function child(base: string, ...keys: Array<string | number>): string {
  if (typeof base !== 'string' || base === '') throw new PathKeyError('base', base, 'the base path must be a non-empty path');
  return [base, ...keys.map((key, index) => assertIndex(`key ${index + 1}`, key))].join('/');
}

// ─── Context paths stored in records ─────────────────────────────────────────────────────────

/** A listing context: a community and one of its sections, stored as '{community}/{section}'. */
export interface ListingContext {
  community: string;
  section: string;
}

export function formatListingContext(community: string, section: string): string {
  return `${assertKey('community', community)}/${assertKey('section', section)}`;
}

/** Parses '{community}/{section}' (business `contexts`, a grant's `origContext`). */
export function parseListingContext(context: string): ListingContext {
  const parts = parseSectionPath(context, 'listingContext');
  const [community, section] = parts;
  if (parts.length !== 2 || community === undefined || section === undefined) {
    throw new PathKeyError('listingContext', context, 'a listing context is "{community}/{section}" (two keys)');
  }
  return { community, section };
}

/** An event context: one calendar of one community. */
export interface EventContext {
  community: string;
  calendarId: string;
}

/** '{community}/amc-events/calendars/{calendarId}', as event `contexts` and recurrence `sections` hold it. */
export function formatEventContext(community: string, calendarId: string): string {
  return `${assertKey('community', community)}/amc-events/calendars/${assertKey('calendarId', calendarId)}`;
}

export function parseEventContext(context: string): EventContext {
  const parts = parseSectionPath(context, 'eventContext');
  const [community, collection, calendars, calendarId] = parts;
  if (
    parts.length !== 4 ||
    community === undefined ||
    collection !== 'amc-events' ||
    calendars !== 'calendars' ||
    calendarId === undefined
  ) {
    throw new PathKeyError('eventContext', context, 'an event context is "{community}/amc-events/calendars/{calendarId}"');
  }
  return { community, calendarId };
}

// ─── Keys the spec derives from titles ───────────────────────────────────────────────────────

/**
 * A community key from its title (spec 01 §3.1): lower-cased, apostrophes removed, each run of
 * non-word characters turned into one hyphen. Studio communities get a leading dash. As in the
 * spec, leading or trailing punctuation also becomes a hyphen ("Camp Fun!" → "camp-fun-").
 */
export function communityKeyFromTitle(title: string, options: { studio?: boolean } = {}): string {
  if (typeof title !== 'string' || title.trim() === '') throw new PathKeyError('title', title, 'a community title is required');
  const key = title.toLowerCase().replace(/['’]/g, '').replace(/\W+/g, '-');
  if (key === '-' || key === '') throw new PathKeyError('title', title, 'the title has no letters or digits');
  return assertKey('communityKey', options.studio ? `-${key}` : key);
}

/**
 * The key a remote grant is stored under, in `remote-management/uid/{uid}/{key}` and
 * `remote-management/detailId/{key}/{uid}` (the spec's `{detailId}` segment): the item's
 * community and its id, `{community}~{detailId}` (docs/decisions/017). Item ids are chosen by
 * each community (a listing's key on add, a copied community keeps its ids), so the id alone
 * would let one community's grant overwrite or open another's. Community keys never hold '~'
 * (made from titles: letters, digits, '-'), so the first '~' splits a key unambiguously.
 */
export const REMOTE_GRANT_KEY_SEPARATOR = '~';

export function remoteGrantKey(community: string, detailId: string): string {
  assertKey('community', community);
  assertKey('detailId', detailId);
  if (community.includes(REMOTE_GRANT_KEY_SEPARATOR)) {
    throw new PathKeyError('community', community, `a community key with "${REMOTE_GRANT_KEY_SEPARATOR}" cannot key a remote grant`);
  }
  return assertKey('remoteGrantKey', `${community}${REMOTE_GRANT_KEY_SEPARATOR}${detailId}`);
}

/**
 * A stored grant key's community and item id; a key written before grants were keyed by
 * community (a bare item id, docs/decisions/017) has no community.
 */
export function parseRemoteGrantKey(key: string): { community: string | null; detailId: string } {
  const at = key.indexOf(REMOTE_GRANT_KEY_SEPARATOR);
  if (at <= 0 || at === key.length - 1) return { community: null, detailId: key };
  return { community: key.slice(0, at), detailId: key.slice(at + 1) };
}

/** True for keys of communities created through the studio wizard. */
export function isStudioCommunityKey(key: string): boolean {
  return key.startsWith('-');
}

/**
 * A calendar id from its title (spec 02 §5): lower-cased; each space, slash, period and comma
 * becomes a hyphen. The other characters no key may hold (# $ [ ]) also become hyphens, so
 * the id is always a valid key.
 */
export function calendarIdFromTitle(title: string): string {
  if (typeof title !== 'string' || title.trim() === '') throw new PathKeyError('title', title, 'Calendar title is required.');
  const id = title
    .toLowerCase()
    .replace(/[ /.,]/g, '-')
    .replace(/[#$[\]\u0000-\u001f\u007f]/g, '-');
  return assertKey('calendarId', id);
}

/**
 * The key under `config/shortURLs` for a long URL: its UTF-8 bytes in base64url without
 * padding (standard base64 may hold '/', which no key can).
 */
export function shortUrlCacheKey(url: string): string {
  if (typeof url !== 'string' || url === '') throw new PathKeyError('url', url, 'a URL is required');
  return assertKey('url', Buffer.from(url, 'utf8').toString('base64url'));
}

/** Keys of AI prompt-history responses: exactly 20 letters, digits, underscores or hyphens. */
export const AI_RESPONSE_KEY = /^[A-Za-z0-9_-]{20}$/;

// ─── The database paths ──────────────────────────────────────────────────────────────────────

/** Legacy event lists: the "activities" tabs of the old events screens (spec 03 public calendar). */
export const LEGACY_EVENT_SECTIONS = ['events-resort', 'events-local'] as const;

/**
 * Names of nodes in a community's location data that are not menu sections. Menu item
 * uniqueIds may not take the first list (spec 02 §5, reserved names); the others are
 * written by other features.
 */
export const RESERVED_SECTION_NAMES = RESERVED_UNIQUE_IDS;

/** Other fixed nodes of a community's location data. */
export const LOCATION_DATA_NODES = [
  'amc-events',
  'header-info',
  'locations',
  'messages-scheduled',
  'flyers',
  'marketing-asset-editor',
  'google-events-import',
  'google-events-denied',
  'recurrenceInfo',
  'bookings',
  'remote-audit',
  'remote-requests',
  ...LEGACY_EVENT_SECTIONS,
] as const;

/** The parts of a grant record that are containers rather than dollars types. */
const RESERVED_DOLLARS_TYPES = ['config', 'participants'];

export function createPaths(product: string) {
  const p = assertKey('product', product);
  const key = assertKey;
  const loc = (community: string) => `${p}/location-data/${key('community', community)}`;
  const cal = (community: string, calendarId: string) => `${loc(community)}/amc-events/calendars/${key('calendarId', calendarId)}`;
  const calConfig = (community: string, calendarId: string) => `${loc(community)}/amc-events/config/${key('calendarId', calendarId)}`;
  const uw = (community: string) => `${p}/user-written/${key('community', community)}`;
  const ai = (uid: string, community: string) => `${p}/users/${key('uid', uid)}/campground-locations/${key('community', community)}/ai`;
  const dollarsType = (type: string) => {
    key('type', type);
    if (RESERVED_DOLLARS_TYPES.includes(type)) throw new PathKeyError('type', type, `"${type}" is not a dollars record type`);
    return type;
  };
  const optional = (base: string, argument: string, value: string | undefined) =>
    value === undefined ? base : `${base}/${key(argument, value)}`;

  return {
    // ── Root level ──
    /** user-authorization/users */
    userAuthorizations: () => 'user-authorization/users',
    /** user-authorization/users/{uid}: one person's rights (see server/seed for the shape). */
    userAuthorization: (uid: string) => `user-authorization/users/${key('uid', uid)}`,
    /** …/{uid}/editorDefault: the default community. */
    userEditorDefault: (uid: string) => `user-authorization/users/${key('uid', uid)}/editorDefault`,
    /** …/{uid}/communities: the community keys the person may open, each with its rights. */
    userCommunities: (uid: string) => `user-authorization/users/${key('uid', uid)}/communities`,
    /** …/{uid}/communities/{community}: isEditor, isAdmin, canNotify, isResortSystem. */
    userCommunityRights: (uid: string, community: string) =>
      `user-authorization/users/${key('uid', uid)}/communities/${key('community', community)}`,

    // ── Product ──
    product: () => p,

    // Communities
    communities: () => `${p}/campground-locations`,
    community: (community: string) => `${p}/campground-locations/${key('community', community)}`,
    communityIconSet: (community: string) => `${p}/campground-locations/${key('community', community)}/iconSet`,
    communityPackageNames: (community: string) => `${p}/campground-locations/${key('community', community)}/packageNames`,

    // Location data: menus, header media, lists
    locationDataRoot: () => `${p}/location-data`,
    locationData: (community: string) => loc(community),
    /** Menu templates, queried orderByChild('type').equalTo('main-menu'). */
    locationTemplates: () => `${p}/location-data/templates`,
    /** Any node of a community's location data by its (possibly multi-key) section path. */
    section: (community: string, sectionPath: string) => `${loc(community)}/${parseSectionPath(sectionPath).join('/')}`,
    /** One item of a list section (a business, a FAQ, a contact …). */
    listItem: (community: string, sectionPath: string, itemId: string) =>
      `${loc(community)}/${parseSectionPath(sectionPath).join('/')}/${key('itemId', itemId)}`,
    /** A list item's own header media (a business item's headerInfo, spec 03 §3). */
    listItemHeaderInfo: (community: string, sectionPath: string, itemId: string) =>
      `${loc(community)}/${parseSectionPath(sectionPath).join('/')}/${key('itemId', itemId)}/headerInfo`,
    /** A menu section (an array of menu items): main-menu or a sub-menu's uniqueId. */
    menu: (community: string, menuId: string) => `${loc(community)}/${key('menuId', menuId)}`,
    menuItem: (community: string, menuId: string, index: number | string) =>
      `${loc(community)}/${key('menuId', menuId)}/${assertIndex('index', index)}`,
    menuItemIconData: (community: string, menuId: string, index: number | string) =>
      `${loc(community)}/${key('menuId', menuId)}/${assertIndex('index', index)}/iconData`,
    headerInfos: (community: string) => `${loc(community)}/header-info`,
    /** Header media of a menu section or listing context (main-menu, dining …). */
    headerInfo: (community: string, context: string) => `${loc(community)}/header-info/${key('context', context)}`,
    /** The community's locations list (spec 02; spec 03 "locations/{clocation}/locations"). */
    locations: (community: string) => `${loc(community)}/locations`,
    location: (community: string, locationId: string) => `${loc(community)}/locations/${key('locationId', locationId)}`,
    /** The community's audience list (titles). */
    audience: (community: string) => `${loc(community)}/audience`,
    hunts: (community: string) => `${loc(community)}/hunts`,
    hunt: (community: string, huntKey: string) => `${loc(community)}/hunts/${key('huntKey', huntKey)}`,
    customForms: (community: string) => `${loc(community)}/custom-forms`,
    customForm: (community: string, formKey: string) => `${loc(community)}/custom-forms/${key('formKey', formKey)}`,
    rewardsConfig: (community: string) => `${loc(community)}/rewards/config`,
    storeItems: (community: string) => `${loc(community)}/store`,
    storeItem: (community: string, storeItemKey: string) => `${loc(community)}/store/${key('storeItemKey', storeItemKey)}`,
    bookings: (community: string) => `${loc(community)}/bookings`,
    ads: (community: string) => `${loc(community)}/ads`,
    ad: (community: string, adKey: string) => `${loc(community)}/ads/${key('adKey', adKey)}`,
    adPages: (community: string, adKey: string) => `${loc(community)}/ads/${key('adKey', adKey)}/pages`,
    /** Searchable maps (searchablemap-detail). */
    maps: (community: string) => `${loc(community)}/searchablemap-detail`,
    map: (community: string, mapKey: string) => `${loc(community)}/searchablemap-detail/${key('mapKey', mapKey)}`,
    mapTitle: (community: string, mapKey: string) => `${loc(community)}/searchablemap-detail/${key('mapKey', mapKey)}/title`,
    listIcons: (community: string) => `${loc(community)}/config/business/listIcons`,
    listIcon: (community: string, iconKey: string) => `${loc(community)}/config/business/listIcons/${key('iconKey', iconKey)}`,
    marketingAssetEditor: (community: string) => `${loc(community)}/marketing-asset-editor`,
    flyersConfig: (community: string) => `${loc(community)}/flyers/config`,
    flyersGenerated: (community: string) => `${loc(community)}/flyers/generated`,
    flyerGenerated: (community: string, flyerKey: string) => `${loc(community)}/flyers/generated/${key('flyerKey', flyerKey)}`,
    flyerElements: (community: string, flyerKey: string) => `${loc(community)}/flyers/generated/${key('flyerKey', flyerKey)}/elements`,

    // Messages and notifications of a community
    messages: (community: string) => `${loc(community)}/messages`,
    message: (community: string, messageId: string) => `${loc(community)}/messages/${key('messageId', messageId)}`,
    scheduledMessages: (community: string) => `${loc(community)}/messages-scheduled`,
    scheduledMessage: (community: string, messageId: string) => `${loc(community)}/messages-scheduled/${key('messageId', messageId)}`,
    /** messages-config/topics: user groups and categories (type 'user-group' | 'category'). */
    topics: (community: string) => `${loc(community)}/messages-config/topics`,
    topic: (community: string, topicId: string) => `${loc(community)}/messages-config/topics/${key('topicId', topicId)}`,

    // Calendars and events
    calendarConfigs: (community: string) => `${loc(community)}/amc-events/config`,
    calendarConfig: (community: string, calendarId: string) => calConfig(community, calendarId),
    calendarIcsBuildTime: (community: string, calendarId: string) => `${calConfig(community, calendarId)}/icsBuildTime`,
    calendarRemoteKey: (community: string, calendarId: string) => `${calConfig(community, calendarId)}/remoteKey`,
    calendarAudiences: (community: string, calendarId: string) => `${calConfig(community, calendarId)}/audiences`,
    calendarHeaderInfo: (community: string, calendarId: string) => `${calConfig(community, calendarId)}/header-info`,
    calendarPrintout: (community: string, calendarId: string) => `${calConfig(community, calendarId)}/printout`,
    calendarImports: (community: string, calendarId: string) => `${calConfig(community, calendarId)}/import`,
    /** The last run of each import source of a calendar (server/events/import/status.ts), keyed by importStatusKey. */
    calendarImportStatuses: (community: string, calendarId: string) => `${calConfig(community, calendarId)}/importStatus`,
    calendarImportStatus: (community: string, calendarId: string, sourceId: string) =>
      `${calConfig(community, calendarId)}/importStatus/${key('sourceId', sourceId)}`,
    /** The events a source's last run held back from removal until the next run confirms it (server/events/import/removals.ts). */
    calendarImportPendingRemoval: (community: string, calendarId: string, sourceId: string) =>
      `${calConfig(community, calendarId)}/importStatus/${key('sourceId', sourceId)}/pendingRemoval`,
    /** Staff's edits of a source's imported events that an import removed, kept for their return. */
    calendarImportKeptEdits: (community: string, calendarId: string, sourceId: string) =>
      `${calConfig(community, calendarId)}/importEdits/${key('sourceId', sourceId)}`,
    calendarImportKeptEdit: (community: string, calendarId: string, sourceId: string, eventId: string) =>
      `${calConfig(community, calendarId)}/importEdits/${key('sourceId', sourceId)}/${key('eventId', eventId)}`,
    calendars: (community: string) => `${loc(community)}/amc-events/calendars`,
    calendar: (community: string, calendarId: string) => cal(community, calendarId),
    calendarEvents: (community: string, calendarId: string) => `${cal(community, calendarId)}/events`,
    calendarEvent: (community: string, calendarId: string, eventId: string) =>
      `${cal(community, calendarId)}/events/${key('eventId', eventId)}`,
    calendarRecurrences: (community: string, calendarId: string) => `${cal(community, calendarId)}/recurrenceInfo`,
    calendarRecurrence: (community: string, calendarId: string, recurrenceId: string) =>
      `${cal(community, calendarId)}/recurrenceInfo/${key('recurrenceId', recurrenceId)}`,
    /** A legacy event list: events-resort or events-local, keyed by start time in ms. */
    legacyEvents: (community: string, section: string) => `${loc(community)}/${key('section', section)}`,
    legacyEvent: (community: string, section: string, eventKey: string) =>
      `${loc(community)}/${key('section', section)}/${key('eventKey', eventKey)}`,
    /** Recurrence records of the legacy lists (startDates, editedEvents keyed by event key). */
    legacyRecurrence: (community: string, recurrenceId: string) => `${loc(community)}/recurrenceInfo/${key('recurrenceId', recurrenceId)}`,
    googleEventImports: (community: string) => `${loc(community)}/google-events-import`,
    googleEventImport: (community: string, importId: string) => `${loc(community)}/google-events-import/${key('importId', importId)}`,
    googleEventsDenied: (community: string) => `${loc(community)}/google-events-denied`,
    googleEventDenied: (community: string, importId: string) => `${loc(community)}/google-events-denied/${key('importId', importId)}`,
    eventPrintouts: (community: string) => `${loc(community)}/event-printout`,
    eventPrintout: (community: string, calendarId: string) => `${loc(community)}/event-printout/${key('calendarId', calendarId)}`,

    // Guest entries and personal messages (user-written)
    userWritten: (community: string) => uw(community),
    /** Entries of one form, hunt or feedback item; context is custom-forms, hunts … */
    entries: (community: string, context: string, item: string) => `${uw(community)}/${key('context', context)}/${key('item', item)}`,
    entry: (community: string, context: string, item: string, entryId: string) =>
      `${uw(community)}/${key('context', context)}/${key('item', item)}/${key('entryId', entryId)}`,
    /** One hunt step's response inside an entry. */
    entryStep: (community: string, context: string, item: string, entryId: string, step: string) =>
      `${uw(community)}/${key('context', context)}/${key('item', item)}/${key('entryId', entryId)}/${key('step', step)}`,
    entryStepScored: (community: string, context: string, item: string, entryId: string, step: string) =>
      `${uw(community)}/${key('context', context)}/${key('item', item)}/${key('entryId', entryId)}/${key('step', step)}/scored`,
    orders: (community: string) => `${uw(community)}/orders`,
    order: (community: string, orderId: string) => `${uw(community)}/orders/${key('orderId', orderId)}`,
    personalMessages: (community: string, fromUid: string, toUid: string) =>
      `${uw(community)}/messages/${key('fromUid', fromUid)}/${key('toUid', toUid)}`,
    personalMessage: (community: string, fromUid: string, toUid: string, messageId: string) =>
      `${uw(community)}/messages/${key('fromUid', fromUid)}/${key('toUid', toUid)}/${key('messageId', messageId)}`,
    messageThreads: (community: string, uid: string) => `${uw(community)}/message-threads/${key('uid', uid)}`,
    messageThread: (community: string, uid: string, otherUid: string) =>
      `${uw(community)}/message-threads/${key('uid', uid)}/${key('otherUid', otherUid)}`,

    // System-wide data
    /** Any node of the product's system-wide data by its (possibly multi-key) path: a system-wide list. */
    systemData: (sectionPath: string) => `${p}/system-data/${parseSectionPath(sectionPath).join('/')}`,
    systemMessages: () => `${p}/system-data/messages`,
    systemMessage: (messageId: string) => `${p}/system-data/messages/${key('messageId', messageId)}`,
    systemScheduledMessages: () => `${p}/system-data/messages-scheduled`,
    systemScheduledMessage: (messageId: string) => `${p}/system-data/messages-scheduled/${key('messageId', messageId)}`,
    systemTopics: () => `${p}/system-data/messages-config/topics`,
    systemTopic: (topicId: string) => `${p}/system-data/messages-config/topics/${key('topicId', topicId)}`,
    systemPackageNames: () => `${p}/system-data/config/packageNames`,
    /** App style, default 'single'. */
    systemAppStyle: () => `${p}/system-data/config/app/style`,
    /** App type, default 'resort'. */
    systemAppType: () => `${p}/system-data/config/app/type`,
    shortUrls: () => `${p}/config/shortURLs`,
    /** A cached short link; the key comes from `shortUrlCacheKey(longUrl)`. */
    shortUrl: (cacheKey: string) => `${p}/config/shortURLs/${key('cacheKey', cacheKey)}`,

    // Remote management: the same grant under both indexes
    /** remote-management: both indexes of every remote grant (the key migration reads them whole). */
    remoteManagement: () => `${p}/remote-management`,
    /** remote-management/uid/{uid}[/{detailId}]; the segment is a grant key (remoteGrantKey: '{community}~{detailId}'). */
    remoteByUid: (uid: string, detailId?: string) => optional(`${p}/remote-management/uid/${key('uid', uid)}`, 'detailId', detailId),
    /** remote-management/detailId/{detailId}[/{uid}]; the segment is a grant key (remoteGrantKey). */
    remoteByDetail: (detailId: string, uid?: string) =>
      optional(`${p}/remote-management/detailId/${key('detailId', detailId)}`, 'uid', uid),

    /** location-data/{community}/remote-audit/{detailId}[/{entryId}]: the remote saves of an item (platform, not spec). */
    remoteAudit: (community: string, detailId: string, entryId?: string) =>
      optional(`${loc(community)}/remote-audit/${key('detailId', detailId)}`, 'entryId', entryId),
    /** location-data/{community}/remote-requests[/{requestId}]: 'Update Permissions' requests (platform, not spec). */
    remoteRequests: (community: string, requestId?: string) => optional(`${loc(community)}/remote-requests`, 'requestId', requestId),

    // Dollars
    dollarsEnabled: () => `${p}/amc-dollars/config/enabled`,
    dollarsParticipants: () => `${p}/amc-dollars/participants`,
    dollarsRecords: (type: string) => `${p}/amc-dollars/${dollarsType(type)}`,
    dollarsRecord: (type: string, id: string) => `${p}/amc-dollars/${dollarsType(type)}/${key('id', id)}`,

    // Apps, integrations, flags, studio, imports
    /** app-data[/{appId}] */
    appData: (appId?: string) => optional(`${p}/app-data`, 'appId', appId),
    integrations: () => `${p}/integrations`,
    pmsConfigs: () => `${p}/integrations/pmsConfig`,
    pmsConfig: (community: string) => `${p}/integrations/pmsConfig/${key('community', community)}`,
    mapConfigs: () => `${p}/integrations/mapConfig`,
    mapConfig: (community: string) => `${p}/integrations/mapConfig/${key('community', community)}`,
    featureAvailability: () => `${p}/feature-availability`,
    featureFlag: (flag: string) => `${p}/feature-availability/${key('flag', flag)}`,
    studioActivity: (community: string) => `${p}/studio-activity/${key('community', community)}`,
    locationImports: () => `${p}/location-import`,
    locationImport: (importId: string) => `${p}/location-import/${key('importId', importId)}`,

    // AI writing-assistant history of one person in one community
    aiHistory: (uid: string, community: string) => ai(uid, community),
    /** Prompts of one assistant path (the event assistant's is 'events'). */
    aiPrompts: (uid: string, community: string, assistantPath: string) => `${ai(uid, community)}/${key('assistantPath', assistantPath)}`,
    aiPrompt: (uid: string, community: string, assistantPath: string, promptKey: string) =>
      `${ai(uid, community)}/${key('assistantPath', assistantPath)}/${key('promptKey', promptKey)}`,
    aiResponse: (uid: string, community: string, assistantPath: string, promptKey: string, responseKey: string) => {
      key('responseKey', responseKey);
      if (!AI_RESPONSE_KEY.test(responseKey)) {
        throw new PathKeyError('responseKey', responseKey, 'a response key is 20 letters, digits, underscores or hyphens');
      }
      return `${ai(uid, community)}/${key('assistantPath', assistantPath)}/${key('promptKey', promptKey)}/responses/${responseKey}`;
    },

    // App users (the people of the apps, not staff)
    /** users: app users' profiles (name, email, communityId, isAnonymous), queried by communityId. */
    appUsers: () => `${p}/users`,
    appUser: (uid: string) => `${p}/users/${key('uid', uid)}`,

    // Mail
    /** email-queue[/{id}]: spec-shaped e-mail items (subject, body, emailType 3, email). */
    emailQueue: (id?: string) => optional(`${p}/email-queue`, 'id', id),
    /** dev-outbox[/{id}]: mail the offline mailer keeps instead of sending (platform, not spec). */
    outbox: (id?: string) => optional(`${p}/dev-outbox`, 'id', id),

    // Push delivery (platform, not spec)
    /** dev-push-outbox[/{id}]: push notifications the offline push port keeps instead of sending. */
    pushOutbox: (id?: string) => optional(`${p}/dev-push-outbox`, 'id', id),
    /** message-deliveries/{id}: the delivery record of one run of a message (docs/decisions/012). */
    messageDelivery: (id: string) => `${p}/message-deliveries/${key('id', id)}`,
    /** message-pending: the runs not pushed yet, requeued when the job service answers (docs/decisions/014). */
    pendingDeliveries: () => `${p}/message-pending`,
    /** message-pending/{id}: one run (its delivery id) waiting for its push. */
    pendingDelivery: (id: string) => `${p}/message-pending/${key('id', id)}`,
    /** users/{uid}/device-tokens: the push tokens of one user's devices ({tokenKey: token}). */
    deviceTokens: (uid: string) => `${p}/users/${key('uid', uid)}/device-tokens`,

    // Sign-in (platform, not spec)
    /** console-sessions/{id}: a signed-in browser's session; the cookie holds only the id. */
    session: (id: string) => `${p}/console-sessions/${key('id', id)}`,
    /** console-tokens/{id}: a single-use token of an e-mailed sign-in link or password reset. */
    authToken: (id: string) => `${p}/console-tokens/${key('id', id)}`,
  };
}

export type Paths = ReturnType<typeof createPaths>;

/**
 * The shape behind each function: `{name}` is one argument, in the order the function takes
 * them; `[/{name}]` an optional last argument. `{product}` is the product root. Tests hold
 * every function to its shape, and the seed checks its data against them.
 */
export const PATH_SHAPES = {
  userAuthorizations: 'user-authorization/users',
  userAuthorization: 'user-authorization/users/{uid}',
  userEditorDefault: 'user-authorization/users/{uid}/editorDefault',
  userCommunities: 'user-authorization/users/{uid}/communities',
  userCommunityRights: 'user-authorization/users/{uid}/communities/{community}',
  product: '{product}',
  communities: '{product}/campground-locations',
  community: '{product}/campground-locations/{community}',
  communityIconSet: '{product}/campground-locations/{community}/iconSet',
  communityPackageNames: '{product}/campground-locations/{community}/packageNames',
  locationDataRoot: '{product}/location-data',
  locationData: '{product}/location-data/{community}',
  locationTemplates: '{product}/location-data/templates',
  section: '{product}/location-data/{community}/{sectionPath}',
  listItem: '{product}/location-data/{community}/{sectionPath}/{itemId}',
  listItemHeaderInfo: '{product}/location-data/{community}/{sectionPath}/{itemId}/headerInfo',
  menu: '{product}/location-data/{community}/{menuId}',
  menuItem: '{product}/location-data/{community}/{menuId}/{index}',
  menuItemIconData: '{product}/location-data/{community}/{menuId}/{index}/iconData',
  headerInfos: '{product}/location-data/{community}/header-info',
  headerInfo: '{product}/location-data/{community}/header-info/{context}',
  locations: '{product}/location-data/{community}/locations',
  location: '{product}/location-data/{community}/locations/{locationId}',
  audience: '{product}/location-data/{community}/audience',
  hunts: '{product}/location-data/{community}/hunts',
  hunt: '{product}/location-data/{community}/hunts/{huntKey}',
  customForms: '{product}/location-data/{community}/custom-forms',
  customForm: '{product}/location-data/{community}/custom-forms/{formKey}',
  rewardsConfig: '{product}/location-data/{community}/rewards/config',
  storeItems: '{product}/location-data/{community}/store',
  storeItem: '{product}/location-data/{community}/store/{storeItemKey}',
  bookings: '{product}/location-data/{community}/bookings',
  ads: '{product}/location-data/{community}/ads',
  ad: '{product}/location-data/{community}/ads/{adKey}',
  adPages: '{product}/location-data/{community}/ads/{adKey}/pages',
  maps: '{product}/location-data/{community}/searchablemap-detail',
  map: '{product}/location-data/{community}/searchablemap-detail/{mapKey}',
  mapTitle: '{product}/location-data/{community}/searchablemap-detail/{mapKey}/title',
  listIcons: '{product}/location-data/{community}/config/business/listIcons',
  listIcon: '{product}/location-data/{community}/config/business/listIcons/{iconKey}',
  marketingAssetEditor: '{product}/location-data/{community}/marketing-asset-editor',
  flyersConfig: '{product}/location-data/{community}/flyers/config',
  flyersGenerated: '{product}/location-data/{community}/flyers/generated',
  flyerGenerated: '{product}/location-data/{community}/flyers/generated/{flyerKey}',
  flyerElements: '{product}/location-data/{community}/flyers/generated/{flyerKey}/elements',
  messages: '{product}/location-data/{community}/messages',
  message: '{product}/location-data/{community}/messages/{messageId}',
  scheduledMessages: '{product}/location-data/{community}/messages-scheduled',
  scheduledMessage: '{product}/location-data/{community}/messages-scheduled/{messageId}',
  topics: '{product}/location-data/{community}/messages-config/topics',
  topic: '{product}/location-data/{community}/messages-config/topics/{topicId}',
  calendarConfigs: '{product}/location-data/{community}/amc-events/config',
  calendarConfig: '{product}/location-data/{community}/amc-events/config/{calendarId}',
  calendarIcsBuildTime: '{product}/location-data/{community}/amc-events/config/{calendarId}/icsBuildTime',
  calendarRemoteKey: '{product}/location-data/{community}/amc-events/config/{calendarId}/remoteKey',
  calendarAudiences: '{product}/location-data/{community}/amc-events/config/{calendarId}/audiences',
  calendarHeaderInfo: '{product}/location-data/{community}/amc-events/config/{calendarId}/header-info',
  calendarPrintout: '{product}/location-data/{community}/amc-events/config/{calendarId}/printout',
  calendarImports: '{product}/location-data/{community}/amc-events/config/{calendarId}/import',
  calendarImportStatuses: '{product}/location-data/{community}/amc-events/config/{calendarId}/importStatus',
  calendarImportStatus: '{product}/location-data/{community}/amc-events/config/{calendarId}/importStatus/{sourceId}',
  calendarImportPendingRemoval: '{product}/location-data/{community}/amc-events/config/{calendarId}/importStatus/{sourceId}/pendingRemoval',
  calendarImportKeptEdits: '{product}/location-data/{community}/amc-events/config/{calendarId}/importEdits/{sourceId}',
  calendarImportKeptEdit: '{product}/location-data/{community}/amc-events/config/{calendarId}/importEdits/{sourceId}/{eventId}',
  calendars: '{product}/location-data/{community}/amc-events/calendars',
  calendar: '{product}/location-data/{community}/amc-events/calendars/{calendarId}',
  calendarEvents: '{product}/location-data/{community}/amc-events/calendars/{calendarId}/events',
  calendarEvent: '{product}/location-data/{community}/amc-events/calendars/{calendarId}/events/{eventId}',
  calendarRecurrences: '{product}/location-data/{community}/amc-events/calendars/{calendarId}/recurrenceInfo',
  calendarRecurrence: '{product}/location-data/{community}/amc-events/calendars/{calendarId}/recurrenceInfo/{recurrenceId}',
  legacyEvents: '{product}/location-data/{community}/{section}',
  legacyEvent: '{product}/location-data/{community}/{section}/{eventKey}',
  legacyRecurrence: '{product}/location-data/{community}/recurrenceInfo/{recurrenceId}',
  googleEventImports: '{product}/location-data/{community}/google-events-import',
  googleEventImport: '{product}/location-data/{community}/google-events-import/{importId}',
  googleEventsDenied: '{product}/location-data/{community}/google-events-denied',
  googleEventDenied: '{product}/location-data/{community}/google-events-denied/{importId}',
  eventPrintouts: '{product}/location-data/{community}/event-printout',
  eventPrintout: '{product}/location-data/{community}/event-printout/{calendarId}',
  userWritten: '{product}/user-written/{community}',
  entries: '{product}/user-written/{community}/{context}/{item}',
  entry: '{product}/user-written/{community}/{context}/{item}/{entryId}',
  entryStep: '{product}/user-written/{community}/{context}/{item}/{entryId}/{step}',
  entryStepScored: '{product}/user-written/{community}/{context}/{item}/{entryId}/{step}/scored',
  orders: '{product}/user-written/{community}/orders',
  order: '{product}/user-written/{community}/orders/{orderId}',
  personalMessages: '{product}/user-written/{community}/messages/{fromUid}/{toUid}',
  personalMessage: '{product}/user-written/{community}/messages/{fromUid}/{toUid}/{messageId}',
  messageThreads: '{product}/user-written/{community}/message-threads/{uid}',
  messageThread: '{product}/user-written/{community}/message-threads/{uid}/{otherUid}',
  systemData: '{product}/system-data/{sectionPath}',
  systemMessages: '{product}/system-data/messages',
  systemMessage: '{product}/system-data/messages/{messageId}',
  systemScheduledMessages: '{product}/system-data/messages-scheduled',
  systemScheduledMessage: '{product}/system-data/messages-scheduled/{messageId}',
  systemTopics: '{product}/system-data/messages-config/topics',
  systemTopic: '{product}/system-data/messages-config/topics/{topicId}',
  systemPackageNames: '{product}/system-data/config/packageNames',
  systemAppStyle: '{product}/system-data/config/app/style',
  systemAppType: '{product}/system-data/config/app/type',
  shortUrls: '{product}/config/shortURLs',
  shortUrl: '{product}/config/shortURLs/{cacheKey}',
  remoteManagement: '{product}/remote-management',
  remoteByUid: '{product}/remote-management/uid/{uid}[/{detailId}]',
  remoteByDetail: '{product}/remote-management/detailId/{detailId}[/{uid}]',
  remoteAudit: '{product}/location-data/{community}/remote-audit/{detailId}[/{entryId}]',
  remoteRequests: '{product}/location-data/{community}/remote-requests[/{requestId}]',
  dollarsEnabled: '{product}/amc-dollars/config/enabled',
  dollarsParticipants: '{product}/amc-dollars/participants',
  dollarsRecords: '{product}/amc-dollars/{type}',
  dollarsRecord: '{product}/amc-dollars/{type}/{id}',
  appData: '{product}/app-data[/{appId}]',
  integrations: '{product}/integrations',
  pmsConfigs: '{product}/integrations/pmsConfig',
  pmsConfig: '{product}/integrations/pmsConfig/{community}',
  mapConfigs: '{product}/integrations/mapConfig',
  mapConfig: '{product}/integrations/mapConfig/{community}',
  featureAvailability: '{product}/feature-availability',
  featureFlag: '{product}/feature-availability/{flag}',
  studioActivity: '{product}/studio-activity/{community}',
  locationImports: '{product}/location-import',
  locationImport: '{product}/location-import/{importId}',
  appUsers: '{product}/users',
  appUser: '{product}/users/{uid}',
  aiHistory: '{product}/users/{uid}/campground-locations/{community}/ai',
  aiPrompts: '{product}/users/{uid}/campground-locations/{community}/ai/{assistantPath}',
  aiPrompt: '{product}/users/{uid}/campground-locations/{community}/ai/{assistantPath}/{promptKey}',
  aiResponse: '{product}/users/{uid}/campground-locations/{community}/ai/{assistantPath}/{promptKey}/responses/{responseKey}',
  emailQueue: '{product}/email-queue[/{id}]',
  outbox: '{product}/dev-outbox[/{id}]',
  pushOutbox: '{product}/dev-push-outbox[/{id}]',
  messageDelivery: '{product}/message-deliveries/{id}',
  pendingDeliveries: '{product}/message-pending',
  pendingDelivery: '{product}/message-pending/{id}',
  deviceTokens: '{product}/users/{uid}/device-tokens',
  session: '{product}/console-sessions/{id}',
  authToken: '{product}/console-tokens/{id}',
} as const satisfies Record<keyof Paths, string>;

/** The collections directly under `{product}`, from the shapes above. */
export const PRODUCT_COLLECTIONS: readonly string[] = [
  ...new Set(
    Object.values(PATH_SHAPES)
      .map((shape) => /^\{product\}\/([^/]*)/.exec(shape)?.[1]?.replace(/\[$/, ''))
      .filter((collection) => collection !== undefined),
  ),
].sort();

// ─── Storage object paths ────────────────────────────────────────────────────────────────────

/**
 * Object paths in file storage (relative to the bucket, or to the local storage folder).
 * Storage paths do not carry `{product}`: each product has its own bucket.
 *
 * - app-icons/{appId}/app-icon|notification-icon|featured-image.{ext} (spec 01 §7.4) .. appIcon
 * - {community}/images/{bucket}/{timestamp}/{file} (+ '_blur' and '_crop.jpg' versions, spec 03)
 *   ........................................................ upload, uploadVariant, communityImages
 * - forms/completed/{item}/{file} (form PDFs, spec 02) ....... formPdf
 * - user-written/{location}/forms/{item}/{entry}/{name}.jpg .. entryImage
 * - {community}/images/flyers/{timestamp}/{name} ............. flyerImage
 * - marketing images social_marketing_introducing.png / _downloaded.png, under images/marketing
 *   in a shared project, else under {community}/images ...... marketingImage
 * - {community}/images/marketing_asset_editor/{bg|logo|phone}.{ext} ... marketingAssetEditorFile
 * - amc-events/{tab}-calendar.ics (spec 03) .................. calendarIcs. Kept under the
 *   community's folder, `{community}/amc-events/{calendarId}-calendar.ics`: calendar ids come
 *   from titles ("Activities" → activities), so two communities would share one file otherwise.
 *
 * Every segment is checked (non-empty, no '/' or '\', not '.' or '..', no control characters);
 * a file name from a user goes through `safeFileName` first.
 */
const STORAGE_SEGMENT_PROBLEMS: Array<[RegExp, string]> = [
  [/\//, 'cannot contain "/"'],
  [/\\/, 'cannot contain "\\"'],
  [/[\u0000-\u001f\u007f-\u009f]/, 'cannot contain control characters'],
];

export function assertStorageSegment(argument: string, value: unknown): string {
  if (typeof value !== 'string') throw new PathKeyError(argument, value, 'a storage path segment must be a string');
  if (value === '') throw new PathKeyError(argument, value, 'a storage path segment cannot be empty');
  if (value === '.' || value === '..') throw new PathKeyError(argument, value, 'a storage path segment cannot be "." or ".."');
  for (const [pattern, reason] of STORAGE_SEGMENT_PROBLEMS) {
    if (pattern.test(value)) throw new PathKeyError(argument, value, `a storage path segment ${reason}`);
  }
  return value;
}

/**
 * A file name safe for storage and URLs: the last path segment, spaces as hyphens, only
 * letters, digits, '.', '_' and '-' kept, and never empty ('file' then).
 */
export function safeFileName(name: string): string {
  const base =
    String(name ?? '')
      .split(/[/\\]/)
      .pop() ?? '';
  const cleaned = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, '-')
    .replace(/[^A-Za-z0-9._-]/g, '')
    .replace(/^\.+/, '');
  return cleaned === '' ? 'file' : cleaned.slice(0, 200);
}

const EXTENSION = /^[A-Za-z0-9]{1,10}$/;
function assertExtension(argument: string, value: unknown): string {
  if (typeof value !== 'string' || !EXTENSION.test(value)) {
    throw new PathKeyError(argument, value, 'an extension is 1 to 10 letters or digits, without the dot');
  }
  return value.toLowerCase();
}

function assertOneOf<T extends string>(argument: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new PathKeyError(argument, value, `must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}

export const APP_ICON_KINDS = ['app-icon', 'notification-icon', 'featured-image'] as const;
export type AppIconKind = (typeof APP_ICON_KINDS)[number];
export const MARKETING_IMAGE_KINDS = ['introducing', 'downloaded'] as const;
export type MarketingImageKind = (typeof MARKETING_IMAGE_KINDS)[number];
export const MARKETING_ASSET_FILE_KINDS = ['bg', 'logo', 'phone'] as const;
export type MarketingAssetFileKind = (typeof MARKETING_ASSET_FILE_KINDS)[number];

const seg = assertStorageSegment;

export const storagePaths = {
  /** app-icons/{appId}/{app-icon|notification-icon|featured-image}.{ext}, keeping the upload's extension. */
  appIcon: (appId: string, kind: AppIconKind, extension: string) =>
    `app-icons/${seg('appId', appId)}/${assertOneOf('kind', kind, APP_ICON_KINDS)}.${assertExtension('extension', extension)}`,
  /** {community}/images: the community's file-management folder (a prefix, not an object). */
  communityImages: (community: string) => `${seg('community', community)}/images`,
  /** {community}/images/{bucket}/{timestamp}/{fileName}: an upload of the uploader widget. */
  upload: (community: string, bucket: string, timestamp: number | string, fileName: string) =>
    `${seg('community', community)}/images/${seg('bucket', bucket)}/${seg('timestamp', String(timestamp))}/${seg('fileName', fileName)}`,
  /** The blurred ('photo_blur.jpg') or cropped ('photo_crop.jpg') copy stored beside an upload. */
  uploadVariant: (uploadPath: string, variant: 'blur' | 'crop') => {
    const segments = String(uploadPath ?? '').split('/');
    segments.forEach((segment) => seg('uploadPath', segment));
    const file = segments.pop()!;
    const dot = file.lastIndexOf('.');
    const stem = dot > 0 ? file.slice(0, dot) : file;
    const extension = dot > 0 ? file.slice(dot) : '';
    const name = assertOneOf('variant', variant, ['blur', 'crop'] as const) === 'blur' ? `${stem}_blur${extension}` : `${stem}_crop.jpg`;
    return [...segments, name].join('/');
  },
  /** forms/completed/{item}/{fileName}: the PDF of a completed form entry. */
  formPdf: (item: string, fileName: string) => `forms/completed/${seg('item', item)}/${seg('fileName', fileName)}`,
  /** user-written/{location}/forms/{item}/{entry}/{name}.jpg: an image answer of a form entry. */
  entryImage: (community: string, item: string, entryId: string, name: string) =>
    `user-written/${seg('community', community)}/forms/${seg('item', item)}/${seg('entryId', entryId)}/${seg('name', name)}.jpg`,
  /** {community}/images/flyers/{timestamp}/{name}: a flyer background (generated or copied). */
  flyerImage: (community: string, timestamp: number | string, name: string) =>
    `${seg('community', community)}/images/flyers/${seg('timestamp', String(timestamp))}/${seg('name', name)}`,
  /** The introducing / downloaded marketing image; `community` null means the shared images/marketing. */
  marketingImage: (kind: MarketingImageKind, community: string | null) => {
    const file = `social_marketing_${assertOneOf('kind', kind, MARKETING_IMAGE_KINDS)}.png`;
    return community === null ? `images/marketing/${file}` : `${seg('community', community)}/images/${file}`;
  },
  /** {community}/images/marketing_asset_editor/{bg|logo|phone}.{ext} */
  marketingAssetEditorFile: (community: string, kind: MarketingAssetFileKind, extension: string) =>
    `${seg('community', community)}/images/marketing_asset_editor/${assertOneOf('kind', kind, MARKETING_ASSET_FILE_KINDS)}.${assertExtension('extension', extension)}`,
  /** {community}/amc-events/{calendarId}-calendar.ics: the calendar's iCal feed. */
  calendarIcs: (community: string, calendarId: string) =>
    `${seg('community', community)}/amc-events/${seg('calendarId', calendarId)}-calendar.ics`,
} as const;
