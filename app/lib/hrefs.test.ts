import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOME_ACTIONS } from '~/components/shell/home-actions';
import { absoluteUrl, calendarFeedUrls, hrefs, queryString, webcalUrl, type Hrefs } from './hrefs';

/**
 * The route patterns of app/routes, from the file names as Remix's flat routes read them:
 * '.' separates segments ('[.]' is a dot), `_`-prefixed segments are pathless layouts, a
 * trailing `_` leaves the parent's layout, `_index` is an index route, `$name` a parameter,
 * `($name)` an optional one, `$` the splat. Only leaf routes serve a page.
 */
const ROUTES_DIR = join(__dirname, '..', 'routes');

interface Route {
  id: string;
  segments: string[];
  index: boolean;
}

function routeIds(): string[] {
  const ids: string[] = [];
  for (const name of readdirSync(ROUTES_DIR)) {
    if (name.startsWith('.')) continue;
    if (statSync(join(ROUTES_DIR, name)).isDirectory()) {
      if (readdirSync(join(ROUTES_DIR, name)).some((file) => /^route\.tsx?$/.test(file))) ids.push(name);
    } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) ids.push(name.replace(/\.tsx?$/, ''));
  }
  return ids;
}

function splitId(id: string): string[] {
  const parts: string[] = [];
  let current = '';
  let escaped = false;
  for (const char of id) {
    if (char === '[') escaped = true;
    else if (char === ']') escaped = false;
    else if (char === '.' && !escaped) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts;
}

function parseRoute(id: string): Route {
  const parts = splitId(id);
  const index = parts[parts.length - 1] === '_index';
  const segments = parts
    .filter((part) => part !== '_index' && !/^_[^_]/.test(part) && part !== '_')
    .map((part) => (part.endsWith('_') && part.length > 1 ? part.slice(0, -1) : part));
  return { id, segments, index };
}

const ids = routeIds();
/** Leaf routes: no other route's id extends theirs (Remix nests `a.b` under `a`). */
const LEAVES = ids.filter((id) => !ids.some((other) => other !== id && other.startsWith(`${id}.`))).map(parseRoute);
/**
 * Routes that serve their own path as well as their children's: a page whose only children are
 * resource routes under it (`/job-status/:queue/:jobId` and its `/state`, the marketing asset
 * editor and its `/image.png`), listed by hand.
 */
const PAGES_WITH_CHILDREN = ['_app.job-status.$queue.$jobId', '_app.marketing.asset-editor'].map(parseRoute);
/**
 * The expectation of a route of the spec no module serves yet: the catch-all answers it (404),
 * or home's `/:action` does for a single segment (404 for anything but a home action).
 */
const CATCH_ALL = '_app.$';
const UNSERVED = new Set([CATCH_ALL, '_app._home.$action']);

/** The pattern's score for a path when it matches (react-router's ranking), else null. */
function matchScore(route: Route, pathname: string): number | null {
  const parts = pathname
    .replace(/^\/+|\/+$/g, '')
    .split('/')
    .filter((part) => part !== '');
  let score = route.index ? 2 : 0;
  let at = 0;
  for (const segment of route.segments) {
    if (segment === '$') return score - 2;
    const optional = /^\(.*\)$/.test(segment);
    const name = optional ? segment.slice(1, -1) : segment;
    const part = parts[at];
    if (part === undefined) {
      if (optional) continue;
      return null;
    }
    if (name.startsWith('$')) score += 3;
    else if (decodeURIComponent(part) === name) score += 10;
    else if (optional) continue;
    else return null;
    at += 1;
  }
  return at === parts.length ? score : null;
}

/** The leaf route serving a path: the best-ranked match. */
function servingRoute(href: string): string | null {
  const pathname = href.split(/[?#]/, 1)[0]!;
  let best: { id: string; score: number } | null = null;
  for (const route of [...LEAVES, ...PAGES_WITH_CHILDREN]) {
    const score = matchScore(route, pathname);
    if (score !== null && (best === null || score > best.score)) best = { id: route.id, score };
  }
  return best?.id ?? null;
}

const AWKWARD = 'a b/c?d#e%f&g=h';
const AWKWARD_SEGMENT = 'a%20b%2Fc%3Fd%23e%25f%26g%3Dh';

/**
 * One or more samples of every function: the href, and the route module that serves it
 * (CATCH_ALL for routes of the spec no module serves yet).
 */
const SAMPLES: { [K in keyof Hrefs]: ReadonlyArray<readonly [href: string, expected: string, route: string]> } = {
  home: [
    [hrefs.home(), '/', '_app._home._index'],
    [hrefs.home({ section: 'a&b=c d' }), '/?section=a%26b%3Dc%20d', '_app._home._index'],
    [hrefs.home({ index: true }), '/?index', '_app._home._index'],
  ],
  homeAction: [
    [hrefs.homeAction('add'), '/add', '_app._home.add'],
    [hrefs.homeAction('edit'), '/edit', '_app._home.edit'],
    [hrefs.homeAction('sort-button'), '/sort-button', '_app._home.$action'],
    [hrefs.homeAction('header-images'), '/header-images', '_app._home.header-images'],
    [hrefs.homeAction('community-setup'), '/community-setup', '_app._home.community-setup'],
    [hrefs.homeAction('add-community'), '/add-community', '_app._home.add-community'],
    [hrefs.homeAction('app-setup', new URLSearchParams({ appId: 'x y' })), '/app-setup?appId=x+y', '_app._home.app-setup'],
    [hrefs.homeAction('integrations'), '/integrations', '_app._home.integrations'],
  ],
  homeItemEdit: [[hrefs.homeItemEdit(AWKWARD), `/home/edit/${AWKWARD_SEGMENT}`, '_app._home.home.edit.$itemId']],
  login: [
    [hrefs.login(), '/login', 'login'],
    [hrefs.login({ action: 'logout' }), '/login?action=logout', 'login'],
    [hrefs.login(new URLSearchParams({ redirectTo: '/a b?c=d' })), '/login?redirectTo=%2Fa+b%3Fc%3Dd', 'login'],
  ],
  authGoogle: [[hrefs.authGoogle(), '/auth/google', 'auth.google']],
  authGoogleCallback: [[hrefs.authGoogleCallback(), '/auth/google/callback', 'auth.google_.callback']],
  googleAuth: [[hrefs.googleAuth(), '/google-auth', 'google-auth']],
  studio: [[hrefs.studio(), '/studio', CATCH_ALL]],
  listnm: [
    [hrefs.listnm('faqs'), '/listnm/faqs', '_app.listnm.$context._index'],
    [hrefs.listnm('switch-community'), '/listnm/switch-community', '_app.listnm.switch-community'],
    [hrefs.listnm(AWKWARD, { q: 'x y' }), `/listnm/${AWKWARD_SEGMENT}?q=x%20y`, '_app.listnm.$context._index'],
  ],
  listnmTab: [[hrefs.listnmTab('contacts', 'emergency'), '/listnm/contacts/emergency', '_app.listnm.$context.$path']],
  listnmById: [[hrefs.listnmById('faqs', AWKWARD), `/listnm/faqs/id/${AWKWARD_SEGMENT}`, '_app.listnm.$context.id.$key']],
  listnmAction: [
    [hrefs.listnmAction('faqs', 'add'), '/listnm/faqs/add', '_app.listnm.$context.add'],
    [hrefs.listnmAction('faqs', 'sort', { tab: 'b' }), '/listnm/faqs/sort?tab=b', '_app.listnm.$context.sort'],
    [hrefs.listnmAction('dining', 'header-images'), '/listnm/dining/header-images', '_app.listnm.$context.header-images'],
    [hrefs.listnmAction('faqs', 'rows'), '/listnm/faqs/rows', '_app.listnm.$context.rows'],
  ],
  listnmItem: [
    [hrefs.listnmItem('faqs', 'edit', AWKWARD), `/listnm/faqs/edit/${AWKWARD_SEGMENT}`, '_app.listnm.$context.edit.$itemId'],
    [hrefs.listnmItem('faqs', 'duplicate', 'k'), '/listnm/faqs/duplicate/k', '_app.listnm.$context.duplicate.$itemId'],
    [hrefs.listnmItem('faqs', 'delete', 'k'), '/listnm/faqs/delete/k', '_app.listnm.$context.delete.$itemId'],
  ],
  remoteListing: [
    [
      hrefs.remoteListing('remote-messages-scheduled', AWKWARD, { detail: 'd 1' }),
      `/listnm/remote/remote-messages-scheduled/${AWKWARD_SEGMENT}?detail=d%201`,
      'listnm.remote.$context.$uuid',
    ],
  ],
  list: [[hrefs.list('main menu', AWKWARD), `/list/main%20menu/${AWKWARD_SEGMENT}`, '_app.list.$menuId.$gridMenuKey._index']],
  listTab: [[hrefs.listTab('m', 'g', 'all'), '/list/m/g/all', '_app.list.$menuId.$gridMenuKey.$tab._index']],
  listAction: [
    [hrefs.listAction('m', 'g', 'all', 'add'), '/list/m/g/all/add', '_app.list.$menuId.$gridMenuKey.$tab.add'],
    [hrefs.listAction('m', 'g', 'all', 'sort'), '/list/m/g/all/sort', '_app.list.$menuId.$gridMenuKey.$tab.sort'],
    [hrefs.listAction('m', 'g', 't', 'header-images'), '/list/m/g/t/header-images', '_app.list.$menuId.$gridMenuKey.$tab.header-images'],
    [hrefs.listAction('m', 'g', 't', 'config.events'), '/list/m/g/t/config.events', '_app.list.$menuId.$gridMenuKey.$tab.config[.]events'],
    [hrefs.listAction('m', 'g', 't', 'rows'), '/list/m/g/t/rows', '_app.list.$menuId.$gridMenuKey.$tab.rows'],
  ],
  listItem: [
    [
      hrefs.listItem('m', 'g', 't', 'edit', AWKWARD),
      `/list/m/g/t/edit/${AWKWARD_SEGMENT}`,
      '_app.list.$menuId.$gridMenuKey.$tab.edit.$itemId',
    ],
    [hrefs.listItem('m', 'g', 't', 'duplicate', 'k'), '/list/m/g/t/duplicate/k', '_app.list.$menuId.$gridMenuKey.$tab.duplicate.$itemId'],
    [hrefs.listItem('m', 'g', 't', 'delete', 'k'), '/list/m/g/t/delete/k', '_app.list.$menuId.$gridMenuKey.$tab.delete.$itemId'],
  ],
  detail: [
    [hrefs.detail('business', 'dining'), '/detail/business/dining', '_app.detail.$type.$dbContext._index'],
    [hrefs.detail('events', 'activities'), '/detail/events/activities', '_app.detail.events.$dbContext._index'],
  ],
  detailItem: [
    [
      hrefs.detailItem('business', 'dining-a b', AWKWARD),
      `/detail/business/dining-a%20b/${AWKWARD_SEGMENT}`,
      '_app.detail.$type.$dbContext.$itemId._index',
    ],
    [hrefs.detailItem('events', 'cal', 'e1'), '/detail/events/cal/e1', '_app.detail.events.$dbContext.$itemId._index'],
    [
      hrefs.detailItem('eventsArchived', 'cal', 'e1'),
      '/detail/eventsArchived/cal/e1',
      '_app.detail.eventsArchived.$dbContext.$itemId._index',
    ],
  ],
  detailItemAction: [
    [
      hrefs.detailItemAction('events', 'events-resort', 'e1', 'rsvp'),
      '/detail/events/events-resort/e1/rsvp',
      '_app.detail.events.$dbContext.$itemId.rsvp',
    ],
    [
      hrefs.detailItemAction('business', 'dining', 'k', 'duplicate'),
      '/detail/business/dining/k/duplicate',
      '_app.detail.$type.$dbContext.$itemId.duplicate',
    ],
    [
      hrefs.detailItemAction('business', 'dining', 'k', 'header-images'),
      '/detail/business/dining/k/header-images',
      '_app.detail.$type.$dbContext.$itemId.header-images',
    ],
    [
      hrefs.detailItemAction('events', 'cal', 'e1', 'duplicate'),
      '/detail/events/cal/e1/duplicate',
      '_app.detail.events.$dbContext.$itemId.duplicate',
    ],
    [
      hrefs.detailItemAction('events', 'cal', 'e1', 'header-images'),
      '/detail/events/cal/e1/header-images',
      '_app.detail.events.$dbContext.$itemId.header-images',
    ],
    [
      hrefs.detailItemAction('eventsArchived', 'cal', 'e1', 'duplicate'),
      '/detail/eventsArchived/cal/e1/duplicate',
      '_app.detail.eventsArchived.$dbContext.$itemId.duplicate',
    ],
    [hrefs.detailItemAction('legacyEvents', 'cal', 'e1', 'rsvp'), '/detail/legacyEvents/cal/e1/rsvp', CATCH_ALL],
  ],
  businessDetail: [[hrefs.businessDetail('lake marina'), '/detail/business-detail/lake%20marina', '_app.detail.business-detail.$record']],
  pendingEventImport: [
    [
      hrefs.pendingEventImport(AWKWARD),
      `/detail/events/google-events-import/${AWKWARD_SEGMENT}`,
      '_app.detail.events.google-events-import.$importId',
    ],
  ],
  detailUpdate: [
    [
      hrefs.detailUpdate('c 1', 'business', 'dining', AWKWARD),
      `/detailUpdate/c%201/business/dining/${AWKWARD_SEGMENT}`,
      '_app.detailUpdate.$communityKey.$type.$dbContext.$itemId._index',
    ],
    [
      hrefs.detailUpdate('c1', 'business', 'dining', 'k', 'header-images'),
      '/detailUpdate/c1/business/dining/k/header-images',
      '_app.detailUpdate.$communityKey.$type.$dbContext.$itemId.header-images',
    ],
  ],
  detailUpdateById: [
    [
      hrefs.detailUpdateById('c1', 'business', 'dining', 'd1'),
      '/detailUpdate/c1/business/dining/id/d1',
      '_app.detailUpdate.$communityKey.$type.$dbContext.id.$detailId',
    ],
  ],
  remoteLeft: [[hrefs.remoteLeft(), '/remote/left', 'remote.left']],
  remoteHome: [
    [hrefs.remoteHome(), '/detail/remote', 'detail.remote._index'],
    [hrefs.remoteHome({ all: 1 }), '/detail/remote?all=1', 'detail.remote._index'],
  ],
  remoteDetail: [
    [hrefs.remoteDetail(AWKWARD), `/detail/remote/${AWKWARD_SEGMENT}/`, 'detail.remote.$uuid._index'],
    [hrefs.remoteDetail('u1', 'header-images'), '/detail/remote/u1/header-images', 'detail.remote.$uuid.header-images'],
  ],
  remoteDetailLink: [[hrefs.remoteDetailLink(AWKWARD), `/detail/remote/${AWKWARD_SEGMENT}`, 'detail.remote.$uuid._index']],
  remoteDetailById: [
    [hrefs.remoteDetailById(AWKWARD), `/detail/remote/id/${AWKWARD_SEGMENT}`, 'detail.remote.id.$detailId._index'],
    [hrefs.remoteDetailById('d1', 'header-images'), '/detail/remote/id/d1/header-images', 'detail.remote.id.$detailId.header-images'],
  ],
  remoteCalendar: [[hrefs.remoteCalendar(AWKWARD), `/amc-calendar/remote/${AWKWARD_SEGMENT}/`, 'amc-calendar.remote.$uuid._index']],
  remoteCalendarById: [
    [hrefs.remoteCalendarById('d1'), '/amc-calendar/remote/id/d1/', 'amc-calendar.remote.id.$detailId._index'],
    [hrefs.remoteCalendarById('d1', { page: 2 }), '/amc-calendar/remote/id/d1/?page=2', 'amc-calendar.remote.id.$detailId._index'],
  ],
  remoteEvent: [
    [hrefs.remoteEvent('cal 1'), '/event/remote/cal%201', 'event.remote.$dbContext.($itemId)'],
    [hrefs.remoteEvent('cal', AWKWARD, { uuid: 'u' }), `/event/remote/cal/${AWKWARD_SEGMENT}?uuid=u`, 'event.remote.$dbContext.($itemId)'],
  ],
  calendar: [
    [hrefs.calendar(AWKWARD, 'active'), `/amc-calendar/${AWKWARD_SEGMENT}/active`, '_app.amc-calendar.$context.$view._index'],
    [
      hrefs.calendar('activities', 'archive', { q: 'x' }),
      '/amc-calendar/activities/archive?q=x',
      '_app.amc-calendar.$context.$view._index',
    ],
  ],
  calendarAction: [
    [
      hrefs.calendarAction('c', 'active', 'header-images'),
      '/amc-calendar/c/active/header-images',
      '_app.amc-calendar.$context.$view.header-images',
    ],
    [hrefs.calendarAction('c', 'archive', 'rows'), '/amc-calendar/c/archive/rows', '_app.amc-calendar.$context.$view.rows'],
  ],
  calendarItemDelete: [
    [
      hrefs.calendarItemDelete('c', 'active', AWKWARD),
      `/amc-calendar/c/active/delete/${AWKWARD_SEGMENT}`,
      '_app.amc-calendar.$context.$view.delete.$itemId',
    ],
  ],
  calendarMenu: [
    [hrefs.calendarMenu(), '/amc-calendar/menu', '_app.amc-calendar.menu.($menu).($menuIndex).($tab).($action)'],
    [
      hrefs.calendarMenu('main-menu', '2', 'a b'),
      '/amc-calendar/menu/main-menu/2/a%20b',
      '_app.amc-calendar.menu.($menu).($menuIndex).($tab).($action)',
    ],
  ],
  calendars: [[hrefs.calendars(), '/amc-calendars', '_app.amc-calendars._index']],
  calendarsAdd: [[hrefs.calendarsAdd(), '/amc-calendars/add', '_app.amc-calendars.add']],
  calendarsDelete: [[hrefs.calendarsDelete(AWKWARD), `/amc-calendars/delete/${AWKWARD_SEGMENT}`, '_app.amc-calendars.delete.$calendarId']],
  calendarConfig: [[hrefs.calendarConfig(AWKWARD), `/amc-calendars/config/${AWKWARD_SEGMENT}`, '_app.amc-calendars_.config.$context']],
  calendarUpload: [[hrefs.calendarUpload('c'), '/amc-calendars/config/c/upload', '_app.amc-calendars_.config.$context_.upload']],
  activitiesPrintout: [
    [hrefs.activitiesPrintout(), '/activities-printout', '_app.activities-printout.($calendarId)'],
    [hrefs.activitiesPrintout(AWKWARD), `/activities-printout/${AWKWARD_SEGMENT}`, '_app.activities-printout.($calendarId)'],
  ],
  messages: [
    [hrefs.messages('messages'), '/amc-messages/messages', '_app.amc-messages.$context._index'],
    [
      hrefs.messages('systemwide-notification', { view: 'archive' }),
      '/amc-messages/systemwide-notification?view=archive',
      '_app.amc-messages.$context._index',
    ],
  ],
  messagesAction: [
    [hrefs.messagesAction('messages', 'add'), '/amc-messages/messages/add', '_app.amc-messages.$context.$action'],
    [
      hrefs.messagesAction('messages', 'add', new URLSearchParams({ calendar: 'c 1', event: 'e' })),
      '/amc-messages/messages/add?calendar=c+1&event=e',
      '_app.amc-messages.$context.$action',
    ],
    [
      hrefs.messagesAction('messages', 'edit', { id: AWKWARD, list: 'scheduled' }),
      `/amc-messages/messages/edit?id=${AWKWARD_SEGMENT}&list=scheduled`,
      '_app.amc-messages.$context.$action',
    ],
  ],
  listIcons: [[hrefs.listIcons(), '/manage-list-icons', '_app.manage-list-icons._index']],
  listIconsAdd: [[hrefs.listIconsAdd(), '/manage-list-icons/add', '_app.manage-list-icons.add']],
  listIconsItem: [
    [hrefs.listIconsItem('edit', AWKWARD), `/manage-list-icons/edit/${AWKWARD_SEGMENT}`, '_app.manage-list-icons.edit.$iconKey'],
    [hrefs.listIconsItem('delete', 'i'), '/manage-list-icons/delete/i', '_app.manage-list-icons.delete.$iconKey'],
  ],
  scrollerEntries: [
    [
      hrefs.scrollerEntries('custom-forms', 'view', AWKWARD),
      `/scrollerEntries/custom-forms/view/${AWKWARD_SEGMENT}`,
      '_app.scrollerEntries.$context.view.$itemId._index',
    ],
    [hrefs.scrollerEntries('hunts', 'edit', 'walk'), '/scrollerEntries/hunts/edit/walk', CATCH_ALL],
  ],
  scrollerEntry: [
    [
      hrefs.scrollerEntry('hunts', 'walk', 'e1', { view: 'archive' }),
      '/scrollerEntries/hunts/view/walk/entry/e1?view=archive',
      '_app.scrollerEntries.$context.view.$itemId.entry.$entryId',
    ],
  ],
  scrollerEntryPdf: [
    [
      hrefs.scrollerEntryPdf('custom-forms', 'walk', 'e1', { view: 'archive' }),
      '/scrollerEntries/custom-forms/view/walk/entry/e1/pdf?view=archive',
      '_app.scrollerEntries.$context.view.$itemId.entry.$entryId_.pdf',
    ],
  ],
  scrollerEntriesRows: [
    [
      hrefs.scrollerEntriesRows('hunts', 'walk'),
      '/scrollerEntries/hunts/view/walk/rows',
      '_app.scrollerEntries.$context.view.$itemId.rows',
    ],
  ],
  manageMaps: [
    [hrefs.manageMaps(), '/manage-maps', CATCH_ALL],
    [hrefs.manageMaps('add'), '/manage-maps/add', CATCH_ALL],
  ],
  mapEdit: [[hrefs.mapEdit(AWKWARD), `/mapedit/${AWKWARD_SEGMENT}`, CATCH_ALL]],
  analytics: [[hrefs.analytics(), '/analytics', CATCH_ALL]],
  marketing: [
    [hrefs.marketing(), '/marketing', '_app.marketing._index'],
    [hrefs.marketing({ edit: 'package' }), '/marketing?edit=package', '_app.marketing._index'],
  ],
  marketingAssetEditor: [[hrefs.marketingAssetEditor(), '/marketing/asset-editor', '_app.marketing.asset-editor']],
  marketingAssetImage: [
    [hrefs.marketingAssetImage(), '/marketing/asset-editor/image.png', '_app.marketing.asset-editor.image[.png]'],
    [
      hrefs.marketingAssetImage({ scale: 3, download: 1 }),
      '/marketing/asset-editor/image.png?scale=3&download=1',
      '_app.marketing.asset-editor.image[.png]',
    ],
  ],
  calendarBuilder: [
    [hrefs.calendarBuilder(), '/calendarBuilder', '_app.calendarBuilder'],
    [
      hrefs.calendarBuilder({ selectedTab: 'kids club', code: 'screen' }),
      '/calendarBuilder?selectedTab=kids%20club&code=screen',
      '_app.calendarBuilder',
    ],
  ],
  publicCalendar: [
    [hrefs.publicCalendar(), '/calendar', 'calendar'],
    [hrefs.publicCalendar({ clocation: 'a b', selectedTab: 'x' }), '/calendar?clocation=a%20b&selectedTab=x', 'calendar'],
  ],
  publicCalendarEvent: [
    [
      hrefs.publicCalendarEvent(AWKWARD, 'activities', AWKWARD),
      `/calendar/event/${AWKWARD_SEGMENT}/activities/${AWKWARD_SEGMENT}`,
      'calendar_.event.$clocation.$tab.$eventId._index',
    ],
  ],
  publicCalendarEventDelete: [
    [hrefs.publicCalendarEventDelete('c', 't', 'e'), '/calendar/event/c/t/e/delete', 'calendar_.event.$clocation.$tab.$eventId.delete'],
  ],
  publicCalendarAudiences: [[hrefs.publicCalendarAudiences('c'), '/calendar/audiences/c', 'calendar_.audiences.$clocation']],
  publicCalendarLive: [[hrefs.publicCalendarLive({ clocation: 'c' }), '/calendar/live?clocation=c', 'calendar_.live']],
  location: [[hrefs.location(), '/location', CATCH_ALL]],
  createFlyer: [
    [hrefs.createFlyer(), '/create-flyer', '_app.create-flyer.($action)'],
    [hrefs.createFlyer('event', { event: 'c1/e1' }), '/create-flyer/event?event=c1%2Fe1', '_app.create-flyer.($action)'],
  ],
  createFlyerRemote: [
    [
      hrefs.createFlyerRemote('event', { event: 'c1/e1', uuid: 'u1' }),
      '/create-flyer-remote/event?event=c1%2Fe1&uuid=u1',
      'create-flyer-remote.($action)',
    ],
  ],
  createFlyerDownload: [[hrefs.createFlyerDownload(), '/create-flyer/download', '_app.create-flyer.download']],
  createFlyerRemoteJobState: [
    [hrefs.createFlyerRemoteJobState({ event: 'c1/e1' }), '/create-flyer-remote/job-state?event=c1%2Fe1', 'create-flyer-remote.job-state'],
  ],
  createFlyerRemoteDownload: [
    [hrefs.createFlyerRemoteDownload({ event: 'c1/e1' }), '/create-flyer-remote/download?event=c1%2Fe1', 'create-flyer-remote.download'],
  ],
  uploads: [[hrefs.uploads({ community: 'c 1' }), '/uploads?community=c%201', 'uploads']],
  placesSearch: [[hrefs.placesSearch(new URLSearchParams({ uuid: 'u 1' })), '/places/search?uuid=u+1', 'places.search']],
  placesDetails: [[hrefs.placesDetails({ placeId: 'p' }), '/places/details?placeId=p', 'places.details']],
  files: [[hrefs.files('c1/images/a b#.png'), '/files/c1/images/a%20b%23.png', 'files.$']],
  calendarFeed: [
    [hrefs.calendarFeed('demo-campground', 'activities'), '/files/demo-campground/amc-events/activities-calendar.ics', 'files.$'],
    [hrefs.calendarFeed('c 1', 'kids club'), '/files/c%201/amc-events/kids%20club-calendar.ics', 'files.$'],
  ],
  jobStatus: [
    [hrefs.jobStatus('import', AWKWARD), `/job-status/import/${AWKWARD_SEGMENT}`, '_app.job-status.$queue.$jobId'],
    [hrefs.jobStatus('import', '7', { back: '/a b?c' }), '/job-status/import/7?back=%2Fa%20b%3Fc', '_app.job-status.$queue.$jobId'],
  ],
  jobStatusState: [[hrefs.jobStatusState('import', '7'), '/job-status/import/7/state', '_app.job-status.$queue.$jobId.state']],
  assistant: [
    [hrefs.assistant('events'), '/assistant/events', '_app.assistant.$assistantPath'],
    [
      hrefs.assistant('hunts', { back: '/listnm/hunts/edit/h1' }),
      '/assistant/hunts?back=%2Flistnm%2Fhunts%2Fedit%2Fh1',
      '_app.assistant.$assistantPath',
    ],
  ],
  devOutbox: [[hrefs.devOutbox(), '/dev/outbox', 'dev.outbox']],
  devPushOutbox: [[hrefs.devPushOutbox(), '/dev/push-outbox', 'dev.push-outbox']],
  healthcheck: [[hrefs.healthcheck(), '/healthcheck', 'healthcheck']],
};

describe('hrefs', () => {
  it('reads the route modules of app/routes', () => {
    expect(LEAVES.length).toBeGreaterThan(50);
    expect(LEAVES.map((route) => route.id)).toContain(CATCH_ALL);
  });

  describe.each(Object.entries(SAMPLES))('%s', (_name, samples) => {
    it.each(samples.map(([href, expected, route]) => ({ href, expected, route })))(
      '$expected is served by $route',
      ({ href, expected, route }) => {
        expect(href).toBe(expected);
        const serving = servingRoute(href);
        if (route === CATCH_ALL) expect(UNSERVED).toContain(serving);
        else expect(serving).toBe(route);
      },
    );
  });

  it('has a sample of every function', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(hrefs).sort());
  });

  it('names every home action of the shell', () => {
    const segments = [
      'add',
      'edit',
      'sort-button',
      'sort-submit',
      'sort-cancel',
      'sort-alpha',
      'community-setup',
      'add-community',
      'app-setup',
      'integrations',
      'header-images',
    ] satisfies Parameters<typeof hrefs.homeAction>[0][];
    expect([...segments].sort()).toEqual(HOME_ACTIONS.filter((action) => action !== 'default').sort());
  });

  it('keeps every awkward key one path segment', () => {
    const href = hrefs.listItem(AWKWARD, AWKWARD, AWKWARD, 'edit', AWKWARD);
    const parts = href.split('?')[0]!.split('/').slice(1);
    expect(parts).toHaveLength(6);
    expect(parts.filter((part) => part !== 'list' && part !== 'edit').map(decodeURIComponent)).toEqual([
      AWKWARD,
      AWKWARD,
      AWKWARD,
      AWKWARD,
    ]);
  });

  it('writes a record query with encodeURIComponent and URLSearchParams as it writes itself', () => {
    expect(queryString()).toBe('');
    expect(queryString({})).toBe('');
    expect(queryString(new URLSearchParams())).toBe('');
    expect(queryString({ a: 'x y', b: null, c: undefined, d: "it's (ok)!" })).toBe("?a=x%20y&d=it's%20(ok)!");
    expect(queryString({ index: true, hidden: false, after: 'k', n: 0 })).toBe('?index&after=k&n=0');
    expect(queryString(new URLSearchParams({ a: 'x y', d: "it's (ok)!" }))).toBe('?a=x+y&d=it%27s+%28ok%29%21');
  });

  it("makes a feed's absolute address and its webcal:// subscription link", () => {
    const https = absoluteUrl('https://console.example/', hrefs.calendarFeed('demo-campground', 'activities'));
    expect(https).toBe('https://console.example/files/demo-campground/amc-events/activities-calendar.ics');
    expect(webcalUrl(https)).toBe('webcal://console.example/files/demo-campground/amc-events/activities-calendar.ics');
    expect(webcalUrl('http://localhost:3000/files/c/amc-events/a-calendar.ics')).toBe(
      'webcal://localhost:3000/files/c/amc-events/a-calendar.ics',
    );
    expect(webcalUrl('HTTPS://Host.example/x')).toBe('webcal://Host.example/x');
    expect(() => webcalUrl('ftp://host/x')).toThrow(TypeError);
    expect(() => webcalUrl('/files/x')).toThrow(TypeError);
    expect(calendarFeedUrls('https://console.example', 'demo-campground', 'kids club')).toEqual({
      url: 'https://console.example/files/demo-campground/amc-events/kids%20club-calendar.ics',
      webcal: 'webcal://console.example/files/demo-campground/amc-events/kids%20club-calendar.ics',
    });
  });
});
