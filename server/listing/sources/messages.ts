import { messageRowDetails, scheduledSummary, topicTitles, type MessageContext, type ScheduledSummary } from '@server/messages/list';
import { type ListDeps, type ListSourceAdapter } from '../source';
import { DATABASE_READS, DATABASE_SOURCE } from './database';

/**
 * The messages lists (spec 02 "Messages", §4 "Views"): a community's or the system-wide area's
 * `messages` (active and archive views) or `messages-scheduled`, newest first, read and deleted
 * by the listing engine (active: the messages end now; archive and scheduled: removed). Rows add
 * their excerpt, times in the community's zone, audience by the topics' titles and, on the
 * scheduled list (the one without views), the next run and the delivery status.
 */
export const MESSAGES_SOURCE = {
  ...DATABASE_READS,
  remove: DATABASE_SOURCE.remove,
  rowDetails: async ({ db, paths }, address, context) => {
    const system = address.definition.source.kind === 'system';
    const topics = topicTitles((await db.ref(system ? paths.systemTopics() : paths.topics(address.community)).get()).val());
    // The scheduled list is not dated: it has no listing view.
    const view = context.view ?? 'scheduled';
    return (item) => messageRowDetails(item, { view, timeZone: context.timeZone, topics, now: context.now });
  },
} as const satisfies ListSourceAdapter;

/** The scheduled notifications of a messages area: how many, how many failed, the soonest run (the list's right column). */
export async function readScheduledSummary(
  { db, paths }: ListDeps,
  context: MessageContext,
  community: string,
  now: number,
): Promise<ScheduledSummary> {
  const system = context === 'systemwide-notification';
  const stored = await db.ref(system ? paths.systemScheduledMessages() : paths.scheduledMessages(community)).get();
  return scheduledSummary(stored.val(), now);
}
