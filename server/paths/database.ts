/** The database paths: `createPaths` builds every path of the product from its root key. */
import { RESERVED_UNIQUE_IDS } from '../../app/lib/catalogues/auth-groups';
import { AI_RESPONSE_KEY } from './derived-keys';
import { PathKeyError, assertIndex, assertKey, parseSectionPath } from './keys';

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
  'splashscreen',
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
    /** user-authorization/rights-version/{community}: bumped by every rights change the console makes in the community (decision 040). */
    userRightsVersion: (community: string) => `user-authorization/rights-version/${key('community', community)}`,
    /** user-authorization/audit/{community}[/{entryId}]: who changed whose rights, and when (decision 040; platform, not spec). */
    userRightsAudit: (community: string, entryId?: string) =>
      optional(`user-authorization/audit/${key('community', community)}`, 'entryId', entryId),

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
    /** The community's rewards users (spec 03 §9 "rewards user (total 0, history, barcodes, name, email)"; decision 041). */
    rewardsUsers: (community: string) => `${loc(community)}/rewards/users`,
    rewardsUser: (community: string, uid: string) => `${loc(community)}/rewards/users/${key('uid', uid)}`,
    storeItems: (community: string) => `${loc(community)}/store`,
    storeItem: (community: string, storeItemKey: string) => `${loc(community)}/store/${key('storeItemKey', storeItemKey)}`,
    bookings: (community: string) => `${loc(community)}/bookings`,
    /** The banner ads of a community (spec 03 §9 "banner ad (title, url, drawable, pages)"): `pages` names the listing pages each shows on. */
    ads: (community: string) => `${loc(community)}/ads`,
    ad: (community: string, adKey: string) => `${loc(community)}/ads/${key('adKey', adKey)}`,
    adPages: (community: string, adKey: string) => `${loc(community)}/ads/${key('adKey', adKey)}/pages`,
    /** The splash screens of an app (spec 03 §9 "splash (title, url, drawable, pages)"): one copy in each app its `pages` names. */
    splashScreens: (community: string) => `${loc(community)}/splashscreen`,
    splashScreen: (community: string, splashKey: string) => `${loc(community)}/splashscreen/${key('splashKey', splashKey)}`,
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
    /** Every dollars record type with its accounts (the account status list reads it whole). */
    dollarsRoot: () => `${p}/amc-dollars`,
    /** The version every console transfer checks and bumps (decision 041). */
    dollarsLedgerVersion: () => `${p}/amc-dollars/config/ledgerVersion`,
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
    /** email-templates[/{id}]: the e-mail templates super admins edit, keyed by the send they shape (decision 046). */
    emailTemplates: (id?: string) => optional(`${p}/email-templates`, 'id', id),
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

    // Calendar feeds (platform, not spec; docs/decisions/026)
    /** calendar-feeds/{community}: what each calendar's stored iCal feed was built from (the sweep reads these). */
    calendarFeeds: (community: string) => `${p}/calendar-feeds/${key('community', community)}`,
    /** calendar-feeds/{community}/{calendarId}: { builtFrom: the icsBuildTime built, builtAt, sha256, size }. */
    calendarFeed: (community: string, calendarId: string) =>
      `${p}/calendar-feeds/${key('community', community)}/${key('calendarId', calendarId)}`,
    /** calendar-feed-state/{community}/{calendarId}: the feed's FeedState (per component hash, SEQUENCE, LAST-MODIFIED) for the next build. */
    calendarFeedState: (community: string, calendarId: string) =>
      `${p}/calendar-feed-state/${key('community', community)}/${key('calendarId', calendarId)}`,

    // Sign-in (platform, not spec)
    /** console-sessions/{id}: a signed-in browser's session; the cookie holds only the id. */
    session: (id: string) => `${p}/console-sessions/${key('id', id)}`,
    /** console-tokens/{id}: a single-use token of an e-mailed sign-in link or password reset. */
    authToken: (id: string) => `${p}/console-tokens/${key('id', id)}`,
  };
}

export type Paths = ReturnType<typeof createPaths>;
