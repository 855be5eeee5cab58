import type { StaffContext } from '@server/authz';
import { readMessagesActions, type MessagesActionsData } from '@server/messages/actions';
import {
  MESSAGE_VIEWS,
  NOT_SYSTEMWIDE_BANNER,
  SYSTEMWIDE_BANNER,
  SYSTEMWIDE_LIST_HREF,
  VIEW_TITLES,
  type MessageContext,
} from '@server/messages/list';
import type { ListScreenData } from '~/lib/listing/screen';
import { messagesViewHref, type MessagesView } from '~/lib/listing/urls';
import { getServices } from '~/services.server';
import type { MessagesBannerData } from './list-notice';

export type { MessagesActionsData };

/**
 * The messages list's own parts (spec 02 "Messages", §4 "Views"): its views as tabs, its banner,
 * its time zone, and the right column's summary. Its rows are the list screen's (the messages
 * source of server/listing reads them); the route puts the two together.
 */

/** The messages list as its address names it (app/features/listing/resolve.server.ts resolveMessages). */
export interface MessagesList {
  staff: StaffContext;
  context: MessageContext;
  messagesView: MessagesView;
  timeZone: string;
}

/** The messages list screen: the listing screen with its views as tabs, its banner and its time zone. */
export interface MessagesScreenData extends ListScreenData {
  context: string;
  messagesView: MessagesView;
  timeZone: string;
  banner: MessagesBannerData | null;
}

/** The banner of spec 02 "Messages": the system-wide area's, or a resort system admin's in a community. */
export function messagesBanner(list: MessagesList): MessagesBannerData | null {
  if (list.context === 'systemwide-notification') return { text: SYSTEMWIDE_BANNER, systemwideHref: null };
  if (list.staff.access.isResortSystem) return { text: NOT_SYSTEMWIDE_BANNER, systemwideHref: SYSTEMWIDE_LIST_HREF };
  return null;
}

/** The list screen of the messages list, with its views as tabs, its filter's kept view, its banner. */
export function messagesScreen(screen: ListScreenData, list: MessagesList): MessagesScreenData {
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

/** The right column without a form: Send Notification, the scheduled list's state, the topics. */
export async function loadMessagesActions(list: MessagesList): Promise<MessagesActionsData> {
  const { context, staff, timeZone } = list;
  return readMessagesActions(await getServices(), { context, community: staff.community, access: staff.access, timeZone }, Date.now());
}
