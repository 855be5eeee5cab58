export { buildCalendarFeed } from './build';
export { calendarFeed, FEED_REFRESH_SECONDS, type CalendarFeed, type CalendarFeedInput, type FeedState } from './feed';
export {
  FEED_CACHE_CONTROL,
  FEED_CONTENT_TYPE,
  publishCalendarFeed,
  publishStaleFeeds,
  removeCalendarFeed,
  type FeedDeps,
  type PublishResult,
} from './publish';
export { FEED_BUILD_DELAY_MS, feedTargetsOf, queueFeedBuilds, requestFeedBuilds, type FeedTarget } from './requests';
export { calendarFeedExists, feedRecordOf, staleCalendarFeeds, type FeedRecord } from './stale';
