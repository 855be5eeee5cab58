import { isLocationAdmin } from '@server/authz/access';
import {
  MESSAGE_VIEWS,
  NOT_SYSTEMWIDE_BANNER,
  scheduledSummary,
  SYSTEMWIDE_BANNER,
  SYSTEMWIDE_LIST_HREF,
  VIEW_TITLES,
  zonedTime,
} from '@server/messages/list';
import { loadListScreen, loadRows, type ListScreenData, type RowView } from '~/components/listing/list.server';
import type { ResolvedMessages } from '~/components/listing/resolve.server';
import { messagesViewHref, type MessagesView } from '~/lib/listing/urls';
import { getServices } from '~/services.server';
import type { MessagesBannerData } from './list-notice';

/** The messages list screen: the listing screen with its views as tabs, its banner and its time zone. */
export interface MessagesScreenData extends ListScreenData {
  context: string;
  messagesView: MessagesView;
  timeZone: string;
  banner: MessagesBannerData | null;
}

/** The banner of spec 02 "Messages": the system-wide area's, or a resort system admin's in a community. */
export function messagesBanner(list: ResolvedMessages): MessagesBannerData | null {
  if (list.context === 'systemwide-notification') return { text: SYSTEMWIDE_BANNER, systemwideHref: null };
  if (list.staff.access.isResortSystem) return { text: NOT_SYSTEMWIDE_BANNER, systemwideHref: SYSTEMWIDE_LIST_HREF };
  return null;
}

export async function loadMessagesScreen(request: Request, list: ResolvedMessages): Promise<MessagesScreenData> {
  const screen = await loadListScreen(request, list);
  const view = list.messagesView;
  return {
    ...screen,
    tabs: MESSAGE_VIEWS.map((id) => ({ id, title: VIEW_TITLES[id], href: messagesViewHref(list.context, id), current: id === view })),
    filters: {
      ...screen.filters,
      clearHref: messagesViewHref(list.context, view),
      ...(view === 'scheduled' ? { keep: [{ name: 'view', value: 'scheduled' }] } : {}),
    },
    links: { ...screen.links, otherView: null },
    context: list.context,
    messagesView: view,
    timeZone: list.timeZone,
    banner: messagesBanner(list),
  };
}

/** The next chunk of rows after `?after=` (the list's index route answers it: `?index&after=`). */
export async function loadMessageRows(request: Request, list: ResolvedMessages): Promise<{ rows: RowView[]; next: string | null }> {
  return loadRows(request, list);
}

/** The right column without a form: Send Notification, the scheduled list's state, the topics. */
export interface MessagesActionsData {
  addHref: string;
  timeZone: string;
  scheduled: { count: number; failed: number; nextRun: string | null; href: string };
  topics: Array<{ label: string; href: string }>;
}

export async function loadMessagesActions(list: ResolvedMessages): Promise<MessagesActionsData> {
  const { db, paths } = await getServices();
  const system = list.context === 'systemwide-notification';
  const stored = await db.ref(system ? paths.systemScheduledMessages() : paths.scheduledMessages(list.staff.community)).get();
  const summary = scheduledSummary(stored.val(), Date.now());
  const base = `/amc-messages/${encodeURIComponent(list.context)}`;
  const topics = system
    ? [
        { label: 'Systemwide Categories', href: '/listnm/systemwide-category' },
        { label: 'Systemwide User Groups', href: '/listnm/systemwide-user-group' },
      ]
    : isLocationAdmin(list.staff.access, list.staff.community)
      ? [
          { label: 'Categories', href: '/listnm/category' },
          { label: 'User Groups', href: '/listnm/user-group' },
        ]
      : [];
  return {
    addHref: `${base}/add`,
    timeZone: list.timeZone,
    scheduled: {
      count: summary.count,
      failed: summary.failed,
      nextRun: summary.nextRun === null ? null : zonedTime(summary.nextRun, list.timeZone),
      href: `${base}?view=scheduled`,
    },
    topics,
  };
}
