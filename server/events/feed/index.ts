export { buildCalendarFeed } from './build';
export { calendarFeed, FEED_REFRESH_SECONDS, type CalendarFeed, type CalendarFeedInput, type FeedState } from './feed';
