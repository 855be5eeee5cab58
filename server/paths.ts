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
 * - {product}/calendar-feeds/{community}[/{calendarId}] ... calendarFeeds, calendarFeed (the icsBuildTime
 *   each stored iCal feed was built from, with its hash) and {product}/calendar-feed-state/{community}/{calendarId}
 *   ... calendarFeedState (the feed's SEQUENCE and LAST-MODIFIED per component; docs/decisions/026)
 * - {product}/console-sessions/{id} ........... session (staff sign-in sessions; the cookie holds the id)
 * - {product}/console-tokens/{id} ............. authToken (single-use sign-in link and password-reset tokens)
 * - {product}/location-data/{community}/remote-audit/{detailId}[/{entryId}] ... remoteAudit (who saved
 *   which fields of an item through a remote grant, and when; pushed, newest last, bounded)
 * - {product}/location-data/{community}/remote-requests[/{requestId}] ... remoteRequests (the remote
 *   managers' 'Update Permissions' requests to the community's administrators)
 *
 * Storage object paths are in `storagePaths` (see its own comment).
 *
 * ## Modules
 * This file only gathers them: server/paths/keys.ts (the key check, `PathKeyError`),
 * contexts.ts (listing and event context paths), derived-keys.ts (keys made from titles, remote
 * grant keys), database.ts (`createPaths`), shapes.ts (`PATH_SHAPES`) and storage.ts (`storagePaths`).
 */
export { MAX_KEY_BYTES, PathKeyError, assertKey, child, isValidKey, keyProblem, parseSectionPath } from './paths/keys';
export { formatEventContext, formatListingContext, parseEventContext, parseListingContext } from './paths/contexts';
export type { EventContext, ListingContext } from './paths/contexts';
export {
  AI_RESPONSE_KEY,
  REMOTE_GRANT_KEY_SEPARATOR,
  calendarIdFromTitle,
  communityKeyFromTitle,
  isStudioCommunityKey,
  parseRemoteGrantKey,
  remoteGrantKey,
  shortUrlCacheKey,
} from './paths/derived-keys';
export { LEGACY_EVENT_SECTIONS, LOCATION_DATA_NODES, RESERVED_SECTION_NAMES, createPaths } from './paths/database';
export type { Paths } from './paths/database';
export { PATH_SHAPES, PRODUCT_COLLECTIONS } from './paths/shapes';
export {
  APP_ICON_KINDS,
  MARKETING_ASSET_FILE_KINDS,
  MARKETING_IMAGE_KINDS,
  assertStorageSegment,
  safeFileName,
  storagePaths,
} from './paths/storage';
export type { AppIconKind, MarketingAssetFileKind, MarketingImageKind } from './paths/storage';
