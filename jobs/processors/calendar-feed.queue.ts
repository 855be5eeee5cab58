import { defineQueue } from '../define';
import { CalendarFeedJobSchema } from '../payloads';

/**
 * The calendar-feed queue: one calendar's iCal feed built and stored, or removed with its
 * calendar (./calendar-feed.ts). Jobs come deduplicated per calendar (server/events/feed/requests.ts),
 * so two builds of one calendar never run at once; nobody follows them on a status page.
 */
export const calendarFeedQueue = defineQueue({
  name: 'calendar-feed',
  schema: CalendarFeedJobSchema,
  concurrency: 2,
  description: "Builds a calendar's iCal feed into storage (amc-events/{calendarId}-calendar.ics), or removes a deleted calendar's.",
  load: async () => (await import('./calendar-feed')).processCalendarFeed,
});
