import { redirect } from '@remix-run/node';
import { fromZonedTime } from 'date-fns-tz';
import { requireCanNotify, requireLocationAdmin, requireStaff, requireSystemAdmin, type StaffContext } from '@server/authz';
import { remoteGrantFromEntry } from '@server/authz/access';
import type { ListAddress } from '@server/listing';
import { readMenuItems } from '@server/menu/items';
import {
  isMessageContext,
  listViewOf,
  messageRowDetails,
  messagesDefinition,
  messagesView,
  messagingUnavailable,
  SEND_NOTIFICATION_BUTTON,
  topicTitles,
  type MessageContext,
} from '@server/messages/list';
import type { RowContext, RowDetails } from '~/components/listing/list.server';
import { loadCommunityRecord } from '~/components/shell/shell.server';
import { UNAVAILABLE_PARAM } from '~/components/shell/tray-types';
import { isValidKey } from '~/lib/db-key';
import { DEFAULT_TIME_ZONE, zonedDayKey } from '~/lib/event-times';
import { contextForMenuType, listContext, type ListContextKey } from '~/lib/listing/contexts';
import type { ListContextDefinition, ListPermission, ListTab, ListView } from '~/lib/listing/types';
import { UNTABBED, type ListLocation, type MessagesView } from '~/lib/listing/urls';
import { getServices } from '~/services.server';

/**
 * Which list a listing address names, and whether the person may open it (spec 01 §2.1,
 * spec 02 "Listing routes"): the context (or the menu item's type), its tabs and the chosen one.
 * Unknown contexts, menu items, tabs and actions are 404; the permission is the context's.
 */
/** The key of the messages list (its definitions are per area and view, not in the registry). */
export const MESSAGES_LIST_KEY = 'messages';

export interface ResolvedList {
  staff: StaffContext;
  key: ListContextKey | typeof MESSAGES_LIST_KEY;
  definition: ListContextDefinition;
  location: ListLocation;
  address: ListAddress;
  /** The screen's title: the menu item's name, else the context's title. */
  title: string;
  tabs: readonly ListTab[];
  /** header-info/{context}: the list's header media. */
  headerContext: string;
  /** The header's node when it is not header-info/{context} (a calendar's config header-info). */
  headerNode?: string;
  /** The view the address names (the calendar of events' path); else the query's `view` decides. */
  view?: ListView;
  /** What the list adds to its rows (messages: audience, delivery time with its zone, delivery status). */
  rowDetails?: (item: Record<string, unknown>, context: RowContext) => RowDetails;
}

type Params = Record<string, string | undefined>;

export function notFound(): Response {
  return new Response('Not Found', { status: 404 });
}

const REQUIRE: Record<ListPermission, (request: Request) => Promise<StaffContext>> = {
  staff: (request) => requireStaff(request),
  'location-admin': (request) => requireLocationAdmin(request),
  'system-admin': (request) => requireSystemAdmin(request),
};

/** The tab a segment names, or 404; without one, the first tab. */
function chooseTab(tabs: readonly ListTab[], requested: string | null | undefined): ListTab | null {
  if (requested === null || requested === undefined || requested === '') return tabs[0] ?? null;
  if (tabs.length === 0) {
    if (requested === UNTABBED) return null;
    throw notFound();
  }
  const tab = tabs.find((candidate) => candidate.id === requested);
  if (!tab) throw notFound();
  return tab;
}

/** `/listnm/:context[/:path]` (and its actions, whose tab is `?tab=`). */
export async function resolveListnm(request: Request, params: Params): Promise<ResolvedList> {
  const definition = listContext(params.context ?? '');
  // An unknown list is no page, for anyone (as the shell answers anonymous visitors); a
  // calendar's events have their own address (/amc-calendar/…).
  if (!definition || definition.source.kind === 'calendar') throw notFound();
  const staff = await REQUIRE[definition.permission](request);
  const requested = params.path ?? new URL(request.url).searchParams.get('tab');
  const tab = chooseTab(definition.tabs, requested === UNTABBED ? null : requested);
  return {
    staff,
    key: definition.key,
    definition,
    location: { family: 'listnm', context: definition.key, tab: tab?.id ?? null, firstTab: definition.tabs[0]?.id ?? null },
    address: {
      community: staff.community,
      definition,
      base: definition.key,
      tab,
      ...(await eventViewOrder(request, definition, staff.community)),
    },
    title: definition.title,
    tabs: definition.tabs,
    headerContext: definition.key,
  };
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** The valid tabs a menu item stores (id and title). */
function menuTabs(value: unknown): ListTab[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((tab: unknown) => {
    if (typeof tab !== 'object' || tab === null) return [];
    const record = tab as Record<string, unknown>;
    const id = text(record.id);
    const title = text(record.title) ?? id;
    return id && title && isValidKey(id) ? [{ id, title }] : [];
  });
}

/** `/list/:menuId/:gridMenuKey[/:tab…]`: the list a menu item stands for, by its type. */
export async function resolveMenuList(request: Request, params: Params): Promise<ResolvedList> {
  const staffFirst = await requireStaff(request);
  const menuId = params.menuId ?? '';
  const gridMenuKey = params.gridMenuKey ?? '';
  if (!isValidKey(menuId) || !isValidKey(gridMenuKey)) throw notFound();
  const services = await getServices();
  const items = await readMenuItems(services, staffFirst.community, menuId);
  const entry = items.find((item) => text(item.value.uniqueId) === gridMenuKey) ?? items.find((item) => item.key === gridMenuKey);
  const key = entry ? contextForMenuType(String(entry.value.type ?? '')) : null;
  const definition = key ? listContext(key) : null;
  if (!entry || !definition) throw notFound();
  const staff = definition.permission === 'staff' ? staffFirst : await REQUIRE[definition.permission](request);
  const source = definition.source;
  const fixedBase = source.kind === 'section' ? source.base : undefined;
  const base = fixedBase ?? text(entry.value.dbContext) ?? text(entry.value.uniqueId) ?? gridMenuKey;
  if (!isValidKey(base)) throw notFound();
  let tabs = menuTabs(entry.value.tabs);
  if (fixedBase !== undefined) {
    // A list of fixed sections (legacy events): the menu item's tabs name some of them, by title.
    const known = tabs.filter((tab) => definition.tabs.some((candidate) => candidate.id === tab.id));
    tabs = known.length > 0 ? known : [...definition.tabs];
  }
  // The bulk form of a tab posts to the list's own address with the tab in the query (list.server.ts bulkActionOf).
  const tab = chooseTab(tabs, params.tab ?? new URL(request.url).searchParams.get('tab'));
  return {
    staff,
    key: definition.key,
    definition,
    location: { family: 'list', menuId, gridMenuKey, tab: tab?.id ?? null },
    address: { community: staff.community, definition, base, tab, ...(await eventViewOrder(request, definition, staff.community)) },
    title: text(entry.value.name) ?? text(entry.value.title) ?? definition.title,
    tabs,
    headerContext: base,
  };
}

/**
 * Where a remote listing link leads (`/listnm/remote/:context/:uuid`, spec 02: a remote listing
 * redirects to remoteUpdateDetail when the person manages exactly one item): the link's page
 * (`/detail/remote/{uuid}`) when the uuid holds one URL grant; for an account's uid with e-mail
 * grants, that item's page (`/detail/remote/id/{detailId}`, sign-in first) when there is exactly
 * one, else the remote manager's landing page. 404 for an unknown list or uuid.
 */
export async function remoteListTarget(context: string, uuid: string): Promise<string> {
  if (!listContext(context) || !isValidKey(uuid)) throw notFound();
  const { db, paths } = await getServices();
  const stored = (await db.ref(paths.remoteByUid(uuid)).get()).val() as unknown;
  const grants =
    typeof stored === 'object' && stored !== null
      ? Object.entries(stored as Record<string, unknown>)
          .map(([detailId, entry]) => remoteGrantFromEntry(detailId, entry, uuid))
          .filter((grant) => grant !== null)
      : [];
  const links = grants.filter((grant) => grant.accessType === 'url');
  if (links.length > 0) return `/detail/remote/${encodeURIComponent(uuid)}`;
  if (grants.length === 1) return `/detail/remote/id/${encodeURIComponent(grants[0]!.detailId)}`;
  if (grants.length > 1) return '/detail/remote';
  throw notFound();
}

const VIEWS: readonly ListView[] = ['active', 'archive'];

async function communityTimeZone(community: string): Promise<string> {
  const record = await loadCommunityRecord(community);
  return typeof record.timeZone === 'string' && record.timeZone ? record.timeZone : DEFAULT_TIME_ZONE;
}

/**
 * How a calendar's view (or a legacy events list's) is read, so that its first page costs the same for 50 events or 5,000:
 * by end time, from the first event that ends today (active: what ends next first, today's
 * ended events marked passed) or back from now (archive: the latest ended first). Reading by
 * start would have to pass over every ended event to reach the active ones.
 */
/** An events list's view (the legacy events lists: `?view=`) is read as a calendar's is; other lists keep their order. */
async function eventViewOrder(
  request: Request,
  definition: ListContextDefinition,
  community: string,
): Promise<Pick<ListAddress, 'order' | 'range'>> {
  if (!definition.dated?.startField) return {};
  const view = new URL(request.url).searchParams.get('view') === 'archive' ? 'archive' : 'active';
  return calendarViewOrder(view, await communityTimeZone(community));
}

export function calendarViewOrder(view: ListView, timeZone: string, now = Date.now()): Pick<ListAddress, 'order' | 'range'> {
  if (view === 'archive') return { order: { by: 'child', child: 'endDate', newestFirst: true }, range: { to: now } };
  const today = fromZonedTime(`${zonedDayKey(now, timeZone)}T00:00:00`, timeZone).getTime();
  return { order: { by: 'child', child: 'endDate' }, range: { from: today } };
}

/**
 * `/amc-calendar/:context/:view[/…]` (spec 02 "Calendars"): the calendar of events of the
 * community's calendar `context`, in its active or archive view. Staff only; an unknown calendar
 * or view is 404.
 */
export async function resolveCalendar(request: Request, params: Params): Promise<ResolvedList> {
  const staff = await requireStaff(request);
  const calendarId = params.context ?? '';
  const view = VIEWS.find((candidate) => candidate === params.view);
  if (!isValidKey(calendarId) || !view) throw notFound();
  const { db, paths } = await getServices();
  const config = (await db.ref(paths.calendarConfig(staff.community, calendarId)).get()).val() as unknown;
  if (typeof config !== 'object' || config === null || Array.isArray(config)) throw notFound();
  const definition = listContext('calendar-events');
  if (!definition) throw notFound();
  return {
    staff,
    key: definition.key,
    definition,
    location: { family: 'calendar', calendarId, view },
    address: {
      community: staff.community,
      definition,
      base: calendarId,
      tab: null,
      ...calendarViewOrder(view, await communityTimeZone(staff.community)),
    },
    title: text((config as Record<string, unknown>).title) ?? calendarId,
    tabs: [],
    headerContext: calendarId,
    headerNode: paths.calendarHeaderInfo(staff.community, calendarId),
    view,
  };
}

/**
 * Where the older calendar address `/amc-calendar/menu/:menu?/:menuIndex?/:tab?/:action?` (spec
 * 02 "Calendars") leads: `/amc-calendar/{calendar}/active` of the calendar the menu item names —
 * the item `menuIndex` of menu `menu` (its index, key, uniqueId or id), else the menu's first
 * Events Calendar item. 404 when the menu names no calendar. Staff only.
 */
export async function oldCalendarTarget(request: Request, menu: string, menuIndex: string | null): Promise<string> {
  const staff = await requireStaff(request);
  if (!menu || !isValidKey(menu)) throw notFound();
  const items = (await readMenuItems(await getServices(), staff.community, menu)).filter((item) => item.value.type === 'amc-events');
  const named = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');
  const item = menuIndex
    ? items.find((candidate) =>
        [String(candidate.index), candidate.key, named(candidate.value.uniqueId), named(candidate.value.id)].includes(menuIndex),
      )
    : items[0];
  const calendarId = named(item?.value.id);
  if (!calendarId || !isValidKey(calendarId)) throw notFound();
  return `/amc-calendar/${encodeURIComponent(calendarId)}/active`;
}

/** The messages list as its address names it, with what its screen adds (server/messages/list.ts). */
export interface ResolvedMessages extends ResolvedList {
  context: MessageContext;
  messagesView: MessagesView;
  timeZone: string;
}

/**
 * `/amc-messages/:context` (spec 02 "Messages"): the community's messages (`messages`: admins
 * and people who may notify; non-admins only when the main menu has a Messages section, else
 * 'Feature Unavailable' on the home screen) or the system-wide area's (`systemwide-notification`:
 * resort system admins). Its view is `?view=` (active, archive, scheduled). Other contexts: 404.
 */
export async function resolveMessages(request: Request, params: Params): Promise<ResolvedMessages> {
  const context = params.context;
  if (!isMessageContext(context)) throw notFound();
  const system = context === 'systemwide-notification';
  const staff = system ? await requireSystemAdmin(request) : await requireCanNotify(request);
  const services = await getServices();
  if (!system && (await messagingUnavailable(services, staff.access, staff.community))) {
    throw redirect(`/?${UNAVAILABLE_PARAM}=${SEND_NOTIFICATION_BUTTON}`);
  }
  const view = messagesView(new URL(request.url).searchParams.get('view'));
  const definition = messagesDefinition(context, view);
  const [timeZone, topicsValue] = await Promise.all([
    communityTimeZone(staff.community),
    services.db.ref(system ? services.paths.systemTopics() : services.paths.topics(staff.community)).get(),
  ]);
  const topics = topicTitles(topicsValue.val());
  const listView = listViewOf(view);
  return {
    staff,
    key: MESSAGES_LIST_KEY,
    definition,
    location: { family: 'messages', context, view },
    address: { community: staff.community, definition, base: context, tab: null },
    title: definition.title,
    tabs: [],
    headerContext: context,
    ...(listView ? { view: listView } : {}),
    rowDetails: (item, row) => messageRowDetails(item, { view, timeZone, topics, now: row.now }),
    context,
    messagesView: view,
    timeZone,
  };
}
