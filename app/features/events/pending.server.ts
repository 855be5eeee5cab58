import { pendingEventPath, pendingEventsOfCalendar } from '@server/events';
import { communityTimeZone } from '@server/events/import/run';
import { formatDate, formatTime } from '~/lib/date-time';
import { getServices } from '~/services.server';
import type { PendingNoticeData } from './pending-notice';

/**
 * The calendar of events' notice of events waiting for approval (spec 02 §6 end-user event
 * submission needing staff approval): the calendar's pending records, each a link to its review
 * in the event editor's import context. Null when none waits. The caller has checked the staff
 * member and the calendar.
 */
export async function loadPendingNotice(community: string, calendarId: string): Promise<PendingNoticeData | null> {
  const { db, paths } = await getServices();
  const deps = { db, paths };
  const { rows, count } = await pendingEventsOfCalendar(deps, community, calendarId);
  if (count === 0) return null;
  const timeZone = await communityTimeZone(deps, community);
  return {
    count,
    rows: rows.map((row) => ({
      importId: row.importId,
      title: row.title || 'Untitled event',
      when: row.startDate > 0 ? `${formatDate(row.startDate, timeZone)} ${formatTime(row.startDate, timeZone)}` : '',
      href: pendingEventPath(row.importId),
    })),
  };
}
