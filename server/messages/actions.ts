import { isLocationAdmin, type Access } from '@server/authz/access';
import type { RealtimeDb } from '@server/db/types';
import { readScheduledSummary } from '@server/listing';
import type { Paths } from '@server/paths';
import { hrefs } from '~/lib/hrefs';
import { inPanel } from '~/lib/listing/urls';
import { zonedTime, type MessageContext } from './list';

/**
 * The messages list's right column without a form (spec 02 "Messages", §4 "Views", §3 topics):
 * Send Notification, the scheduled list's state, and the topics lists — the system-wide ones in
 * the system-wide area, the community's for its location admins, none for the others.
 */

/** The right column without a form: Send Notification, the scheduled list's state, the topics. */
export interface MessagesActionsData {
  addHref: string;
  timeZone: string;
  scheduled: { count: number; failed: number; nextRun: string | null; href: string };
  topics: Array<{ label: string; href: string }>;
}

/** The topics lists a person reaches from the messages list. */
export function messagesTopics(context: MessageContext, access: Access, community: string): MessagesActionsData['topics'] {
  if (context === 'systemwide-notification') {
    return [
      { label: 'Systemwide Categories', href: hrefs.listnm('systemwide-category') },
      { label: 'Systemwide User Groups', href: hrefs.listnm('systemwide-user-group') },
    ];
  }
  return isLocationAdmin(access, community)
    ? [
        { label: 'Categories', href: hrefs.listnm('category') },
        { label: 'User Groups', href: hrefs.listnm('user-group') },
      ]
    : [];
}

export async function readMessagesActions(
  deps: { db: RealtimeDb; paths: Paths },
  list: { context: MessageContext; community: string; access: Access; timeZone: string },
  now: number,
): Promise<MessagesActionsData> {
  const summary = await readScheduledSummary(deps, list.context, list.community, now);
  return {
    addHref: inPanel(hrefs.messagesAction(list.context, 'add')),
    timeZone: list.timeZone,
    scheduled: {
      count: summary.count,
      failed: summary.failed,
      nextRun: summary.nextRun === null ? null : zonedTime(summary.nextRun, list.timeZone),
      href: hrefs.messages(list.context, { view: 'scheduled' }),
    },
    topics: messagesTopics(list.context, list.access, list.community),
  };
}
