import { redirect } from '@remix-run/node';
import {
  requireCanNotify,
  requireLocationAdmin,
  requireStaff,
  requireSuperAdmin,
  requireSystemAdmin,
  type StaffContext,
} from '@server/authz';
import { notFound } from '@server/http/responses';
import { communityTimeZone, MESSAGES_LIST_KEY, readCalendarConfig, type ListAddress } from '@server/listing';
import { oldCalendarTargetOf, remoteListTargetOf } from '@server/listing/old-addresses';
import { calendarViewOrder, menuTabs, type ResolvedList } from '@server/listing/resolved';
import { readMenuItems } from '@server/menu/items';
import {
  isMessageContext,
  listViewOf,
  messagesDefinition,
  messagesView,
  messagingUnavailable,
  SEND_NOTIFICATION_BUTTON,
  type MessageContext,
} from '@server/messages/list';
import { UNAVAILABLE_PARAM } from '~/components/shell/tray-types';
import { isValidKey } from '~/lib/db-key';
import { hrefs } from '~/lib/hrefs';
import { contextForMenuType, listContext } from '~/lib/listing/contexts';
import type { ListContextDefinition, ListPermission, ListTab, ListView } from '~/lib/listing/types';
import { UNTABBED, type MessagesView } from '~/lib/listing/urls';
import { getServices } from '~/services.server';

/**
 * Which list a listing address names, and whether the person may open it (spec 01 §2.1,
 * spec 02 "Listing routes"): the context (or the menu item's type), its tabs and the chosen one.
 * Unknown contexts, menu items, tabs and actions are 404; the permission is the context's.
 */
export type { ResolvedList } from '@server/listing/resolved';

type Params = Record<string, string | undefined>;

const REQUIRE: Record<ListPermission, (request: Request) => Promise<StaffContext>> = {
  staff: (request) => requireStaff(request),
  'location-admin': (request) => requireLocationAdmin(request),
  'system-admin': (request) => requireSystemAdmin(request),
  'super-admin': (request) => requireSuperAdmin(request),
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

/** `/listnm/remote/:context/:uuid`: where the link leads (server/listing/old-addresses.ts); 404 for an unknown list or uuid. */
export async function remoteListTarget(context: string, uuid: string): Promise<string> {
  const target = await remoteListTargetOf(await getServices(), context, uuid);
  if (target === null) throw notFound();
  return target;
}

const VIEWS: readonly ListView[] = ['active', 'archive'];

/** An events list's view (the legacy events lists: `?view=`) is read as a calendar's is; other lists keep their order. */
async function eventViewOrder(
  request: Request,
  definition: ListContextDefinition,
  community: string,
): Promise<Pick<ListAddress, 'order' | 'range'>> {
  if (!definition.dated?.startField) return {};
  const view = new URL(request.url).searchParams.get('view') === 'archive' ? 'archive' : 'active';
  return calendarViewOrder(view, await communityTimeZone(await getServices(), community));
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
  const services = await getServices();
  const config = await readCalendarConfig(services, staff.community, calendarId);
  if (!config) throw notFound();
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
      ...calendarViewOrder(view, await communityTimeZone(services, staff.community)),
    },
    title: text(config.title) ?? calendarId,
    tabs: [],
    headerContext: calendarId,
    headerNode: services.paths.calendarHeaderInfo(staff.community, calendarId),
    view,
  };
}

/**
 * Where the older calendar address `/amc-calendar/menu/:menu?/:menuIndex?/:tab?/:action?` (spec
 * 02 "Calendars") leads (server/listing/old-addresses.ts). 404 when the menu names no calendar. Staff only.
 */
export async function oldCalendarTarget(request: Request, menu: string, menuIndex: string | null): Promise<string> {
  const staff = await requireStaff(request);
  const target = await oldCalendarTargetOf(await getServices(), staff.community, menu, menuIndex);
  if (target === null) throw notFound();
  return target;
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
    throw redirect(hrefs.home({ [UNAVAILABLE_PARAM]: SEND_NOTIFICATION_BUTTON }));
  }
  const view = messagesView(new URL(request.url).searchParams.get('view'));
  const definition = messagesDefinition(context, view);
  const timeZone = await communityTimeZone(services, staff.community);
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
    context,
    messagesView: view,
    timeZone,
  };
}
