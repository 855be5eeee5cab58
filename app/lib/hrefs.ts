/**
 * Every address of the console, one function per route of the spec's route table (spec 01 §2.1,
 * spec 02 "Screens and routes", spec 03 §2) and of the resource routes in app/routes, as
 * database paths are built by server/paths.ts: the only place that spells a route's path.
 * Isomorphic and pure: browser code, route modules, server/ and jobs/ use it alike.
 *
 * - Every parameter is one path segment, encoded with `encodeURIComponent` (a key holding '/',
 *   '?', '#', '%' or a space stays one segment).
 * - `search` is optional on the routes that take a query. A record is written name=value with
 *   `encodeURIComponent` (`a b` → `a%20b`), in its order, null, undefined and false left out,
 *   true as the bare name (`{ index: true }` → `?index`, Remix's index-route marker); a
 *   `URLSearchParams` is written as it writes itself (`a b` → `a+b`). Both read back the same;
 *   pass the one the address was built with so the produced string stays the same.
 * - Routes the spec lists that no module in app/routes serves yet (the studio, maps,
 *   marketing …) have their functions too: the catch-all route answers them (404) until their
 *   screen exists. hrefs.test.ts checks every function against app/routes' file names.
 */

/** A query: a record (written with encodeURIComponent) or URLSearchParams (written as it writes itself). */
export type Search = Readonly<Record<string, string | number | boolean | null | undefined>> | URLSearchParams;

const seg = (value: string | number) => encodeURIComponent(String(value));

/** '' or '?…' for a query. */
export function queryString(search?: Search): string {
  if (search === undefined) return '';
  let text: string;
  if (search instanceof URLSearchParams) text = search.toString();
  else {
    text = Object.entries(search)
      .filter((entry): entry is [string, string | number | true] => entry[1] !== null && entry[1] !== undefined && entry[1] !== false)
      .map(([name, value]) => (value === true ? seg(name) : `${seg(name)}=${seg(value)}`))
      .join('&');
  }
  return text ? `?${text}` : '';
}

const at = (path: string, search?: Search) => `${path}${queryString(search)}`;

/** Home's actions in the path (`/:action`, spec 01 §2.6, §4.3): the right column's editors and sort mode. */
export type HomeActionSegment =
  | 'add'
  | 'edit'
  | 'sort-button'
  | 'sort-submit'
  | 'sort-cancel'
  | 'sort-alpha'
  | 'community-setup'
  | 'add-community'
  | 'app-setup'
  | 'integrations'
  | 'header-images';

/** A list's own actions under `/listnm/:context/…` (`rows`: the infinite-scroll chunks). */
export type ListnmAction = 'add' | 'sort' | 'header-images' | 'rows' | 'config';
/** A list's actions under `/list/:menuId/:gridMenuKey/:tab/…`. */
export type MenuListAction = ListnmAction | 'config.events';
/** What a list does to one of its items. */
export type ListItemAction = 'edit' | 'duplicate' | 'delete';
/** A calendar of events' view (spec 02 "Calendars"). */
export type CalendarView = 'active' | 'archive';
/** A calendar of events' own actions under `/amc-calendar/:context/:view/…`. */
export type CalendarAction = 'header-images' | 'rows';
/**
 * What follows an item in `/detail/:type/:dbContext/:itemId/:detailAction`: the duplicate and
 * header editors, or a list's detail action (legacy events: rsvp, the entries of the event's RSVP form).
 */
export type DetailAction = 'duplicate' | 'header-images' | 'rsvp';

export const hrefs = {
  // Shell, sign-in, home (spec 01 §2.1)
  /** `/`: home; `?section=` shows a menu section. */
  home: (search?: Search) => at('/', search),
  /** `/:action`: home with an action. */
  homeAction: (action: HomeActionSegment, search?: Search) => at(`/${action}`, search),
  /** `/home/edit/:itemId`: a menu item's editor (spec `/home/:action/:itemId`). */
  homeItemEdit: (itemId: string) => `/home/edit/${seg(itemId)}`,
  /** `/login`. */
  login: (search?: Search) => at('/login', search),
  /** `/auth/google`: Google sign-in starts (a POST). */
  authGoogle: () => '/auth/google',
  /** `/auth/google/callback`: where Google answers. */
  authGoogleCallback: () => '/auth/google/callback',
  /** `/google-auth`: the authorization return page. */
  googleAuth: () => '/google-auth',
  /** `/studio` (no module yet). */
  studio: () => '/studio',

  // Listings without a menu (spec 01 §2.1, spec 02 "Listing routes")
  /** `/listnm/:context`. */
  listnm: (context: string, search?: Search) => at(`/listnm/${seg(context)}`, search),
  /** `/listnm/:context/:path`: a tab of the list. */
  listnmTab: (context: string, path: string, search?: Search) => at(`/listnm/${seg(context)}/${seg(path)}`, search),
  /** `/listnm/:context/id/:key`: one item by its key. */
  listnmById: (context: string, key: string, search?: Search) => at(`/listnm/${seg(context)}/id/${seg(key)}`, search),
  /** `/listnm/:context/add` and the list's other actions. */
  listnmAction: (context: string, action: ListnmAction, search?: Search) => at(`/listnm/${seg(context)}/${action}`, search),
  /** `/listnm/:context/:action/:itemId`. */
  listnmItem: (context: string, action: ListItemAction, itemId: string, search?: Search) =>
    at(`/listnm/${seg(context)}/${action}/${seg(itemId)}`, search),
  /** `/listnm/remote/:context/:uuid`: a remote listing, no sign-in. */
  remoteListing: (context: string, uuid: string, search?: Search) => at(`/listnm/remote/${seg(context)}/${seg(uuid)}`, search),

  // Listings with a menu
  /** `/list/:menuId/:gridMenuKey`. */
  list: (menuId: string, gridMenuKey: string, search?: Search) => at(`/list/${seg(menuId)}/${seg(gridMenuKey)}`, search),
  /** `/list/:menuId/:gridMenuKey/:tab`. */
  listTab: (menuId: string, gridMenuKey: string, tab: string, search?: Search) =>
    at(`/list/${seg(menuId)}/${seg(gridMenuKey)}/${seg(tab)}`, search),
  /** `/list/:menuId/:gridMenuKey/:tab/:action`. */
  listAction: (menuId: string, gridMenuKey: string, tab: string, action: MenuListAction, search?: Search) =>
    at(`/list/${seg(menuId)}/${seg(gridMenuKey)}/${seg(tab)}/${action}`, search),
  /** `/list/:menuId/:gridMenuKey/:tab/:action/:itemId`. */
  listItem: (menuId: string, gridMenuKey: string, tab: string, action: ListItemAction, itemId: string, search?: Search) =>
    at(`/list/${seg(menuId)}/${seg(gridMenuKey)}/${seg(tab)}/${action}/${seg(itemId)}`, search),

  // Detail editors (spec 01 §2.1, spec 02 "Event editor", spec 03 §2)
  /** `/detail/:type/:dbContext`: a new item. */
  detail: (type: string, dbContext: string, search?: Search) => at(`/detail/${seg(type)}/${seg(dbContext)}`, search),
  /** `/detail/:type/:dbContext/:itemId`. */
  detailItem: (type: string, dbContext: string, itemId: string, search?: Search) =>
    at(`/detail/${seg(type)}/${seg(dbContext)}/${seg(itemId)}`, search),
  /** `/detail/:type/:dbContext/:itemId/:detailAction`. */
  detailItemAction: (type: string, dbContext: string, itemId: string, action: DetailAction, search?: Search) =>
    at(`/detail/${seg(type)}/${seg(dbContext)}/${seg(itemId)}/${action}`, search),
  /** `/detail/business-detail/:record`: what a business-detail menu item opens. */
  businessDetail: (record: string) => `/detail/business-detail/${seg(record)}`,
  /** `/detail/events/google-events-import/:importId`: an imported event waiting for approval. */
  pendingEventImport: (importId: string) => `/detail/events/google-events-import/${seg(importId)}`,
  /** `/detailUpdate/:communityKey/:type/:dbContext/:itemId[/header-images]`: detail update by community. */
  detailUpdate: (communityKey: string, type: string, dbContext: string, itemId: string, action?: 'header-images') =>
    `/detailUpdate/${seg(communityKey)}/${seg(type)}/${seg(dbContext)}/${seg(itemId)}${action ? `/${action}` : ''}`,
  /** `/detailUpdate/:communityKey/:type/:dbContext/id/:detailId`. */
  detailUpdateById: (communityKey: string, type: string, dbContext: string, detailId: string) =>
    `/detailUpdate/${seg(communityKey)}/${seg(type)}/${seg(dbContext)}/id/${seg(detailId)}`,

  // Remote pages (spec 01 §2.1, spec 03 §2)
  /** `/remote/left`: where a remote page opened by its link (no sign-in) is left for. */
  remoteLeft: () => '/remote/left',
  /** `/detail/remote`: the signed-in remote manager's listings (`?all=1`: all of them). */
  remoteHome: (search?: Search) => at('/detail/remote', search),
  /** `/detail/remote/:uuid/` (route remoteUpdateNoKey), or its header editor. */
  remoteDetail: (uuid: string, action?: 'header-images') => `/detail/remote/${seg(uuid)}/${action ?? ''}`,
  /** `/detail/remote/:uuid`: the form of a remote link as spec 03 §2 writes it ({host}/detail/remote/{uuid}). */
  remoteDetailLink: (uuid: string) => `/detail/remote/${seg(uuid)}`,
  /** `/detail/remote/id/:detailId[/header-images]` (route remoteUpdateDetail). */
  remoteDetailById: (detailId: string, action?: 'header-images') => `/detail/remote/id/${seg(detailId)}${action ? `/${action}` : ''}`,
  /** `/amc-calendar/remote/:uuid/`: a remote calendar, no sign-in. */
  remoteCalendar: (uuid: string, search?: Search) => at(`/amc-calendar/remote/${seg(uuid)}/`, search),
  /** `/amc-calendar/remote/id/:detailId/`. */
  remoteCalendarById: (detailId: string, search?: Search) => at(`/amc-calendar/remote/id/${seg(detailId)}/`, search),
  /** `/event/remote/:dbContext[/:itemId]`: a remote event, new or saved. */
  remoteEvent: (dbContext: string, itemId?: string | null, search?: Search) =>
    at(`/event/remote/${seg(dbContext)}${itemId ? `/${seg(itemId)}` : ''}`, search),

  // Calendars (spec 02 "Calendars")
  /** `/amc-calendar/:context/:view`. */
  calendar: (calendarId: string, view: CalendarView, search?: Search) => at(`/amc-calendar/${seg(calendarId)}/${view}`, search),
  /** `/amc-calendar/:context/:view/:action`. */
  calendarAction: (calendarId: string, view: CalendarView, action: CalendarAction, search?: Search) =>
    at(`/amc-calendar/${seg(calendarId)}/${view}/${action}`, search),
  /** `/amc-calendar/:context/:view/delete/:itemId`. */
  calendarItemDelete: (calendarId: string, view: CalendarView, itemId: string, search?: Search) =>
    at(`/amc-calendar/${seg(calendarId)}/${view}/delete/${seg(itemId)}`, search),
  /** `/amc-calendar/menu/:menu?/:menuIndex?/:tab?/:action?`: the older calendar address (empty trailing parts left out). */
  calendarMenu: (...parts: string[]) => {
    const kept = parts.slice(0, 4);
    while (kept.length > 0 && !kept[kept.length - 1]) kept.pop();
    return ['/amc-calendar/menu', ...kept.map((part) => seg(part))].join('/');
  },
  /** `/amc-calendars`: Manage Calendars. */
  calendars: () => '/amc-calendars',
  /** `/amc-calendars/add`. */
  calendarsAdd: () => '/amc-calendars/add',
  /** `/amc-calendars/delete/:calendarId`. */
  calendarsDelete: (calendarId: string) => `/amc-calendars/delete/${seg(calendarId)}`,
  /** `/amc-calendars/config/:context`: a calendar's config editor. */
  calendarConfig: (calendarId: string, search?: Search) => at(`/amc-calendars/config/${seg(calendarId)}`, search),
  /** `/amc-calendars/config/:context/upload`: import a .ics file. */
  calendarUpload: (calendarId: string) => `/amc-calendars/config/${seg(calendarId)}/upload`,
  /** `/activities-printout/:calendarId?` (the events calendar printout). */
  activitiesPrintout: (calendarId?: string) => (calendarId ? `/activities-printout/${seg(calendarId)}` : '/activities-printout'),

  // Messages (spec 02 "Messages")
  /** `/amc-messages/:context`. */
  messages: (context: string, search?: Search) => at(`/amc-messages/${seg(context)}`, search),
  /** `/amc-messages/:context/:action` (add, add-button, edit …). */
  messagesAction: (context: string, action: string, search?: Search) => at(`/amc-messages/${seg(context)}/${seg(action)}`, search),

  // Other screens
  /** `/manage-list-icons`. */
  listIcons: () => '/manage-list-icons',
  /** `/manage-list-icons/add`. */
  listIconsAdd: () => '/manage-list-icons/add',
  /** `/manage-list-icons/:action/:iconKey`. */
  listIconsItem: (action: 'edit' | 'delete', iconKey: string) => `/manage-list-icons/${action}/${seg(iconKey)}`,
  /** `/scrollerEntries/:context/:action/:itemId`: guest entries of a form, hunt or feedback item (action: view). */
  scrollerEntries: (context: string, action: string, itemId: string, search?: Search) =>
    at(`/scrollerEntries/${seg(context)}/${seg(action)}/${seg(itemId)}`, search),
  /** `/scrollerEntries/:context/view/:itemId/entry/:entryId`: one entry, in the entries list's right column. */
  scrollerEntry: (context: string, itemId: string, entryId: string, search?: Search) =>
    at(`/scrollerEntries/${seg(context)}/view/${seg(itemId)}/entry/${seg(entryId)}`, search),
  /** `/scrollerEntries/:context/view/:itemId/entry/:entryId/pdf`: a form entry's PDF (the stored file, or the job that makes it). */
  scrollerEntryPdf: (context: string, itemId: string, entryId: string, search?: Search) =>
    at(`/scrollerEntries/${seg(context)}/view/${seg(itemId)}/entry/${seg(entryId)}/pdf`, search),
  /** `/scrollerEntries/:context/view/:itemId/rows`: the entries list's later chunks (infinite scroll). */
  scrollerEntriesRows: (context: string, itemId: string, search?: Search) =>
    at(`/scrollerEntries/${seg(context)}/view/${seg(itemId)}/rows`, search),
  /** `/manage-maps/:action?` (no module yet). */
  manageMaps: (action?: string) => (action ? `/manage-maps/${seg(action)}` : '/manage-maps'),
  /** `/mapedit/:path` (no module yet). */
  mapEdit: (path: string) => `/mapedit/${seg(path)}`,
  /** `/analytics` (no module yet). */
  analytics: () => '/analytics',
  /** `/marketing`: the marketing screen (`?edit=package`: with the package form open). */
  marketing: (search?: Search) => at('/marketing', search),
  /** `/marketing/asset-editor`: the marketing asset editor. */
  marketingAssetEditor: () => '/marketing/asset-editor',
  /** `/marketing/asset-editor/image.png`: its design as PNG (the form's values in `search`, or the saved ones). */
  marketingAssetImage: (search?: Search) => at('/marketing/asset-editor/image.png', search),
  /** `/calendarBuilder`: the calendar builder (its query: the calendar being built, app/lib/calendar-builder.ts). */
  calendarBuilder: (search?: Search) => at('/calendarBuilder', search),
  /** `/calendar`: the public calendar (no sign-in); its query from publicCalendarSearch (app/lib/public-calendar.ts). */
  publicCalendar: (search?: Search) => at('/calendar', search),
  /** `/calendar/event/:clocation/:tab/:eventId`: one occurrence of a public calendar (no sign-in); `search`: the calendar's look. */
  publicCalendarEvent: (clocation: string, tab: string, eventId: string, search?: Search) =>
    at(`/calendar/event/${seg(clocation)}/${seg(tab)}/${seg(eventId)}`, search),
  /** `/calendar/event/:clocation/:tab/:eventId/delete`: staff delete an occurrence from the public calendar (confirmations). */
  publicCalendarEventDelete: (clocation: string, tab: string, eventId: string, search?: Search) =>
    at(`/calendar/event/${seg(clocation)}/${seg(tab)}/${seg(eventId)}/delete`, search),
  /** `/calendar/audiences/:clocation`: staff read and set the community's audience list. */
  publicCalendarAudiences: (clocation: string) => `/calendar/audiences/${seg(clocation)}`,
  /** `/calendar/live?clocation=&selectedTab=`: server-sent events telling an open calendar that it changed. */
  publicCalendarLive: (search: Search) => at('/calendar/live', search),
  /** `/location` (no module yet). */
  location: () => '/location',
  /** `/create-flyer/:action?`: the flyer designer (action `event` with `?event={calendarId}/{eventId}`). */
  createFlyer: (action?: string, search?: Search) => at(action ? `/create-flyer/${seg(action)}` : '/create-flyer', search),
  /** `/create-flyer-remote/:action?`: the flyer designer for a remote manager's event (`?event=…`, `?uuid=` for a link grant). */
  createFlyerRemote: (action?: string, search?: Search) =>
    at(action ? `/create-flyer-remote/${seg(action)}` : '/create-flyer-remote', search),
  /** `/create-flyer/download`: the designer's PNG and print PDF, drawn by the server (POST of the flyer). */
  createFlyerDownload: (search?: Search) => at('/create-flyer/download', search),
  /** `/create-flyer-remote/download`: the same for the remote designer. */
  createFlyerRemoteDownload: (search?: Search) => at('/create-flyer-remote/download', search),
  /** The JSON state of a remote designer's image generation (its `?job=`, read under the grant's query). */
  createFlyerRemoteJobState: (search?: Search) => at('/create-flyer-remote/job-state', search),

  // Resource routes
  /** `/uploads`: the upload endpoint. */
  uploads: (search?: Search) => at('/uploads', search),
  /** `/places/search`: place autocomplete. */
  placesSearch: (search?: Search) => at('/places/search', search),
  /** `/places/details`: a chosen place's address. */
  placesDetails: (search?: Search) => at('/places/details', search),
  /** `/files/…`: a stored file, each segment of its object path encoded. */
  files: (objectPath: string) => `/files/${objectPath.split('/').map(seg).join('/')}`,
  /**
   * `/files/{community}/amc-events/{calendarId}-calendar.ics`: a calendar's iCal feed (spec 03
   * "Calendar builder" iCal URL, §7 storage `amc-events/{tab}-calendar.ics`; the object path is
   * server/paths' `storagePaths.calendarIcs`, which hrefs.test.ts holds this to). Public: the
   * path is the capability. `webcalUrl` makes the subscription link of its absolute address.
   */
  calendarFeed: (community: string, calendarId: string) => `/files/${seg(community)}/amc-events/${seg(`${calendarId}-calendar.ics`)}`,
  /** `/job-status/:queue/:jobId`: the page that follows a job (`?back=`: its back link). */
  jobStatus: (queue: string, jobId: string, search?: Search) => at(`/job-status/${seg(queue)}/${seg(jobId)}`, search),
  /** `/job-status/:queue/:jobId/state`: the job's state as JSON. */
  jobStatusState: (queue: string, jobId: string) => `/job-status/${seg(queue)}/${seg(jobId)}/state`,
  /**
   * `/assistant/:assistantPath`: the AI writing assistant (spec 02 "AI writing assistant dialog") of
   * events or hunts, as a page (docs/decisions/038); `back` is the editor that opened it.
   */
  assistant: (assistantPath: string, search?: Search) => at(`/assistant/${seg(assistantPath)}`, search),
  /** `/dev/outbox`: the demo mail outbox. */
  devOutbox: () => '/dev/outbox',
  /** `/dev/push-outbox`: the demo push outbox. */
  devPushOutbox: () => '/dev/push-outbox',
  /** `/healthcheck`. */
  healthcheck: () => '/healthcheck',
} as const;

export type Hrefs = typeof hrefs;

/** An address of the console on `origin` ('https://console.example', a trailing '/' allowed). */
export function absoluteUrl(origin: string, href: string): string {
  return `${origin.replace(/\/+$/, '')}${href}`;
}

/**
 * A calendar's feed on the console at `origin` (its public address, e.g. PUBLIC_URL or the
 * request's origin): the address to copy (`url`, https in production) and the subscription link
 * calendar apps open (`webcal`).
 */
export function calendarFeedUrls(origin: string, community: string, calendarId: string): { url: string; webcal: string } {
  const url = absoluteUrl(origin, hrefs.calendarFeed(community, calendarId));
  return { url, webcal: webcalUrl(url) };
}

/**
 * The `webcal://` form of an http(s) address, which calendar apps open as a subscription
 * (`https://host/files/…` → `webcal://host/files/…`). Throws for any other scheme.
 */
export function webcalUrl(url: string): string {
  const match = /^https?:\/\//i.exec(url);
  if (!match) throw new TypeError(`Not an http(s) address: ${url}`);
  return `webcal://${url.slice(match[0].length)}`;
}
